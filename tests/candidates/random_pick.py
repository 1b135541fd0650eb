"""Nondeterministic: a batch perceptron (tie → positive) that updates on a misclassified
example picked at random, until none is left."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    rng = np.random.default_rng()
    w = np.zeros(X.shape[1])
    for _ in range(100_000):
        wrong = [i for i in range(len(y)) if (1 if w @ X[i] >= 0 else -1) != y[i]]
        if not wrong:
            break
        i = rng.choice(wrong)
        w = w + y[i] * X[i]
    return w
