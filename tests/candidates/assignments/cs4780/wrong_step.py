"""A perceptron_update that misses a zero score (y (w·x) < 0), and a perceptron whose own loop
is right: only the step's points are lost."""

from typing import Any

import numpy as np


def perceptron_update(x: Any, y: int, w: Any) -> Any:
    if y * (w @ x) < 0:
        return w + y * x
    return w


def perceptron(xs: Any, ys: Any) -> tuple[Any, float]:
    w, b = np.zeros(xs.shape[1]), 0.0
    while True:
        mistakes = 0
        for x, y in zip(xs, ys, strict=True):
            if y * (w @ x + b) <= 0:
                w, b, mistakes = w + y * x, b + y, mistakes + 1
        if mistakes == 0:
            return w, b
