"""HW: the voted perceptron -- right (Freund & Schapire's Figure 1, sign(0) = +1)."""

from typing import Any

import numpy as np


def sign(s: float) -> int:
    return 1 if s >= 0 else -1


def train(X: Any, y: Any) -> Any:
    X = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for _ in range(2):
        for x, label in zip(X, y, strict=True):
            if label * (v @ x) <= 0:
                if c > 0:
                    votes.append((v, c))
                v, c = v + label * x, 1
            else:
                c += 1
    votes.append((v, c))
    return votes


def predict(x: Any, votes: Any) -> int:
    x = np.concatenate([[1.0], x])
    return sign(sum(c * sign(v @ x) for v, c in votes))
