"""The voted perceptron, as a student writes it (the audit's bank; see ``__init__``): the list
of its vectors and how many examples each survived.

``KNOBS["training"]`` is when an example is a mistake (as the averaged perceptron's);
``KNOBS["count"]``: ``count 1``, a new vector counts the example that made it, or
``count 0``, it starts from nothing.  ``predict(x, votes)``, a predict part's: the vote,
``KNOBS["zero"]`` the sign of 0 (+1, the reference's).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

KNOBS: dict[str, Any] = {}


def number(v: Any) -> Any:
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else float(v)


def mistake(y: int, score: Any) -> bool:
    rule = KNOBS.get("training", "tie → mistake")
    if score == 0 and rule != "tie → mistake":
        return (1 if rule == "tie → positive" else -1) != y
    return bool(y * score <= 0)


def train(X: Any, y: Any, epochs: Any, bias: bool) -> Any:
    rows = [[number(v) for v in ([1, *x] if bias else list(x))] for x in X]
    d = len(rows[0])
    if KNOBS.get("fixed"):
        return [([number(0)] * d, 1)]
    w = [number(0)] * d
    votes: list[Any] = [[w, 0]]
    start = 0 if KNOBS.get("count") == "count 0" else 1
    order = list(range(len(rows)))
    shuffler = random.Random(0)
    if epochs == "converge":
        most, until_clean = int(KNOBS.get("cap", 1000)), True
    else:
        most, until_clean = int(epochs) + int(KNOBS.get("passes", 0)), False
    for _ in range(most):
        if KNOBS.get("shuffle"):
            shuffler.shuffle(order)
        clean = True
        for i in order:
            x, t = rows[i], int(y[i])
            if mistake(t, sum((a * b for a, b in zip(w, x, strict=True)), number(0))):
                w = [a + t * b for a, b in zip(w, x, strict=True)]
                votes.append([w, start])
                clean = False
            else:
                votes[-1][1] += 1
        if until_clean and clean:
            break
    if votes[0][1] == 0:  # the zero vector never voted
        votes = votes[1:]
    if KNOBS.get("style", "numpy") == "numpy":
        import numpy as np

        return [(np.array([float(a) for a in v]), c) for v, c in votes]
    return [(list(v), c) for v, c in votes]


def predict(x: Any, votes: Any) -> int:
    """sign(Σ c·sign(v·x)), ``KNOBS["zero"]`` the sign of 0 inside the sum and outside."""
    if KNOBS.get("fixed"):
        return 1
    zero = int(KNOBS.get("zero", 1))

    def sign(s: Any) -> int:
        return zero if s == 0 else (1 if s > 0 else -1)

    xs = [number(v) for v in x]
    total = sum(
        int(c) * sign(sum((number(a) * b for a, b in zip(v, xs, strict=True)), number(0)))
        for v, c in votes
    )
    return sign(total)
