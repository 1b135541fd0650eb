"""Right: a kernel perceptron over a precomputed Gram matrix K = (X Xᵀ + c)^degree, α as
mistake counts, a zero score a mistake (y·f(x) <= 0)."""

from typing import Any

import numpy as np


def kernel_perceptron(X: Any, y: Any, degree: int = 1, c: float = 0.0, epochs: int = 1) -> Any:
    K = (X @ X.T + c) ** degree
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * K[:, i]) <= 0:
                alpha[i] += 1
    return alpha
