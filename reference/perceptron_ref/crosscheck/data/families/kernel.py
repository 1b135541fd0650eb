"""The kernel perceptron's data: the core's small regimes (ties, near-zero, rationals: kernel
values that need exact rationals, long), more ``ties`` at the kernel's own zero (in the slots
of the core's large regimes, which it leaves out: pairs with K(x, x') = 0, so a score
f(x) = Σ αⱼK(xⱼ, x) is 0 while α is not, where a bias carried as b += y, the kernel K + 1,
decides otherwise; the core's ties are zeros of x·x', not of (x·x' + c)^p), and

``nonlinear``
    points of a small integer grid labelled by sign(x₁·x₂) (XOR on {−1, 1}² and its kin) or
    by a circle: not linearly separable, separable by a polynomial kernel of degree 2;
``realistic``
    pixel-like images, n ≤ 300 (the Gram matrix has n² entries).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import datasets, realistic
from perceptron_ref.crosscheck.data.datasets import REGIMES as CORE_REGIMES
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import LARGE, core, core_plan, probes, smallest_first
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.crosscheck.judge.families.kernel import polynomial
from perceptron_ref.vectors import Label, Vector

NAMES = (*CORE_REGIMES[1:5], "nonlinear", "realistic")


def nonlinear(rng: np.random.Generator, d: int | None) -> Data:
    dim = d or 2
    n = int(rng.integers(4, 24))
    X = rng.integers(-2, 3, size=(n, dim))
    if rng.random() < 0.5:  # XOR and its kin: the sign of x1 * x2
        s = X[:, 0] * (X[:, 1] if dim > 1 else X[:, 0])
    else:  # a circle
        s = 3 - (X**2).sum(axis=1)
    keep = s != 0
    X, s = X[keep], s[keep]
    if len(s) == 0:
        X, s = np.array([[1] * dim]), np.array([1])
    y: tuple[Label, ...] = tuple(1 if v > 0 else -1 for v in s.tolist())
    return tuple(tuple(int(v) for v in x) for x in X.tolist()), y


def at_zero(rng: np.random.Generator, d: int | None, options: Options) -> Data:
    """Points a and b with K(a, b) = 0: x·x' = −c (−c − 1 with the bias's 1), a = (s, r…)
    and b = (−c/s, 0…) for one s per data set; an a then a b labelled +1 first (each a zero
    score; the second with α ≠ 0), then a random mix with random labels."""
    _, c = polynomial(options)
    t = -c - options.bias
    dim = d or 2
    s = Fraction(int(rng.choice([-2, -1, 1, 2])))

    def a() -> Vector:
        return (s, *(Fraction(int(v)) for v in rng.integers(-1, 2, size=dim - 1)))

    b = (t / s, *(Fraction(0),) * (dim - 1))
    n = int(rng.integers(0, 7))
    X = [a(), b, *(a() if rng.random() < 0.5 else b for _ in range(n))]
    y: tuple[Label, ...] = (1, 1, *(1 if rng.random() < 0.5 else -1 for _ in range(n)))
    return tuple(X), y


class Kernel:
    names = NAMES

    def counts(self, examples: int) -> tuple[int, int, int]:
        """Data sets of the core's small regimes, nonlinear ones, realistic ones."""
        large = min(2, examples // 10)
        nonlinear = examples // 5 - large
        return examples - examples // 5, nonlinear, large

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        small, nonlinear, large = self.counts(examples)
        names = core_plan(small, floats, large=False)
        return (
            *names,
            *(["nonlinear"] if nonlinear > 0 else []),
            *(["realistic"] if large else []),
        )

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        small, wanted, large = self.counts(examples)
        found = list(core(replace(needs, vectorized=False), small, seed, keep, large=False))
        rng = np.random.default_rng([seed, 13])
        for _ in range(8 * max(wanted, 1)):
            if sum(c.regime == "nonlinear" for c in found) >= wanted:
                break
            data = nonlinear(rng, needs.dimension)
            if keep(data):
                found.append(Case("nonlinear", data))
        zeros = sum(n for r, n in datasets.plan(small, floats=needs.floats).items() if r in LARGE)
        made, at = 0, np.random.default_rng([seed, 23])
        for _ in range(8 * zeros):
            if made >= zeros:
                break
            data = at_zero(at, needs.dimension, options)
            if keep(data):
                found.append(Case("ties", data))
                made += 1
        for k, (n, d) in enumerate(((200, 196), (300, 64))[:large]):
            X = realistic.pixels(np.random.default_rng([seed, 17, k]), n, needs.dimension or d)
            w = np.where(np.arange(X.shape[1]) < X.shape[1] / 2, 1, -1)
            X, y = realistic.label(rng, X, w, needs.separable)
            data = realistic._data(X, y)
            if keep(data):
                found.append(Case("realistic", data))
        return smallest_first(found)

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        return probes(data)


REGIMES = Kernel()
