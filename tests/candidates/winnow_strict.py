"""Winnow for disjunctions that writes the test as w·x > n: at w·x = n it predicts − (and so
promotes), where Blum's notes predict + (w·x >= n)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    for x, label in zip(X, y, strict=True):
        predicted = 1 if w @ x > n else -1
        if predicted == -1 and label == 1:
            w = np.where(x == 1, 2 * w, w)
        elif predicted == 1 and label == -1:
            w = np.where(x == 1, 0.0, w)
    return w
