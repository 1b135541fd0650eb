"""Known wrong: a right loop (Mehta's rule, tie → positive) whose weights go through text with
15 significant digits, as a program that prints them with %.15g (Perl's JSON::PP) is read."""

from typing import Any

import numpy as np


def train(X: Any, y: Any) -> Any:
    w = np.zeros(X.shape[1])
    for x, label in zip(X, y, strict=True):
        if (1 if w @ x >= 0 else -1) != label:
            w = w + label * x
    return [float(f"{v:.15g}") for v in w]
