"""Wrong: CS 188's perceptron with its argMax written as sorted(scores.items(), key=value)[-1]:
a stable sort puts the last of the tied labels last, so a tie goes to the largest label."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, max_iterations: int = 1) -> Any:
    labels = sorted(set(int(t) for t in y))
    weights = {label: np.zeros(X.shape[1]) for label in labels}
    for _ in range(max_iterations):
        for datum, label in zip(X, y, strict=True):
            scores = {k: float(weights[k] @ datum) for k in labels}
            guess = sorted(scores.items(), key=lambda kv: kv[1])[-1][0]
            if guess != label:
                weights[int(label)] = weights[int(label)] + datum
                weights[guess] = weights[guess] - datum
    return weights
