"""Each theorem's bound, written once.

The property tests evaluate these functions on exact rationals; the proofs in ``proofs/``
call the very same functions on sympy symbols and check that the proved chain of steps
ends in the expression they return.  So the two cannot drift apart.  Every argument is
a squared length or a margin, so the bounds stay rational on rational data.

>>> from fractions import Fraction as F
>>> perceptron_mistake_bound(F(5), F(1, 2))
Fraction(20, 1)
>>> import sympy
>>> R2, gamma = sympy.symbols("R2 gamma", positive=True)
>>> perceptron_mistake_bound(R2, gamma)
R2/gamma**2
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeVar

Num = TypeVar("Num", Fraction, Any)
"""A Fraction (the tests) or a sympy expression (the proofs)."""


def perceptron_mistake_bound(R_squared: Num, gamma: Num) -> Num:
    """Block–Novikoff (novikoff/mehta, novikoff/gormley, novikoff/press): k ≤ R²/γ²."""
    return R_squared / gamma**2


def step_scaled(eta: Any, w: Any) -> Any:
    """perceptron/step-invariance: from w = 0, the run with step η has at every step η times
    the weights of the run with step 1 (and makes the same mistakes).  ``w`` is the step-1
    run's weights: a tuple of Fractions (the tests) or a sympy vector term (the proof).

    >>> step_scaled(Fraction(3, 2), (Fraction(1), Fraction(-2)))
    (Fraction(3, 2), Fraction(-3, 1))
    >>> import sympy
    >>> step_scaled(sympy.Symbol("eta"), sympy.Symbol("u"))
    eta*u
    """
    if isinstance(w, tuple):
        return tuple(eta * c for c in w)
    return eta * w


def blum_unit_bound(gamma: Num) -> Num:
    """perceptron/blum-unit: with ‖x‖ = 1 and ‖w*‖ = 1, M ≤ 1/γ²."""
    return 1 / gamma**2


def blum_hinge_bound(gamma: Num, hinge_loss: Num) -> Num:
    """perceptron/blum-hinge: M ≤ 1/γ² + 2·(γ-hinge-loss of w*), for ‖x‖ = 1."""
    return 1 / gamma**2 + 2 * hinge_loss


def hinge_loss(margins: list[Fraction], gamma: Fraction) -> Fraction:
    """Blum's γ-hinge-loss Σ max[0, 1 − ℓ(x)(x·w*)/γ], given the margins ℓ(x)(x·w*).

    >>> hinge_loss([Fraction(1), Fraction(-1, 2), Fraction(1, 4)], Fraction(1, 2))
    Fraction(5, 2)
    """
    return sum((max(Fraction(0), 1 - m / gamma) for m in margins), Fraction(0))


def _is_number(value: object) -> bool:
    """True for the exact numbers of the tests (int, Fraction), False for sympy expressions."""
    return isinstance(value, int | Fraction)


def _exact(value: Any) -> Any:
    """An int becomes a Fraction (so that / stays exact); anything else is returned as is."""
    return Fraction(value) if isinstance(value, int) else value


def freund_schapire_bound(R: Num, D: Num, gamma: Num) -> Num:
    """perceptron/freund-schapire (Gormley slide 35): M ≤ ((R + D)/γ)², D = √(Σ dᵢ²).

    >>> freund_schapire_bound(Fraction(2), Fraction(1), Fraction(1, 2))
    Fraction(36, 1)
    """
    return ((R + D) / gamma) ** 2


def cover_size_bound(d: Any, epsilon: Any) -> Any:
    """Mehta §1: the unit sphere of Rᵈ has a proper ε-cover of at most (4/ε + 1)ᵈ points.

    >>> cover_size_bound(2, Fraction(1, 2))
    Fraction(81, 1)
    """
    return (4 / epsilon + 1) ** d


def halving_cover_bound(d: Any, R: Any, gamma: Any) -> Any:
    """halving/mehta-cover (Mehta Corollary 1): M ≤ d·log2(⌈8R/γ⌉ + 1).

    The value is irrational in general, so it is returned as an exact sympy number (never a
    float); ``mistakes <= halving_cover_bound(...)`` compares exactly.  R may be a sympy
    expression such as ``sympy.sqrt(R_squared)``.

    >>> halving_cover_bound(2, Fraction(1), Fraction(1))
    2*log(9)/log(2)
    >>> halving_cover_bound(1, Fraction(7, 8), Fraction(1))
    3
    >>> bool(6 <= halving_cover_bound(2, Fraction(1), Fraction(1)) < 7)
    True
    """
    import sympy

    ratio = sympy.sympify(8 * R / gamma)
    return sympy.sympify(d) * sympy.log(sympy.ceiling(ratio) + 1, 2)


def halving_mistake_limit(d: int, R_squared: Fraction, gamma: Fraction) -> int:
    """⌊d·log2(⌈8R/γ⌉ + 1)⌋ in integer arithmetic, from R² (exact, no square root taken).

    Mistakes are whole numbers, so M ≤ halving_cover_bound(d, R, γ) iff M ≤ this.

    >>> halving_mistake_limit(2, Fraction(1), Fraction(1))
    6
    """
    import math

    # ⌈8R/γ⌉ = the least integer c with c ≥ 8R/γ, i.e. c² ≥ 64R²/γ² (c ≥ 0).
    ratio_squared = 64 * R_squared / gamma**2
    c = math.isqrt(ratio_squared.numerator // ratio_squared.denominator)
    while c * c < ratio_squared:
        c += 1
    # ⌊log2 N^d⌋ is the bit length of N^d minus one.
    return int(((c + 1) ** d).bit_length() - 1)


def _ceil_log(base: Any, n: Any) -> Any:
    """⌈log_base n⌉ for n ≥ 1 and base > 1: the least integer L ≥ 0 with baseᴸ ≥ n.

    Exact (a loop over exact powers) on numbers; ``ceiling(log(n)/log(base))`` on sympy.
    """
    if _is_number(base) and _is_number(n):
        L, power = 0, Fraction(1)
        while power < n:
            L, power = L + 1, power * base
        return L
    import sympy

    return sympy.ceiling(sympy.log(n) / sympy.log(base))


def winnow_disjunction_bound(r: Any, n: Any) -> Any:
    """winnow/disjunction (Blum; Littlestone 1988): M ≤ 2·r·⌈log2 n⌉ + 1.

    For Winnow with threshold n, w = 1 at the start, doubling on a mistake on a positive and
    zeroing on a mistake on a negative, on examples labelled by a disjunction of r of the n
    variables.  Proof in spec/theorems/winnow/disjunction.md.

    >>> winnow_disjunction_bound(2, 16)
    17
    >>> winnow_disjunction_bound(1, 5)
    7
    """
    return 2 * r * _ceil_log(2, n) + 1


def winnow_k_of_r_positive_bound(r: Any, k: Any, n: Any) -> Any:
    """Mistakes on positives of k-of-r Winnow: M₊ ≤ (2k/(k+1))·(r·L + (k−1)(2k+1)),
    L = ⌈log_{1+ε} n⌉, ε = 1/2k.

    >>> winnow_k_of_r_positive_bound(1, 1, 2)
    Fraction(2, 1)
    """
    k = _exact(k)
    epsilon = 1 / (2 * k)
    L = _ceil_log(1 + epsilon, n)
    return (2 * k / (k + 1)) * (r * L + (k - 1) * (2 * k + 1))


def winnow_k_of_r_bound(r: Any, k: Any, n: Any) -> Any:
    """winnow/k-of-r (Blum; Littlestone 1988): with ε = 1/2k and L = ⌈log_{1+ε} n⌉,
    M ≤ M₊ + (2k + 1) + (1 + 1/2k)·M₊ where M₊ = winnow_k_of_r_positive_bound(r, k, n),
    i.e. O(rk log n).  Proof in spec/theorems/winnow/k-of-r.md.

    >>> winnow_k_of_r_bound(1, 1, 2)
    Fraction(8, 1)
    >>> winnow_k_of_r_bound(3, 2, 100)
    Fraction(209, 1)
    """
    k = _exact(k)
    epsilon = 1 / (2 * k)
    M_positive = winnow_k_of_r_positive_bound(r, k, n)
    return M_positive + (1 + epsilon) / epsilon + (1 + epsilon) * M_positive


def winnow_ltf_bound(L1: Any, c: Any, gamma: Any, n: Any, epsilon: Any) -> Any:
    """winnow/ltf (Blum, "Winnow for general LTFs"): with L = ⌈log_{1+ε} n⌉ and
    P = (L₁·L + (c − γ)(1 + ε)/ε) / (γ(1 + ε) − cε), M₊ ≤ P and
    M < P + (1 + ε)/ε + (1 + ε)·P; at the spec's ε = γ/2c this is O((L₁/γ)² log n).

    For Winnow with threshold n, w = 1 at the start, the active weights multiplied / divided
    by 1 + ε on a mistake on a positive / negative, on x ∈ {0, 1}ⁿ labelled by some w* ≥ 0
    with w*·x ≥ c on the positives and w*·x ≤ c − γ on the negatives (0 < γ ≤ c, L₁ = Σ w*ᵢ),
    in any order and any number of passes.  ε is the run's (winnow/ltf's default is 1/2): any
    ε > 0 with γ(1 + ε) − cε > 0 will do; for any other ε the proof gives no bound, and numbers
    raise InputError.  Proof: (A), (B), (C) of spec/algorithms/winnow/ltf.md, (B) read in
    integers as eᵢ ≤ L.  With L₁ = r, c = k, γ = 1, ε = 1/2k this is winnow_k_of_r_bound.

    >>> winnow_ltf_bound(1, 1, 1, 2, Fraction(1, 2))  # L = 2 (3/2 < 2 ≤ 9/4), P = 2: 2 + 3 + 3
    Fraction(8, 1)
    >>> winnow_ltf_bound(4, 2, 1, 3, Fraction(1, 4))  # L = 5, P = (20 + 5)/(3/4) = 100/3
    Fraction(80, 1)
    """
    L1, c, gamma, n, epsilon = map(_exact, (L1, c, gamma, n, epsilon))
    factor = gamma * (1 + epsilon) - c * epsilon
    if all(map(_is_number, (L1, c, gamma, n, epsilon))):
        from perceptron_ref.errors import InputError

        if not (0 < gamma <= c and epsilon > 0 and n >= 1 and L1 >= 0):
            raise InputError("winnow/ltf bound needs 0 < γ ≤ c, ε > 0, n ≥ 1, L₁ ≥ 0")
        if factor <= 0:
            raise InputError(f"no winnow/ltf bound for ε = {epsilon}: needs ε·(c − γ) < γ")
    L = _ceil_log(1 + epsilon, n)
    P = (L1 * L + (c - gamma) * (1 + epsilon) / epsilon) / factor
    return P + (1 + epsilon) / epsilon + (1 + epsilon) * P
