"""A kernel perceptron that carries a bias b += y on each mistake: f(x) = Σ αⱼK(xⱼ, x) + b,
which is the kernel K + 1; it returns (α, b)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, degree: int = 1, c: float = 0.0, epochs: int = 1) -> Any:
    K = (X @ X.T + c) ** degree
    alpha, b = np.zeros(len(y)), 0.0
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (alpha @ K[:, i] + b) <= 0:
                alpha[i] += y[i]
                b += y[i]
    return alpha, b
