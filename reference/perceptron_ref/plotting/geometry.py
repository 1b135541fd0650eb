"""Exact plane geometry for the pictures: lines, the view box, clipping.

Every separator of a picture is a line {p : c + u·p = 0} of the picture's plane with
rational c and u, and the view box has rational corners, so where a line enters and leaves
the box is computed exactly; only the final drawing converts to floats.  A test can then
check that each drawn segment lies on the trace's separator.

>>> from fractions import Fraction as F
>>> box = Box(F(3))
>>> clip(Line(F(0), F(3), F(1)), box)  # the line 3·p₁ + p₂ = 0 (Gormley's final w)
((Fraction(-1, 1), Fraction(3, 1)), (Fraction(1, 1), Fraction(-3, 1)))
>>> clip(Line(F(-7), F(1), F(0)), box) is None  # p₁ = 7 misses the box
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Line:
    """The line c + u₁·p₁ + u₂·p₂ = 0 (u ≠ 0)."""

    c: Fraction
    u1: Fraction
    u2: Fraction

    def __post_init__(self) -> None:
        assert self.u1 != 0 or self.u2 != 0, "a line needs a normal u ≠ 0"

    def value(self, p: Point) -> Fraction:
        """c + u·p: zero on the line, its sign says the side."""
        return self.c + self.u1 * p[0] + self.u2 * p[1]


@dataclass(frozen=True)
class Box:
    """The square view [−r, r]², centred on the origin: the separators of a homogeneous
    learner pass through it, and the circle of radius R is centred on it."""

    r: Fraction

    def corners(self) -> tuple[Point, ...]:
        r = self.r
        return ((-r, -r), (r, -r), (r, r), (-r, r))

    def contains(self, p: Point) -> bool:
        return all(-self.r <= a <= self.r for a in p)


def view_box(rho_squared: Fraction, pad: Fraction = Fraction(6, 5)) -> Box:
    """The smallest box [−r, r]², r a multiple of 1/2, with r ≥ pad·ρ (ρ² given exactly).

    >>> view_box(Fraction(5)).r  # 1.2·√5 ≈ 2.68
    Fraction(3, 1)
    """
    target = pad * pad * rho_squared * 4  # (2r)² ≥ target, 2r an integer
    n = math.isqrt(math.ceil(target))
    while n * n < target:
        n += 1
    return Box(Fraction(max(n, 2), 2))


def clip(line: Line, box: Box) -> tuple[Point, Point] | None:
    """The segment of ``line`` inside ``box``, ends ordered by p₁ then p₂; None if it misses."""
    r, hits = box.r, set[Point]()
    for side in (-r, r):
        if line.u2 != 0:  # crossing the vertical side p₁ = side
            p2 = -(line.c + line.u1 * side) / line.u2
            if -r <= p2 <= r:
                hits.add((side, p2))
        if line.u1 != 0:  # crossing the horizontal side p₂ = side
            p1 = -(line.c + line.u2 * side) / line.u1
            if -r <= p1 <= r:
                hits.add((p1, side))
    ends = sorted(hits)
    if len(ends) < 2:
        return None  # misses the box, or touches a single corner
    assert all(line.value(p) == 0 for p in ends)
    return ends[0], ends[-1]


def clip_polygon(polygon: tuple[Point, ...], line: Line) -> tuple[Point, ...]:
    """Sutherland–Hodgman: the part of a convex polygon where c + u·p ≥ 0, exactly."""
    out: list[Point] = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        fa, fb = line.value(a), line.value(b)
        if fa >= 0:
            out.append(a)
        if (fa < 0 < fb) or (fb < 0 < fa):
            t = fa / (fa - fb)
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return tuple(out)


def band(line: Line, half_width: Fraction, box: Box) -> tuple[Point, ...]:
    """The polygon {p in box : |c + u·p| ≤ half_width}: the margin band around a line.

    >>> F = Fraction
    >>> band(Line(F(0), F(1), F(0)), F(1), Box(F(2)))  # −1 ≤ p₁ ≤ 1
    ((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(1, 1), Fraction(-2, 1)), \
(Fraction(1, 1), Fraction(2, 1)), (Fraction(-1, 1), Fraction(2, 1)))
    """
    upper = Line(half_width - line.c, -line.u1, -line.u2)  # c + u·p ≤ h
    lower = Line(half_width + line.c, line.u1, line.u2)  # c + u·p ≥ −h
    return clip_polygon(clip_polygon(box.corners(), upper), lower)
