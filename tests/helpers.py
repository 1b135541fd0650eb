"""Small facts the tests share: the zero-score rules as the README's table states them."""

from __future__ import annotations

from fractions import Fraction

from perceptron_ref.algorithm import ZeroRule
from perceptron_ref.campaign import CORE
from perceptron_ref.vectors import Label

__all__ = ["BATCH", "CORE", "ONLINE", "RULE", "is_mistake"]
ONLINE = ("perceptron/blum", "perceptron/mehta", "perceptron/gormley-online", "perceptron/ssbd")
BATCH = ("perceptron/gormley-batch", "perceptron/press")

RULE: dict[str, ZeroRule] = {
    "perceptron/blum": "tie-negative",
    "perceptron/mehta": "tie-positive",
    "perceptron/gormley-online": "tie-mistake",
    "perceptron/gormley-batch": "tie-positive",
    "perceptron/press": "tie-positive",
    "perceptron/ssbd": "tie-mistake",
}


def is_mistake(rule: ZeroRule, s: Fraction, y: Label) -> bool:
    """Whether a score s on label y is a mistake under a zero-score rule (README table)."""
    if s != 0:
        return y * s < 0
    return {"tie-positive": y == -1, "tie-negative": y == 1, "tie-mistake": True}[rule]
