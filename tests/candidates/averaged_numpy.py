"""A correct averaged perceptron in numpy (Gormley slide 21, Freund & Schapire): the mean of w
after each example, a zero score a mistake."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
            total += w
    return total / (epochs * len(y))
