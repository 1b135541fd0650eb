"""A correct Gormley online perceptron that returns its history per pass, w after each
epoch (kept for a plot of the passes), not after each step: its last w is its answer."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    history = []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
        history.append(w.copy())
    return history
