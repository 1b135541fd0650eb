"""Right on up to 40 examples, then never returns: a real hang, however small it is cut."""

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1])
    for x, t in zip(X, y):
        if (1 if w @ x >= 0 else -1) != t:
            w = w + t * x
    while len(y) > 40:
        pass
    return w
