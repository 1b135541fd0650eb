"""An integer replay of a perceptron run: what the harness needs besides the verdict.

The reference (:func:`perceptron_ref.run`) decides every verdict.  This module runs the
same loop again on the data scaled to integers (X·D, D the common denominator of the
data, so that w·D and w·x·D² are integers as well) to answer what a trace cannot answer
cheaply or at all: the scores of a 5000 × 784 run (coverage, float exactness), the float
error of a candidate step by step (:mod:`~perceptron_ref.crosscheck.judge.floats`), and the
hypotheses the diagnosis tests: the run in which rounding decided some zero scores the
other way (``flips``), a decision rule with a threshold, arithmetic that wraps at 2^b.
A plain replay is checked against the reference's trace by :func:`same_run`.

>>> from perceptron_ref import run
>>> X, y = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1]
>>> s = scaled(X, y, bias=False)
>>> r = replay(s, rule("tie-positive"), passes=1)
>>> r.w.tolist(), r.mistakes, same_run(s, r, run("perceptron/mehta", X, y))
([3, 1], 3, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from perceptron_ref.numbers import to_fraction
from perceptron_ref.trace import Trace

Decide = Callable[[Any, int], bool]
"""``mistake(s, y)``: is the step with (scaled) score s and label y a mistake?"""

SAFE = 2**62
"""int64 replays stop (and restart on Python integers) before any |w·x·D²| could reach it."""


def rule(zero_score: str) -> Decide:
    """The decision of a zero-score rule (``perceptron_ref.algorithm.ZeroRule``)."""
    if zero_score == "tie-positive":  # predict + iff s ≥ 0
        return lambda s, y: (1 if s >= 0 else -1) != y
    if zero_score == "tie-negative":  # predict + iff s > 0
        return lambda s, y: (1 if s > 0 else -1) != y
    assert zero_score == "tie-mistake", zero_score
    return lambda s, y: y * s <= 0


@dataclass(frozen=True)
class Scaled:
    """A data set as integers: x = X[i] / D (the bias column, all D, first)."""

    X: np.ndarray  # n × d, int64 when small enough, else Python ints (object)
    y: np.ndarray  # n labels ±1 (int64)
    D: int

    @property
    def exact(self) -> list[list[Fraction]]:
        return [[Fraction(int(v), self.D) for v in row] for row in self.X.tolist()]


def scaled(X: Sequence[Sequence[object]], y: Sequence[int], *, bias: bool) -> Scaled:
    """The data (rationals, as the reference reads them) over their common denominator."""
    labels = np.array([1 if t == 1 else -1 for t in y], dtype=np.int64)
    if set(map(type, itertools.chain.from_iterable(X))) <= {int}:  # large integer data
        Xi = _small_ints(X)
        if bias:
            Xi = np.hstack([np.ones((len(X), 1), dtype=Xi.dtype), Xi])
        return Scaled(Xi, labels, 1)
    rows = [[v if type(v) is Fraction else to_fraction(v) for v in x] for x in X]
    D = lcm(1, *{v.denominator for row in rows for v in row})
    ints = [[v.numerator * (D // v.denominator) for v in row] for row in rows]
    if bias:
        ints = [[D, *row] for row in ints]
    big = max((abs(v) for row in ints for v in row), default=0) >= 2**31
    Xs = np.array(ints, dtype=object if big else np.int64).reshape(len(rows), -1)
    return Scaled(Xs, labels, D)


def _small_ints(X: Sequence[Sequence[object]]) -> np.ndarray:
    """Integer rows as int64 when every |x| < 2^31, else as Python ints (object).  Straight
    to int64 first (ten times faster than through Python ints, on a large data set)."""
    try:
        Xi = np.array(X, dtype=np.int64).reshape(len(X), -1)
    except (OverflowError, ValueError):  # beyond int64 (or ragged): as Python ints
        Xi = None
    if Xi is not None and (Xi.size == 0 or max(-int(Xi.min()), int(Xi.max())) < 2**31):
        return Xi
    return np.array(X, dtype=object).reshape(len(X), -1)


@dataclass
class Step:
    """One step of a replay: where, the score (scaled by D²), the decision."""

    t: int  # 0-based over the whole run
    epoch: int
    i: int
    s: Any
    mistake: bool


@dataclass
class Replay:
    """The end of a replay: w·D (integers), mistakes, passes made, and how it ended."""

    w: np.ndarray
    mistakes: int
    epochs: int
    status: str  # online | converged | max_epochs
    steps: list[Step] = field(default_factory=list)


class _Overflow(Exception):
    """An int64 replay came near 2^63: start again on Python integers."""


def walk(
    data: Scaled,
    mistake: Decide,
    *,
    passes: int | None,
    cap: int = 1000,
    flips: frozenset[int] = frozenset(),
    dtype: Any = None,
    sink: Callable[[Step, np.ndarray, np.ndarray], None] | None = None,
    start: np.ndarray | None = None,
    score: Callable[[np.ndarray, np.ndarray], Any] | None = None,
) -> Replay:
    """Run the loop: ``passes`` passes, or (None) until a clean pass, at most ``cap``.

    ``flips`` are steps whose decision is the opposite of ``mistake``'s; ``dtype`` a
    numpy integer type to compute in (it wraps, as a candidate's int32 would), else
    exact; ``sink(step, w_before, x)`` sees every step (w_before is not a copy); ``start``
    is w·D before the first step (default 0); ``score(w, x)`` replaces the exact w·x that
    ``mistake`` is given (e.g. a float64 evaluation of it)."""
    X = data.X if dtype is None else wrap(data.X, dtype)
    w = np.zeros(X.shape[1], dtype=X.dtype) if start is None else start.astype(X.dtype)
    # the guard restarts an exact run on Python integers near 2^63; a run in a ``dtype``
    # is meant to wrap as the candidate's does
    exact64 = dtype is None and X.dtype == np.int64
    limit = SAFE // (X.shape[1] * (int(np.abs(X).max(initial=0)) + 1)) if exact64 else 0
    rows = list(X)
    mistakes, t, epoch, clean = 0, 0, 0, False
    while (passes is None and not clean and epoch < cap) or (passes is not None and epoch < passes):
        epoch, clean = epoch + 1, True
        for i, (x, label) in enumerate(zip(rows, data.y.tolist(), strict=True)):
            s = w @ x if score is None else score(w, x)
            wrong = mistake(s, label) != (t in flips)
            step = Step(t, epoch, i, s, wrong)
            if sink is not None:
                sink(step, w, x)
            if wrong:
                w = w + x if label == 1 else w - x
                mistakes, clean = mistakes + 1, False
                if limit and int(np.abs(w).max()) >= limit:
                    raise _Overflow
            t += 1
    status = "online" if passes is not None else "converged" if clean else "max_epochs"
    return Replay(w, mistakes, epoch, status)


def replay(
    data: Scaled,
    mistake: Decide,
    *,
    passes: int | None,
    cap: int = 1000,
    flips: frozenset[int] = frozenset(),
    keep: bool = False,
) -> Replay:
    """An exact replay (int64 while it is safe, Python integers after); ``keep`` the steps."""
    steps: list[Step] = []
    sink = (lambda step, w, x: steps.append(step)) if keep else None
    try:
        done = walk(data, mistake, passes=passes, cap=cap, flips=flips, sink=sink)
    except _Overflow:
        steps.clear()
        wide = Scaled(np.array(data.X.tolist(), dtype=object), data.y, data.D)
        done = walk(wide, mistake, passes=passes, cap=cap, flips=flips, sink=sink)
    done.steps = steps
    return done


def wrap(X: np.ndarray, dtype: Any) -> np.ndarray:
    """X in a numpy integer type, each value taken modulo 2^b as a candidate's cast does."""
    bits = np.iinfo(dtype).bits
    half = 1 << (bits - 1)
    rows = [[(int(v) + half) % (2 * half) - half for v in row] for row in X.tolist()]
    return np.array(rows, dtype=dtype).reshape(X.shape)


def weights(data: Scaled, r: Replay) -> tuple[Fraction, ...]:
    """The replay's w as rationals (w·D / D)."""
    return tuple(Fraction(int(v), data.D) for v in r.w.tolist())


def same_run(data: Scaled, r: Replay, trace: Trace) -> bool:
    """Do the replay and the reference's trace end alike (w, mistakes, passes, status)?"""
    status = trace.status if trace.status != "cycled" else "max_epochs"
    return (weights(data, r), r.mistakes, r.epochs, r.status) == (
        trace.weights,
        trace.mistakes,
        trace.epochs,
        status,
    )


def scores(r: Replay, data: Scaled) -> Iterator[Fraction]:
    """The exact scores w·x of a replay kept with ``keep=True``."""
    D2 = data.D * data.D
    return (Fraction(int(s.s), D2) for s in r.steps)
