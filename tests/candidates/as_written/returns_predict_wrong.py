"""Wrong: returns its predict, and its update adds x whatever the label."""

import numpy as np


def train(X, y, epochs=1):
    w = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w = w + x

    def predict(x):
        return 1 if w @ x > 0 else -1

    return predict
