"""The kernel perceptron (linear kernel, a mistake at a zero score) as a class without
predict: its dual coefficients kept as ``alpha`` (signed), the Gram matrix and labels too."""

from typing import Any

import numpy as np


class KernelPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "KernelPerceptron":
        n = len(y)
        self.labels = np.asarray(y)
        self.gram = X @ X.T
        self.alpha = np.zeros(n)
        for _ in range(self.epochs):
            for i in range(n):
                if y[i] * (self.alpha @ self.gram[:, i]) <= 0:
                    self.alpha[i] += y[i]
        return self
