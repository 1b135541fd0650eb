"""Wrong for an assignment whose labels are 0/1: an averaged perceptron whose prediction is a
sign (+1 or -1) and whose update is w += (y - ŷ)·x on ŷ != y: with y = 0 every negative
example moves w, by -x where it predicts +1 and by +x (the wrong way) where it predicts -1,
and a positive mistake by 2x."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, target in zip(X, y, strict=True):
            y_hat = 1 if w @ x >= 0 else -1
            if y_hat != target:
                w = w + (target - y_hat) * x
            total += w
    return total / (epochs * len(y))
