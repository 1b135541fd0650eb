"""Right: returns {"theta": ..., "theta0": ...} (the bias under a name of the table)."""

import numpy as np


def perceptron(X, y, T=1):
    theta = np.zeros(X.shape[1])
    theta0 = 0.0
    for _ in range(T):
        for x, t in zip(X, y):
            if t * (theta @ x + theta0) <= 0:
                theta = theta + t * x
                theta0 = theta0 + t
    return {"theta": theta, "theta0": theta0}
