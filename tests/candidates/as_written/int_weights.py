"""Wrong: the weights kept in an int array (np.zeros(d, dtype=int)) and updated element by
element, so a fractional update y * x[j] is cut toward 0; right on integer data only."""

import numpy as np


def train(X, y, epochs=1):
    n, d = X.shape
    w = np.zeros(d, dtype=int)
    for _ in range(epochs):
        for i in range(n):
            if y[i] * np.dot(w, X[i]) <= 0:
                for j in range(d):
                    w[j] += y[i] * X[i][j]
    return w
