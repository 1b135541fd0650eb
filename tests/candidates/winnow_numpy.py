"""A correct Winnow for general LTFs in numpy (Blum, Lecture 4): w = 1, predict + iff
w·x >= n, multiply the active weights by 1 + ε on a positive mistake, divide them on a
negative one."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epsilon: float = 0.5, epochs: int = 1) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            predicted = 1 if w @ x >= n else -1
            if predicted == -1 and label == 1:
                w = np.where(x == 1, w * (1 + epsilon), w)
            elif predicted == 1 and label == -1:
                w = np.where(x == 1, w / (1 + epsilon), w)
    return w
