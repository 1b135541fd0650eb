"""Known wrong: the right loop (tie → mistake) in int32, which wraps past 2^31 - 1."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    X = np.asarray(X).astype(np.int64).astype(np.int32)
    w = np.zeros(X.shape[1], dtype=np.int32)
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + np.int32(label) * x
    return w
