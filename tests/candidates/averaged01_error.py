"""An averaged perceptron coded 0/1 with the error form of the update (error = y − prediction,
as tutorials write it): its prediction at a zero score is 1, so a zero score is no mistake
on a positive example, where the averaged perceptron of the notes counts it as one."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for _ in range(epochs):
        for x, target in zip(X, y, strict=True):
            prediction = 1 if w @ x >= 0 else 0
            error = target - prediction
            w = w + error * x
            total += w
    return total / (epochs * len(y))
