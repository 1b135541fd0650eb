"""Known wrong: the right loop (tie → mistake) in float16, which rounds past 2^11."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    X = np.asarray(X, dtype=np.float16)
    w = np.zeros(X.shape[1], dtype=np.float16)
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + np.float16(label) * x
    return w
