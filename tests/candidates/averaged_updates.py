"""An averaged perceptron that sums w only in the update's branch and divides by the number of
updates: the mean of the vectors made by an update, not of w₁ … w_N."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w, total, updates = np.zeros(X.shape[1]), np.zeros(X.shape[1]), 0
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
            total += w
            updates += 1
    return total / max(updates, 1)
