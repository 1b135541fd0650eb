"""Known wrong: the integer-valued float input cast to int32 inside, the loop in int32."""

import numpy as np


def train(X, y):
    X = np.asarray(X).astype(np.int32)
    w = np.zeros(X.shape[1], dtype=np.int32)
    for x, label in zip(X, y):
        if label * (w @ x) <= 0:
            w += np.int32(label) * x
    return w
