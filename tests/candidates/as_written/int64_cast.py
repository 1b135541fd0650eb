"""Known wrong: the input cast to int64 inside (exact until a score passes 2^63, then wraps)."""

import numpy as np


def train(X, y):
    X = np.asarray(X).astype(np.int64)
    w = np.zeros(X.shape[1], dtype=np.int64)
    for x, label in zip(X, y):
        if label * (w @ x) <= 0:
            w += label * x
    return w
