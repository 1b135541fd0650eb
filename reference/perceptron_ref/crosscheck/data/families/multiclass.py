"""The multiclass perceptron's data: labels 0 … K − 1, every class present (the rows are in
the order of the sorted labels, so a matrix and a dict {label: row} mean the same).

``ties``
    small integer data with zeros, K ≤ 4: from W = 0 every first score ties, and ties in the
    argmax come again and again (where the first class, or the last, wins);
``many-classes``
    K from 5 to 26, small d: long argmaxes;
``near-zero``
    some examples scaled by 2⁻ᵏ: scores just off a tie;
``rationals`` (exact candidates only)
    coordinates with denominators such as 3²⁰: ties float64 does not see;
``long``
    labels from a target W* with a margin: runs of many passes (to convergence);
``realistic``
    digit-like images, K = 10 classes each a blob of 64 (8 × 8) or 196 pixels, n up to 2000.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import probes
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.vectors import Vector

NAMES = ("ties", "many-classes", "near-zero", "rationals", "long", "realistic")


def _data(X: np.ndarray, y: np.ndarray, scale: list[Fraction] | None = None) -> Data:
    rows: tuple[tuple[int | Fraction, ...], ...]
    if scale is None:
        rows = tuple(tuple(int(v) for v in x) for x in X.tolist())
    else:
        rows = tuple(
            tuple(Fraction(int(v)) * s for v in x) for x, s in zip(X.tolist(), scale, strict=True)
        )
    labels: Any = tuple(int(t) for t in y.tolist())  # classes 0 … K − 1, not ±1
    return rows, labels


def _labelled(
    rng: np.random.Generator, X: np.ndarray, K: int, separable: bool
) -> tuple[np.ndarray, np.ndarray] | None:
    """X and labels by a target W* (argmax, the first class on a tie): separable data keep
    the examples at a margin from W*'s ties, others get one label in five redrawn; None
    unless every class is present."""
    W = rng.integers(-3, 4, size=(K, X.shape[1]))
    scores = X @ W.T
    y = scores.argmax(axis=1)
    if separable:
        top = np.sort(scores, axis=1)
        keep = top[:, -1] - top[:, -2] >= 1
        X, y = X[keep], y[keep]
    else:
        noise = rng.random(len(y)) < 0.2
        y = np.where(noise, rng.integers(0, K, size=len(y)), y)
    if len(y) == 0 or len(set(y.tolist())) != K:
        return None
    return X, y


def case(rng: np.random.Generator, regime: str, needs: Needs) -> Data | None:
    """One data set of the regime (None: this draw did not give every class)."""
    if regime == "realistic":  # K digit-like prototypes, each pixel kept with probability 0.8
        K, side = 10, (14 if needs.vectorized else 8)
        n = 2000 if needs.vectorized else 500
        proto = rng.integers(0, 2, size=(K, side * side)) * rng.integers(1, 256, (K, side * side))
        y = np.arange(n) % K
        rng.shuffle(y)
        return _data(proto[y] * (rng.random((n, side * side)) < 0.8), y)
    K = int(rng.integers(5, 27)) if regime == "many-classes" else int(rng.integers(2, 5))
    d = needs.dimension or int(rng.integers(1, 6))
    n = int(rng.integers(20, 80)) if regime == "long" else int(rng.integers(K, 4 * K + 12))
    X = rng.integers(-2, 3, size=(n, d)) * (rng.random((n, d)) < 0.7)
    found = _labelled(rng, X, K, needs.separable or regime == "long")
    if found is None:
        return None
    X, y = found
    if regime in ("near-zero", "rationals"):
        small = [Fraction(1, 2 ** int(rng.integers(10, 40))) for _ in y]
        if regime == "rationals":
            small = [Fraction(1, int(rng.choice([3**20, 7**9, 10**12 + 39]))) for _ in y]
        scale = [s if rng.random() < 0.5 else Fraction(1) for s in small]
        return _data(X, y, scale)
    return _data(X, y)


class Multiclass:
    names = NAMES

    def counts(self, converge: bool, examples: int, floats: bool) -> dict[str, int]:
        large = 0 if converge else min(4, examples // 10)
        long = min(6, examples // 8)
        near = examples // 5
        rationals = 0 if floats else examples // 5
        many = examples // 8
        ties = max(examples - large - long - near - rationals - many, 0)
        return {"ties": ties, "many-classes": many, "near-zero": near, "rationals": rationals,
                "long": long, "realistic": large}  # fmt: skip

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        counts = self.counts(options.get("epochs") == "converge", examples, floats)
        return tuple(r for r, n in counts.items() if n)

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        counts = self.counts(options.epochs == "converge", examples, needs.floats)
        found: list[Case] = []
        for k, (regime, count) in enumerate(counts.items()):
            made = 0
            for attempt in range(max(8 * count, 8)):
                if made >= count:
                    break
                data = case(np.random.default_rng([seed, 11, k, attempt]), regime, needs)
                if data is not None and keep(data):
                    found.append(Case(regime, data))
                    made += 1
        return found

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        return probes(data)


REGIMES = Multiclass()
