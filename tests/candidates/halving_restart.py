"""Wrong on data no hypothesis of the cover fits: a Halving over a given class of linear
classifiers that, when every hypothesis has erred, starts again from the whole class (a
"restart" some course notes suggest for noisy data), where the reference's version space
stays empty; sgn(0) = +1, as the reference's."""

from fractions import Fraction
from typing import Any


def sgn(s: Fraction) -> int:
    return 1 if s >= 0 else -1


def train(X: Any, y: Any, hypotheses: Any, epochs: int = 1) -> list[Any]:
    alive = list(hypotheses)
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            alive = [
                w for w in alive if sgn(sum(a * b for a, b in zip(w, x, strict=True))) == label
            ]
            if not alive:
                alive = list(hypotheses)
    return alive
