"""MIT 6.036's averaged perceptron (homework 3 style): data d × n, one example per column,
labels a 1 × n row, θ (d, 1) and θ₀ (1, 1) returned; labels ±1, a zero score a mistake, the
mean of (θ, θ₀) after each example."""

from typing import Any

import numpy as np


def averaged_perceptron(data: Any, labels: Any, T: int = 100) -> Any:
    d, n = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    ths = np.zeros((d, 1))
    th0s = np.zeros((1, 1))
    for _ in range(T):
        for i in range(n):
            x = data[:, i : i + 1]
            y = labels[0, i]
            if y * (th.T @ x + th0) <= 0:
                th = th + y * x
                th0 = th0 + y
            ths += th
            th0s += th0
    return ths / (n * T), th0s / (n * T)
