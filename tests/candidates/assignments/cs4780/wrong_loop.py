"""A right perceptron_update, and a perceptron that stops after one pass: only the loop is
wrong, so only perceptron's points are lost."""

from typing import Any

import numpy as np


def perceptron_update(x: Any, y: int, w: Any) -> Any:
    return w + y * x


def perceptron(xs: Any, ys: Any) -> tuple[Any, float]:
    w, b = np.zeros(xs.shape[1]), 0.0
    for x, y in zip(xs, ys, strict=True):
        if y * (w @ x + b) <= 0:
            w, b = perceptron_update(x, y, w), b + y
    return w, b
