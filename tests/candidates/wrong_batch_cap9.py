"""Known wrong: Gormley's batch perceptron (tie → positive) that stops after 9 passes."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for _ in range(9):
        clean = True
        for x, label in zip(X, y, strict=True):
            if (1 if w @ x >= 0 else -1) != label:
                w, clean = w + label * x, False
        if clean:
            break
    return w
