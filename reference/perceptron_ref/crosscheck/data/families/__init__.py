"""The data a family's candidate is tried on, and the points a fitted object is asked at.

Each family's module gives its :class:`Regimes`: the data sets of every regime that reaches
the family's differences (ties in a vote or an argmax, many classes, boolean data labelled by
a target's r relevant variables, kernels whose values need exact rationals, …), drawn
deterministically from the seed and kept only when ``keep`` accepts them (the crosscheck's
options and float64 exactness: :func:`~perceptron_ref.crosscheck.judge.family_trial.usable`).

*Probe points* (:func:`probes`) are chosen from the data alone, never from an expected
answer (a candidate must not learn one from its questions): the origin, where every linear
score is 0 (a tie in every vote and every argmax), the examples and their negatives, sums and
differences of pairs, and the unit vectors; small integer data make many more ties among them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from hypothesis.errors import Unsatisfiable

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data import datasets, ties
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.vectors import Vector

PROBES = 64
"""At most this many probe points per data set."""


class Regimes(Protocol):
    """A family's data: its regimes, drawn, and its probe points."""

    names: tuple[str, ...]  # the regimes, for the report and the graded tests

    def draw(
        self,
        options: Options,
        needs: Needs,
        examples: int,
        seed: int,
        keep: Callable[[Data], bool],
    ) -> list[Case]: ...

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]: ...

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        """The regimes drawn for crosscheck's ``options`` (a grading configuration's)."""
        ...


LARGE = ("realistic", "round-sizes")
"""The core's regimes of large data sets (up to 5000 examples), left out with ``large``
False (a kernel perceptron's reference run is quadratic in n)."""


def core_plan(examples: int, floats: bool, *, large: bool = True) -> tuple[str, ...]:
    """The core's regimes drawn for ``examples`` data sets (:func:`core`)."""
    drawn = datasets.plan(examples, floats=floats)
    return tuple(r for r in drawn if large or r not in LARGE)


def probes(data: Data, limit: int = PROBES) -> tuple[Vector, ...]:
    """Points chosen from the data alone (see the module's docstring), at most ``limit``."""
    X = [tuple(Fraction(v) for v in x) for x in data[0][:16]]
    d = len(X[0])
    zero = (Fraction(0),) * d
    found: dict[Vector, None] = {zero: None}
    units = [tuple(Fraction(int(i == j)) for j in range(d)) for i in range(min(d, 4))]
    pools = [X[:16], [tuple(-v for v in x) for x in X[:8]], units]
    pairs = [(X[i], X[j]) for i in range(min(len(X), 6)) for j in range(i + 1, min(len(X), 6))]
    pools.append([tuple(a + b for a, b in zip(u, v, strict=True)) for u, v in pairs])
    pools.append([tuple(a - b for a, b in zip(u, v, strict=True)) for u, v in pairs])
    for pool in pools:
        for p in pool:
            if len(found) < limit:
                found.setdefault(p, None)
    return tuple(found)


def draw(strategy: Any, count: int, seed: int, keep: Callable[[Data], bool]) -> list[Data]:
    """``ties.draw``, or none when ``keep`` rejects everything the strategy makes (no data
    of this regime fits the options: the caller says so)."""
    try:
        return ties.draw(strategy, count, seed, keep)
    except Unsatisfiable:
        return []


def padded(data: Data, dimension: int | None) -> Data | None:
    """0/1 data with zero features added up to ``dimension`` (None: too many already)."""
    if dimension is None:
        return data
    d = len(data[0][0])
    if d > dimension:
        return None
    zeros = (0,) * (dimension - d)
    return tuple((*x, *zeros) for x in data[0]), data[1]


def core(
    needs: Needs,
    examples: int,
    seed: int,
    keep: Callable[[Data], bool],
    *,
    large: bool = True,
) -> list[Case]:
    """The core's regimes (``crosscheck/data/datasets.py``: ties, near-zero, rationals, long,
    realistic, round-sizes), for a family whose training run is a two-class perceptron's;
    ``large`` False leaves the large sizes out (:data:`LARGE`)."""
    drawn = datasets.plan(examples, floats=needs.floats)
    plan = {r: n for r, n in drawn.items() if large or r not in LARGE}
    return datasets.regimes(plan, needs, seed, keep, draw_ties=draw)


def smallest_first(cases: Sequence[Case]) -> list[Case]:
    return sorted(cases, key=lambda c: c.size)
