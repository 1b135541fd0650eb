"""Known wrong: the weights in float64, but the score kept as a float16."""

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y):
        s = np.float16(w @ x)
        if label * s <= 0:
            w = w + label * x
    return w
