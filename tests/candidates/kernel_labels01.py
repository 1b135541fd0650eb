"""Wrong: a kernel perceptron (linear kernel) whose labels are recoded 0/1 before the dual
loop: f(x) = Σ αⱼ yⱼ K(xⱼ, x) leaves the negative examples out, and returns α·y."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    y = np.where(y == 1, 1, 0)
    K = X @ X.T
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * K[:, i]) <= 0:
                alpha[i] += 1
    return alpha * y
