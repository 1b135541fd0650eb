"""winnow/ltf's mistake bound with explicit constants (bounds.winnow_ltf_bound, proved in
spec/algorithms/winnow/ltf.md): it holds on generated LTFs with margin, for the spec's
ε = γ/2c, the module's default and other admissible ε, over 1–3 passes and to convergence;
it is the k-of-r bound at ε = 1/2k; and it is small enough to catch an additive update."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import InputError, bounds, run
from perceptron_ref.bounds import winnow_k_of_r_bound, winnow_ltf_bound
from perceptron_ref.testing_targets import BooleanTarget, ltfs
from perceptron_ref.vectors import Vector
from perceptron_ref.winnow import ltf

LtfRun = tuple[BooleanTarget, Fraction | None]
"""A target and the ε to run with (None, run()'s default: the module's default ε)."""


@st.composite
def ltf_runs(draw: st.DrawFn) -> LtfRun:
    """An LTF with margin and an ε the bound covers: ε·(c − γ) < γ."""
    t = draw(ltfs())
    c, gamma = t.c, t.gamma
    kinds = ["spec", "drawn"] + (["default"] if ltf.DEFAULT_EPSILON * (c - gamma) < gamma else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "default":
        return t, None
    if kind == "spec":
        return t, gamma / (2 * c)
    if c == gamma:  # every ε > 0 is admissible
        return t, Fraction(draw(st.integers(1, 8)), 4)
    return t, gamma / (c - gamma) * Fraction(draw(st.integers(1, 7)), 8)


def bound(t: BooleanTarget, epsilon: Fraction | None, *, bias: bool = False) -> Fraction:
    """The bound for a run on t; a bias feature (constant 1, w*₀ = 0) adds one to n."""
    e = ltf.DEFAULT_EPSILON if epsilon is None else epsilon
    value = winnow_ltf_bound(t.L1, t.c, t.gamma, t.n + int(bias), e)
    assert isinstance(value, Fraction)
    return value


@given(ltf_runs(), st.integers(1, 3), st.booleans())
def test_ltf_winnow_mistakes_never_exceed_winnow_ltf_bound(
    run_: LtfRun, passes: int, bias: bool
) -> None:
    t, epsilon = run_
    trace = run("winnow/ltf", t.X, t.y, epochs=passes, bias=bias, epsilon=epsilon)
    assert trace.mistakes <= bound(t, epsilon, bias=bias)


@given(ltf_runs())
def test_ltf_winnow_converges_within_winnow_ltf_bound(run_: LtfRun) -> None:
    """Every pass but the last has a mistake, so a bounded run converges (never cycles)."""
    t, epsilon = run_
    trace = run("winnow/ltf", t.X, t.y, epochs="converge", epsilon=epsilon)
    assert trace.status == "converged"
    assert trace.mistakes <= bound(t, epsilon)
    for x, y in zip(t.X, t.y, strict=True):  # the final w agrees with the target
        assert (sum(w * v for w, v in zip(trace.weights, x, strict=True)) >= t.n) == (y == 1)


@given(st.integers(1, 12), st.integers(1, 6), st.integers(1, 3000))
def test_winnow_ltf_bound_is_the_k_of_r_bound_at_epsilon_one_over_2k(
    r: int, k: int, n: int
) -> None:
    """A k-of-r function is the LTF (L₁ = r, c = k, γ = 1): two formulas, written apart."""
    assert winnow_ltf_bound(r, k, 1, n, Fraction(1, 2 * k)) == winnow_k_of_r_bound(r, k, n)


def test_winnow_ltf_bound_is_the_k_of_r_bound_symbolically() -> None:
    r, k, n = sympy.symbols("r k n", positive=True)
    difference = winnow_ltf_bound(r, k, 1, n, 1 / (2 * k)) - winnow_k_of_r_bound(r, k, n)
    assert sympy.simplify(difference) == 0


def e1(n: int) -> Vector:
    return (Fraction(1),) + (Fraction(0),) * (n - 1)


def log_ceiling(base: Fraction, n: int) -> int:
    """⌈log_base n⌉ by the float-free test base^L ≥ n > base^(L−1), searched from 0."""
    L = 0
    while not base**L >= n:
        L += 1
    assert L == 0 or base ** (L - 1) < n
    return L


@pytest.mark.parametrize("n", [16, 64, 256])
def test_the_positive_term_is_attained_and_an_additive_update_exceeds_the_bound(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Target x₁ (w* = e₁, c = γ = 1, L₁ = 1), the one positive e₁ repeated, ε = 1/2.

    Winnow multiplies w₁ until (3/2)^M ≥ n: M = M₊ = ⌈log_{3/2} n⌉, exactly the bound's P
    (= L₁·L/γ here), so the bound is (2 + ε)·M + (1 + ε)/ε.  The same module with the update
    w_i ← w_i + ε (a deliberate bug: additive, as the perceptron's) needs 2(n − 1) mistakes,
    more than the bound from n = 16 on: the property test would catch that bug."""
    X, y, epsilon = [e1(n)], [1], Fraction(1, 2)
    limit = winnow_ltf_bound(1, 1, 1, n, epsilon)
    right = run("winnow/ltf", X, y, epochs="converge", epsilon=epsilon)
    assert right.mistakes == log_ceiling(1 + epsilon, n)
    assert limit == (2 + epsilon) * right.mistakes + (1 + epsilon) / epsilon

    def additive(w: Vector, x: Vector, f: Callable[[Fraction], Fraction]) -> Vector:
        """w_i + (f(1) − 1) on the active features: + ε on a promotion, not × (1 + ε)."""
        return tuple(w_i + (f(Fraction(1)) - 1) * x_i for w_i, x_i in zip(w, x, strict=True))

    monkeypatch.setattr(ltf, "on_active", additive)
    wrong = run("winnow/ltf", X, y, epochs="converge", epsilon=epsilon)
    assert wrong.status == "converged" and wrong.mistakes == 2 * (n - 1)
    assert wrong.mistakes > limit


