"""Known wrong: right (tie → mistake) except that scores with |w·x| > 1e12 count as 0."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        s = w @ x
        if abs(s) > 1e12:
            s = 0.0
        if label * s <= 0:
            w = w + label * x
    return w
