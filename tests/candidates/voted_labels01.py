"""Wrong: a voted perceptron that recodes its labels to 0/1 first (y = (y > 0)), then keeps
the textbook loop: y·(v·x) ≤ 0 is met by every negative example, whose update adds 0·x, so
a negative example never moves v, and starts a new vote each time."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    y = (y > 0).astype(int)
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (v @ x) <= 0:
                votes.append((v.copy(), c))
                v, c = v + label * x, 1
            else:
                c += 1
    votes.append((v, c))
    return votes
