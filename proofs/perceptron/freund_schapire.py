"""perceptron/freund-schapire: Gormley, Lecture 6, slide 35 (Freund & Schapire 1999, Thm 2):
with ‖x_i‖ ≤ R, ‖u‖ = 1, γ > 0, d_i = max{0, γ − y_i(u·x_i)} and D = √(Σ d_i²), the online
perceptron makes at most ((R + D)/γ)² mistakes on one pass.

Spec: spec/theorems/perceptron/freund-schapire.md.  The slide states the bound only; the proof
is Freund & Schapire's (1999, proof of Theorem 2), checked here step by step: every x_i gets a
fresh coordinate, x'_i = x_i + Δe_i; u' = (u + v/Δ)/Z with v = Σ_i y_i d_i e_i and
Z = √(1 + D²/Δ²) separates the x'_i with margin γ/Z; ‖x'_i‖² ≤ R² + Δ²; the perceptron makes
the same mistakes on the x'_i; Block–Novikoff (novikoff/gormley) bounds them by
(R² + Δ²)Z²/γ², which is ((R + D)/γ)² at Δ² = RD.  The e_i are orthonormal and orthogonal to
the original space; the sums over i = 1..n are symbolic.  We assume D > 0 (for D = 0 the data
are separable with margin γ and novikoff/gormley gives R²/γ² directly).
"""

from __future__ import annotations

import sympy

from perceptron_ref.bounds import freund_schapire_bound, perceptron_mistake_bound

from .._check import Hypothesis, Inner, Theorem, Vector, step, vector_sequence

ID = "perceptron/freund-schapire"

R, D, gamma, Delta, Z = sympy.symbols("R D gamma Delta Z")
M, n = sympy.symbols("M n", integer=True)
i, j = sympy.symbols("i j", integer=True)
x, e, x2, w, p = (vector_sequence(name) for name in ("x", "e", "x'", "w", "p"))
u, u2, v, t = (Vector(name) for name in ("u", "u'", "v", "t"))
y = sympy.Function("y")
d = sympy.Function("d")
c = sympy.Function("c")

