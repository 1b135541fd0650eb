"""Wrong: a multiclass perceptron whose learning rate reaches the true class's row only
(W[y] += lr·x; W[guess] -= x): at lr = 1 it is right."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, lr: float = 1.0, epochs: int = 1) -> Any:
    W = np.zeros((int(y.max()) + 1, X.shape[1]))
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            guess = int(np.argmax(W @ x))
            if guess != label:
                W[label] += lr * x
                W[guess] -= x
    return W
