"""The exact max-margin separator through the origin, with its certificate.

Mirrors the margin of the notes (Gormley, geometric margin and the Block–Novikoff theorem;
Mehta, Lecture 3): γ = max over unit w of min_i y_i⟨w, x_i⟩.  With z_i = y_i·x_i the
minimax theorem gives γ = min ‖v‖ over v in the convex hull of the z_i, attained at
w* = v/‖v‖.  So the best margin is a distance, its square γ² = ‖v‖² is rational on
rational data, and the theorem's bound R²/γ² = R²/‖v‖² is an exact rational too.

v is found by Wolfe's minimum-norm-point algorithm (1976), run in Fractions: every step
is a rational linear solve, so it ends exactly (no tolerance) after finitely many steps.
The answer carries its own proof, which :func:`max_margin` checks before returning it:

* v = Σ λ_i z_i with λ_i ≥ 0, Σ λ_i = 1 (v is in the hull, so no unit w beats ‖v‖:
  min_i ⟨w, z_i⟩ ≤ ⟨w, v⟩ ≤ ‖v‖), and
* ⟨v, z_i⟩ ≥ ‖v‖² for every i (so w* = v/‖v‖ attains y_i⟨w*, x_i⟩ ≥ ‖v‖ = γ).

v = 0 is Gordan's certificate that no w separates the data through the origin.

Gormley's worked example (slide 15): w* = (1, 0), γ² = 1, and R² = 5.

>>> from fractions import Fraction as F
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> y = [-1, 1, 1, -1, -1, 1]
>>> m = max_margin([tuple(F(t * a) for a in x) for x, t in zip(X, y)])
>>> m.v, m.gamma_squared
((Fraction(1, 1), Fraction(0, 1)), Fraction(1, 1))
>>> max_margin([(F(1), F(0)), (F(-1), F(0))]).separable
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from perceptron_ref.vectors import Vector, add, dot, norm2, scale, zeros


@dataclass(frozen=True)
class Margin:
    """The nearest point v of conv{z_i} to 0, with its convex weights λ (the certificate)."""

    v: Vector
    weights: tuple[tuple[int, Fraction], ...]
    """(i, λ_i) for the z_i that carry v: the support vectors."""

    @property
    def gamma_squared(self) -> Fraction:
        """γ² = ‖v‖², the squared best margin (0 when the data are not separable)."""
        return norm2(self.v)

    @property
    def separable(self) -> bool:
        return self.gamma_squared > 0


def solve(A: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Solve A·x = b exactly by Gauss–Jordan elimination (A square and invertible)."""
    n = len(A)
    M = [[*row, rhs] for row, rhs in zip(A, b, strict=True)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if M[r][col] != 0)
        M[col], M[pivot] = M[pivot], M[col]
        for r in range(n):
            if r != col and M[r][col] != 0:
                f = M[r][col] / M[col][col]
                M[r] = [a - f * c for a, c in zip(M[r], M[col], strict=True)]
    return [M[r][n] / M[r][r] for r in range(n)]


def affine_minimizer(S: Sequence[Vector]) -> list[Fraction]:
    """The weights α (Σα = 1) of the point of S's affine hull nearest to 0.

    The bordered system [[G, 1], [1ᵀ, 0]]·[α; μ] = [0; 1], G the Gram matrix of S, is
    invertible because Wolfe's corrals stay affinely independent.
    """
    n = len(S)
    A = [[dot(p, q) for q in S] + [Fraction(1)] for p in S]
    A.append([Fraction(1)] * n + [Fraction(0)])
    return solve(A, [Fraction(0)] * n + [Fraction(1)])[:n]


def combine(S: Sequence[Vector], lam: Sequence[Fraction]) -> Vector:
    v = zeros(len(S[0]))
    for p, a in zip(S, lam, strict=True):
        v = add(v, scale(a, p))
    return v


def max_margin(Z: Sequence[Vector]) -> Margin:
    """Wolfe's algorithm on the points z_i = y_i·x_i, exactly; the result is checked."""
    if not Z:
        raise ValueError("max_margin needs at least one point")
    first = min(range(len(Z)), key=lambda i: (norm2(Z[i]), i))
    corral, lam = [first], [Fraction(1)]
    v = Z[first]
    while True:
        # Major cycle: the point most "behind" v; none means v is optimal.
        j = min(range(len(Z)), key=lambda i: (dot(v, Z[i]), i))
        if dot(v, Z[j]) >= norm2(v):
            break
        assert j not in corral, "a corral point has ⟨v, z⟩ = ‖v‖²"
        corral, lam = [*corral, j], [*lam, Fraction(0)]
        while True:
            # Minor cycle: go to the affine minimizer, or as far toward it as the hull allows.
            alpha = affine_minimizer([Z[i] for i in corral])
            if all(a > 0 for a in alpha):
                lam = alpha
                break
            # The step stops where the first weight reaches 0 (lo = a = 0: at once).
            theta = min(
                lo / (lo - a) if lo != a else Fraction(0)
                for lo, a in zip(lam, alpha, strict=True)
                if a <= 0
            )
            lam = [(1 - theta) * lo + theta * a for lo, a in zip(lam, alpha, strict=True)]
            kept = [(i, lo) for i, lo in zip(corral, lam, strict=True) if lo > 0]
            corral, lam = [i for i, _ in kept], [lo for _, lo in kept]
        v = combine([Z[i] for i in corral], lam)
    margin = Margin(v, tuple(sorted(zip(corral, lam, strict=True))))
    check(margin, Z)
    return margin


def check(margin: Margin, Z: Sequence[Vector]) -> None:
    """Assert the certificate: v is a convex combination of the z_i and no z_i lies behind v."""
    lam = [a for _, a in margin.weights]
    assert all(a >= 0 for a in lam) and sum(lam) == 1
    assert combine([Z[i] for i, _ in margin.weights], lam) == margin.v
    assert all(dot(margin.v, z) >= margin.gamma_squared for z in Z)
