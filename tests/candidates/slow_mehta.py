"""Correct but slow: Mehta's rule (sgn(0) = +1) that sleeps a fifth of a second per call."""

import time
from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    time.sleep(0.2)
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
    return w
