"""Known wrong: the right loop (tie → mistake) in float32, which rounds past 2^24."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    X = np.asarray(X, dtype=np.float32)
    w = np.zeros(X.shape[1], dtype=np.float32)
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + np.float32(label) * x
    return w
