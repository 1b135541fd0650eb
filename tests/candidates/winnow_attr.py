"""Correct Winnow for disjunctions (θ = n, promotion × 2, demotion to 0) as a class without
predict: fitted, its weights are in ``self.w`` (a name of the core's table), beside its
threshold ``self.theta`` (a name of the table too, but Winnow's θ)."""

from typing import Any

import numpy as np


class Winnow:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "Winnow":
        n = X.shape[1]
        self.theta = n
        self.w = np.ones(n)
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                prediction = 1 if self.w @ x >= self.theta else -1
                if prediction == -1 and label == 1:
                    self.w[x == 1] *= 2
                elif prediction == 1 and label == -1:
                    self.w[x == 1] = 0.0
        return self
