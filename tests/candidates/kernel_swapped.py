"""A kernel perceptron whose polynomial kernel swaps its degree and its offset: (x·x' + degree)^c
where the notes mean (x·x' + c)^degree."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, degree: int = 2, c: float = 1.0, epochs: int = 1) -> Any:
    K = (X @ X.T + degree) ** c
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (alpha @ K[:, i]) <= 0:
                alpha[i] += y[i]
    return alpha
