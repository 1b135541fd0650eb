"""Known wrong: the right loop (tie → mistake) in int16, which wraps past 2^15 - 1."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    X = np.asarray(X).astype(np.int64).astype(np.int16)
    w = np.zeros(X.shape[1], dtype=np.int16)
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + np.int16(label) * x
    return w
