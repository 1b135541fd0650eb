"""A voted perceptron with a bias of its own, returning (w, b, c) triples, whose new
vector's count starts at 0: found to have a bias by its answers, and wrong in its counts."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w, b, c = np.zeros(X.shape[1]), 0.0, 0
    out = []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x + b) <= 0:
                out.append((w, b, c))
                w, b, c = w + label * x, b + label, 0
            else:
                c += 1
    out.append((w, b, c))
    return out
