"""halving/cover (Mehta, Lecture 3, §1): the cover is proper and proved, Halving keeps the target,
and the mistakes obey log₂|S_γ| and Corollary 1's d·log₂(⌈8R/γ⌉ + 1); a step's weights, the
configured algorithm, its refusals and the certified cells' geometry, worked by hand."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, bounds, registry, run
from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.bounds import cover_size_bound, halving_mistake_limit
from perceptron_ref.halving import cover, sphere
from perceptron_ref.halving.cover import HalvingStep
from perceptron_ref.halving.sphere import Box, certified, sphere_cover
from perceptron_ref.report import trace_to_json
from perceptron_ref.testing import unit_vectors
from perceptron_ref.testing_targets import CoverData, cover_data
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, dot, norm2


@pytest.fixture(autouse=True)
def _fresh_sphere_covers() -> None:
    # sphere_cover is cached, and mutmut runs each mutant in a fork of a process that has already
    # run the suite: a cover cached there would hide a mutant of cells or point_near from these
    # tests.  Every test here builds its covers afresh.
    sphere.sphere_cover.cache_clear()


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


# --- worked by hand: Corollary 1's limit, the steps, the configured algorithm, the cells ----------
# Each test states an independent fact: a line of spec/algorithms/halving/cover.md (Halving over
# Mehta's classifiers f_w(x) = sgn(⟨w, x⟩), sgn(0) = +1; a step's weights are |C_{t+1}|·(first w of
# C_{t+1})), a geometric fact about the certified cells (they tile the cube's surface), or the
# documented error text.  Expected values are worked out by hand in the comments, or reached by a
# second route, never by re-running the code under test.


def test_the_halving_limit_at_an_integer_ratio_takes_that_integer_as_the_ceiling() -> None:
    # R = 3/4, γ = 1: 8R/γ = 6 exactly, so ⌈8R/γ⌉ = 6 and ⌊1·log2(6 + 1)⌋ = ⌊log2 7⌋ = 2.
    # (A ceiling taken one too high, 7, gives ⌊log2 8⌋ = 3.)
    assert bounds.halving_mistake_limit(1, Fraction(9, 16), Fraction(1)) == 2
    # R = 7/8, γ = 1: 8R/γ = 7, ⌊log2 8⌋ = 3; d = 2: ⌊log2 64⌋ = 6.
    assert bounds.halving_mistake_limit(1, Fraction(49, 64), Fraction(1)) == 3
    assert bounds.halving_mistake_limit(2, Fraction(49, 64), Fraction(1)) == 6


ONE = Fraction(1)
HALF = Fraction(1, 2)


def steps(algo: object, X: Sequence[tuple[int, ...]], y: Sequence[Label]) -> list[Step]:
    """One pass of an online algorithm over (X, y), its learner called directly."""
    assert isinstance(algo, OnlineAlgorithm)
    stream = (
        Example(1, i, tuple(Fraction(v) for v in x), t)
        for i, (x, t) in enumerate(zip(X, y, strict=True))
    )
    return list(algo.learn(stream, d=len(X[0]), eta=ONE))


def test_the_cover_of_the_line_is_its_two_points_and_halving_starts_at_twice_the_first() -> None:
    # d = 1: the unit "sphere" is {−1, +1}; each face of the cube [−1, 1] is one point, its
    # own cover point, so S = ((−1,), (1,)) in sorted order for every ε > 0, and the weights
    # before any step are |S|·S[0] = 2·(−1,) = (−2,) (spec: "Trace", as after every step).
    assert sphere.sphere_cover(1, HALF) == ((-ONE,), (ONE,))
    assert cover.initial(1) == (Fraction(-2),)
    assert cover.initial(1, HALF) == (Fraction(-2),)


@pytest.mark.parametrize("epsilon", [HALF, ONE])
def test_the_start_is_the_weights_after_a_step_that_keeps_every_classifier(
    epsilon: Fraction,
) -> None:
    # Second route to the start: x = 0 gives ⟨w, 0⟩ = 0 and sgn(0) = +1 for every w, so on
    # label +1 no classifier is dropped ([halving-cover.6]) and the step's weights are
    # |S|·(first w of S), which is what the weights before the first step must be.
    algo = registry.get("halving/cover", epsilon=epsilon)
    assert isinstance(algo, OnlineAlgorithm)
    (kept,) = steps(algo, [(0, 0)], [1])
    assert isinstance(kept, cover.HalvingStep)
    assert kept.version_space == len(sphere.sphere_cover(2, epsilon))
    assert algo.start(2) == kept.weights == cover.initial(2, epsilon)


def test_the_start_of_the_half_cover_of_the_circle_has_norm_eight() -> None:
    # The 1/2-cover of the circle has eight points (module docstring: 45° apart, the largest
    # gap 2·sin(11.25°) ≈ 0.39 ≤ 1/2), so ‖start‖ = |S| = 8, whatever ε the default is.
    algo = registry.get("halving/cover", epsilon="1/2")
    assert isinstance(algo, OnlineAlgorithm)
    assert norm2(algo.start(2)) == 64


def test_halving_cover_names_every_option_it_does_not_take_sorted_and_comma_separated() -> None:
    with pytest.raises(InputError) as error:
        cover.configure(epsilon=HALF, zeta=1, alpha=2)
    assert str(error.value) == "halving/cover takes the option epsilon only, not alpha, zeta"


@pytest.mark.parametrize(("epsilon", "shown"), [(0, "0"), ("-1/2", "-1/2")])
def test_a_cover_radius_that_is_not_positive_is_refused_when_configured(
    epsilon: object, shown: str
) -> None:
    # Spec "Option": ε is a positive rational.  ε = 0 is the boundary: refused at once, with
    # the value, not later when the cover is built.
    with pytest.raises(InputError) as error:
        cover.configure(epsilon=epsilon)
    assert str(error.value) == f"epsilon must be positive, got {shown}"


def test_configured_halving_keeps_its_id_note_and_tie_positive_rule() -> None:
    # d = 1, S = {(−1,), (1,)}: x = (1,) gets the votes −1 and +1, a tied vote of 0, which
    # predicts +1 (spec "Zero score": tie → positive).  On label −1 that is a mistake and only
    # (−1,) is kept: weights 1·(−1,); on label +1 no mistake and only (1,) is kept.
    algo = registry.get("halving/cover", epsilon=HALF)
    assert isinstance(algo, OnlineAlgorithm)
    assert algo.id == "halving/cover"
    assert algo.note == cover.ALGORITHM.note
    assert "Mehta, Lecture 3" in algo.note
    assert algo.zero_score == "tie-positive"
    (wrong,) = steps(algo, [(1,)], [-1])
    assert (wrong.score, wrong.prediction, wrong.mistake, wrong.weights) == (
        Fraction(0),
        1,
        True,
        (-ONE,),
    )
    (right,) = steps(algo, [(1,)], [1])
    assert (right.score, right.prediction, right.mistake, right.weights) == (
        Fraction(0),
        1,
        False,
        (ONE,),
    )


@pytest.mark.parametrize(("d", "epsilon"), [(2, HALF), (3, ONE)])
def test_the_certified_cells_tile_the_cube_surface_each_once(d: int, epsilon: Fraction) -> None:
    # The 2d faces of [−1, 1]^d each have (d−1)-volume 2^(d−1); the cells are cut from them by
    # halving, so their (d−1)-volumes (the product of the non-degenerate sides) add up to
    # 2d·2^(d−1) exactly, and no cell appears twice.
    cells = [B for B, _ in sphere.cells(d, epsilon)]
    assert len(set(cells)) == len(cells)
    volume = sum(prod((hi - lo for lo, hi in B if lo != hi), start=ONE) for B in cells)
    assert volume == 2 * d * 2 ** (d - 1)


def test_halving_a_cell_gives_two_to_the_d_minus_1_halves_keeping_the_face_fixed() -> None:
    # A cell of the face z_1 = 1 in R³: side 1 is degenerate (1, 1) and stays; the other two
    # sides are halved, so 2² = 4 boxes.
    B = ((ONE, ONE), (-ONE, ONE), (Fraction(0), ONE))
    assert sorted(sphere._halves(B)) == sorted(
        ((ONE, ONE), s, t)
        for s in ((-ONE, Fraction(0)), (Fraction(0), ONE))
        for t in ((Fraction(0), HALF), (HALF, ONE))
    )


@pytest.mark.parametrize("q", [Fraction(2), Fraction(3), Fraction(7, 3), Fraction(1, 5)])
@pytest.mark.parametrize("bits", [0, 1, 5])
def test_sqrt_below_is_the_floor_of_the_root_on_the_grid_of_two_to_minus_bits(
    q: Fraction, bits: int
) -> None:
    # "√q from below, to within 2^−bits": r is a multiple of 2^−bits with r ≤ √q < r + 2^−bits,
    # checked by squaring (all exact; r ≥ 0).
    r = sphere._sqrt_below(q, bits)
    step = Fraction(1, 2**bits)
    assert (r / step).denominator == 1
    assert r >= 0
    assert r * r <= q < (r + step) ** 2


@pytest.mark.parametrize("epsilon", [Fraction(2), Fraction(8), Fraction(100)])
def test_a_cover_radius_of_two_or_more_is_met_by_the_centres_of_the_faces(
    epsilon: Fraction,
) -> None:
    # Two unit vectors are at most 2 apart, so for ε ≥ 2 the first cut of the cube already
    # passes: κ = 1 − ε²/2 < 0 and each face {z_i = ±1} has ⟨v, ±e_i⟩ = 1 ≥ 0 at its vertices.
    # The cover is the 2d face centres ±e_i (the stereographic point of t = 0), sorted.
    e = [(ONE, Fraction(0)), (Fraction(0), ONE)]
    expected = sorted([*e, *((-a, -b) for a, b in e)])
    assert sphere.sphere_cover(2, epsilon) == tuple(expected)


def stereographic_t(c: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """The t of a cover point c = (2t, ±(1 − |t|²))/(1 + |t|²): c_rest/(1 + |c_axis|)."""
    axis = max(range(len(c)), key=lambda j: abs(c[j]))
    return tuple(c_j / (1 + abs(c[axis])) for j, c_j in enumerate(c) if j != axis)


@pytest.mark.parametrize(
    ("d", "epsilon"), [(2, Fraction(1, 3)), (2, Fraction(8, 15)), (2, Fraction(1, 10)), (3, HALF)]
)
def test_cover_points_sit_on_a_grid_of_t_no_finer_than_twice_ceil_16_over_epsilon(
    d: int, epsilon: Fraction
) -> None:
    # Module docstring: the points are chosen within about ε/16 of a cell's centre direction
    # "so denominators stay small": t is rounded to multiples of 1/Q for the coarsest power of
    # two Q above ⌈16/ε⌉, so Q ≤ 2·⌈16/ε⌉ and every t_j's denominator is at most that.
    limit = 2 * (16 / epsilon).__ceil__()
    for c in sphere.sphere_cover(d, epsilon):
        assert all(t_j.denominator <= limit for t_j in stereographic_t(c)), c


@pytest.mark.parametrize(
    "z", [(ONE, ONE), (ONE, Fraction(-1, 2)), (-ONE, Fraction(3, 8)), (ONE, HALF, -ONE)]
)
@pytest.mark.parametrize("Q", [16, 64])
def test_point_near_is_within_the_grid_step_of_the_direction_of_z(
    z: tuple[Fraction, ...], Q: int
) -> None:
    # t is z_rest/(‖z‖ + 1) rounded to 1/Q (each coordinate off by ≤ 1/2Q), and the inverse
    # stereographic map stretches by at most 2, so ‖u − z/‖z‖‖ ≤ δ = √(d−1)/Q, checked exactly
    # as ⟨u, z⟩ ≥ (1 − δ²/2)·‖z‖ (from ‖u − ẑ‖² = 2 − 2⟨u, ẑ⟩ for unit u, ẑ), squared.
    u = sphere.point_near(z, 0, Q)
    assert norm2(u) == 1
    half_delta2 = Fraction(len(z) - 1, 2 * Q * Q)
    a = sum((u_j * z_j for u_j, z_j in zip(u, z, strict=True)), Fraction(0))
    assert a > 0
    assert a * a >= (1 - half_delta2) ** 2 * norm2(z)


# certified(B, c, ε) on boxes whose answer follows from plane geometry.  Rational unit vectors
# at rational distance: c = (1, 0) and u = (119/169, 120/169) (the double of the 5-12-13 angle)
# have ‖u − c‖² = (50/169)² + (120/169)² = 100/169, so ‖u − c‖ = 10/13 exactly.  u is the
# direction of the vertex (1, 120/119).
FACE = (ONE, ONE)
U = (Fraction(119, 169), Fraction(120, 169))


def test_a_cell_whose_farthest_direction_is_exactly_epsilon_away_is_certified() -> None:
    # B = {1} × [0, 120/119] with c = u: the vertex (1, 0) (direction (1, 0)) is exactly 10/13
    # from c, the vertex (1, 120/119) is c's own direction: ‖·‖ ≤ ε holds (with equality).
    B = (FACE, (Fraction(0), Fraction(120, 119)))
    assert sphere.certified(B, U, Fraction(10, 13))
    assert sphere.certified(B, (ONE, Fraction(0)), Fraction(10, 13))
    assert not sphere.certified(B, U, Fraction(10, 13) - Fraction(1, 10**6))
    assert not sphere.certified(B, (ONE, Fraction(0)), Fraction(3, 4))


def test_with_a_radius_above_root_2_a_cell_is_certified_iff_no_vertex_is_behind_c() -> None:
    # ε ≥ √2 (κ < 0): ‖u − c‖² = 2 − 2⟨u, c⟩ ≤ 2 ≤ ε² whenever ⟨u, c⟩ ≥ 0.  c = (0, 1):
    # {1} × [0, 1] has ⟨v, c⟩ = 0 and 1 at its vertices (directions at distance √2 and ≤ √2),
    # so it is certified for ε = 3/2 and 2; {1} × [−1, 0] has the vertex (1, −1), whose
    # direction is at distance √(2 + √2) ≈ 1.85 > 3/2 from c: not certified for ε = 3/2.
    up = (Fraction(0), ONE)
    assert sphere.certified((FACE, (Fraction(0), ONE)), up, Fraction(3, 2))
    assert sphere.certified((FACE, (Fraction(0), ONE)), up, Fraction(2))
    assert not sphere.certified((FACE, (-ONE, Fraction(0))), up, Fraction(3, 2))
