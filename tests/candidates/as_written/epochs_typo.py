"""Right: a function whose parameters are named ``alpha`` and ``ephocs_t`` (sic): the step
and the passes, found by their names."""

import numpy as np


def fit(X, y, alpha=0.1, ephocs_t=10):
    w = np.zeros(X.shape[1])
    for _ in range(ephocs_t):
        for xi, yi in zip(X, y):
            if yi * np.dot(w, xi) <= 0:
                w = w + alpha * yi * xi
    return w
