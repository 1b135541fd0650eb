"""A correct averaged perceptron (after) as a class without predict that keeps its last w
and b beside their averages (``w``, ``b``, ``w_avg``, ``b_avg``): the average is read, not
the table's ``w``, and its bias, untold, is found by its answers."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        self.w, self.b = np.zeros(X.shape[1]), 0.0
        self.w_avg, self.b_avg = np.zeros(X.shape[1]), 0.0
        count = 0
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                if label * (self.w @ x + self.b) <= 0:
                    self.w, self.b = self.w + label * x, self.b + label
                self.w_avg, self.b_avg = self.w_avg + self.w, self.b_avg + self.b
                count += 1
        self.w_avg, self.b_avg = self.w_avg / count, self.b_avg / count
        return self
