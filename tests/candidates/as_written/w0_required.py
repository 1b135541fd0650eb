"""Right: the start w0 is a required argument, train(X, y, w0)."""

import numpy as np


def train(X, y, w0, epochs=1):
    w = np.array(w0, dtype=float)
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w = w + t * x
    return w
