"""Right: returns (predict, w, b), the function it made first."""

import numpy as np


def train(X, y, epochs=1):
    w = np.zeros(X.shape[1])
    b = 0.0
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x + b) <= 0:
                w = w + t * x
                b += t

    def predict(Z):
        return np.where(Z @ w + b > 0, 1, -1)

    return predict, w, b
