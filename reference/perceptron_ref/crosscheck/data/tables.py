"""Data for programs and parts: a training set and a test set of numbers that float64 holds
exactly, drawn so that every float64 computation a student's code makes on them is exact.

A program reads its data from text files and a part (a step function, a predict function, a
state API) receives numpy arrays: either way the numbers become float64.  Small integers and
integers times one power of two keep every weight, product and partial sum exact in float64,
so a float64 run is the exact run and labels can be compared exactly.  Regimes, smallest
data sets first:

``ties``
    1 to 8 examples with coordinates in {-2, …, 2}, half of them 0, and repeated rows: many
    zero scores w·x = 0, where the notes' rules differ;
``near-zero``
    2 to 12 examples in {-3, …, 3} × 2⁻ᵏ (k = 8, 16 or 24, written as exact decimals):
    scores just off zero, which catch a tolerance (``abs(s) < 1e-6``) or a threshold;
``mixed``
    10 to 60 examples, d from 2 to 8, coordinates in {-9, …, 9};
``long``
    20 to 80 examples, d from 3 to 5, coordinates up to 2¹⁶ in size: weights and scores past
    int16, long runs; and (unless separable data are needed) first two examples that a
    float32 run decides otherwise: 2²⁴ + 1 is not a float32;
``large``
    500 to 2000 examples, d from 10 to 40, pixel-like coordinates in {0, …, 255}.

Labels are random for the smallest sets and come from a hidden separator otherwise (a tenth
of them flipped), except for runs to convergence, which get separable data (examples on the
separator dropped).  The same seed gives the same data sets (numpy's PCG64).

>>> cases = draw(6, seed=0, separable=False)
>>> [c.regime for c in cases], all(len(c.test[0]) >= 1 for c in cases)
(['ties', 'ties', 'near-zero', 'mixed', 'long', 'large'], True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.vectors import Label

REGIMES = ("ties", "near-zero", "mixed", "long", "large")
PATTERN = (
    "ties",
    "mixed",
    "near-zero",
    "long",
    "ties",
    "large",
    "ties",
    "mixed",
    "near-zero",
    "long",
    "ties",
    "large",
)
"""The regimes in the order a request gets them (``large``: at most 3)."""


@dataclass(frozen=True)
class Case:
    """A training set, a test set, and the regime they were drawn from."""

    regime: str
    train: Data
    test: Data

    @property
    def size(self) -> int:
        return len(self.train[0]) * max(1, len(self.train[0][0]))


def plan(examples: int) -> dict[str, int]:
    """How many data sets of each regime ``examples`` asks for: they follow :data:`PATTERN`
    (ties first), with at most 3 large ones.

    >>> plan(12)
    {'ties': 4, 'mixed': 2, 'near-zero': 2, 'long': 2, 'large': 2}
    >>> plan(2), plan(1)
    ({'ties': 1, 'mixed': 1}, {'ties': 1})
    """
    counts: dict[str, int] = {}
    i = 0
    while sum(counts.values()) < examples:
        regime = PATTERN[i % len(PATTERN)]
        i += 1
        if regime == "large" and counts.get("large", 0) >= 3:
            regime = "mixed"
        counts[regime] = counts.get(regime, 0) + 1
    return counts


def _separator(rng: np.random.Generator, d: int, low: int, high: int) -> np.ndarray:
    w = rng.integers(low, high + 1, size=d)
    while not w.any():
        w = rng.integers(low, high + 1, size=d)
    return w


def _rows(rng: np.random.Generator, regime: str) -> tuple[np.ndarray, int]:
    """The rows of one data set (training and test together) and how many train."""
    if regime == "ties":
        n, d = int(rng.integers(1, 9)), int(rng.integers(1, 5))
        X = rng.integers(-2, 3, size=(n + 3, d)) * (rng.random((n + 3, d)) < 0.5)
        repeat = rng.random(n + 3) < 0.3  # repeated rows: the same example seen twice
        for i in range(1, n + 3):
            if repeat[i]:
                X[i] = X[i - 1]
        return X, n
    if regime == "near-zero":
        n, d = int(rng.integers(2, 13)), int(rng.integers(1, 5))
        return rng.integers(-3, 4, size=(n + 3, d)), n
    if regime == "mixed":
        n, d = int(rng.integers(10, 61)), int(rng.integers(2, 9))
        return rng.integers(-9, 10, size=(n + n // 2, d)), n
    if regime == "long":
        n, d = int(rng.integers(20, 81)), int(rng.integers(3, 6))
        return rng.integers(-(2**16), 2**16 + 1, size=(n + n // 4, d)), n
    n, d = int(rng.integers(500, 2001)), int(rng.integers(10, 41))
    return rng.integers(0, 256, size=(n + n // 4, d)), n


def _labels(
    rng: np.random.Generator, X: np.ndarray, separable: bool, regime: str
) -> tuple[np.ndarray, np.ndarray]:
    """Labels for the rows X (and the rows kept): random for small sets, a hidden separator
    otherwise (noisy unless separable data are needed; rows on it dropped when they are)."""
    d = X.shape[1]
    if regime == "ties" and not separable:
        return np.where(rng.random(len(X)) < 0.5, 1, -1), np.arange(len(X))
    centre = 128 if regime == "large" else 0
    w = _separator(rng, d, -3, 3)
    s = (X - centre) @ w
    y = np.where(s > 0, 1, -1)
    if not separable:
        flip = rng.random(len(X)) < 0.1
        return np.where(flip, -y, y), np.arange(len(X))
    keep = np.flatnonzero(s != 0)
    return y[keep], keep


def _data(X: np.ndarray, y: np.ndarray, scale: int = 0) -> Data:
    """Rows of ints (times 2⁻ˢᶜᵃˡᵉ, as Fractions, when scale > 0) and labels ±1."""
    if scale:
        rows: tuple[tuple[Fraction | int, ...], ...] = tuple(
            tuple(Fraction(int(v), 2**scale) if v else 0 for v in x) for x in X
        )
    else:
        rows = tuple(tuple(int(v) for v in x) for x in X)
    labels: tuple[Label, ...] = tuple(1 if t > 0 else -1 for t in y)
    return rows, labels


def one(
    rng: np.random.Generator, regime: str, separable: bool, k: int = 0, bias: bool = False
) -> Case:
    """One case of ``regime`` (the ``k``-th): a training set of at least one example, a test
    set of at least one (separable data: separable by one hidden separator, training and
    test alike; ``bias``: the runs prepend a constant 1)."""
    while True:
        X, n = _rows(rng, regime)
        if separable and regime == "ties":
            X = X - (X == 0) * rng.integers(0, 2, size=X.shape)  # fewer all-zero rows
        y, keep = _labels(rng, X, separable, regime)
        X = X[keep]
        train = min(n, len(X) - 1)
        scale = int(rng.choice([8, 16, 24])) if regime == "near-zero" else 0
        if train >= 1:
            if regime == "long" and not separable:
                X, y, train = _rounding(X, y, train, 1 if k % 2 else -1, bias)
            a, b = _data(X[:train], y[:train], scale), _data(X[train:], y[train:], scale)
            return Case(regime, a, b)


M = 2**24
"""2²⁴ + 1 is the first integer float32 cannot hold (it reads 2²⁴)."""


def _rounding(
    X: np.ndarray, y: np.ndarray, train: int, sign: int, bias: bool
) -> tuple[np.ndarray, np.ndarray, int]:
    """Two training examples first that a float32 run decides otherwise than the exact one:
    x₁ = (2²⁴ + 1, 2²⁴, 1) with the label ``sign`` moves w to sign·x₁ under the rules that
    predict -sign at a zero score (and a zero score that is always a mistake); then
    x₂ = (1, -1, -1) has the exact score ``sign`` and that label (no mistake), where float32
    reads x₁ as (2²⁴, 2²⁴, 1) and scores 0.  The third coordinate cancels the bias's weight
    (``bias``); without a bias it is 0."""
    head = np.zeros((2, X.shape[1]), dtype=X.dtype)
    head[0, :3] = (M + 1, M, 1 if bias else 0)
    head[1, :3] = (1, -1, -1 if bias else 0)
    rows = np.vstack([head, X])
    labels = np.concatenate([[sign, sign], y])
    return rows, labels, train + 2


def traps(bias: bool) -> list[Case]:
    """For runs to convergence, whose ``long`` sets get no :func:`_rounding` head (it would
    not keep them separable): the head's two examples alone, for either sign, with a zero
    test point.  Each converges within two passes, and a float32 run decides x₂ otherwise
    under the rules that predict -sign at a zero score."""
    found = []
    for sign in (1, -1):
        X, y, train = _rounding(np.zeros((1, 3), dtype=np.int64), np.array([sign]), 0, sign, bias)
        found.append(Case("long", _data(X[:train], y[:train]), _data(X[train:], y[train:])))
    return found


def draw(examples: int, *, seed: int, separable: bool, bias: bool = False) -> list[Case]:
    """``examples`` cases of every regime of :func:`plan`, smallest first, deterministic."""
    rng = np.random.default_rng([seed, 2027])
    found = [
        one(rng, r, separable, k, bias) for r, count in plan(examples).items() for k in range(count)
    ]
    return sorted(found, key=lambda c: (REGIMES.index(c.regime), c.size))


def _bezout(values: list[int]) -> tuple[int, list[int]]:
    """g = gcd(values) and integers c with Σ cᵢ·valuesᵢ = g (extended Euclid)."""
    g, coefficients = 0, [0] * len(values)
    for i, v in enumerate(values):
        if v == 0:
            continue
        if g == 0:
            g, coefficients[i] = abs(v), 1 if v > 0 else -1
            continue
        # s·g + t·v = gcd(g, v)
        old_r, r, old_s, s, old_t, t = g, v, 1, 0, 0, 1
        while r:
            q = old_r // r
            old_r, r = r, old_r - q * r
            old_s, s = s, old_s - q * s
            old_t, t = t, old_t - q * t
        if old_r < 0:
            old_r, old_s, old_t = -old_r, -old_s, -old_t
        coefficients = [c * old_s for c in coefficients]
        coefficients[i] = old_t
        g = old_r
    return g, coefficients


def boundary(
    w: tuple[Fraction | int, ...], bias: bool, limit: int = 2**24
) -> list[tuple[int, ...]]:
    """Integer points on the boundary of w (w·x̃ = 0, x̃ = (1, x) with a bias), small enough
    that every float64 sum over them is exact: a run whose w differs a little from the exact
    one (float32, a pass too many) is likely to predict them otherwise, and the label a zero
    score predicts decides them.

    >>> boundary((4, -2, 6), bias=True), boundary((3, -2, 4), bias=True)
    ([(2, 0), (5, 1)], [])
    >>> boundary((0, 5), bias=False), boundary((2, 3), bias=False)
    ([(0, 0)], [(0, 0), (3, -2)])
    """
    q = [Fraction(v) for v in w]
    scale = 1
    for v in q:
        scale = scale * v.denominator // math.gcd(scale, v.denominator)
    ints = [int(v * scale) for v in q]
    head, feats = (ints[0], ints[1:]) if bias else (0, ints)
    g, c = _bezout(feats)
    if g == 0 or head % g:
        return [tuple(0 for _ in feats)] if head == 0 and feats else []
    x = [-(head // g) * ci for ci in c]
    found = [tuple(x)]
    # a second point along the boundary: a vector the features' weights annul
    nonzero = [j for j, v in enumerate(feats) if v]
    if len(nonzero) >= 2:
        a, b = nonzero[:2]
        h = math.gcd(feats[a], feats[b])
        step = [0] * len(feats)
        step[a], step[b] = feats[b] // h, -feats[a] // h
        found.append(tuple(u + s for u, s in zip(x, step, strict=True)))
    ok = [
        p
        for p in found
        if all(abs(v) <= limit for v in p)
        and sum(abs(v * u) for v, u in zip(p, feats, strict=True)) < 2**52 // max(scale, 1)
    ]
    return ok
