"""Wrong: Utah CS 5350's averaged perceptron returning its running sum a = Σ w (never divided
by the number of examples): the same predictions, not the average."""

from typing import Any

import numpy as np


def averaged_perceptron(X: Any, y: Any, T: int = 10, r: float = 1.0) -> Any:
    w = np.zeros(X.shape[1])
    a = np.zeros(X.shape[1])
    for _ in range(T):
        for xi, yi in zip(X, y, strict=True):
            if yi * (w @ xi) <= 0:
                w = w + r * yi * xi
            a = a + w
    return a
