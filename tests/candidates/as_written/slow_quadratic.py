"""Right (Mehta's rule) but slow on large data: its time grows as n², as a loop that rebuilds
w from its list of mistakes before each prediction does.  It waits n² µs, so that its time is
the same on every machine: 4 s at n = 2000, 0.25 s at n = 500."""

import time

import numpy as np


def train(X, y):
    w = np.zeros(X.shape[1])
    for x, t in zip(X, y):
        if (1 if w @ x >= 0 else -1) != t:
            w = w + t * x
    time.sleep(1e-6 * len(y) ** 2)
    return w
