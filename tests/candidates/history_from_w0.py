"""Correct (Gormley's online perceptron, tie → mistake), returns its whole history as code
kept for a plot: [w₀, w₁, …, w_N], the start w₀ = 0 first, then w after every step."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    history = [w.copy()]
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
            history.append(w.copy())
    return history
