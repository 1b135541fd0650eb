"""Known wrong: Gormley's online rule from small random initial weights (seeded)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.random.default_rng(0).normal(scale=0.01, size=X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
    return w
