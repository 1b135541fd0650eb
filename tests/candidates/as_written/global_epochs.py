"""Wrong at --epochs 1: makes EPOCHS = 10 passes of its own, a global no option reaches."""

import numpy as np

EPOCHS = 10
ETA = 1.0


def train(X, y):
    w = np.zeros(X.shape[1])
    for _ in range(EPOCHS):
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w += ETA * t * x
    return w
