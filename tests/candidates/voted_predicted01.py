"""Wrong: a voted perceptron that codes its labels 0/1 inside (t = 1 if y == 1 else 0),
predicts ŷ = 1 if w·x > 0 else 0, and on ŷ != t adds t·x: a negative example predicted 1 is
counted as a mistake (a new vote) but never moves w."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    vectors, counts = [w.copy()], [0]
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            t = 1 if label == 1 else 0
            y_hat = 1 if w @ x > 0 else 0
            if y_hat != t:
                w = w + t * x
                vectors.append(w.copy())
                counts.append(1)
            else:
                counts[-1] += 1
    return vectors, counts
