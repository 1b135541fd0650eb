"""Witnesses from actual runs of the reference: the worked examples of the notes, run by
``perceptron_ref.run``, read as the proofs' sequences (weights before each mistake, the
mistaken examples)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from perceptron_ref import run
from perceptron_ref.vectors import Vector

SLIDE_15_X: tuple[tuple[int, int], ...] = ((-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1))
SLIDE_15_Y: tuple[int, ...] = (-1, 1, 1, -1, -1, 1)
"""Gormley, slide 15: the worked example (separated by (1, 0) with margin 1; ‖x‖² ≤ 5)."""


@dataclass(frozen=True)
class Mistakes:
    """A run read mistake by mistake: w[j] are the weights before the j-th mistake (0-based;
    w[m] the final weights), made on x[j] with label y[j]."""

    w: tuple[Vector, ...]
    x: tuple[Vector, ...]
    y: tuple[int, ...]
    steps: int
    """Examples seen in all."""

    @property
    def m(self) -> int:
        return len(self.x)


def mistakes(
    algorithm: str, X: Sequence[Sequence[Any]], y: Sequence[int], **options: Any
) -> Mistakes:
    trace = run(algorithm, X, y, **options)
    rows = [tuple(Fraction(v) for v in row) for row in X]
    w = [tuple(Fraction(0) for _ in rows[0])]
    xs, ys = [], []
    for s in trace.steps:
        if s.mistake:
            xs.append(rows[s.index])
            ys.append(s.label)
            w.append(s.weights)
    assert tuple(w[-1]) == tuple(trace.weights)
    return Mistakes(tuple(w), tuple(xs), tuple(ys), len(trace.steps))


def sequence(values: Sequence[Any], first: int = 0) -> Callable[[int], Any]:
    """values as a function of an index starting at ``first``; outside its range, an error."""

    def at(n: int) -> Any:
        if not first <= n < first + len(values):
            raise ValueError(f"index {n} outside {first}..{first + len(values) - 1}")
        return values[n - first]

    return at
