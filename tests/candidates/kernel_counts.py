"""A correct kernel perceptron that keeps α as mistake counts (αᵢ += 1 on a mistake on example
i) and scores with Σ αⱼyⱼK(xⱼ, x): the same model as signed α; linear or (x·x' + c)^degree."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, degree: int = 1, c: float = 0.0, epochs: int = 1) -> Any:
    K = (X @ X.T + c) ** degree
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * ((alpha * y) @ K[:, i]) <= 0:
                alpha[i] += 1
    return alpha
