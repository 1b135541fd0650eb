"""A kernel perceptron class without predict that keeps nothing an answer can be read from
(only its support vectors' indices, as a set)."""

from typing import Any

import numpy as np


class KernelPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "KernelPerceptron":
        alpha = np.zeros(len(y))
        for _ in range(self.epochs):
            for i in range(len(y)):
                if y[i] * (alpha @ (X @ X[i])) <= 0:
                    alpha[i] += y[i]
        self.support = {i for i in range(len(y)) if alpha[i]}
        self.kernel_name = "linear"
        return self
