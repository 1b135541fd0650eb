"""A correct voted perceptron in numpy (Freund & Schapire, Figure 1): pairs (v, c), a new
vector's count starting at 1, a zero score a mistake."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (v @ x) <= 0:
                votes.append((v, c))
                v, c = v + label * x, 1
            else:
                c += 1
    votes.append((v, c))
    return votes
