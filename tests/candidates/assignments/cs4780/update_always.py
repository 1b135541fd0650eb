"""Right: perceptron_update always updates; perceptron tests for the mistake."""

from typing import Any

import numpy as np


def perceptron_update(x: Any, y: int, w: Any) -> Any:
    return w + y * x


def perceptron(xs: Any, ys: Any) -> tuple[Any, float]:
    w, b = np.zeros(xs.shape[1]), 0.0
    done = False
    while not done:
        done = True
        for x, y in zip(xs, ys, strict=True):
            if y * (w @ x + b) <= 0:
                w, b, done = perceptron_update(x, y, w), b + y, False
    return w, b
