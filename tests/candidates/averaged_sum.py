"""An averaged perceptron that returns the running sum of w₁ … w_N without dividing it (its
predictions are the average's, its vector is N times it)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w, total = np.zeros(X.shape[1]), np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
        total += w
    return total
