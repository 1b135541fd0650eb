"""Right: returns (w, the passes it made): Gormley's rule until a clean pass or max_iter."""

import numpy as np


def perceptron(X, y, lr=1.0, max_iter=1000):
    w = np.zeros(X.shape[1])
    for k in range(1, max_iter + 1):
        mistakes = 0
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w += lr * t * x
                mistakes += 1
        if mistakes == 0:
            break
    return w, k
