"""Right: an averaged perceptron with a shuffle flag (off), a seed, and the running sum taken
after every example and divided by epochs·n at the end."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 10, shuffle: bool = False, seed: int = 0) -> Any:
    rng = np.random.default_rng(seed)
    n, d = X.shape
    w, total = np.zeros(d), np.zeros(d)
    for _ in range(epochs):
        order = rng.permutation(n) if shuffle else np.arange(n)
        for i in order:
            if y[i] * (w @ X[i]) <= 0:
                w += y[i] * X[i]
            total += w
    return total / (epochs * n)
