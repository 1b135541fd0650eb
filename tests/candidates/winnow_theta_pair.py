"""A correct Winnow for disjunctions (Blum, Lecture 4) returning (w, θ), its threshold
θ = n beside the weights: read as w (not a bias, which Winnow does not learn)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    n = X.shape[1]
    w, theta = np.ones(n), n
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            predicted = 1 if w @ x >= theta else -1
            if predicted != label:
                if label == 1:
                    w[x == 1] *= 2
                else:
                    w[x == 1] = 0
    return w, theta
