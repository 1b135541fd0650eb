"""Wrong trace, right weights: Gormley's online perceptron whose history ends with the final
w once more (w after every step, then w again: one step after the reference stopped)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    history = []
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w = w + label * x
        history.append(w.copy())
    return [*history, w.copy()]
