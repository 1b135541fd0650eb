"""Wrong: Winnow for monotone disjunctions with its promotion factor alpha = 3 (a course's
"any alpha > 1 works"), where the notes double: w_i ← 3·w_i on a false negative, w_i ← 0 on
a false positive, θ = n."""

from typing import Any

import numpy as np


def winnow(X: Any, y: Any, alpha: float = 3.0, epochs: int = 1) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            guess = 1 if w @ x >= n else -1
            if guess == -1 and label == 1:
                w[x == 1] *= alpha
            elif guess == 1 and label == -1:
                w[x == 1] = 0.0
    return w
