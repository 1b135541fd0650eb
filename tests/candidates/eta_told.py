"""Correct, and takes the step it is told: Gormley's online rule with a keyword eta."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, eta: float = 1.0, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + eta * label * x
    return w
