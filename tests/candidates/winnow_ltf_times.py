"""Wrong: Winnow for linear threshold functions whose demotion multiplies by (1 − ε) where
the notes divide by (1 + ε) (the promotion × (1 + ε) kept)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epsilon: float = 0.5, epochs: int = 1) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            guess = 1 if w @ x >= n else -1
            if guess == -1 and label == 1:
                w[x == 1] *= 1 + epsilon
            elif guess == 1 and label == -1:
                w[x == 1] *= 1 - epsilon
    return w
