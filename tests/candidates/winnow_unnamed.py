"""Correct Winnow for disjunctions as a class without predict whose weights are under a name of
no table (``strengths``), beside another vector of n numbers (``start``): found only when
``--weights-attr strengths`` names them."""

from typing import Any

import numpy as np


class Winnow:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "Winnow":
        n = X.shape[1]
        self.start = np.ones(n)
        self.strengths = self.start.copy()
        for _ in range(self.epochs):
            for x, label in zip(X, y, strict=True):
                prediction = 1 if self.strengths @ x >= n else -1
                if prediction == -1 and label == 1:
                    self.strengths[x == 1] *= 2
                elif prediction == 1 and label == -1:
                    self.strengths[x == 1] = 0.0
        return self
