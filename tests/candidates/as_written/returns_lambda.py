"""Right: returns a lambda holding w."""

import numpy as np


def perceptron(X, y, n_iter=1):
    w = np.zeros(X.shape[1])
    for _ in range(n_iter):
        for i in range(len(y)):
            if y[i] * np.dot(w, X[i]) <= 0:
                w += y[i] * X[i]
    return lambda Z: np.where(Z @ w > 0, 1, -1)
