"""A correct kernel perceptron in numpy, in dual form (Gormley slide 21): a Gram matrix of
(x·x' + c)^degree, one signed α per example, a zero score a mistake."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, degree: int = 1, c: float = 0.0, epochs: int = 1) -> Any:
    K = (X @ X.T + c) ** degree
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (alpha @ K[:, i]) <= 0:
                alpha[i] += y[i]
    return alpha
