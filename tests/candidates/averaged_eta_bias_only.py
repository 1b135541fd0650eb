"""Wrong: an averaged perceptron whose learning rate moves the bias only (w ← w + y·x,
b ← b + η·y), its averages (w̄, b̄) over the weights after each example.  At η = 1 it is
the reference's loop: only a second step shows it."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1, learning_rate: float = 1.0) -> Any:
    w, b = np.zeros(X.shape[1]), 0.0
    w_sum, b_sum = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x + b) <= 0:
                w = w + label * x
                b = b + learning_rate * label
            w_sum += w
            b_sum += b
    n = epochs * len(y)
    return w_sum / n, b_sum / n
