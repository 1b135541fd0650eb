"""Right: perceptron_update tests for the mistake itself (y (w·x) <= 0); perceptron puts a
constant 1 after each x for the bias and calls it on every example."""

from typing import Any

import numpy as np


def perceptron_update(x: Any, y: int, w: Any) -> Any:
    if y * (w @ x) <= 0:
        return w + y * x
    return w


def perceptron(xs: Any, ys: Any) -> tuple[Any, float]:
    xs = np.hstack([xs, np.ones((len(xs), 1))])
    w = np.zeros(xs.shape[1])
    while True:
        before = w.copy()
        for x, y in zip(xs, ys, strict=True):
            w = perceptron_update(x, y, w)
        if np.array_equal(w, before):
            return w[:-1], float(w[-1])
