"""A correct averaged perceptron (after) with a bias of its own, returning (w̄, b̄) as a
pair: found by its answers, with no --bias told."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, n_iter: int = 1) -> Any:
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    w_sum, b_sum, count = np.zeros(d), 0.0, 0
    for _ in range(n_iter):
        for i in range(n):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
            w_sum, b_sum, count = w_sum + w, b_sum + b, count + 1
    return w_sum / count, b_sum / count
