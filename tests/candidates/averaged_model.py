"""A correct averaged perceptron returned as a fitted model: predict(X) = sign(w̄·x) with
sign(0) = +1 (Gormley slide 18); crosscheck judges its predictions at probe points."""

from typing import Any

import numpy as np


class Averaged:
    def __init__(self, w: Any) -> None:
        self.w = w

    def predict(self, X: Any) -> Any:
        return np.where(X @ self.w >= 0, 1, -1)


def train(X: Any, y: Any) -> Averaged:
    w, total = np.zeros(X.shape[1]), np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
        total += w
    return Averaged(total / len(y))
