"""Known wrong: Gormley's batch perceptron (tie → positive) that makes one pass, not passes
until one makes no mistake."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
    return w
