"""Right up to its learning rate: takes a step and never uses it (its step is 1 whatever it
is told); Gormley's online rule with a bias."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, eta: float = 1.0, bias: bool = True) -> Any:
    w, b = np.zeros(X.shape[1]), 0.0
    for x, label in zip(X, y, strict=True):
        if label * (w @ x + b) <= 0:
            w, b = w + label * x, b + label
    return w, b
