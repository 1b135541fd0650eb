"""A voted perceptron whose training predicts with sign(s) = 1 if s >= 0 else -1: a zero score
is no mistake when y = +1 (the reference counts it as one).  (math.copysign(1, s) would be
this too, but for s = -0.0, which numpy's 0.0 * -1.0 gives: copysign takes the zero's sign.)"""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    v, c = np.zeros(X.shape[1]), 0
    votes = []
    for x, label in zip(X, y, strict=True):
        if (1 if v @ x >= 0 else -1) != label:
            votes.append((v, c))
            v, c = v + label * x, 1
        else:
            c += 1
    votes.append((v, c))
    return votes
