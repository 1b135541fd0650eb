"""Wrong: a voted perceptron written for 0/1 labels (Utah CS 5350's error form): ŷ = 1 if
w·x > 0 else 0 and w += r(y − ŷ)x on ŷ != y, a new vote each time: found 0/1 by probing, a
zero score predicts 0, no mistake when y = 0 (tie → negative)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, T: int = 1, r: float = 1.0) -> Any:
    w = np.zeros(X.shape[1])
    votes: list[tuple[Any, int]] = [(w.copy(), 0)]
    for _ in range(T):
        for x, target in zip(X, y, strict=True):
            y_hat = 1 if w @ x > 0 else 0
            if y_hat != target:
                w = w + r * (target - y_hat) * x
                votes.append((w.copy(), 1))
            else:
                v, c = votes[-1]
                votes[-1] = (v, c + 1)
    return votes
