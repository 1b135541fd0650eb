"""Known wrong: its T counts single steps (example t mod n), and the harness fills T as the
passes: with T = 1 it takes one example only.  The probe of its decisions (a second
example after w = (1)) sees no step at any score: no threshold, since no t explains that."""

from typing import Any

import numpy as np


def train(X: Any, y: Any, T: int = 100) -> Any:
    n, d = X.shape
    w = np.zeros(d)
    for t in range(T):
        i = t % n
        if y[i] * (w @ X[i]) <= 0:
            w = w + y[i] * X[i]
    return w
