"""The kernel perceptron in dual form with any note's zero-score rule, for a state API.

A state API (Stanford CS229's ``initial_state``, ``predict``, ``update_state``) learns the
kernel perceptron of ``perceptron/kernel`` (Gormley, slide 21) -- the model
f = Σⱼ αⱼK(xⱼ, ·), αᵢ grown by η·yᵢ at a mistake on example i -- but decides a zero score as
its course says: CS229's ``predict`` has sign(0) = 1 and updates by η(y − h(x)), which is a
mistake only when the prediction is wrong, the rule of ``perceptron/mehta``
(``tie-positive``).  :func:`run` makes the pass with the zero-score rule of the assignment's
algorithm and records, before each update, the prediction its ``predict`` should give; with
the linear kernel it is that algorithm's run, step for step (with ``tie-mistake`` it is
``perceptron/kernel``'s): tests/test_assignment_parts.py checks both.

>>> X, y = [(1, 0), (0, 1), (1, 1)], [1, -1, 1]
>>> r = run(X, y, degree=1, c=Fraction(0), eta=Fraction(1), rule="tie-positive", zero=1)
>>> r.online, [str(a) for a in r.alpha], r.predict((2, -1))
((1, 1, -1), ['0', '-1', '1'], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from perceptron_ref.algorithm import ZeroRule
from perceptron_ref.perceptron.kernel import Polynomial
from perceptron_ref.vectors import Label

Row = Sequence[Fraction | int]


def mistake(rule: ZeroRule, y: Label, s: Fraction) -> bool:
    """Is the score s on label y a mistake under ``rule``?"""
    if s == 0:
        return rule == "tie-mistake" or (y == 1) == (rule == "tie-negative")
    return y * s < 0


@dataclass(frozen=True)
class Dual:
    """A pass's result: each training point's prediction just before its update, the dual
    coefficients α (one per example), and the model."""

    online: tuple[Label, ...]
    alpha: tuple[Fraction, ...]
    X: tuple[tuple[Fraction, ...], ...]
    K: Polynomial
    zero: Label

    def f(self, x: Row) -> Fraction:
        u = tuple(Fraction(v) for v in x)
        return sum(
            (a * self.K(xj, u) for xj, a in zip(self.X, self.alpha, strict=True) if a), Fraction(0)
        )

    def predict(self, x: Row) -> Label:
        s = self.f(x)
        return self.zero if s == 0 else (1 if s > 0 else -1)


def run(
    X: Sequence[Row],
    y: Sequence[Label],
    *,
    degree: int,
    c: Fraction,
    eta: Fraction,
    rule: ZeroRule,
    zero: Label,
    epochs: int = 1,
) -> Dual:
    """``epochs`` passes of the dual perceptron with kernel (x·x' + c)^degree."""
    K = Polynomial(degree, Fraction(c))
    rows = tuple(tuple(Fraction(v) for v in x) for x in X)
    alpha = [Fraction(0)] * len(rows)
    online: list[Label] = []
    for _ in range(epochs):
        for i, (x, t) in enumerate(zip(rows, y, strict=True)):
            s = sum((a * K(xj, x) for xj, a in zip(rows, alpha, strict=True) if a), Fraction(0))
            online.append(zero if s == 0 else (1 if s > 0 else -1))
            if mistake(rule, t, s):
                alpha[i] += eta * t
    return Dual(tuple(online), tuple(alpha), rows, K, zero)