H = (
    Hypothesis("H1", "‖x_j‖ ≤ R, as ⟨x_j, x_j⟩ ≤ R²", sympy.Le(Inner(x(j), x(j)), R**2)),
    Hypothesis("H2", "‖u‖ = 1", sympy.Eq(Inner(u, u), 1)),
    Hypothesis("H3", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis(
        "H4",
        "deviation: d_j = max{0, γ − y_j(u·x_j)}",
        sympy.Eq(d(j), sympy.Max(0, gamma - y(j) * Inner(u, x(j)))),
    ),
    Hypothesis("H5", "labels are ±1: y_i² = 1", sympy.Eq(y(i) ** 2, 1)),
    Hypothesis("H6", "D² = Σ_{i=1}^{n} d_i²", sympy.Eq(D**2, sympy.Sum(d(i) ** 2, (i, 1, n)))),
    Hypothesis("H7", "D > 0", sympy.Gt(D, 0)),
    Hypothesis("H8", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H9", "1 ≤ j", sympy.Ge(j, 1)),
    Hypothesis("H10", "j ≤ n", sympy.Le(j, n)),
    Hypothesis(
        "H11",
        "fresh coordinates: ⟨e_i, e_j⟩ = δ_ij",
        sympy.Eq(Inner(e(i), e(j)), sympy.KroneckerDelta(i, j)),
    ),
    Hypothesis("H12", "u is in the original space: ⟨u, e_i⟩ = 0", sympy.Eq(Inner(u, e(i)), 0)),
    Hypothesis("H13", "so is every x_j: ⟨x_j, e_i⟩ = 0", sympy.Eq(Inner(x(j), e(i)), 0)),
    Hypothesis("H14", "so is the perceptron's w_j: ⟨w_j, e_i⟩ = 0", sympy.Eq(Inner(w(j), e(i)), 0)),
    Hypothesis(
        "H15", "v = Σ_{i=1}^{n} y_i d_i e_i", sympy.Eq(v, sympy.Sum(y(i) * d(i) * e(i), (i, 1, n)))
    ),
    Hypothesis("H16", "Δ > 0", sympy.Gt(Delta, 0)),
    Hypothesis("H17", "Δ² = RD (the choice that minimizes the bound)", sympy.Eq(Delta**2, R * D)),
    Hypothesis("H18", "Z > 0", sympy.Gt(Z, 0)),
    Hypothesis("H19", "Z² = 1 + D²/Δ²", sympy.Eq(Z**2, 1 + D**2 / Delta**2)),
    Hypothesis("H20", "x'_j = x_j + Δe_j", sympy.Eq(x2(j), x(j) + Delta * e(j))),
    Hypothesis("H21", "u' = (u + v/Δ)/Z", sympy.Eq(u2, (u + v / Delta) / Z)),
    Hypothesis(
        "H22",
        "on x'_j the perceptron's weights are w_j + Δp_j, p_j = Σ_{i<j} c_i y_i e_i "
        "(c_i = 1 on a mistake, else 0)",
        sympy.Eq(p(j), sympy.Sum(c(i) * y(i) * e(i), (i, 1, j - 1))),
    ),
    Hypothesis(
        "H23",
        "Block–Novikoff (novikoff/gormley) on the x'_j: margin γ/Z, ‖u'‖ = 1, radius² R² + Δ²",
        sympy.Implies(
            sympy.And(
                sympy.Ge(y(j) * Inner(u2, x2(j)), gamma / Z),
                sympy.Eq(Inner(u2, u2), 1),
                sympy.Le(Inner(x2(j), x2(j)), R**2 + Delta**2),
                sympy.Gt(gamma / Z, 0),
            ),
            sympy.Le(M, perceptron_mistake_bound(R**2 + Delta**2, gamma / Z)),
        ),
    ),
    Hypothesis("H24", "the label of x_j is ±1: y_j² = 1", sympy.Eq(y(j) ** 2, 1)),
)
(radius, unit, gamma_pos, deviation, labels, D_def, D_pos, R_pos, j_lo, j_hi) = (
    h.formula for h in H[:10]
)
(orthonormal, u_orth, x_orth, w_orth, v_def, Delta_pos, Delta_choice, Z_pos, Z_def) = (
    h.formula for h in H[10:19]
)
x2_def, u2_def, p_def, novikoff, label_j = (h.formula for h in H[19:])

s1 = step(
    f"{ID}.1",
    "⟨v, e_j⟩ = Σ_i y_i d_i δ_ij = y_j d_j",
    "sympy",
    [v_def, orthonormal, j_lo, j_hi],
    sympy.Eq(Inner(v, e(j)), y(j) * d(j)),
    "Freund & Schapire 1999, proof of Thm 2 (the coordinates of v); ours in this form",
    broken="orthonormality dropped",
    broken_hypotheses=[v_def, j_lo, j_hi],
)
s2 = step(
    f"{ID}.2",
    "⟨v, v⟩ = Σ_i y_i² d_i² = D²",
    "sympy",
    [v_def, orthonormal, labels, D_def],
    sympy.Eq(Inner(v, v), D**2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="y_i² = 1 dropped",
    broken_hypotheses=[v_def, orthonormal, D_def],
)
s3 = step(
    f"{ID}.3",
    "⟨u, v⟩ = 0",
    "sympy",
    [v_def, u_orth],
    sympy.Eq(Inner(u, v), 0),
    "Freund & Schapire 1999 (u' = (u, v/Δ)/Z: the two parts are orthogonal)",
    broken="u ⊥ e_i dropped",
    broken_hypotheses=[v_def],
)
s4 = step(
    f"{ID}.4",
    "⟨x_j, v⟩ = 0",
    "sympy",
    [v_def, x_orth],
    sympy.Eq(Inner(x(j), v), 0),
    "Freund & Schapire 1999",
    broken="x_j ⊥ e_i dropped",
    broken_hypotheses=[v_def],
)
s5 = step(
    f"{ID}.5",
    "Z·⟨u', x'_j⟩ = u·x_j + Δ⟨u, e_j⟩ + ⟨v, x_j⟩/Δ + ⟨v, e_j⟩ = u·x_j + y_j d_j",
    "sympy",
    [u2_def, x2_def, u_orth, s4.conclusion, s1.conclusion, Z_pos, Delta_pos],
    sympy.Eq(Z * Inner(u2, x2(j)), Inner(u, x(j)) + y(j) * d(j)),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the fresh coordinate's part dropped: Z·⟨u', x'_j⟩ = u·x_j",
    broken_conclusion=sympy.Eq(Z * Inner(u2, x2(j)), Inner(u, x(j))),
)
s6 = step(
    f"{ID}.6",
    "y_j⟨u', x'_j⟩ = (y_j u·x_j + d_j)/Z ≥ γ/Z: u' separates the x'_j with margin γ/Z",
    "z3",
    [s5.conclusion, deviation, label_j, Z_pos, gamma_pos],
    sympy.Ge(y(j) * Inner(u2, x2(j)), gamma / Z),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the deviation's definition dropped",
    broken_hypotheses=[s5.conclusion, label_j, Z_pos, gamma_pos],
)
s7 = step(
    f"{ID}.7",
    "⟨u', u'⟩ = (‖u‖² + 2⟨u, v⟩/Δ + ‖v‖²/Δ²)/Z² = (1 + D²/Δ²)/Z² = 1",
    "sympy",
    [u2_def, unit, s3.conclusion, s2.conclusion, Z_def, Z_pos, Delta_pos],
    sympy.Eq(Inner(u2, u2), 1),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="Z's definition changed: Z² = 1 + D/Δ",
    broken_hypotheses=[
        u2_def,
        unit,
        s3.conclusion,
        s2.conclusion,
        sympy.Eq(Z**2, 1 + D / Delta),
        Z_pos,
        Delta_pos,
    ],
)
s8 = step(
    f"{ID}.8",
    "⟨x'_j, x'_j⟩ = ‖x_j‖² + 2Δ⟨x_j, e_j⟩ + Δ²‖e_j‖² = ‖x_j‖² + Δ²",
    "sympy",
    [x2_def, x_orth, orthonormal],
    sympy.Eq(Inner(x2(j), x2(j)), Inner(x(j), x(j)) + Delta**2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="x_j ⊥ e_i dropped",
    broken_hypotheses=[x2_def, orthonormal],
)
s9 = step(
    f"{ID}.9",
    "‖x'_j‖² ≤ R² + Δ²",
    "z3",
    [s8.conclusion, radius],
    sympy.Le(Inner(x2(j), x2(j)), R**2 + Delta**2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the radius dropped",
    broken_hypotheses=[s8.conclusion],
)
s10 = step(
    f"{ID}.10",
    "⟨w_j + Δp_j, x'_j⟩ = ⟨w_j, x_j⟩: the same scores, so the same mistakes",
    "sympy",
    [x2_def, p_def, w_orth, x_orth, orthonormal],
    sympy.Eq(Inner(w(j) + Delta * p(j), x2(j)), Inner(w(j), x(j))),
    "Freund & Schapire 1999 ('the perceptron makes the same predictions'); the check is ours",
    broken="p_j summed up to j (an example seen before): Σ_{i≤j}",
    broken_hypotheses=[
        x2_def,
        sympy.Eq(p(j), sympy.Sum(c(i) * y(i) * e(i), (i, 1, j))),
        w_orth,
        x_orth,
        orthonormal,
    ],
)
s11 = step(
    f"{ID}.11",
    "a mistake keeps the form: (w_j + Δp_j) + y_j x'_j = (w_j + y_j x_j) + Δ(p_j + y_j e_j)",
    "sympy",
    [x2_def],
    sympy.Eq(
        Inner(w(j) + Delta * p(j) + y(j) * x2(j), t),
        Inner(w(j) + y(j) * x(j) + Delta * (p(j) + y(j) * e(j)), t),
    ),
    "ours (checked against an arbitrary vector t)",
    broken="the fresh coordinate's step dropped",
    broken_conclusion=sympy.Eq(
        Inner(w(j) + Delta * p(j) + y(j) * x2(j), t), Inner(w(j) + y(j) * x(j) + Delta * p(j), t)
    ),
)
s12 = step(
    f"{ID}.12",
    "Block–Novikoff on the x'_j: M ≤ (R² + Δ²)/(γ/Z)²",
    "z3",
    [s6.conclusion, s7.conclusion, s9.conclusion, gamma_pos, Z_pos, novikoff],
    sympy.Le(M, perceptron_mistake_bound(R**2 + Delta**2, gamma / Z)),
    "Freund & Schapire 1999, proof of Thm 2 (applying the separable bound)",
    broken="the margin of u' dropped",
    broken_hypotheses=[s7.conclusion, s9.conclusion, gamma_pos, Z_pos, novikoff],
)
s13 = step(
    f"{ID}.13",
    "at Δ² = RD: (R² + Δ²)(1 + D²/Δ²)/γ² = ((R + D)/γ)²",
    "z3",
    [s12.conclusion, Delta_choice, Z_def, Z_pos, Delta_pos, R_pos, D_pos, gamma_pos],
    sympy.Le(M, freund_schapire_bound(R, D, gamma)),
    "Freund & Schapire 1999 (the choice of Δ); the bound is Gormley slide 35's",
    broken="a worse choice Δ² = R² is not this bound",
    broken_hypotheses=[
        s12.conclusion,
        sympy.Eq(Delta**2, R**2),
        Z_def,
        Z_pos,
        Delta_pos,
        R_pos,
        D_pos,
        gamma_pos,
    ],
)

THEOREM = Theorem(
    ID,
    "Gormley, Lecture 6, slide 35 (Freund & Schapire 1999, Theorem 2)",
    H,
    s13.conclusion,
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13),
    freund_schapire_bound,
    (R, D, gamma),
)
