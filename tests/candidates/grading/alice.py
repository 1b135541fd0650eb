"""A correct student perceptron in numpy: Mehta's rule, sgn(0) = +1 (tie → positive)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        prediction = 1 if w @ x >= 0 else -1
        if prediction != label:
            w = w + label * x
    return w
