"""The multiclass perceptron, as a student writes it (the audit's bank; see ``__init__``):
one row of weights per class 0 … K-1, the class of the largest score predicted.

``KNOBS["argmax tie"]``: ``first`` (np.argmax) or ``last`` (a scan with >=);
``KNOBS["update"]``: ``both rows`` (+x to the true row, -x to the predicted one),
``true row only``, ``predicted row only`` (-x to the predicted row alone), or ``½ on the
predicted row``.  ``predict(x, W)``, a predict part's: the
argmax, ``KNOBS["predict tie"]`` ``last`` for the last of tied classes (the reference: first).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

KNOBS: dict[str, Any] = {}


def number(v: Any) -> Any:
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else float(v)


def best(scores: list[Any], tie: str = "") -> int:
    top = 0
    for k in range(1, len(scores)):
        if scores[k] > scores[top] or (
            (tie or KNOBS.get("argmax tie")) == "last" and scores[k] == scores[top]
        ):
            top = k
    return top


def train(X: Any, y: Any, epochs: Any, bias: bool) -> Any:
    rows = [[number(v) for v in ([1, *x] if bias else list(x))] for x in X]
    labels = [int(t) for t in y]
    d, K = len(rows[0]), max(labels) + 1
    W = [[number(0)] * d for _ in range(K)]
    if KNOBS.get("fixed"):
        return W
    order = list(range(len(rows)))
    shuffler = random.Random(0)
    if epochs == "converge":
        most, until_clean = int(KNOBS.get("cap", 1000)), True
    else:
        most, until_clean = int(epochs) + int(KNOBS.get("passes", 0)), False
    how = KNOBS.get("update", "both rows")
    for _ in range(most):
        if KNOBS.get("shuffle"):
            shuffler.shuffle(order)
        clean = True
        for i in order:
            x, t = rows[i], labels[i]
            z = best(
                [sum((a * b for a, b in zip(W[k], x, strict=True)), number(0)) for k in range(K)]
            )
            if z == t:
                continue
            clean = False
            if how != "predicted row only":
                W[t] = [a + b for a, b in zip(W[t], x, strict=True)]
            if how in ("both rows", "predicted row only"):
                W[z] = [a - b for a, b in zip(W[z], x, strict=True)]
            elif how == "½ on the predicted row":
                W[z] = [a - b / 2 for a, b in zip(W[z], x, strict=True)]
        if until_clean and clean:
            break
    if KNOBS.get("style", "numpy") == "numpy":
        import numpy as np

        return np.array([[float(v) for v in row] for row in W])
    return W


def predict(x: Any, W: Any) -> int:
    """The class of the largest W[k]·x (``KNOBS["predict tie"]``: ``last`` of tied ones)."""
    if KNOBS.get("fixed"):
        return 0
    xs = [number(v) for v in x]
    scores = [sum((number(a) * b for a, b in zip(row, xs, strict=True)), number(0)) for row in W]
    return best(scores, KNOBS.get("predict tie", "first"))
