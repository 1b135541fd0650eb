"""Known wrong: the bias's step is added to every weight (``w[0:]`` where ``w[0]`` was meant).

The weights start at 0: a feature that is 0 in every example still gets a weight, but from
the update, not from the start (issue 25: initial-weights must not be blamed)."""

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1] + 1)  # w[0] is the bias
    for x, label in zip(X, y):
        if label * (w[0] + w[1:] @ x) <= 0:
            w[1:] += label * x
            w[0:] += label
    return w
