"""A correct Gormley online perceptron written as a generator: it yields w after each
step, one object changed in place (read as each yield leaves it)."""

from collections.abc import Iterator
from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Iterator[Any]:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if label * (w @ x) <= 0:
            w += label * x
        yield w
