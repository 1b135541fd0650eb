"""Right: returns the predict of a model object it made inside, m.w held by the lambda."""

import numpy as np


def train(X, y, epochs=1):
    class _M:
        pass

    m = _M()
    m.w = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (m.w @ x) <= 0:
                m.w = m.w + t * x
    m.predict = lambda Z: np.sign(Z @ m.w)
    return m.predict
