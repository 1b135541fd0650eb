"""A right Winnow for disjunctions coded 0/1 that runs until a pass makes no mistake: given
-1/+1 it never ends (every -1 differs from its 0/1 guesses), so its labels are found after a
hang."""

from typing import Any

import numpy as np


def winnow(X: Any, y: Any) -> Any:
    n = X.shape[1]
    w = np.ones(n)
    while True:
        mistakes = 0
        for x, t in zip(X, y, strict=True):
            y_hat = 1 if w @ x >= n else 0
            if y_hat != t:
                mistakes += 1
                if t == 1:
                    w[x == 1] *= 2
                else:
                    w[x == 1] = 0
        if mistakes == 0:
            return w
