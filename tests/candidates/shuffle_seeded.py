"""Another order: Gormley's online rule over the examples shuffled with a fixed seed."""

import random
from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    order = list(range(len(y)))
    random.Random(1).shuffle(order)
    w = np.zeros(X.shape[1])
    for i in order:
        if y[i] * (w @ X[i]) <= 0:
            w = w + y[i] * X[i]
    return w
