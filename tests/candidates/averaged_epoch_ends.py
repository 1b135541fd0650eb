"""Wrong: an averaged perceptron that averages w at the end of each pass (a common slip:
the sum taken in the epoch loop, not the example loop).  Its training is the reference's;
no variant averages so."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (w @ x) <= 0:
                w += label * x
        total += w
    return total / epochs
