"""The exact max-margin certificate behind the pictures' w*, γ² and R²/γ².

Checked against independent facts: the certificate recombines, no unit vector does better,
the generator's own w* never does better, and in 2-D a brute force over the hull's edges
finds the same distance.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref.plotting.margin import max_margin
from perceptron_ref.testing import SeparableData, rationals, separable_data, unit_vectors
from perceptron_ref.vectors import Vector, dot, norm2, scale


def zs(data: SeparableData) -> list[Vector]:
    return [scale(t, x) for x, t in zip(data.augmented(), data.y, strict=True)]


def segment_distance2(a: Vector, b: Vector) -> Fraction:
    """The squared distance from 0 to the segment [a, b], exactly (clamped projection)."""
    d = tuple(q - p for p, q in zip(a, b, strict=True))
    if norm2(d) == 0:
        return norm2(a)
    t = min(max(-dot(a, d) / norm2(d), Fraction(0)), Fraction(1))
    return norm2(tuple(p + t * q for p, q in zip(a, d, strict=True)))


@given(separable_data(max_dimension=4, max_size=15))
def test_certificate_recombines_and_no_example_lies_behind_v(data: SeparableData) -> None:
    Z = zs(data)
    m = max_margin(Z)
    lam = dict(m.weights)
    assert all(a > 0 for a in lam.values()) and sum(lam.values()) == 1
    v = tuple(
        sum((lam.get(i, Fraction(0)) * z[c] for i, z in enumerate(Z)), Fraction(0))
        for c in range(len(Z[0]))
    )
    assert v == m.v
    assert min(dot(m.v, z) for z in Z) >= m.gamma_squared > 0


@given(separable_data(max_dimension=4, max_size=15))
def test_max_margin_is_at_least_the_generators_margin(data: SeparableData) -> None:
    assert max_margin(zs(data)).gamma_squared >= data.gamma**2


@given(st.data(), separable_data(max_dimension=4, max_size=15))
def test_no_unit_vector_has_a_larger_margin(draw: st.DataObject, data: SeparableData) -> None:
    u = draw.draw(unit_vectors(len(data.augmented()[0])))
    margin_u = min(dot(u, z) for z in zs(data))
    if margin_u > 0:
        assert margin_u**2 <= max_margin(zs(data)).gamma_squared


@given(separable_data(min_dimension=2, max_dimension=2, max_size=12))
def test_2d_distance_equals_brute_force_over_hull_edges(data: SeparableData) -> None:
    # 0 is outside the hull, so the nearest hull point lies on a segment between two z's.
    Z = zs(data)
    brute = min(segment_distance2(a, b) for a in Z for b in Z)
    assert max_margin(Z).gamma_squared == brute


@given(st.lists(st.tuples(rationals(), rationals()), min_size=1, max_size=8))
def test_a_point_and_its_negation_are_not_separable(X: list[tuple[Fraction, Fraction]]) -> None:
    # z and −z both in the set: 0 is in the hull (Gordan), so no w has w·z > 0 for all z.
    Z = [*X, *(scale(-1, x) for x in X)]
    m = max_margin(Z)
    assert m.v == (Fraction(0), Fraction(0)) and not m.separable


def test_xor_with_bias_is_not_separable() -> None:
    # Press's XOR, with the bias coordinate: z = y·(1, x).
    X, y = [(0, 0), (0, 1), (1, 0), (1, 1)], [-1, 1, 1, -1]
    Z = [tuple(Fraction(t * a) for a in (1, *x)) for x, t in zip(X, y, strict=True)]
    assert max_margin(Z).gamma_squared == 0


def test_gormley_slide_15_margin() -> None:
    # By hand: every |x₁| = 1 and y = sign(x₁), so w* = (1, 0) gives γ = 1; R² = |(−1, 2)|² = 5.
    X, y = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1]
    m = max_margin([tuple(Fraction(t * a) for a in x) for x, t in zip(X, y, strict=True)])
    assert m.v == (Fraction(1), Fraction(0)) and m.gamma_squared == 1
