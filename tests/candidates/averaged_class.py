"""Averaged perceptrons as scikit-learn-style classes: constructed with their options
(``epochs``), then ``fit(X, y)`` returns the fitted object, judged by ``predict`` at the probe
points.  ``AveragedPerceptron`` averages w after each example (right);
``AveragedBefore`` averages w before each example (Daumé-style slip: wrong)."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, epochs: int = 5, before: bool = False) -> None:
        self.epochs = epochs
        self.before = before

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        w, total, count = np.zeros(X.shape[1]), np.zeros(X.shape[1]), 0
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                if self.before:
                    total += w
                if label * (w @ x) <= 0:
                    w = w + label * x
                if not self.before:
                    total += w
                count += 1
        self.w_avg = total / count
        return self

    def predict(self, X: Any) -> Any:
        return np.where(X @ self.w_avg >= 0, 1, -1)


class AveragedBefore(AveragedPerceptron):
    def __init__(self, epochs: int = 5) -> None:
        super().__init__(epochs, before=True)
