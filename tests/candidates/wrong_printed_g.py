"""Known wrong: a right loop (Mehta's rule, tie → positive) whose weights are printed with C's
%g, 6 significant digits, and read back."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
    return [float(f"{v:g}") for v in w]  # C's printf("%g")
