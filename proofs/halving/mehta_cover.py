"""halving/mehta-cover: Mehta, Lecture 3, §1: Halving over a proper γ/2R-cover of the unit
sphere keeps a separator (margin ≥ γ/2) and makes at most d·log2(⌈8R/γ⌉ + 1) mistakes
(Corollary 1).

Spec: spec/theorems/halving/mehta-cover.md.  (x, y) is any example of the sequence; w̃ is the
cover point nearest w*; δ = w̃ − w*.  Facts the note cites without proof are hypotheses: the
covering number (4/ε + 1)ᵈ, the Halving bound log2|C| of Lecture 2, Cauchy–Schwarz, and
that log is increasing with log(aᵈ) = d·log a (log is an uninterpreted function for z3; the
checker knows only the sign of log of a number, e.g. log 2 > 0).
"""

from __future__ import annotations

import sympy

from perceptron_ref.bounds import cover_size_bound, halving_cover_bound

from .._check import Hypothesis, Inner, Norm, Theorem, Vector, step

ID = "halving/mehta-cover"

gamma, R, eps, y, C = sympy.symbols("gamma R epsilon y C")
d, M = sympy.symbols("d M", integer=True)
x, w_star, w_tilde, delta = (Vector(n) for n in ("x", "w_star", "w_tilde", "delta"))
log = sympy.log
cover = cover_size_bound(d, eps)
ratio = 8 * R / gamma


