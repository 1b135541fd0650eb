"""Exact vector arithmetic shared by every algorithm.

Vectors are tuples of :class:`fractions.Fraction`, so they are immutable and every
operation is exact.  These are the only vector operations the reference uses; each
is the textbook definition, written out so that a reader can check it at a glance.

>>> from fractions import Fraction as F
>>> w = (F(1), F(-2))
>>> dot(w, (F(-1), F(2)))
Fraction(-5, 1)
>>> add(w, scale(F(1, 2), (F(2), F(2))))
(Fraction(2, 1), Fraction(-1, 1))
>>> norm2(w)
Fraction(5, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

Vector = tuple[Fraction, ...]
"""An exact vector: the notes' w, x, w*."""

Label = Literal[-1, 1]
"""A label y ∈ {−1, +1}."""

ZERO = Fraction(0)


def zeros(d: int) -> Vector:
    """The zero vector of dimension *d*: every note starts from w = 0."""
    return (ZERO,) * d


def dot(u: Vector, v: Vector) -> Fraction:
    """The inner product ⟨u, v⟩ = Σ uᵢvᵢ."""
    assert len(u) == len(v), "dimension mismatch"
    return sum((a * b for a, b in zip(u, v, strict=True)), ZERO)


def add(u: Vector, v: Vector) -> Vector:
    """The sum u + v."""
    assert len(u) == len(v), "dimension mismatch"
    return tuple(a + b for a, b in zip(u, v, strict=True))


def scale(c: Fraction | int, v: Vector) -> Vector:
    """The multiple c·v."""
    return tuple(c * a for a in v)


def norm2(v: Vector) -> Fraction:
    """The squared Euclidean norm ‖v‖² = ⟨v, v⟩, exact (‖v‖ itself may be irrational)."""
    return dot(v, v)


def show(v: Vector) -> str:
    """Print a vector exactly, as the notes write it: ``(3, 1)``, ``(1/2, -2)``."""
    return "(" + ", ".join(str(a) for a in v) + ")"
