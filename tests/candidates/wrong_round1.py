"""Known wrong: a right loop (tie → mistake) whose weights are rounded to one decimal place."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
    return np.round(w, 1)
