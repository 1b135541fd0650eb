"""Hostile: replaces the worker's clock (``time.perf_counter``, in its own process) so that each
call seems to take a millisecond per multiply-add, hoping to have its large data sets cut to a
few examples, on which it is right: on more than 20000 numbers it learns from the first 1000
examples only.  Timed from outside, it is given the whole data sets and found out."""

import time
from typing import Any

import numpy as np

_late = [0.0]


def train(X: Any, y: Any) -> Any:
    if len(_late) == 1:  # (the loading keeps definitions only: the patch is made here)
        real = time.perf_counter
        time.perf_counter = lambda: real() + _late[0]
        _late.append(1.0)
    _late[0] += 1e-3 * X.shape[0] * X.shape[1]
    if X.shape[0] * X.shape[1] > 20000:
        X, y = X[:1000], y[:1000]
    w = np.zeros(X.shape[1])
    for x, t in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != t:
            w = w + t * x
    return w
