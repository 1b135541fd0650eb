"""Right: the voted perceptron as Utah's CS 5350 assignment has it written (shuffling turned
off for grading): r the learning rate, T epochs, m and C_m counted by hand, and the list of
(w_m, C_m) returned, the initial zero vector included with its count."""

from typing import Any

import numpy as np


def voted_perceptron(X: Any, y: Any, T: int = 10, r: float = 1.0, shuffle: bool = False) -> Any:
    n, d = X.shape
    w = np.zeros(d)
    C = 0
    weights, counts = [], []
    order = np.arange(n)
    for _ in range(T):
        if shuffle:
            np.random.shuffle(order)
        for i in order:
            if y[i] * np.dot(w, X[i]) <= 0:
                weights.append(w.copy())
                counts.append(C)
                w = w + r * y[i] * X[i]
                C = 1
            else:
                C += 1
    weights.append(w.copy())
    counts.append(C)
    return list(zip(weights, counts, strict=True))
