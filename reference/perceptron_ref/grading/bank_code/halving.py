"""Halving over a cover, as a student writes it (the audit's bank; see ``__init__``): the
hypotheses w it is given, each the classifier sgn(w·x); every example drops those that
disagree with its label; the ones left are returned.

``KNOBS["sgn(0)"]``: ``sgn(0) = +1`` (Mehta's), ``sgn(0) = −1``, or ``sgn(0) = 0``
(numpy's sign: no label, so a hypothesis on an example's boundary is dropped);
``KNOBS["mistakes only"]``: drop hypotheses only when the majority vote errs (a slip: the
notes drop every inconsistent one, whatever the vote said).  The numbers are those given
(exact fractions: a cover's points have denominators such as 4321, and a float sgn(w·x) is
wrong on a boundary); the numpy style holds them in object arrays and returns a mask over
the hypotheses, the lists style the surviving vectors, the fractions style their indices.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np

KNOBS: dict[str, Any] = {}
AT_ZERO = {"sgn(0) = +1": 1, "sgn(0) = −1": -1, "sgn(0) = 0": 0}


def number(v: Any) -> Any:
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else v


def sgn(s: Any) -> int:
    if s == 0:
        return AT_ZERO[KNOBS.get("sgn(0)", "sgn(0) = +1")]
    return 1 if s > 0 else -1


def train(X: Any, y: Any, hypotheses: Any, epochs: Any, bias: bool) -> Any:
    rows = [[number(v) for v in ([1, *x] if bias else list(x))] for x in X]
    H = [[number(v) for v in w] for w in hypotheses]
    alive = [True] * len(H)
    if not KNOBS.get("fixed"):
        numpy = KNOBS.get("style", "numpy") == "numpy"
        A = np.array(H, dtype=object).reshape(len(H), -1)
        order = list(range(len(rows)))
        shuffler = random.Random(0)
        if epochs == "converge":
            most = int(KNOBS.get("cap", 1000))
        else:
            most = int(epochs) + int(KNOBS.get("passes", 0))
        for _ in range(most):
            if KNOBS.get("shuffle"):
                shuffler.shuffle(order)
            before = sum(alive)
            for i in order:
                x, t = rows[i], int(y[i])
                if numpy:
                    votes = [sgn(s) for s in A @ np.array(x, dtype=object)]
                else:
                    votes = [sgn(sum(a * b for a, b in zip(w, x, strict=True))) for w in H]
                if KNOBS.get("mistakes only"):
                    total = sum(v for v, keep in zip(votes, alive, strict=True) if keep)
                    if (1 if total >= 0 else -1) == t:
                        continue
                alive = [keep and v == t for v, keep in zip(votes, alive, strict=True)]
            if epochs == "converge" and sum(alive) == before:
                break
    style = KNOBS.get("style", "numpy")
    if style == "numpy":
        return np.array(alive)
    if style == "lists":
        return [w for w, keep in zip(H, alive, strict=True) if keep]
    return [j for j, keep in enumerate(alive) if keep]
