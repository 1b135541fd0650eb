"""Wrong: a polynomial kernel perceptron whose kernel is (X @ X.T) ** degree: the offset c of
(x·x' + c)^p left out (it takes no c), α as mistake counts."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, degree: int = 2, epochs: int = 1) -> Any:
    K = (X @ X.T) ** degree
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * K[:, i]) <= 0:
                alpha[i] += 1
    return alpha
