"""Right (perceptron/gormley-online), with w a column vector of shape (d, 1), as many course
implementations keep it."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros((X.shape[1], 1))
    for x, label in zip(X, y, strict=True):
        if label * (x @ w)[0] <= 0:
            w = w + label * x.reshape(-1, 1)
    return w
