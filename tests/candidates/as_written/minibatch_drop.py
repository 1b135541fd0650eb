"""Known wrong: the examples in batches of 32, the rest after them; when n is a multiple of
32 the last full batch is never run (its end, n, is not in range(32, n, 32))."""

import numpy as np

BATCH = 32


def train(X, y):
    n = len(y)
    w = np.zeros(X.shape[1])

    def run(rows, labels):
        nonlocal w
        for x, label in zip(rows, labels):
            if label * (w @ x) <= 0:
                w = w + label * x

    for end in range(BATCH, n, BATCH):  # every full batch
        run(X[end - BATCH : end], y[end - BATCH : end])
    if n % BATCH:  # and the rest
        run(X[n - n % BATCH :], y[n - n % BATCH :])
    elif n < BATCH:
        run(X, y)
    return w
