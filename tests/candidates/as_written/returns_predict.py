"""Right: returns the predict it made, which holds w and b in its closure."""

import numpy as np


def train(X, y, epochs=1):
    w = np.zeros(X.shape[1])
    b = 0.0
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x + b) <= 0:
                w = w + t * x
                b = b + t

    def predict(x):
        return 1 if w @ x + b > 0 else -1

    return predict
