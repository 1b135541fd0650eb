"""The averaged perceptron, as a student writes it (the audit's bank; see ``__init__``).

``KNOBS["training"]`` is when an example is a mistake: ``tie → mistake`` (y·w·x <= 0),
``tie → positive`` or ``tie → negative`` (a zero score predicts that label);
``KNOBS["average"]`` which vectors are averaged and by what: ``after`` (w after each example,
over N), ``before`` (before each one), ``all`` (w0 … wN over N + 1), ``at updates`` (the
vectors an update made, over their number), ``÷ updates``, ``sum``, ``last`` (no average:
the last w, w_N).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np

KNOBS: dict[str, Any] = {}


def number(v: Any) -> Any:
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else float(v)


def vector(values: Any) -> Any:
    if KNOBS.get("style", "numpy") == "numpy":
        return np.array([float(v) for v in values])
    return [number(v) for v in values]


def dot(w: Any, x: Any) -> Any:
    if isinstance(w, np.ndarray):
        return w @ x
    return sum((a * b for a, b in zip(w, x, strict=True)), number(0))


def plus(w: Any, c: Any, x: Any) -> Any:
    if isinstance(w, np.ndarray):
        return w + c * x
    return [a + c * b for a, b in zip(w, x, strict=True)]


def mistake(y: int, score: Any) -> bool:
    rule = KNOBS.get("training", "tie → mistake")
    if score == 0 and rule != "tie → mistake":
        return (1 if rule == "tie → positive" else -1) != y
    return bool(y * score <= 0)


def passes(epochs: Any) -> tuple[int, bool]:
    if epochs == "converge":
        return int(KNOBS.get("cap", 1000)), True
    return int(epochs) + int(KNOBS.get("passes", 0)), False


def train(X: Any, y: Any, epochs: Any, bias: bool) -> Any:
    rows = [vector([1, *x] if bias else list(x)) for x in X]
    d = len(rows[0])
    if KNOBS.get("fixed"):
        return vector([0] * d)
    w = vector([0] * d)
    after, before, made = vector([0] * d), vector([0] * d), vector([0] * d)
    n = updates = 0
    order = list(range(len(rows)))
    shuffler = random.Random(0)
    most, until_clean = passes(epochs)
    for _ in range(most):
        if KNOBS.get("shuffle"):
            shuffler.shuffle(order)
        clean = True
        for i in order:
            before = plus(before, 1, w)
            if mistake(int(y[i]), dot(w, rows[i])):
                w = plus(w, int(y[i]), rows[i])
                made = plus(made, 1, w)
                updates += 1
                clean = False
            after = plus(after, 1, w)
            n += 1
        if until_clean and clean:
            break
    how = KNOBS.get("average", "after")
    if how == "sum":
        return after
    if how == "last":
        return w
    if how in ("at updates", "÷ updates") and updates == 0:
        return vector([0] * d)
    total, count = {
        "after": (after, n),
        "before": (before, n),
        "all": (after, n + 1),
        "at updates": (made, updates),
        "÷ updates": (after, updates),
    }[how]
    if isinstance(total, np.ndarray):
        return total / count
    return [v / number(count) for v in total]


def predict(x: Any, w: Any) -> int:
    if KNOBS.get("fixed"):
        return 1
    score = dot(vector(w), vector(x))
    if score == 0:
        return int(KNOBS.get("zero", 1))
    return 1 if score > 0 else -1
