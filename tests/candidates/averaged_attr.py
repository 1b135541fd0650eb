"""Correct averaged perceptron (w̄ over the w after each example) as a class without predict:
fitted, its average is in ``self.weights`` (a name of the core's table)."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        w, total, count = np.zeros(X.shape[1]), np.zeros(X.shape[1]), 0
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                if label * (w @ x) <= 0:
                    w = w + label * x
                total, count = total + w, count + 1
        self.weights = total / count
        return self
