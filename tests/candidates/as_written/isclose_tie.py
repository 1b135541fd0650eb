"""Known wrong: a score np.isclose to 0 (|w.x| <= 1e-8) is taken as a tie (a mistake)."""

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y):
        s = w @ x
        if np.isclose(s, 0.0) or label * s < 0:
            w = w + label * x
    return w
