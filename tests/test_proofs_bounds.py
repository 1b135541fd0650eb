"""The bounds the proofs conclude, two routes: the exact numbers the property tests use equal
the sympy expressions the proofs conclude, evaluated at the same numbers."""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import bounds

r_, k_, n_, d_, R_, gamma_, D_ = sympy.symbols("r k n d R gamma D")
positive = st.fractions(min_value=Fraction(1, 12), max_value=20, max_denominator=12)


def at(expression: sympy.Expr, **values: object) -> sympy.Expr:
    symbols = {"r": r_, "k": k_, "n": n_, "d": d_, "R": R_, "gamma": gamma_, "D": D_}
    return expression.subs({symbols[k]: sympy.sympify(v) for k, v in values.items()})


@given(st.integers(0, 40), st.integers(1, 5000))
def test_winnow_disjunction_bound_exact_equals_symbolic(r: int, n: int) -> None:
    exact = bounds.winnow_disjunction_bound(r, n)
    assert exact == at(bounds.winnow_disjunction_bound(r_, n_), r=r, n=n)
    assert exact == 2 * r * (n - 1).bit_length() + 1  # ⌈log2 n⌉ from the binary length


@given(st.integers(0, 20), st.integers(1, 6), st.integers(1, 3000))
def test_winnow_k_of_r_bound_exact_equals_symbolic(r: int, k: int, n: int) -> None:
    exact = bounds.winnow_k_of_r_bound(r, k, n)
    assert isinstance(exact, Fraction)
    assert exact == at(bounds.winnow_k_of_r_bound(r_, k_, n_), r=r, k=k, n=n)
    positive_part = bounds.winnow_k_of_r_positive_bound(r, k, n)
    assert exact == positive_part + 2 * k + 1 + (1 + Fraction(1, 2 * k)) * positive_part


@given(positive, positive, positive)
def test_freund_schapire_bound_exact_equals_symbolic(
    R: Fraction, D: Fraction, gamma: Fraction
) -> None:
    exact = bounds.freund_schapire_bound(R, D, gamma)
    assert exact == at(bounds.freund_schapire_bound(R_, D_, gamma_), R=R, D=D, gamma=gamma)
    assert exact >= bounds.perceptron_mistake_bound(R**2, gamma)  # D ≥ 0 only adds


def q(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


@given(st.integers(1, 8), positive, positive)
def test_halving_limit_is_the_floor_of_the_cover_bound(
    d: int, R_squared: Fraction, gamma: Fraction
) -> None:
    limit = bounds.halving_mistake_limit(d, R_squared, gamma)
    R = sympy.sqrt(q(R_squared))
    assert limit <= bounds.halving_cover_bound(d, R, gamma) < limit + 1
    assert 2**limit <= (sympy.ceiling(8 * R / q(gamma)) + 1) ** d < 2 ** (limit + 1)


@given(st.integers(1, 6), positive)
def test_cover_size_bound_is_log_consistent_with_mehta(d: int, epsilon: Fraction) -> None:
    size = bounds.cover_size_bound(d, epsilon)
    assert size == (4 / epsilon + 1) ** d
    assert isinstance(size, Fraction)
