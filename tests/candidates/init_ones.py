"""Known wrong: Mehta's rule (sgn(0) = +1) from w = (1, ..., 1) instead of 0."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.ones(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
    return w
