"""Known wrong: a bias updated on every mistake but never used in the score, returned as
(w, b, mistakes).  Its w alone is the homogeneous perceptron's: read as (w, ...), its b
taken for a count, it would pass; a count is never negative, so b < 0 is a bias."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w, b, mistakes = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w, b, mistakes = w + label * x, b + label, mistakes + 1
    return w, b, mistakes
