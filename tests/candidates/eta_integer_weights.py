"""Right at the step it is asked, η = 1: Gormley's online rule with a bias; it refuses a step
that is not a whole number (its author kept integer weights in mind)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, eta: float = 1, bias: bool = True) -> Any:
    if eta != int(eta):
        raise ValueError(f"eta must be a whole number, got {eta}")
    w, b = np.zeros(X.shape[1]), 0.0
    for x, label in zip(X, y, strict=True):
        if label * (w @ x + b) <= 0:
            w, b = w + eta * label * x, b + eta * label
    return w, b
