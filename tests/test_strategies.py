"""The Hypothesis strategies (``perceptron_ref.testing``, ``perceptron_ref.testing_targets``) that
the README offers for property testing your own code: what each draws stays within its
documented range and reaches its ends, and what it certifies holds (a unit vector's norm is
exactly 1, ``SeparableData``'s w*, γ and R² hold for the vectors the learner sees, a disjunction
is a disjunction).  Expected values are worked out by hand or checked by a second route
(``hypothesis.find``), never by re-running the strategy's own code.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from perceptron_ref.testing import SeparableData, rationals, separable_data, unit_vectors
from perceptron_ref.testing_targets import BooleanTarget, disjunctions, sqrt_above
from perceptron_ref.vectors import dot, norm2

# --- perceptron_ref.testing: the data strategies and what they certify ----------------------------


def test_augmented_prepends_the_constant_one_only_with_the_bias() -> None:
    X = ((F(2), F(-1, 3)), (F(0), F(5)))
    plain = SeparableData(X, (1, -1), (F(1), F(0)), F(2), F(82, 9))
    assert plain.augmented() == X
    biased = SeparableData(X, (1, -1), (F(0), F(1), F(0)), F(2), F(82, 9) + 1, bias=True)
    assert biased.augmented() == ((F(1), F(2), F(-1, 3)), (F(1), F(0), F(5)))


def test_rationals_stay_within_their_documented_range() -> None:
    # rationals(): n/q with |n| ≤ 10 and 1 ≤ q ≤ 4, so |value| ≤ 10 and (reduced) q ≤ 4.
    with pytest.raises(NoSuchExample):
        find(rationals(), lambda q: abs(q) > 10 or q.denominator > 4, settings=SEARCH)
    with pytest.raises(NoSuchExample):
        find(rationals(3, 2), lambda q: abs(q) > 3 or q.denominator > 2, settings=SEARCH)


SEARCH = settings(max_examples=300, database=None, derandomize=True)
FAR = settings(max_examples=1000, database=None, derandomize=True)


@pytest.mark.parametrize(
    "value",
    # 10 and -10 need n = ±10 over q = 1 (2n/2 would need |n| = 20); 7 needs q = 1 too; 3/4
    # needs q = 4.  All are n/q with |n| ≤ 10 and 1 ≤ q ≤ 4, so rationals() reaches them.
    [F(10), F(-10), F(7), F(3, 4), F(-9, 4)],
)
def test_rationals_reach_the_ends_of_their_range(value: F) -> None:
    assert find(rationals(), lambda q: q == value, settings=SEARCH) == value


@settings(max_examples=40, database=None, deadline=None)
@given(st.integers(1, 5).flatmap(unit_vectors))
def test_unit_vectors_have_norm_exactly_one(u: tuple[F, ...]) -> None:
    assert norm2(u) == 1


def test_unit_vectors_reach_points_off_the_axes() -> None:
    # The inverse stereographic image of t = (1/2) is (2t/(t²+1), (t²-1)/(t²+1)) = (4/5, -3/5):
    # a Pythagorean triple, exact.
    point = (F(4, 5), F(-3, 5))
    assert find(unit_vectors(2), lambda u: u == point, settings=SEARCH) == point


@settings(max_examples=30, database=None, deadline=None)
@given(separable_data(max_dimension=3, max_size=6, bias=True))
def test_separable_data_with_bias_certifies_the_augmented_vectors(data: SeparableData) -> None:
    seen = data.augmented()
    assert all(len(a) == len(data.w_star) == len(data.X[0]) + 1 and a[0] == 1 for a in seen)
    assert norm2(data.w_star) == 1
    assert data.gamma == min(t * dot(data.w_star, a) for a, t in zip(seen, data.y, strict=True))
    assert data.R_squared == max(norm2(a) for a in seen)


# --- perceptron_ref.testing_targets: Boolean targets and sqrt_above -------------------------------


@pytest.mark.parametrize(
    ("q", "r"),
    [
        # 64r = isqrt(4096q) + 1: q = 4: isqrt(16384) = 128, r = 129/64 (√4 = 2 = 128/64).
        (F(4), F(129, 64)),
        # q = 2: 4096·2 = 8192, isqrt = 90 (90² = 8100 ≤ 8192 < 8281), r = 91/64.
        (F(2), F(91, 64)),
        # q = 1/9: ⌊4096/9⌋ = 455, isqrt = 21 (441 ≤ 455 < 484), r = 22/64 = 11/32.
        (F(1, 9), F(11, 32)),
        # q = 10⁶: isqrt(4096·10⁶) = 64000, r = 64001/64 (√q = 1000).
        (F(10**6), F(64001, 64)),
    ],
)
def test_sqrt_above_is_the_next_multiple_of_1_64_above_the_root(q: F, r: F) -> None:
    assert sqrt_above(q) == r
    assert r * r >= q and (r - F(1, 64)) ** 2 <= q  # √q ≤ r ≤ √q + 1/64


def is_disjunction(t: BooleanTarget) -> bool:
    """w* ∈ {0, 1}ⁿ with some 1, c = γ = 1, and y = +1 iff some relevant x_i is 1."""
    return (
        len(t.w_star) == t.n
        and set(t.w_star) <= {0, 1}
        and t.r >= 1
        and t.c == t.gamma == 1
        and all(
            len(x) == t.n and (y == 1) == any(x[i] == 1 for i in t.relevant)
            for x, y in zip(t.X, t.y, strict=True)
        )
    )


@settings(max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_disjunctions_are_disjunctions_within_the_sizes_asked(data: st.DataObject) -> None:
    # The strategy is built inside the test (not at import), so each run builds it afresh.
    t = data.draw(disjunctions(max_n=5, max_size=3))
    assert is_disjunction(t)
    assert 1 <= t.n <= 5 and 1 <= len(t.X) <= 3


def test_disjunctions_by_default_stay_within_24_variables_and_40_examples() -> None:
    # Each default checked with the other size small, so that each example is cheap.
    with pytest.raises(NoSuchExample):
        find(disjunctions(max_size=1), lambda t: t.n > 24, settings=SEARCH)
    # Over one variable every point is kept, so len(X) is the size drawn from 1..max_size: a
    # search of 1000 examples (about 3 s) reaches 41 when the default is one too large, where
    # 300 do not (mutmut's testing_targets.disjunctions mutant 2 survived them).
    with pytest.raises(NoSuchExample):
        find(disjunctions(max_n=1), lambda t: len(t.X) > 40, settings=FAR)


def test_disjunctions_can_have_irrelevant_variables() -> None:
    # "a monotone disjunction of r ≥ 1 of the n variables": r < n must be reachable.
    assert find(disjunctions(max_n=3), lambda t: t.r < t.n, settings=SEARCH).r < 3