@pytest.mark.parametrize(
    ("c", "gamma", "epsilon", "problem"),
    [
        (3, 1, Fraction(1, 2), "needs ε·(c − γ) < γ"),  # ltf's default ε is too big for c = 3γ
        (1, 2, Fraction(1, 2), "0 < γ ≤ c"),
        (2, 1, Fraction(0), "ε > 0"),
    ],
)
def test_winnow_ltf_bound_refuses_what_its_proof_does_not_cover(
    c: int, gamma: int, epsilon: Fraction, problem: str
) -> None:
    with pytest.raises(InputError, match=re.escape(problem)):
        winnow_ltf_bound(3, c, gamma, 5, epsilon)


def test_the_ltf_bound_refuses_a_zero_margin_by_naming_the_hypotheses() -> None:
    # γ = 0 breaks 0 < γ ≤ c; the error must say which hypotheses the theorem needs.
    with pytest.raises(
        InputError, match=r"^winnow/ltf bound needs 0 < γ ≤ c, ε > 0, n ≥ 1, L₁ ≥ 0$"
    ):
        bounds.winnow_ltf_bound(1, 1, 0, 2, Fraction(1, 2))


def test_the_ltf_bound_accepts_l1_zero() -> None:
    # L₁ = 0, c = γ = 1, n = 2, ε = 1/2: L = ⌈log_{3/2} 2⌉ = 2, γ(1 + ε) − cε = 1,
    # P = (0·2 + 0·(3/2)/(1/2)) / 1 = 0, M < P + (1 + ε)/ε + (1 + ε)P = 0 + 3 + 0 = 3.
    assert bounds.winnow_ltf_bound(0, 1, 1, 2, Fraction(1, 2)) == 3
