"""A voted perceptron whose new vector's count starts at 0 (it counts the examples a vector
survived, not the one that made it): Freund & Schapire's c_{k+1} := 1 read as 0."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for x, label in zip(X, y, strict=True):
        if label * (v @ x) <= 0:
            votes.append((v, c))
            v, c = v + label * x, 0
        else:
            c += 1
    votes.append((v, c))
    return votes
