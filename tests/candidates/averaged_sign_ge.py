"""An averaged perceptron whose training predicts with 1 if w·x >= 0 else -1: sign(0) = +1, so
a zero score is no mistake when y = +1 (the reference counts it as one)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w, total = np.zeros(X.shape[1]), np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
        total += w
    return total / len(y)
