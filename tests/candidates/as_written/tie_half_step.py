"""Known wrong: a mistake at a score of exactly 0 takes half a step (the others a full one)."""

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y):
        s = w @ x
        if label * s <= 0:
            w += (0.5 if s == 0 else 1.0) * label * x
    return w
