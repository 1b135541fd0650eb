"""Shrink a failing data set to a minimal one that still fails the same way.

Greedy, in the manner of Hypothesis's shrinker (which cannot be used directly here:
the failing data set came from a batch, and each try is a sandboxed process): try the
simplifications of the current data set in order, fewest examples first, then fewer
features, then simpler numbers (0, an integer, ±1, half, one step toward 0); keep the
first that still fails, and start again; stop when none does.  The tries of one round go
to the candidate together, ``chunk`` at a time: one request to a Python candidate.
Deterministic: the same failure shrinks to the same data set.

>>> X = ((Fraction(3), Fraction(1, 2)), (Fraction(1), Fraction(1)))
>>> fails = lambda tries: [any(x[0] == 3 for x in d[0]) for d in tries]
>>> shrink((X, (1, -1)), fails, lambda d: True)
(((Fraction(3, 1),),), (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from perceptron_ref.crosscheck.outcomes import Data

MAX_ROUNDS = 60


def simplifications(data: Data) -> Iterator[Data]:
    """Simpler data sets than ``data``, the simplest first."""
    X, y = data
    n, d = len(X), len(X[0])
    if n > 1:
        yield X[: n // 2], y[: n // 2]
        yield X[n // 2 :], y[n // 2 :]
        for i in range(n):
            yield X[:i] + X[i + 1 :], y[:i] + y[i + 1 :]
    if d > 1:
        for j in range(d):
            yield tuple(x[:j] + x[j + 1 :] for x in X), y
    for i, x in enumerate(X):
        for j, v in enumerate(x):
            for simpler in _simpler(v):
                yield (*X[:i], (*x[:j], simpler, *x[j + 1 :]), *X[i + 1 :]), y


def _simpler(v: Fraction) -> list[Fraction]:
    out = [Fraction(0)] if v else []
    sign = 1 if v > 0 else -1
    if v.denominator != 1:
        out += [Fraction(int(v)), Fraction(sign)]  # toward zero, then ±1
    if abs(v) > 1:
        out.append(Fraction(sign))
        out.append(Fraction(int(v / 2)))  # halfway, toward zero
        if v.denominator == 1 and abs(v) > 2:
            out.append(v - sign)  # one step toward zero
    return [u for u in dict.fromkeys(out) if u != v]


def shrink(
    data: Data,
    fails: Callable[[list[Data]], list[bool]],
    valid: Callable[[Data], bool],
    *,
    chunk: int = 1000,
) -> Data:
    """The smallest data set reached from ``data`` on which ``fails`` holds.

    ``fails`` runs the candidate on a list of data sets and says which still fail the
    same way; ``valid`` rejects data the comparison cannot use (see ``datasets``)."""
    for _ in range(MAX_ROUNDS):
        tries = [t for t in simplifications(data) if valid(t)]
        found = None
        for start in range(0, len(tries), chunk):
            batch = tries[start : start + chunk]
            found = next((t for t, bad in zip(batch, fails(batch), strict=True) if bad), None)
            if found is not None:
                break
        if found is None:
            return data
        data = found
    return data
