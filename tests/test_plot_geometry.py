"""Exact clipping: a drawn segment lies on its line and ends on the view box."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import assume, given

from perceptron_ref.plotting.geometry import Box, Line, band, clip, view_box
from perceptron_ref.testing import rationals


@given(rationals(), rationals(), rationals(1, 4).filter(lambda r: r > 0))
def test_a_line_through_the_origin_always_crosses_the_box(
    u1: Fraction, u2: Fraction, r: Fraction
) -> None:
    assume(u1 != 0 or u2 != 0)
    line, box = Line(Fraction(0), u1, u2), Box(r)
    segment = clip(line, box)
    assert segment is not None
    for p in segment:
        assert line.value(p) == 0
        assert box.contains(p) and max(abs(p[0]), abs(p[1])) == r  # on the boundary
    assert segment[0] == (-segment[1][0], -segment[1][1])  # symmetric about the origin


@given(rationals(), rationals(), rationals(), rationals(1, 4).filter(lambda r: r > 0))
def test_clipped_ends_are_on_the_line_and_the_boundary(
    c: Fraction, u1: Fraction, u2: Fraction, r: Fraction
) -> None:
    assume(u1 != 0 or u2 != 0)
    line, box = Line(c, u1, u2), Box(r)
    segment = clip(line, box)
    if segment is None:
        # Then the line misses the open box: all four corners lie (weakly) on one side.
        signs = {line.value(p) > 0 for p in box.corners() if line.value(p) != 0}
        assert len(signs) <= 1
        return
    for p in segment:
        assert line.value(p) == 0 and max(abs(p[0]), abs(p[1])) == r


@given(rationals(), rationals(), rationals(), rationals(1, 4).filter(lambda h: h > 0))
def test_band_vertices_are_in_the_band_and_the_box(
    c: Fraction, u1: Fraction, u2: Fraction, h: Fraction
) -> None:
    assume(u1 != 0 or u2 != 0)
    line, box = Line(c, u1, u2), Box(Fraction(3))
    polygon = band(line, h, box)
    for p in polygon:
        assert box.contains(p) and abs(line.value(p)) <= h
    # A line that crosses the box has a band of positive area around it there.
    if clip(line, box) is not None:
        assert len(polygon) >= 3


@given(rationals(100, 7).filter(lambda q: q >= 0))
def test_view_box_contains_the_radius_with_room(rho2: Fraction) -> None:
    r = view_box(rho2).r
    assert (r * 2).denominator == 1 and r >= 1
    assert r * r >= Fraction(36, 25) * rho2  # r ≥ 1.2·ρ
    assert r == 1 or (r - Fraction(1, 2)) ** 2 < Fraction(36, 25) * rho2  # and the smallest
