"""Halving as a class without predict: the cover kept as ``H``, the version space as a mask
``alive`` (sgn(0) = +1)."""

from typing import Any


class Halving:
    def __init__(self, hypotheses: Any) -> None:
        self.H = [list(h) for h in hypotheses]
        self.alive = [True] * len(self.H)

    def fit(self, X: Any, y: Any) -> "Halving":
        for x, t in zip(X, y, strict=True):
            for j, h in enumerate(self.H):
                s = sum(a * b for a, b in zip(h, x, strict=True))
                if self.alive[j] and (1 if s >= 0 else -1) != t:
                    self.alive[j] = False
        return self
