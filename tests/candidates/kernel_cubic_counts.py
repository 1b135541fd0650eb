"""Wrong: a kernel perceptron with its own cubic kernel (x·x' + 1)^3 whatever it is asked
(no degree parameter), α as mistake counts (the accepted form)."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, epochs: int = 1) -> Any:
    K = (X @ X.T + 1) ** 3
    counts = np.zeros(len(y))
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * np.sum(counts * y * K[:, i]) <= 0:
                counts[i] += 1
    return counts
