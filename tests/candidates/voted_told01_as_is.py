"""Wrong for an assignment whose labels are 0/1: a voted perceptron written for -1/+1
(y·(w·x) <= 0, w += y·x) that uses the 0 label as it comes: a negative example is always a
"mistake" (0 <= 0) that adds 0·x, a new vote with the same vector."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    votes = [[w.copy(), 0]]
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w = w + label * x
                votes.append([w.copy(), 1])
            else:
                votes[-1][1] += 1
    return [(v, c) for v, c in votes]
