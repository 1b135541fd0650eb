"""Correct, in decimal.Decimal: Gormley's online rule (tie → mistake), exact on these data."""

from decimal import Decimal, getcontext
from typing import Any


def train(X: Any, y: Any) -> list[Decimal]:
    getcontext().prec = 200  # enough digits: every sum of the data is exact
    rows = [[Decimal(float(v)) for v in x] for x in X]  # exact: a float is a binary fraction
    w = [Decimal(0)] * len(rows[0])
    for x, label in zip(rows, y, strict=True):
        if label * sum((a * b for a, b in zip(w, x, strict=True)), Decimal(0)) <= 0:
            w = [a + int(label) * b for a, b in zip(w, x, strict=True)]
    return w
