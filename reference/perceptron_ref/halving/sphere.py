"""A proper ε-cover of the unit sphere by exact rational unit vectors, with its certificate.

Mehta, Lecture 3, §1 (Definition 1): A ⊂ S is a proper ε-cover of S = {w : ‖w‖ = 1} if
every w ∈ S has some w' ∈ A with ‖w − w'‖ ≤ ε.  The note only bounds the size of such a
cover; :func:`sphere_cover` builds one and *proves* the cover property in exact
arithmetic, as follows (see ``spec/algorithms/halving/cover.md``).

Cells.  Every u ∈ S lies on the ray of a point z = u/|u_i| of the cube's surface, where
i is a coordinate of largest |u_i|: z is in the face {z_i = ±1, |z_j| ≤ 1}.  The faces are
cut into boxes B (cells), halved until each is certified; so every u ∈ S is z/‖z‖ for a z
in some certified cell.

Certificate of a cell B with point c (‖c‖ = 1 exactly).  For u = z/‖z‖, z ∈ B,
‖u − c‖² = 2 − 2⟨u, c⟩, so ‖u − c‖ ≤ ε iff g(z) = ⟨z, c⟩ − κ‖z‖ ≥ 0 with κ = 1 − ε²/2.
g is concave (linear minus a norm, for κ ≥ 0; for κ < 0 the test is passed when
⟨z, c⟩ ≥ 0, linear), and a concave function's minimum over a box is at a vertex.  So
g ≥ 0 at the 2^(d−1) vertices of B proves the whole cell, and at a vertex v it is the
rational test ⟨v, c⟩ ≥ 0 and ⟨v, c⟩² ≥ κ²‖v‖².  Nothing is rounded in the proof; the
approximations below only choose the points.

On the circle with ε = 1/2, eight points 45° apart (the largest gap to a cover point is
2·sin(11.25°) ≈ 0.39):

>>> from perceptron_ref.vectors import show
>>> A = sphere_cover(2, Fraction(1, 2))
>>> len(A), all(norm2(c) == 1 for c in A)
(8, True)
>>> [show(c) for c in A[:2]]
['(-3871/4321, -1920/4321)', '(-3871/4321, 1920/4321)']
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import product
from math import isqrt

from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Vector, dot, norm2

Box = tuple[tuple[Fraction, Fraction], ...]
"""A closed box in Rᵈ: one interval (lo_j, hi_j) per coordinate."""

MAX_POINTS = 200_000
"""Largest cover built: the cover grows like (1/ε)^(d−1), and Halving votes over all of it."""


def certified(B: Box, c: Vector, epsilon: Fraction) -> bool:
    """True iff every u = z/‖z‖ with z ∈ B has ‖u − c‖ ≤ ε (exact; see the module docstring)."""
    kappa = 1 - epsilon**2 / 2
    for v in product(*B):
        a = dot(v, c)
        if kappa <= 0:
            if a < 0:  # the concave argument needs κ ≥ 0; ⟨z, c⟩ ≥ 0 on B suffices here
                return False
        elif a < 0 or a * a < kappa * kappa * norm2(v):
            return False
    return True


def _sqrt_below(q: Fraction, bits: int) -> Fraction:
    """A rational approximation of √q from below, to within 2^−bits (for choosing points only)."""
    scale = 1 << bits
    return Fraction(isqrt(q.numerator * scale * scale // q.denominator), scale)


def point_near(z: Vector, axis: int, Q: int) -> Vector:
    """An exact rational unit vector close to z/‖z‖, for z with z_axis = ±1 and |z_j| ≤ 1.

    Inverse stereographic projection from the pole −z_axis·e_axis, which is far from z/‖z‖
    (so the map is well conditioned): t = z_rest/(‖z‖ + 1), rounded to multiples of 1/Q;
    then u_rest = 2t/(1 + |t|²), u_axis = z_axis·(1 − |t|²)/(1 + |t|²).
    """
    s = z[axis]
    r = _sqrt_below(norm2(z), 2 * Q.bit_length() + 8)
    t = [Fraction(round(z_j * Q / (r + 1)), Q) for j, z_j in enumerate(z) if j != axis]
    T = sum((t_j * t_j for t_j in t), Fraction(0))
    rest = iter(2 * t_j / (1 + T) for t_j in t)
    u = tuple(s * (1 - T) / (1 + T) if j == axis else next(rest) for j in range(len(z)))
    assert norm2(u) == 1
    return u


def _halves(B: Box) -> Iterator[Box]:
    """The 2^(d−1) boxes that halve B along each of its non-degenerate sides."""
    sides = [
        ((lo, hi),) if lo == hi else ((lo, (lo + hi) / 2), ((lo + hi) / 2, hi)) for lo, hi in B
    ]
    return iter(product(*sides))


def cells(d: int, epsilon: Fraction) -> Iterator[tuple[Box, Vector]]:
    """Certified cells covering the cube's surface, each with its cover point."""
    one = Fraction(1)
    stack: list[Box] = []
    # Points within about ε/16 of the cell's centre direction: denominators stay small.
    Q = 1 << (16 / epsilon).__ceil__().bit_length()
    for axis in range(d):
        for s in (one, -one):
            stack.append(tuple((s, s) if j == axis else (-one, one) for j in range(d)))
    while stack:
        B = stack.pop()
        axis = next(j for j, (lo, hi) in enumerate(B) if abs(lo) == 1 and lo == hi)
        z = tuple((lo + hi) / 2 for lo, hi in B)
        c = point_near(z, axis, Q)
        if certified(B, c, epsilon):
            yield B, c
        else:
            stack.extend(_halves(B))


@cache
def sphere_cover(d: int, epsilon: Fraction) -> tuple[Vector, ...]:
    """A proper ε-cover of the unit sphere in Rᵈ by exact rational unit vectors (sorted).

    Every point returned has ‖c‖² = 1 exactly, and every cell that the faces were cut into
    passed :func:`certified`, which proves the cover property (module docstring).
    """
    if d < 1:
        raise InputError(f"the sphere needs d ≥ 1, got {d}")
    if epsilon <= 0:
        raise InputError(f"the cover radius epsilon must be positive, got {epsilon}")
    A: set[Vector] = set()
    for _, c in cells(d, epsilon):
        A.add(c)
        if len(A) > MAX_POINTS:
            raise InputError(
                f"an {epsilon}-cover of the sphere in dimension {d} has more than "
                f"{MAX_POINTS} points; use a larger epsilon"
            )
    return tuple(sorted(A))
