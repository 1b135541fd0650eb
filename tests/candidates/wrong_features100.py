"""Known wrong: a right loop (tie → mistake) that scores only the first 100 features."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w[:100] @ x[:100]) <= 0:
            w = w + label * x
    return w
