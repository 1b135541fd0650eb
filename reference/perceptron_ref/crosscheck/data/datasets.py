"""The data a candidate is tried on: several regimes, many small data sets and a few large.

``ties``
    small, many zeros and repeated points (Hypothesis's
    :func:`~perceptron_ref.crosscheck.data.ties.tie_heavy`), d up to 12: zero scores w·x = 0
    come often, which is where the notes' variants differ;
``near-zero``
    small data in which some examples are scaled by 2⁻ᵏ (k up to 48; for exact candidates
    also 3⁻ᵏ and 2⁻¹⁰⁰): scores just above and below 0, which catch thresholds and epsilons;
``rationals`` (exact candidates only)
    large non-dyadic denominators and numerators past 2⁶⁴, with exact ties w·x = 0 that
    float64 does not see as ties;
``long``
    runs of 10 or more passes (to convergence), scaled by 2ᵏ + 1 so that weights and scores
    outgrow float32 and int32; for a fixed number of passes, values up to 2²⁰;
``realistic`` (:mod:`~perceptron_ref.crosscheck.data.realistic`)
    pixel-like images (integers 0..255, d up to 784, n up to 5000) and values up to 2²⁰;
``round-sizes``
    n at and beside the round numbers of :data:`ROUND_SIZES` (3200, 3199, 2560, 1000, 1001 first),
    integers up to 1000 in low dimension, labels that keep the loop making mistakes to the end:
    a loop over batches that drops the last batch only when n is a multiple of its size.

Batch algorithms and ``--epochs converge`` get separable data only (on other data the
reference proves a cycle, but a candidate would loop for ever).  A float candidate gets only
data on which float64 is exact along the whole reference run (:func:`floats.exact`), so its
answers compare with the reference's with no tolerance.  Everything is deterministic in the
seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import realistic
from perceptron_ref.crosscheck.data.needs import Needs as Needs
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Label

Regime = str
REGIMES = ("given", "ties", "near-zero", "rationals", "long", "realistic", "round-sizes")
ROUND_SIZES = (3200, 3199, 2560, 1000, 1001, 2561, 999, 256, 255, 257, 128, 100, 101, 99, 64, 65,
               63, 32, 33, 31, 10, 11, 9, 8)  # fmt: skip
"""n at and beside the round numbers loops are written with: 3200 is a multiple of 8, 10, 32,
64, 100 and 128 at once, 2560 of 256, 1000 of 1000 (a loop over batches of any of these that
drops the last one only when n is a multiple of its size sees every example of n ± 1)."""


@dataclass(frozen=True)
class Case:
    """A data set to try, and the regime it was drawn from."""

    regime: Regime
    data: Data

    @property
    def size(self) -> int:
        return len(self.data[0]) * len(self.data[0][0])


def given(data: Sequence[tuple[str, Data]], unusable: Callable[[Data], str]) -> list[Case]:
    """The data sets a user gave (``--data``: name, data set), each as a case of the
    ``given`` regime; the first that ``unusable`` finds fault with (a non-empty reason) is
    an :class:`~perceptron_ref.errors.InputError` naming it."""
    cases = []
    for name, d in data:
        why = unusable(d)
        if why:
            raise InputError(f"{name}: {why}")
        cases.append(Case("given", d))
    return cases


def plan(examples: int, *, floats: bool) -> dict[Regime, int]:
    """How many data sets each regime gives: few large ones, many small ones."""
    large = min(4, examples // 10)
    long = min(6, examples // 8)
    near = examples // 5
    rationals = 0 if floats else examples // 5
    rounds = min(len(ROUND_SIZES), examples // 10)
    ties = max(examples - large - long - near - rationals - rounds, 0)
    counts = {"ties": ties, "near-zero": near, "rationals": rationals, "long": long}
    counts |= {"realistic": large, "round-sizes": rounds}
    return {r: n for r, n in counts.items() if n}


def near_zero(rng: np.random.Generator, needs: Needs) -> Data:
    """Small integer data, some examples scaled down by 2⁻ᵏ (or 3⁻ᵏ): tiny scores both ways."""
    d = needs.dimension or int(rng.integers(1, 7))
    n = int(rng.integers(3, 13))
    X = [[Fraction(int(v)) for v in rng.integers(-4, 5, size=d)] for _ in range(n)]
    w_star = [int(v) for v in rng.integers(-3, 4, size=d)] or [1]
    if not any(w_star):
        w_star[0] = 1
    for x in X[1:]:
        if rng.random() < 0.5:
            k = int(rng.integers(10, 49))
            if needs.floats or rng.random() < 0.5:
                tiny = Fraction(1, 2**k) if rng.random() < 0.8 else Fraction(1, 2**100)
            else:
                tiny = Fraction(1, 3**k)
            x[:] = [v * tiny for v in x]
    y = _labels(rng, X, w_star, needs.separable)
    return tuple(tuple(x) for x in X), y


def _labels(
    rng: np.random.Generator, X: list[list[Fraction]], w_star: list[int], separable: bool
) -> tuple[Label, ...]:
    """Labels by w* (an example on its separator is moved off it) or, if not ``separable``,
    by w* with one label in four flipped."""
    y: list[Label] = []
    for x in X:
        s = sum((a * b for a, b in zip(w_star, x, strict=True)), Fraction(0))
        if s == 0:
            bump = min((abs(v) for v in x if v), default=Fraction(1))
            x[:] = [v + bump * a for v, a in zip(x, w_star, strict=True)]
            s = sum((a * b for a, b in zip(w_star, x, strict=True)), Fraction(0))
        flip = not separable and rng.random() < 0.25
        label: Label = 1 if (s > 0) != flip else -1
        y.append(label)
    return tuple(y)


def rationals(rng: np.random.Generator, needs: Needs, first: Label) -> Data:
    """Exact candidates: large non-dyadic denominators, numerators past 2⁶⁴, and an exact tie
    (x₂ ⟂ x₁, after a mistake on x₁ labelled ``first``) that float64 does not see exactly."""
    d = needs.dimension or int(rng.integers(2, 6))
    n = int(rng.integers(3, 9))

    def number() -> Fraction:
        q = int(rng.choice([3**20, 10**12 + 39, 999_999_937, 7**15, 1]))
        p = int(rng.integers(-(10**6), 10**6)) * (2**70 if rng.random() < 0.2 else 1)
        return Fraction(p, q)

    x1 = [number() for _ in range(d)]
    if not any(x1):
        x1[0] = Fraction(1, 3)
    u = [number() for _ in range(d)]
    norm = sum((v * v for v in x1), Fraction(0))
    along = sum((a * b for a, b in zip(u, x1, strict=True)), Fraction(0)) / norm
    x2 = [a - along * b for a, b in zip(u, x1, strict=True)]  # x2 · x1 = 0 exactly
    eps = Fraction(int(rng.choice([1, -1])), 3**40)
    x3 = [a + eps * b for a, b in zip(x2, x1, strict=True)]  # x3 · x1 = ±3⁻⁴⁰‖x1‖²
    X = [x1, x2, x3] + [[number() for _ in range(d)] for _ in range(n - 3)]
    if needs.separable:
        w_star = [int(v) for v in rng.integers(-3, 4, size=d)]
        if not any(w_star):
            w_star[0] = 1
        return tuple(tuple(x) for x in X), _labels(rng, X, w_star, True)
    y = (first, *(1 if rng.random() < 0.5 else -1 for _ in range(n - 1)))
    return tuple(tuple(x) for x in X), y  # type: ignore[return-value]


def round_size(rng: np.random.Generator, needs: Needs, n: int) -> Data:
    """n examples in d ≤ 3 of integers up to 1000 (scores of exactly 0 are rare: a float
    candidate with a step such as 0.01 is judged within its bound, not on thousands of ties):
    random labels (a mistake in about every other step, to the last), or, for runs to
    convergence, labels by an integer w* at a margin."""
    d = needs.dimension or int(rng.integers(1, 4))
    if needs.separable:
        X = rng.integers(-1000, 1001, size=(4 * n, d))  # a margin keeps about half: enough
        w_star = rng.integers(1, 4, size=d) * rng.choice([-1, 1], size=d)
        s = X @ w_star
        keep = np.abs(s) >= 200
        X, s = X[keep][:n], s[keep][:n]
        y = np.where(s > 0, 1, -1)
    else:
        X = rng.integers(-1000, 1001, size=(n, d))
        y = rng.choice([-1, 1], size=n)
    rows = tuple(tuple(int(v) for v in x) for x in X.tolist())
    return rows, tuple(1 if t == 1 else -1 for t in y.tolist())


def regimes(
    plan: dict[Regime, int],
    needs: Needs,
    seed_: int,
    keep: Callable[[Data], bool],
    *,
    first: Label = 1,
    draw_ties: Callable[..., list[Data]] | None = None,
) -> list[Case]:
    """The data sets of each regime of ``plan`` (as many as it says, fewer if the tries run
    out), in its order: ties drawn by Hypothesis (``draw_ties``: another way to call
    :func:`~perceptron_ref.crosscheck.data.ties.draw`), the rest by numpy."""
    from perceptron_ref.crosscheck.data import ties  # Hypothesis: imported only to draw

    found: list[Case] = []
    for regime, count in plan.items():
        if regime == "ties":
            strategy = ties.tie_heavy(
                bias=needs.bias,
                dyadic=needs.floats,
                separable=needs.separable,
                dimension=needs.dimension,
            )
            drawn = (draw_ties or ties.draw)(strategy, count, seed_, keep)
        else:
            drawn = numpy_cases(regime, count, seed_, needs, keep, first=first)
        found += [Case(regime, d) for d in drawn]
    return found


def numpy_cases(
    regime: Regime,
    count: int,
    seed_: int,
    needs: Needs,
    keep: Callable[[Data], bool],
    *,
    first: Label = 1,
) -> list[Data]:
    """``count`` usable data sets of a numpy-drawn regime (fewer if the tries run out)."""
    found: list[Data] = []
    index = REGIMES.index(regime)
    for attempt in range(max(4 * count, 8)):
        if len(found) == count:
            break
        rng = np.random.default_rng([seed_, index, attempt])
        if regime == "near-zero":
            data = near_zero(rng, needs)
        elif regime == "rationals":
            data = rationals(rng, needs, first)
        elif regime == "long":
            data = realistic.long(rng, needs, len(found))
        elif regime == "round-sizes":
            data = round_size(rng, needs, ROUND_SIZES[len(found)])
        else:
            data = realistic.large(rng, needs, len(found))
        if data not in found and keep(data):
            found.append(data)
    return found
