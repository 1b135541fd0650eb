"""Known wrong: Gormley's online perceptron (tie → mistake) whose loop over the passes starts at
1, ``range(1, epochs)``: one pass too few (none at all when asked for one)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    for _ in range(1, epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
    return w
