"""The large and the long data sets: what real code meets, and where fixed-width numbers fail.

``large`` (the ``realistic`` regime) cycles through a few shapes:

* pixel-like images: integers 0..255 in one to three rectangles of a 28 × 28 (or 14 × 14,
  8 × 8) grid, zero elsewhere, like a digit of MNIST (d = 784 and n = 5000 for numpy
  candidates; the same shapes, smaller, for candidates that loop in Python);
* a long thin set: n = 5000 points with 3 coordinates 0..255 (bugs in n apart from d);
* magnitudes: integers up to 2²⁰ (or sixteenths of them: 25 significant bits, more than
  float32 holds), d ≤ 8, so that scores reach 2⁴⁰ and more.

``long`` gives runs of many passes: separable data with a small margin, kept only when the
run to convergence takes 10 passes or more, half of them scaled by 2ᵏ + 1 (the same run,
with weights and scores 2ᵏ and 4ᵏ times larger: float32 and int32 break, and for k ≥ 30 int64
too); for a fixed number of passes, a few hundred examples with values up to 2²⁰, or (one in
three) 2³⁷, whose scores pass 2⁶³.

Labels come from an integer w* (separable data keep only the examples at a margin from
it; other data flip one label in eight).  Every set is checked by the caller like any other
(convergence, float64 exactness).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from perceptron_ref.crosscheck.candidates import packed
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.needs import Needs
from perceptron_ref.crosscheck.judge.replay import replay, rule, scaled
from perceptron_ref.vectors import Label

MIN_PASSES = 10
"""A ``long`` set to convergence takes at least this many passes (a loop capped at 9 fails)."""


def pixels(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """n images of d pixels: rectangles of values 1..255 on a side × side grid (or, when d
    is not a square, intervals on a line)."""
    side = round(d**0.5)
    grid = (side, side) if side * side == d else (1, d)
    X = np.zeros((n, *grid), dtype=np.int64)
    for k in range(n):
        for _ in range(int(rng.integers(1, 4))):
            h = int(rng.integers(1, max(grid[0] // 2, 1) + 1))
            w = int(rng.integers(1, max(grid[1] // 2, 1) + 1))
            r = int(rng.integers(0, grid[0] - h + 1))
            c = int(rng.integers(0, grid[1] - w + 1))
            X[k, r : r + h, c : c + w] = rng.integers(1, 256, size=(h, w))
    return X.reshape(n, d)


def label(
    rng: np.random.Generator, X: np.ndarray, w_star: np.ndarray, separable: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Labels by w*; separable data keep the examples at a margin from it."""
    s = X @ w_star
    if separable:
        nonzero = np.abs(s[s != 0])
        margin = np.quantile(nonzero, 0.05) if nonzero.size else 1
        keep = np.abs(s) >= max(margin, 1)
        X, s = X[keep], s[keep]
        return X, np.where(s > 0, 1, -1)
    y = np.where(s > 0, 1, np.where(s < 0, -1, rng.choice([-1, 1], size=s.shape)))
    flip = rng.random(y.shape) < 0.125
    return X, np.where(flip, -y, y)


def _data(X: np.ndarray, y: np.ndarray, D: int = 1) -> Data:
    if D == 1:  # integers stay ints (see outcomes.Data)
        rows: tuple[tuple[int | Fraction, ...], ...] = tuple(map(tuple, X.tolist()))
    else:
        rows = tuple(tuple(Fraction(int(v), D) for v in x) for x in X.tolist())
    labels: tuple[Label, ...] = tuple(1 if t == 1 else -1 for t in y.tolist())
    return packed.keep((rows, labels), X) if D == 1 else (rows, labels)


SHAPES = {
    True: [("pixels", 5000, 784), ("thin", 5000, 3), ("pixels", 2000, 196), ("magnitude", 2000, 0)],
    False: [("thin", 5000, 3), ("pixels", 200, 784), ("magnitude", 1000, 0), ("pixels", 500, 64)],
}


def large(rng: np.random.Generator, needs: Needs, index: int) -> Data:
    """The ``index``-th realistic data set for these needs."""
    shape, n, d = SHAPES[needs.vectorized][index % 4]
    if needs.dimension is not None:
        d = needs.dimension
    wanted, n = n, n + n // 8  # separable data lose the examples too near w*: draw more
    if shape == "magnitude":
        d = d or int(rng.integers(2, 9))
        return magnitudes(rng, needs, n, d, sixteenths=index // 4 % 2 == 1, keep=wanted)
    X = pixels(rng, n, d) if shape == "pixels" else rng.integers(0, 256, size=(n, d))
    if needs.separable:  # left half of the image against the right half
        w_star = np.where(np.arange(d) < d / 2, 1, -1)
    else:
        w_star = rng.integers(-3, 4, size=d)
    X, y = label(rng, X, w_star, needs.separable)
    return _data(X[:wanted], y[:wanted])


def magnitudes(
    rng: np.random.Generator,
    needs: Needs,
    n: int,
    d: int,
    *,
    sixteenths: bool,
    keep: int = 0,
    bits: int = 20,
) -> Data:
    """Values up to 2²⁰ (in sixteenths when asked): scores of 2⁴⁰ and more; or up to 2^bits
    (2³⁷: scores past 2⁶³, where int64 wraps, weights still floats)."""
    D = 16 if sixteenths else 1
    top = 2**bits * D
    X = rng.integers(-top, top + 1, size=(n, d))
    w_star = rng.integers(-3, 4, size=d)
    if not w_star.any():
        w_star[0] = 1
    X, y = label(rng, X, w_star, needs.separable)
    return _data(X[: keep or len(X)], y[: keep or len(y)], D)


def long(rng: np.random.Generator, needs: Needs, index: int) -> Data:
    """Many passes (to convergence), or a few hundred large values (a fixed number of passes)."""
    d = needs.dimension or int(rng.integers(2, 6))
    if not needs.separable:
        n = int(rng.integers(100, 401))
        wide = 37 if index % 3 == 1 else 20  # one in three: scores past 2⁶³
        return magnitudes(rng, needs, n, d, sixteenths=index % 3 == 2, bits=wide)
    for _ in range(40):
        n = int(rng.integers(10, 61))
        X = rng.integers(-30, 31, size=(n, d))
        w_star = rng.integers(-5, 6, size=d)
        if not w_star.any():
            continue
        X, y = label(rng, X, w_star, True)
        keep = np.abs(X @ w_star) <= 3 * np.abs(w_star).sum()  # a small margin: many passes
        X, y = X[keep], y[keep]
        if len(y) < 2:
            continue
        run = replay(scaled(X.tolist(), y.tolist(), bias=needs.bias), rule(needs.rule), passes=None)
        if run.status == "converged" and MIN_PASSES <= run.epochs <= 400:
            k = int(rng.integers(30, 35)) if index % 4 == 2 else int(rng.integers(6, 17))
            factor = 2**k + 1 if index % 2 == 0 else 1  # 2³⁰ and more: scores past 2⁶³
            return _data(np.array(X, dtype=object) * factor, y)
    return _data(X, y)
