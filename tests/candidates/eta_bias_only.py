"""Wrong: the learning rate moves the bias only (w ← w + y·x, b ← b + η·y), Gormley's
online rule otherwise.  At η = 1 it is the reference's loop."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, learning_rate: float = 1.0, bias: bool = True) -> Any:
    w, b = np.zeros(X.shape[1]), 0.0
    for x, label in zip(X, y, strict=True):
        if label * (w @ x + b) <= 0:
            w = w + label * x
            b = b + learning_rate * label
    return w, b
