"""Right: a voted perceptron returning its vectors and counts as two arrays (V, c), the
initial zero vector with its count 0 kept first, as a course's starter code has it."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    V = [np.zeros(X.shape[1])]
    c = [0]
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (V[-1] @ x) <= 0:
                V.append(V[-1] + label * x)
                c.append(1)
            else:
                c[-1] += 1
    return np.array(V), np.array(c)
