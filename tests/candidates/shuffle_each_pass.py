"""Another order in every pass: Gormley's batch perceptron (tie → positive) that shuffles the
examples before each pass with a seeded generator, as scikit-learn's shuffle=True does."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    rng = np.random.default_rng(0)
    w = np.zeros(X.shape[1])
    for _ in range(10_000):
        clean = True
        for i in rng.permutation(len(y)):
            if (1 if w @ X[i] >= 0 else -1) != y[i]:
                w, clean = w + y[i] * X[i], False
        if clean:
            break
    return w
