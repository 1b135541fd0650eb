"""Reading a candidate's answer as the reference's: shapes and learning rates, accepted by name.

*Learning rate.*  From w = 0 the perceptron with step c > 0 is c times the perceptron with
step 1, step for step (theorem ``perceptron/step-invariance``): a positive step changes no
prediction.  So a candidate whose weights are c·W on every data set, with one c, is right up
to its learning rate.  An exact candidate must give c·W exactly; a float candidate must lie
within the float64 bound of :mod:`~perceptron_ref.crosscheck.judge.floats` around c·W (or around a
run in which rounding decided an uncertain step the other way).  c is read off the answers:
the simplest rational with a denominator up to 1000 that fits them all, else the shortest
decimal, else the simplest rational (so 0.01 reads as 1/100 and 1/3 as 1/3).

*Bias last.*  With a bias the reference puts it first; a candidate may return it last.

>>> from fractions import Fraction as F
>>> proportional((F(1, 100), F(-3, 100)), (F(1), F(-3)), floats=False)
(Fraction(1, 100), Fraction(1, 100))
>>> simplest(F(3333, 10000), F(3334, 10000))
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from perceptron_ref.crosscheck.candidates.outcomes import Returned
from perceptron_ref.crosscheck.judge.compare import after_start
from perceptron_ref.crosscheck.judge.floats import Explained, explain
from perceptron_ref.crosscheck.judge.replay import Decide, Replay, Scaled
from perceptron_ref.vectors import Vector

Interval = tuple[Fraction, Fraction]
ONE = Fraction(1)
ANY: Interval = (Fraction(0), Fraction(0))
"""The interval that stands for "any c > 0" (W = 0 and the answer 0)."""
SPREAD = Fraction(1, 2**20)
"""How far apart a float candidate's coordinate ratios w_i / W_i may be for a first guess
of c (the float64 bound then decides, with no such slack)."""


@dataclass(frozen=True)
class Reading:
    """How the answers are read: the bias last or first, and the candidate's rate c."""

    bias_last: bool = False
    rate: Fraction = ONE


def reorder(outcome: Returned, bias_last: bool) -> Returned:
    """The answer with its last weight moved first (where the reference keeps the bias)."""
    if not bias_last:
        return outcome

    def move(w: Vector) -> Vector:
        return (w[-1], *w[:-1])

    trace = None if outcome.trace is None else tuple(move(w) for w in outcome.trace)
    return Returned(move(outcome.weights), trace, outcome.shape, outcome.kinds)


def proportional(got: Vector, W: Vector, *, floats: bool) -> Interval | None:
    """The c > 0 with got = c·W (exact) or ≈ c·W (floats, a first guess): an interval,
    (0, ∞) as (0, 0) when W = got = 0, or None when no such c exists."""
    if not any(W):
        return ANY if not any(got) else None
    ratios = []
    for g, v in zip(got, W, strict=True):
        if v == 0:
            if g != 0 and not floats:
                return None
            continue
        ratios.append(g / v)
    lo, hi = min(ratios), max(ratios)
    if lo <= 0:
        return None
    if not floats:
        return (lo, hi) if lo == hi else None
    if hi - lo > SPREAD * hi:
        return None
    return lo * (1 - SPREAD), hi * (1 + SPREAD)


def meet(intervals: Sequence[Interval]) -> Interval | None:
    """The intersection of the intervals ((0, 0) stands for any c > 0)."""
    real = [i for i in intervals if i != ANY]
    if not real:
        return None
    lo, hi = max(i[0] for i in real), min(i[1] for i in real)
    return (lo, hi) if lo <= hi else None


def most(intervals: Sequence[Interval]) -> tuple[Interval, int] | None:
    """The stretch covered by the most intervals, and how many cover it (a learning rate
    read off most data sets: one a rounding sent elsewhere must not hide it)."""
    events = sorted([(lo, 0) for lo, _ in intervals] + [(hi, 1) for _, hi in intervals])
    best, count, start = None, 0, Fraction(0)
    for value, end in events:
        if end == 0:
            count += 1
            start = value
            if best is None or count > best[1]:
                best = ((value, value), count)
        else:
            if best is not None and best[0][0] == start and count == best[1]:
                best = ((start, value), count)
            count -= 1
    return best


def simplest(lo: Fraction, hi: Fraction) -> Fraction:
    """The simplest number in [lo, hi] (0 < lo ≤ hi): a small denominator, a short decimal."""
    found = _stern_brocot(lo, hi)
    if found.denominator <= 1000:
        return found
    mid = (lo + hi) / 2
    for digits in range(1, 18):
        c = Fraction(Decimal(f"{float(mid):.{digits}g}"))
        if lo <= c <= hi:
            return c
    return found


def _stern_brocot(lo: Fraction, hi: Fraction) -> Fraction:
    """The rational with the smallest denominator in [lo, hi] (continued fractions)."""
    floor = lo.numerator // lo.denominator
    if Fraction(floor) == lo or floor + 1 <= hi:
        return Fraction(floor) if Fraction(floor) == lo else Fraction(floor + 1)
    # lo and hi share the integer part: recurse on the reciprocals of the fractional parts
    inner = _stern_brocot(1 / (hi - floor), 1 / (lo - floor))
    return floor + 1 / inner


@dataclass(frozen=True)
class Match:
    """Does an answer match c times the reference's?  With floats, the run that explains it."""

    ok: bool
    rounding: Explained | None = None  # float: the run within whose bound it lies
    searched_all: bool = True  # False: the float search stopped before trying every branch


def matches(
    got: Returned,
    W: Vector,
    steps: Sequence[Vector] | None,
    c: Fraction,
    *,
    floats: bool,
    data: Scaled | None = None,
    mistake: Decide | None = None,
    passes: int | None = 1,
    cap: int = 1000,
    limit: int = 64,
    walked: Callable[[], Replay] | None = None,
) -> Match:
    """Compare an answer (final w, or w after every step) with c·W (and c·steps);
    ``walked`` as :func:`~perceptron_ref.crosscheck.judge.floats.bounded` takes it."""
    per_step = (
        got.trace is not None
        and steps is not None
        and len(got.trace) in (len(steps), len(steps) + 1)
    )
    if per_step and steps is not None and got.trace is not None:
        trace = after_start(got.trace, len(steps))
        if len(trace) == len(steps) and all(
            g == tuple(c * v for v in s) for g, s in zip(trace, steps, strict=True)
        ):
            return Match(True)
        if not floats or len(trace) != len(steps):
            return Match(False)  # one step too many: it went on after the run stopped
    elif got.weights == tuple(c * v for v in W):
        # a final w, or a history no step count explains (w after each pass, after each
        # mistake: shorter than the steps, or far longer): its last w is its answer
        return Match(True)
    if not floats or data is None or mistake is None:
        return Match(False)
    found, exhausted = explain(
        got.weights, data, mistake, c, passes=passes, cap=cap, limit=limit, walked=walked
    )
    return Match(found is not None, found, exhausted)
