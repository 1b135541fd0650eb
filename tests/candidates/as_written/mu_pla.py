"""Right: a PLA with a step named mu, the bias folded into X as a first column of ones,
a while loop until a pass makes no mistake (at most max_it passes); returns (w, passes)."""

import numpy as np


def pla(X, y, mu=0.01, max_it=100):
    Xb = np.hstack([np.ones((X.shape[0], 1)), X])
    w = np.zeros(Xb.shape[1])
    it = 0
    mistakes = True
    while mistakes and it < max_it:
        mistakes = False
        for xi, yi in zip(Xb, y):
            if yi * np.dot(w, xi) <= 0:
                w = w + mu * yi * xi
                mistakes = True
        it += 1
    return w, it
