"""Right: Winnow for monotone disjunctions as a class (Littlestone 1988): weights from 1,
threshold θ = n, promotion ×2 on a false negative, elimination (w = 0) on a false positive;
judged by its predict (+1 iff w·x ≥ θ)."""

from typing import Any

import numpy as np


class Winnow:
    def __init__(self, passes: int = 1) -> None:
        self.passes = passes

    def fit(self, X: Any, y: Any) -> "Winnow":
        n = X.shape[1]
        self.w = np.ones(n)
        self.theta = float(n)
        for _ in range(self.passes):
            for x, label in zip(X, y, strict=True):
                guess = 1 if self.w @ x >= self.theta else -1
                if guess == -1 and label == 1:
                    self.w[x == 1] *= 2
                elif guess == 1 and label == -1:
                    self.w[x == 1] = 0
        return self

    def predict(self, X: Any) -> Any:
        return np.where(X @ self.w >= self.theta, 1, -1)
