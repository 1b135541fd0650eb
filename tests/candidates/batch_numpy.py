"""Correct: Gormley's batch perceptron (sign(0) = +1, tie → positive) in numpy, passes until
one makes no mistake."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    clean = False
    while not clean:
        clean = True
        for x, label in zip(X, y, strict=True):
            if (1 if w @ x >= 0 else -1) != label:
                w, clean = w + label * x, False
    return w
