"""A kernel perceptron on scikit-learn's polynomial_kernel with its default gamma: the kernel is
(x·x'/d + c)^degree (gamma = 1/n_features), not (x·x' + c)^degree."""

from typing import Any

import numpy as np
from sklearn.metrics.pairwise import polynomial_kernel


def train(X: Any, y: Any, degree: int = 2, c: float = 1.0, epochs: int = 1) -> Any:
    K = polynomial_kernel(X, degree=degree, coef0=c)
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (alpha @ K[:, i]) <= 0:
                alpha[i] += y[i]
    return alpha
