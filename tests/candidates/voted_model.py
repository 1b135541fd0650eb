"""A correct voted perceptron returned as a fitted model: the vote Σ c·sign(v·x) with
sign(0) = +1 inside and outside (math.copysign on floats), point by point."""

import math
from typing import Any

import numpy as np


def sign(s: float) -> int:
    return 1 if s >= 0 else -1


class Voted:
    def __init__(self, votes: list[tuple[Any, int]]) -> None:
        self.votes = votes

    def predict(self, x: Any) -> int:
        return sign(sum(c * sign(float(v @ x)) for v, c in self.votes))


def train(X: Any, y: Any) -> Voted:
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for x, label in zip(X, y, strict=True):
        if label * (v @ x) <= 0:
            votes.append((v, c))
            v, c = v + label * x, 1
        else:
            c += 1
    votes.append((v, c))
    assert math.isfinite(sum(c for _, c in votes))
    return Voted(votes)
