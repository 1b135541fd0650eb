"""A voted perceptron returned as a fitted model whose vote uses np.sign: sign(0) = 0, so a
vector with v·x = 0 does not vote and a tied vote predicts 0 (not a label)."""

from typing import Any

import numpy as np


class Voted:
    def __init__(self, votes: list[tuple[Any, int]]) -> None:
        self.votes = votes

    def predict(self, X: Any) -> Any:
        s = sum(c * np.sign(X @ v) for v, c in self.votes)
        return np.sign(s)


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
    return Voted(votes)
