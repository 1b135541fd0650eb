"""Float64 and a candidate that computes in it: which data it holds exactly, and how far a
run with a learning rate that is not a power of two may drift, bounded rigorously.

**Exact data.**  A float candidate gets only data on which binary64 makes no error along
the whole run at η = 1 (:func:`exact`): every x and every w is a float, and at every step
the products wᵢxᵢ share a grain 2⁻ᵐ with Σ|wᵢxᵢ|·2ᵐ < 2⁵³, so every partial sum, in any
order, is a float as well; or, where they do not (integer data whose scores pass 2⁶³, which
int64 code wraps), the score is so far from 0 that no rounding can change its sign:
|w·x| > γ_D·Σ|wᵢxᵢ| (Higham's bound of a dot product's error, any order), and it is not 0.
The weights, sums of the examples, stay floats, and every decision is the exact one: its
answer compares with the reference with no tolerance.

**A learning rate c.**  From w = 0 the run with step c is c times the run with step 1
(theorem ``perceptron/step-invariance``), but 0.1 or 0.01 is not a float, and the
candidate's w drifts from c·W.  The model of its arithmetic (binary64, round to nearest,
u = 2⁻⁵³, γₖ = ku/(1 − ku)): x held exactly; c held as ĉ with |ĉ − c| ≤ u|c|; a mistake adds
a term within γ₃|c·xᵢ| of c·y·xᵢ (ĉ, the product, and a factor such as the 2 of
η·(target − output): at most three roundings; exactly 0 where xᵢ = 0), then rounds the
sum; a score is Σŵᵢxᵢ summed in any order, fused or not, the bias added as one more term:
within γ_D·Σ|ŵᵢxᵢ| of it (Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1).
With v = c·W and e ≥ |ŵ − v| carried from the exact trace, a mistake makes, for xᵢ ≠ 0,
``eᵢ ← (eᵢ + γ₃|c·xᵢ|)(1 + u) + u|vᵢ|`` (vᵢ after the step), and a score's error is at most
``B = Σeᵢ|xᵢ| + γ_D·Σ(|vᵢ| + eᵢ)|xᵢ|``.  A decision is certain when |c·s| > B; else rounding
may take it either way, and :func:`explain` replays the run with such steps decided the
other way.  When c is a power of two every operation is exact: e = 0, B = 0.  No tolerance
is chosen: every bound follows from the trace.  The bounds are themselves evaluated in
float64 and enlarged by 2⁻³⁰ relative, more than their own rounding error for D < 10⁶.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.judge.replay import Decide, Replay, Scaled, Step, _Overflow, walk

U = 2.0**-53
GROW = 1 + 2.0**-30
FLOAT_BITS = 53


def gamma(k: int) -> float:
    return k * U / (1 - k * U) * GROW


def is_float(q: Fraction) -> bool:
    """Is q exactly a binary64 number?"""
    d = q.denominator
    if d & (d - 1):
        return False
    p = abs(q.numerator)
    return p == 0 or (p // (p & -p)).bit_length() <= FLOAT_BITS


def exact(data: Scaled, mistake: Decide, *, passes: int | None, cap: int = 1000) -> bool:
    """Is the run at η = 1 exact in float64 (see the module's docstring), in any order?

    A slightly stronger condition is checked: the grain of every product is taken as the
    finest grain of w times the finest of x (for integer data both are 1)."""
    D = data.D
    if D & (D - 1):  # not dyadic: not for floats
        return False
    k = D.bit_length() - 1
    X = data.X
    if not _floats(X).all():
        return False
    row_grain = np.where(X != 0, _grain(X, k), 0).max(axis=1, initial=0).tolist()
    absX = np.abs(X)
    limit = 1 << (FLOAT_BITS + 2 * k)
    if passes is not None and X.size:  # a bound before the run: each pass adds each x once
        top = np.abs(X).max(axis=0)
        column = [int(v) for v in np.abs(X).sum(axis=0, dtype=object).tolist()]
        grains = 2 * max(row_grain, default=0)
        w_top = [passes * c for c in column]
        if (
            max(w_top) < 2**FLOAT_BITS
            and sum(a * int(b) for a, b in zip(w_top, top.tolist(), strict=True)) << grains < limit
        ):
            return True
    ok, w_grain = True, 0
    D_ = data.X.shape[1]

    def check(step: Step, w: np.ndarray, x: np.ndarray) -> None:
        nonlocal ok, w_grain
        if not ok:
            return
        total = int(np.abs(w) @ absX[step.i])
        if total << (w_grain + row_grain[step.i]) >= limit:
            # not every partial sum is a float: the sign must be beyond rounding's reach,
            # |s|·(1 − D·u) > D·u·Σ|wᵢxᵢ| with u = 2⁻⁵³ (both sides scaled alike)
            s = abs(int(step.s))
            if s == 0 or s * ((1 << FLOAT_BITS) - D_) <= 2 * D_ * total:
                ok = False
        if ok and step.mistake:
            after = w + x if data.y[step.i] == 1 else w - x
            ok = bool(_floats(after).all())
            if k:
                w_grain = int(np.where(after != 0, _grain(after, k), 0).max(initial=0))

    try:
        walk(data, mistake, passes=passes, cap=cap, sink=check)
    except _Overflow:  # past int64: on Python integers (weights past 2⁵³ fail above)
        wide = Scaled(data.X.astype(object), data.y, data.D)
        absX = np.abs(wide.X)
        ok, w_grain = True, 0
        walk(wide, mistake, passes=passes, cap=cap, sink=check)
    return ok


_BIT_LENGTH = np.frompyfunc(lambda v: int(v).bit_length(), 1, 1)


def _bits(powers: np.ndarray) -> np.ndarray:
    """bit_length of each power of two (log2 is exact on them in float64)."""
    if powers.dtype == np.int64:
        bits: np.ndarray = np.log2(powers).astype(np.int64) + 1
    else:
        bits = _BIT_LENGTH(powers).astype(np.int64)
    return bits


def _grain(a: np.ndarray, k: int) -> np.ndarray:
    """For integers a/2^k: the exponent m of each one's grain 2^-m (0 for integers)."""
    low = np.where(a == 0, 1, a & -a)
    grains: np.ndarray = np.maximum(k - (_bits(low) - 1), 0)
    return grains


def _floats(a: np.ndarray) -> np.ndarray:
    """Which integers have at most 53 significant bits (then a/2^k is a float)?"""
    low = np.where(a == 0, 1, np.abs(a & -a))
    fits: np.ndarray = np.abs(a) // low < 2**FLOAT_BITS
    return fits


def power_of_two(c: Fraction) -> bool:
    p, q = c.numerator, c.denominator
    return p > 0 and p & (p - 1) == 0 and q & (q - 1) == 0


@dataclass(frozen=True)
class Bounded:
    """A replay at learning rate c with the float64 bound e on every weight at its end."""

    run: Replay
    e: tuple[Fraction, ...]  # |ŵᵢ − c·Wᵢ| ≤ eᵢ at the end
    uncertain: tuple[tuple[int, Fraction, Fraction], ...]  # (step, exact score c·s, bound B)
    snapshots: tuple[tuple[Fraction, ...], ...] = ()  # e after every step, when asked


def bounded(
    data: Scaled,
    mistake: Decide,
    c: Fraction,
    *,
    passes: int | None,
    cap: int = 1000,
    flips: frozenset[int] = frozenset(),
    per_step: bool = False,
    walked: Callable[[], Replay] | None = None,
) -> Bounded:
    """Replay the run at learning rate c (with ``flips``) and carry the bound.  ``walked``,
    when given, makes the run :func:`walk` makes with no flips (kept, e.g. by the oracle)."""
    D = data.D
    dim = data.X.shape[1]
    exact_ops = power_of_two(c)
    if exact_ops and not flips and not per_step and walked is not None:
        # At a power-of-two rate float64 makes no error: no bound to carry, no uncertain
        # step, and the run is the exact walk itself, which a class's entry keeps.
        return Bounded(walked(), tuple(Fraction(0) for _ in range(dim)), ())
    absX = np.abs(data.X.astype(np.float64)) / D
    cf = float(c)
    e = np.zeros(dim)
    g3, gD = gamma(3), gamma(dim)
    uncertain: list[tuple[int, Fraction, Fraction]] = []
    snaps: list[tuple[Fraction, ...]] = []
    D2 = D * D

    def carry(step: Step, w: np.ndarray, x: np.ndarray) -> None:
        nonlocal e
        if not exact_ops:
            ax = absX[step.i]
            v = np.abs(w.astype(np.float64)) * (cf / D)
            B = float(e @ ax + gD * ((v + e) @ ax)) * GROW
            cs = c * Fraction(int(step.s), D2)
            if B > 0 and abs(cs) <= Fraction(B):
                uncertain.append((step.t, cs, Fraction(B)))
            if step.mistake:
                after = w + x if data.y[step.i] == 1 else w - x
                v_after = np.abs(after.astype(np.float64)) * (cf / D)
                grown = ((e + g3 * cf * ax) * (1 + U) + U * v_after) * GROW
                e = np.where(ax != 0, grown, e)
        if per_step:
            snaps.append(tuple(Fraction(float(b)) for b in e))

    # The sink sees each step before its update; the bound after the last update is e.
    r = walk(data, mistake, passes=passes, cap=cap, flips=flips, sink=carry)
    if per_step:  # the sink recorded e before each update: shift to "after"
        snaps = [*snaps[1:], tuple(Fraction(float(b)) for b in e)]
    return Bounded(r, tuple(Fraction(float(b)) for b in e), tuple(uncertain), tuple(snaps))


def within(got: Sequence[Fraction], ideal: Sequence[Fraction], e: Sequence[Fraction]) -> bool:
    return all(abs(g - v) <= b for g, v, b in zip(got, ideal, e, strict=True))


def ideal(data: Scaled, r: Replay, c: Fraction) -> tuple[Fraction, ...]:
    return tuple(c * Fraction(int(v), data.D) for v in r.w.tolist())


@dataclass(frozen=True)
class Explained:
    """A float run that gives the candidate's w: the steps rounding decided, and why."""

    flips: tuple[tuple[int, Fraction, Fraction], ...]  # (step, exact c·s, bound B)
    run: Replay


def explain(
    got: Sequence[Fraction],
    data: Scaled,
    mistake: Decide,
    c: Fraction,
    *,
    passes: int | None,
    cap: int = 1000,
    limit: int = 64,
    walked: Callable[[], Replay] | None = None,
) -> tuple[Explained | None, bool]:
    """A float64 run at learning rate c within whose bound ``got`` lies: the exact run, or
    one where rounding decided some uncertain steps the other way (depth first, earliest
    steps first, at most ``limit`` runs).  Returns (the run or None, search exhausted)."""
    stack: list[tuple[tuple[int, Fraction, Fraction], ...]] = [()]
    tried = 0
    while stack and tried < limit:
        flipped = stack.pop()
        flips = frozenset(f[0] for f in flipped)
        b = bounded(data, mistake, c, passes=passes, cap=cap, flips=flips, walked=walked)
        tried += 1
        if b.run.status != "max_epochs" and within(got, ideal(data, b.run, c), b.e):
            return Explained(flipped, b.run), True
        after = flipped[-1][0] if flipped else -1
        for u in reversed([u for u in b.uncertain if u[0] > after]):
            stack.append((*flipped, u))
    return None, not stack


def drift(got: Sequence[Fraction], ideal_w: Sequence[Fraction]) -> Fraction | None:
    """The relative distance max|got − ideal| / max|ideal| (None when ideal = 0)."""
    top = max((abs(v) for v in ideal_w), default=Fraction(0))
    if top == 0:
        return None
    return max(abs(g - v) for g, v in zip(got, ideal_w, strict=True)) / top


def describe(x: Any) -> str:
    """A number for a sentence: exact when short, else in scientific notation."""
    q = Fraction(x)
    text = str(q)
    return text if len(text) <= 12 else f"{float(q):.3g}"
