"""An averaged perceptron that sums w before each update (nltk's AveragedPerceptron): the
mean of w₀ … w_{N−1}, the weights each example was predicted with, not w₁ … w_N."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    total = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        total += w
        if label * (w @ x) <= 0:
            w = w + label * x
    return total / len(y)
