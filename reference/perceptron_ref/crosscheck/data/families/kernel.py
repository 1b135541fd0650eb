"""The kernel perceptron's data: the core's small regimes (ties, near-zero, rationals: kernel
values that need exact rationals, long), and

``nonlinear``
    points of a small integer grid labelled by sign(x₁·x₂) (XOR on {−1, 1}² and its kin) or
    by a circle: not linearly separable, separable by a polynomial kernel of degree 2;
``realistic``
    pixel-like images, n ≤ 300 (the Gram matrix has n² entries).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import realistic
from perceptron_ref.crosscheck.data.datasets import REGIMES as CORE_REGIMES
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import core, core_plan, probes, smallest_first
from perceptron_ref.crosscheck.family_options import Options
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
