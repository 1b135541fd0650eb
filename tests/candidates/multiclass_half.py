"""A multiclass perceptron that subtracts only x/2 from the predicted class's row."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    W = np.zeros((int(y.max()) + 1, X.shape[1]))
    for x, label in zip(X, y, strict=True):
        guess = int(np.argmax(W @ x))
        if guess != label:
            W[label] += x
            W[guess] -= x / 2
    return W
