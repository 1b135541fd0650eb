"""HW: the averaged perceptron -- right (CIML's averaged perceptron, summing after each
example)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    X = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    seen = 0
    for _ in range(3):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
            total += w
            seen += 1
    return total / seen


def predict(x: Any, w: Any) -> int:
    score = w[0] + np.dot(w[1:], x)
    return 1 if score >= 0 else -1
