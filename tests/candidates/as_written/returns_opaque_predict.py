"""Returns a predict that asks a plane given by a normal and a point on it, names no table
knows and two vectors of d numbers: no weights can be told apart in what it holds, and the
report says so in one line (not a crash of the harness, not a guess)."""

import numpy as np


class _Plane:
    def __init__(self, normal, point):
        self.normal = normal
        self.point = point

    def side(self, x):
        return 1 if self.normal @ (x - self.point) > 0 else -1


def train(X, y, epochs=1):
    w = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (w @ x) <= 0:
                w = w + t * x
    plane = _Plane(w, np.zeros(X.shape[1]))
    return lambda x: plane.side(x)