def increasing(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """0 < a ≤ b ⇒ log a ≤ log b."""
    return sympy.Implies(sympy.And(sympy.Gt(a, 0), sympy.Le(a, b)), sympy.Le(log(a), log(b)))


H = (
    Hypothesis(
        "H1",
        "separability with margin (Assumption 1): y⟨w*, x⟩ ≥ γ",
        sympy.Ge(y * Inner(w_star, x), gamma),
    ),
    Hypothesis("H2", "labels are ±1: y² = 1", sympy.Eq(y**2, 1)),
    Hypothesis("H3", "R = max ‖x_t‖: ‖x‖ ≤ R", sympy.Le(Norm(x), R)),
    Hypothesis("H4", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis("H5", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H6", "ε = γ/2R", sympy.Eq(eps, gamma / (2 * R))),
    Hypothesis("H7", "δ = w̃ − w*", sympy.Eq(delta, w_tilde - w_star)),
    Hypothesis("H8", "S_γ is a proper ε-cover: ‖w̃ − w*‖ ≤ ε", sympy.Le(Norm(delta), eps)),
    Hypothesis(
        "H9",
        "Cauchy–Schwarz: |⟨δ, x⟩| ≤ ‖δ‖·‖x‖ (cited by the note)",
        sympy.Le(sympy.Abs(Inner(delta, x)), Norm(delta) * Norm(x)),
    ),
    Hypothesis(
        "H10",
        "Halving (Lecture 2): if f_w̃ ∈ C_γ is correct on every example, M ≤ log2|C_γ|",
        sympy.Implies(sympy.Gt(y * Inner(w_tilde, x), 0), sympy.Le(M, log(C) / log(2))),
    ),
    Hypothesis(
        "H11",
        "covering number: |C_γ| ≤ (4/ε + 1)ᵈ (cited, not proved, by the note)",
        sympy.Le(C, cover),
    ),
    Hypothesis("H12", "C_γ is not empty: |C_γ| ≥ 1", sympy.Ge(C, 1)),
    Hypothesis("H13", "log is increasing (at |C_γ| and (4/ε + 1)ᵈ)", increasing(C, cover)),
    Hypothesis(
        "H14",
        "log is increasing (at 8R/γ + 1 and ⌈8R/γ⌉ + 1)",
        increasing(ratio + 1, sympy.ceiling(ratio) + 1),
    ),
    Hypothesis(
        "H15", "log(aᵈ) = d·log a at a = 4/ε + 1", sympy.Eq(log(cover), d * log(4 / eps + 1))
    ),
    Hypothesis("H16", "d ≥ 1", sympy.Ge(d, 1)),
)
(
    margin,
    label,
    radius,
    gamma_pos,
    R_pos,
    eps_def,
    delta_def,
    covered,
    cauchy_schwarz,
    halving,
    covering,
    nonempty,
    mono_C,
    mono_ceil,
    power,
    d_pos,
) = (h.formula for h in H)

s1 = step(
    f"{ID}.1",
    "y⟨w̃, x⟩ = y⟨w*, x⟩ + y⟨w̃ − w*, x⟩",
    "sympy",
    [delta_def],
    sympy.Eq(y * Inner(w_tilde, x), y * Inner(w_star, x) + y * Inner(delta, x)),
    "Mehta §1, the margin display, line 1",
    broken="δ = w̃ − w* dropped",
    broken_hypotheses=[],
)
s2 = step(
    f"{ID}.2",
    "y⟨w̃, x⟩ ≥ γ + y⟨w̃ − w*, x⟩",
    "z3",
    [s1.conclusion, margin],
    sympy.Ge(y * Inner(w_tilde, x), gamma + y * Inner(delta, x)),
    "Mehta §1, line 2 (separability with margin)",
    broken="the margin dropped",
    broken_hypotheses=[s1.conclusion],
)
s3 = step(
    f"{ID}.3",
    "y⟨w̃ − w*, x⟩ ≥ −‖w̃ − w*‖·‖x‖",
    "z3",
    [label, cauchy_schwarz],
    sympy.Ge(y * Inner(delta, x), -Norm(delta) * Norm(x)),
    "Mehta §1, line 3 (Cauchy–Schwarz)",
    broken="Cauchy–Schwarz dropped",
    broken_hypotheses=[label],
)
s4 = step(
    f"{ID}.4",
    "y⟨w̃, x⟩ ≥ γ − (γ/2R)·R = γ/2",
    "z3",
    [s2.conclusion, s3.conclusion, covered, eps_def, radius, R_pos, gamma_pos],
    sympy.Ge(y * Inner(w_tilde, x), gamma / 2),
    "Mehta §1, lines 4–5",
    broken="a coarser cover, ε = γ/R",
    broken_hypotheses=[
        s2.conclusion,
        s3.conclusion,
        covered,
        sympy.Eq(eps, gamma / R),
        radius,
        R_pos,
        gamma_pos,
    ],
)
s5 = step(
    f"{ID}.5",
    "γ_w̃ ≥ γ/2 > 0: f_w̃ ∈ C_γ separates the data",
    "z3",
    [s4.conclusion, gamma_pos],
    sympy.Gt(y * Inner(w_tilde, x), 0),
    "Mehta §1, 'Thus, we have γ_w̃ ≥ γ/2 > 0'",
    broken="γ > 0 dropped",
    broken_hypotheses=[s4.conclusion],
)
s6 = step(
    f"{ID}.6",
    "Halving on C_γ makes at most log2|C_γ| mistakes",
    "z3",
    [s5.conclusion, halving],
    sympy.Le(M, log(C) / log(2)),
    "Mehta §1, 'running the Halving algorithm on C_γ will yield a mistake bound of log|C_γ|'",
    broken="the Halving bound dropped",
    broken_hypotheses=[s5.conclusion],
)
s7 = step(
    f"{ID}.7",
    "at ε = γ/2R: 4/ε + 1 = 8R/γ + 1",
    "sympy",
    [eps_def, gamma_pos, R_pos],
    sympy.Eq(4 / eps + 1, ratio + 1),
    "ours (Corollary 1 leaves it to the reader)",
    broken="constant changed: 4/ε + 1 = 4R/γ + 1",
    broken_conclusion=sympy.Eq(4 / eps + 1, 4 * R / gamma + 1),
)
s8 = step(
    f"{ID}.8",
    "log|C_γ| ≤ log((4/ε + 1)ᵈ) = d·log(4/ε + 1)",
    "z3",
    [covering, nonempty, mono_C, power],
    sympy.Le(log(C), d * log(4 / eps + 1)),
    "ours: log2 of (4/ε + 1)ᵈ",
    broken="the covering number dropped",
    broken_hypotheses=[nonempty, mono_C, power],
)
s9 = step(
    f"{ID}.9",
    "log(8R/γ + 1) ≤ log(⌈8R/γ⌉ + 1)",
    "z3",
    [mono_ceil, gamma_pos, R_pos],
    sympy.Le(log(ratio + 1), log(sympy.ceiling(ratio) + 1)),
    "ours: ⌈·⌉ makes the cover size an integer",
    broken="monotonicity of log dropped",
    broken_hypotheses=[gamma_pos, R_pos],
)
s10 = step(
    f"{ID}.10",
    "M ≤ log2|C_γ| ≤ d·log2(⌈8R/γ⌉ + 1) (Corollary 1)",
    "z3",
    [s6.conclusion, s7.conclusion, s8.conclusion, s9.conclusion, d_pos, gamma_pos, R_pos],
    sympy.Le(M, halving_cover_bound(d, R, gamma)),
    "Mehta §1, Corollary 1",
    broken="constant changed: M ≤ d·log2(⌈4R/γ⌉ + 1)",
    broken_conclusion=sympy.Le(M, halving_cover_bound(d, R / 2, gamma)),
)

THEOREM = Theorem(
    ID,
    "Mehta, Lecture 3, §1: Halving over a cover, Corollary 1",
    H,
    s10.conclusion,
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10),
    halving_cover_bound,
    (d, R, gamma),
)
