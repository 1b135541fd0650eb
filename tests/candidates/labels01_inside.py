"""Correct: turns the labels into 0/1 and steps by η·(target − output), outputs 0/1, with
output 1 iff w·x > 0 (Blum's rule)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    targets = (np.asarray(y) + 1) // 2
    w = np.zeros(X.shape[1])
    for x, target in zip(X, targets, strict=True):
        output = 1 if w @ x > 0 else 0
        w = w + (target - output) * x
    return w
