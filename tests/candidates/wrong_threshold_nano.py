"""Known wrong: predicts + only when w·x > 1e-9 (Blum's rule is w·x > 0)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x > 1e-9 else -1) != label:
            w = w + label * x
    return w
