"""halving/cover (Mehta, Lecture 3, §1): the cover is proper and proved, Halving keeps the target,
and the mistakes obey log₂|S_γ| and Corollary 1's d·log₂(⌈8R/γ⌉ + 1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.bounds import cover_size_bound, halving_mistake_limit
from perceptron_ref.halving import sphere
from perceptron_ref.halving.cover import HalvingStep
from perceptron_ref.halving.sphere import Box, certified, sphere_cover
from perceptron_ref.report import trace_to_json
from perceptron_ref.testing import unit_vectors
from perceptron_ref.testing_targets import CoverData, cover_data
from perceptron_ref.vectors import Vector, dot, norm2

CASES = [(d, Fraction(1, m)) for d in (1, 2, 3) for m in (1, 2, 3, 5, 10)]


def within(u: Vector, c: Vector, epsilon: Fraction) -> bool:
    """‖u − c‖ ≤ ε for unit u, c, exactly: ‖u − c‖² = 2 − 2⟨u, c⟩."""
    return 2 - 2 * dot(u, c) <= epsilon**2


@pytest.mark.parametrize(("d", "epsilon"), CASES)
def test_cover_points_are_exact_unit_vectors_and_few(d: int, epsilon: Fraction) -> None:
    A = sphere_cover(d, epsilon)
    assert all(len(c) == d and norm2(c) == 1 for c in A)
    assert len(set(A)) == len(A)
    assert len(A) <= cover_size_bound(d, epsilon)  # Mehta: N(S, ε) ≤ (4/ε + 1)^d


@settings(max_examples=200)
@given(st.data())
def test_every_rational_point_of_the_sphere_is_within_epsilon_of_the_cover(
    data: st.DataObject,
) -> None:
    """Independent of the certificate: rational unit vectors, checked against every point."""
    d, epsilon = data.draw(st.sampled_from(CASES))
    u = data.draw(unit_vectors(d))
    assert any(within(u, c, epsilon) for c in sphere_cover(d, epsilon))


def test_the_coordinate_axes_are_covered() -> None:
    """The cube faces' centres, and their negatives, in dimension 3."""
    for i in range(3):
        for s in (1, -1):
            e = tuple(Fraction(s if j == i else 0) for j in range(3))
            assert any(within(e, c, Fraction(1, 5)) for c in sphere_cover(3, Fraction(1, 5)))


def test_the_certificate_can_fail() -> None:
    """A whole face is not within ε = 1/2 of its centre's point; a small cell is; a point
    outside the cell's cone fails even for a tiny cell."""
    one = Fraction(1)
    face: Box = ((-one, one), (one, one))
    top = (Fraction(0), one)
    assert not certified(face, top, Fraction(1, 2))
    assert certified(face, top, Fraction(3, 2))  # 2 − 2·cos 45° ≤ 9/4
    cell: Box = ((Fraction(-1, 8), Fraction(1, 8)), (one, one))
    assert certified(cell, top, Fraction(1, 2))
    assert not certified(cell, (one, Fraction(0)), Fraction(1, 2))
    # the vertex test is tight: the corner (1/8, 1)/‖·‖ is at distance² 2 − 2·8/√65
    assert not certified(cell, top, Fraction(1, 9))


def test_cover_arguments_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InputError, match="epsilon must be positive"):
        run("halving/cover", [(1, 0)], [1], epsilon=0)
    monkeypatch.setattr(sphere, "MAX_POINTS", 100)  # the real cap, 200000, takes minutes to hit
    with pytest.raises(InputError, match="more than 100 points; use a larger epsilon"):
        sphere_cover(3, Fraction(1, 7))
    with pytest.raises(InputError, match="takes no eta"):
        run("halving/cover", [(1, 0)], [1], eta=2)


def consistent(A: tuple[Vector, ...], D: CoverData, t: int) -> list[Vector]:
    """The cover points whose classifier labels the first t examples right (sgn(0) = +1)."""
    return [
        w
        for w in A
        if all((1 if dot(w, x) >= 0 else -1) == y for x, y in zip(D.X[:t], D.y[:t], strict=True))
    ]


@settings(max_examples=30)
@given(cover_data())
def test_halving_keeps_the_target_and_obeys_the_bounds(D: CoverData) -> None:
    d = len(D.w_star)
    A = sphere_cover(d, D.epsilon)
    # Mehta's w̃: the cover point nearest w*; it separates the data with margin γ/2.
    w_tilde = max(A, key=lambda c: dot(c, D.w_star))
    assert within(D.w_star, w_tilde, D.epsilon)
    assert all(y * dot(w_tilde, x) >= D.gamma / 2 for x, y in zip(D.X, D.y, strict=True))
    trace = run("halving/cover", D.X, D.y, epsilon=D.epsilon)
    for t, s in enumerate(trace.steps, 1):
        assert isinstance(s, HalvingStep)
        V = consistent(A, D, t)
        assert s.version_space == len(V) >= 1  # never loses w̃
        assert w_tilde in V
        assert norm2(s.weights) == len(V) ** 2 and s.weights == tuple(len(V) * a for a in V[0])
    assert 2**trace.mistakes <= len(A)  # Halving: M ≤ log₂|S_γ|
    # Corollary 1 for the radius R' = mγ/2 ≥ R, for which γ/2R' = 1/m = ε exactly.
    R_prime_squared = (D.m * D.gamma / 2) ** 2
    assert R_prime_squared >= D.R_squared
    assert trace.mistakes <= halving_mistake_limit(d, R_prime_squared, D.gamma)
    final = trace.weights
    assert all((1 if dot(final, x) >= 0 else -1) == y for x, y in zip(D.X, D.y, strict=True))


@settings(max_examples=20)
@given(cover_data(max_dimension=2, max_size=8))
def test_a_mistake_at_least_halves_the_version_space(D: CoverData) -> None:
    trace = run("halving/cover", D.X, D.y, epsilon=D.epsilon)
    before = len(sphere_cover(len(D.w_star), D.epsilon))
    for s in trace.steps:
        assert isinstance(s, HalvingStep)
        assert (2 * s.version_space <= before) if s.mistake else (2 * s.version_space >= before)
        before = s.version_space


def test_the_json_trace_shows_the_version_space() -> None:
    trace = run("halving/cover", [(-1, 2), (2, 1), (1, -1)], [-1, 1, 1], epsilon="1/2")
    steps = trace_to_json(trace)["steps"]
    assert [s["version_space"] for s in steps] == [4, 2, 2]
    assert list(steps[0])[-1] == "version_space"


def test_an_emptied_version_space_is_a_cycle_from_epoch_1() -> None:
    """(1, 0) labelled + then −: no classifier is consistent; after epoch 1 the version space is
    empty for ever.  The runner's repeat test starts from Halving's own initial weights, so the
    cycle is (1, 2), not a false (0, 1)."""
    X, y = [(1, 0), (1, 0)], [1, -1]
    trace = run("halving/cover", X, y, epochs="converge", epsilon="1/2")
    assert trace.status == "cycled" and trace.cycle == (1, 2)
    after = [run("halving/cover", X, y, epochs=e, epsilon="1/2").weights for e in (1, 2)]
    assert after[0] == after[1] == (Fraction(0), Fraction(0))
    first = run("halving/cover", X, y, epsilon="1/2").steps[0]
    assert isinstance(first, HalvingStep) and first.version_space == 4
