"""Winnow for disjunctions with labels 0/1 and the threshold n/2 (a common textbook choice):
right in every other way, but it predicts 1 iff w·x >= n/2, where Blum's notes take θ = n."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    for _ in range(epochs):
        for x, target in zip(X, y, strict=True):
            prediction = int(w @ x >= n / 2)
            if prediction < target:
                w[x == 1] *= 2
            elif prediction > target:
                w[x == 1] = 0
    return w
