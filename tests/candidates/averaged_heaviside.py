"""Wrong: an averaged perceptron written for 0/1 labels, its prediction a 0/1 step
(np.heaviside(w·x, 0)) and its update w += (y − ŷ)·x on every example: found 0/1 by probing,
it is the perceptron whose zero score predicts 0, no mistake when y = 0 (tie → negative)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, target in zip(X, y, strict=True):
            y_hat = np.heaviside(w @ x, 0)
            w = w + (target - y_hat) * x
            total += w
    return total / (epochs * len(y))
