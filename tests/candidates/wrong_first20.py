"""Known wrong: a right loop (tie → mistake) over only the first 20 examples."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X[:20], y[:20], strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
    return w
