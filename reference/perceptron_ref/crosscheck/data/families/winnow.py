"""Winnow's data: points of {0, 1}ⁿ.

``targets``
    labelled by a target of the algorithm's class, with its r relevant variables among n (a
    monotone disjunction, "at least k of r", an LTF w*·x ≥ c with margin γ;
    :mod:`perceptron_ref.testing_targets`);
``ties``
    n ≤ 4, dense points and repeats: w·x = θ (the threshold) comes often, where the rule at
    w·x = θ and the threshold n or n/2 differ;
``noise``
    a target with one label in eight flipped: demotions of relevant weights;
``many-features``
    n up to 300 with r ≤ 5 relevant and sparse points (text-like): Winnow's log n regime.

With ``--epochs converge``, only targets (separable) whose run converges.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import strategies as st

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import draw, padded, probes
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.testing_targets import BooleanTarget, disjunctions, k_of_r, ltfs
from perceptron_ref.vectors import Label, Vector

NAMES = ("targets", "ties", "noise", "many-features")


def _target(algorithm: str) -> st.SearchStrategy[BooleanTarget]:
    if algorithm == "winnow/disjunction":
        return disjunctions(max_n=16, max_size=30)
    if algorithm == "winnow/k-of-r":
        return k_of_r(max_n=16, max_size=30)
    return ltfs(max_n=12, max_size=30)


def _data(t: BooleanTarget) -> Data:
    return tuple(tuple(x) for x in t.X), tuple(t.y)


@st.composite
def ties(draw_: st.DrawFn) -> Data:
    """Small dense 0/1 data with repeats, random labels."""
    n = draw_(st.integers(1, 4))
    size = draw_(st.integers(1, 12))
    point = st.lists(
        st.sampled_from([Fraction(1), Fraction(1), Fraction(0)]), min_size=n, max_size=n
    )
    X: list[tuple[Fraction, ...]] = []
    for _ in range(size):
        if X and draw_(st.integers(0, 3)) == 0:
            X.append(draw_(st.sampled_from(X)))
        else:
            X.append(tuple(draw_(point)))
    y: list[Label] = draw_(st.lists(st.sampled_from([1, -1]), min_size=size, max_size=size))
    return tuple(X), tuple(y)


def labelled(
    rng: np.random.Generator, algorithm: str, n: int, size: int, r: int, *, flip: bool
) -> Data:
    """Sparse points labelled by a target on r random relevant variables ("at least k of
    them", k = 1 for a disjunction); with ``flip``, one label in eight flipped."""
    relevant = rng.choice(n, size=r, replace=False)
    k = 1 if algorithm == "winnow/disjunction" else int(rng.integers(1, r + 1))
    density = float(rng.choice([0.05, 0.1, 0.3]))
    X = (rng.random((size, n)) < density).astype(np.int64)
    y = np.where(X[:, relevant].sum(axis=1) >= k, 1, -1)
    flipped = (rng.random(size) < 0.125) & flip
    labels: tuple[Label, ...] = tuple(int(v) for v in np.where(flipped, -y, y))  # type: ignore[misc]
    return tuple(tuple(int(v) for v in x) for x in X), labels


class Winnow:
    names = NAMES

    def counts(self, converge: bool, examples: int) -> dict[str, int]:
        many = min(4, examples // 10)
        noise = 0 if converge else examples // 5
        tie = 0 if converge else examples // 4
        targets = max(examples - many - noise - tie, 0)
        return {"targets": targets, "ties": tie, "noise": noise, "many-features": many}

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        counts = self.counts(options.get("epochs") == "converge", examples)
        return tuple(r for r, n in counts.items() if n)

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        converge = options.epochs == "converge"
        targets, tie, noise, many = self.counts(converge, examples).values()
        D = needs.dimension  # --dimension D: zero features added up to D, or D features drawn

        def fits(data: Data | None) -> bool:
            return data is not None and keep(data)

        drawn = draw(_target(options.algorithm).map(_data).map(lambda d: padded(d, D)),
                     targets, seed, fits)  # fmt: skip
        found = [Case("targets", d) for d in drawn]
        drawn = draw(ties().map(lambda d: padded(d, D)), tie, seed, fits)
        found += [Case("ties", d) for d in drawn]
        rng = np.random.default_rng([seed, 7])
        for regime, count, sizes in (
            ("noise", noise, (8, 40)),
            ("many-features", many, (100, 300)),
        ):
            made = 0
            for _ in range(8 * count):
                if made == count:
                    break
                n = D or (
                    int(rng.integers(*sizes))
                    if regime == "many-features"
                    else int(rng.integers(4, 20))
                )
                size = (
                    int(rng.integers(20, 400))
                    if regime == "many-features"
                    else int(rng.integers(5, 40))
                )
                r = int(rng.integers(1, min(5, n) + 1))
                data = labelled(rng, options.algorithm, n, size, r, flip=regime == "noise")
                if keep(data):
                    found.append(Case(regime, data))
                    made += 1
        return found

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        d = len(data[0][0])
        ones = (Fraction(1),) * d
        return (ones, *probes(data))[:64]


REGIMES = Winnow()
