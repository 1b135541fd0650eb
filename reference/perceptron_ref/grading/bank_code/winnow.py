"""Winnow, as a student writes it (the audit's bank; see ``__init__``): weights from 1, a
threshold, promotions and demotions of the active weights on a mistake.

``KNOBS["factor"]`` is the promotion (2, 1 + 1/2k or 1 + ε, as a string "p/q");
``KNOBS["threshold"]``: ``θ = n`` or ``θ = n/2``; ``KNOBS["at θ"]``: ``+ at w·x = θ``
(predict + iff w·x >= θ) or ``− at w·x = θ`` (w·x > θ); ``KNOBS["demotion"]``: ``to 0``,
``halved``, ``÷ (1 + ε)`` or ``× (1 − ε)``.  ``predict(x, w)``, a predict part's: +1 iff
w·x ≥ n, ``KNOBS["zero"]`` the label at w·x = θ (+1, the notes').
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

KNOBS: dict[str, Any] = {}


def number(v: Any) -> Any:
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else float(Fraction(str(v)))


def positive(w: Any, x: Any, theta: Any) -> bool:
    s = sum((a * b for a, b in zip(w, x, strict=True)), number(0))
    return bool(s >= theta if KNOBS.get("at θ", "+ at w·x = θ") == "+ at w·x = θ" else s > theta)


def demote(v: Any, f: Any) -> Any:
    how = KNOBS.get("demotion")
    if how == "to 0":
        return number(0)
    if how == "halved":
        return v / 2
    if how == "÷ (1 + ε)":
        return v / f
    return v * (2 - f)  # × (1 − ε)


def train(X: Any, y: Any, epochs: Any, bias: bool) -> Any:
    rows = [[int(v) for v in ([1, *x] if bias else list(x))] for x in X]
    n = len(rows[0])
    if KNOBS.get("fixed"):
        return [number(1)] * n
    f = number(KNOBS["factor"])
    theta = number(n) if KNOBS.get("threshold", "θ = n") == "θ = n" else number(n) / 2
    w = [number(1)] * n
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
            if positive(w, x, theta) == (t == 1):
                continue
            clean = False
            for j in range(n):
                if x[j] == 1:
                    w[j] = w[j] * f if t == 1 else demote(w[j], f)
        if until_clean and clean:
            break
    if KNOBS.get("style", "numpy") == "numpy":
        import numpy as np

        return np.array([float(v) for v in w])
    return w


def predict(x: Any, w: Any) -> int:
    """+1 iff w·x ≥ θ = n, the number of weights (``KNOBS["zero"]``: the label at w·x = θ)."""
    if KNOBS.get("fixed"):
        return 1
    s = sum((number(a) * number(b) for a, b in zip(w, x, strict=True)), number(0))
    if s == len(w):
        return int(KNOBS.get("zero", 1))
    return 1 if s > len(w) else -1
