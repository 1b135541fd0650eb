"""novikoff/mehta: Mehta, Lecture 3, Theorem 1 (the Perceptron makes at most R²/γ² mistakes),
proved in the note's two claims (1) ‖w_m‖ ≤ R√m and (2) ⟨w_m, w*⟩ ≥ γm.

Spec: spec/theorems/novikoff/mehta.md.  The index j is the j-th mistake (0 ≤ j < m), the
mistaken example is (x(j), y(j)), and w(j) is the weight vector after j mistakes.
"""

from __future__ import annotations

import sympy

from perceptron_ref.bounds import perceptron_mistake_bound

from .._check import (
    Hypothesis,
    Index,
    Induction,
    Inner,
    Norm,
    Theorem,
    Vector,
    Witness,
    instance,
    step,
    vector_sequence,
    without,
)
from .._rules import INNER_POS
from .._runs import SLIDE_15_X, SLIDE_15_Y, mistakes, sequence

ID = "novikoff/mehta"
NOTE = "Mehta, Lecture 3, §2"

gamma = sympy.Symbol("gamma")
R = sympy.Symbol("R")
m = sympy.Symbol("m", integer=True)
j = sympy.Symbol("j", integer=True)
i = sympy.Symbol("i", integer=True)
w = vector_sequence("w")
x = vector_sequence("x")
y = sympy.Function("y")
w_star = Vector("w_star")

z = w(m) - Inner(w_star, w(m)) * w_star  # the vector at which positivity gives Cauchy–Schwarz

H = (
    Hypothesis("H1", "w_0 = 0 (Algorithm 1, line 1)", sympy.Eq(w(0), 0)),
    Hypothesis(
        "H2",
        "on the j-th mistake w_{j+1} = w_j + ỹ_j x̃_j (Algorithm 1; proof of claim (1))",
        sympy.Eq(w(j + 1), w(j) + y(j) * x(j)),
    ),
    Hypothesis("H3", "labels are ±1: ỹ_j² = 1 (𝒴 = {−1, +1})", sympy.Eq(y(j) ** 2, 1)),
    Hypothesis(
        "H4",
        "w_j erred on (x̃_j, ỹ_j): ỹ_j⟨w_j, x̃_j⟩ ≤ 0 (proof of claim (1))",
        sympy.Le(y(j) * Inner(w(j), x(j)), 0),
    ),
    Hypothesis("H5", "R = max ‖x_t‖: ‖x̃_j‖² ≤ R²", sympy.Le(Inner(x(j), x(j)), R**2)),
    Hypothesis(
        "H6", "margin (Assumption 1): ỹ_j⟨w*, x̃_j⟩ ≥ γ", sympy.Ge(y(j) * Inner(w_star, x(j)), gamma)
    ),
    Hypothesis("H7", "w* is a unit vector: ⟨w*, w*⟩ = 1", sympy.Eq(Inner(w_star, w_star), 1)),
    Hypothesis("H8", "γ > 0 (Assumption 1)", sympy.Gt(gamma, 0)),
    Hypothesis("H9", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H10", "m ≥ 0 mistakes have been made", sympy.Ge(m, 0)),
)
INDICES = (Index(j, 0, m - 1, "the j-th mistake (0-based), made with w_j"),)
(w0, update, label, mistake, radius, margin, unit, gamma_pos, R_pos, m_nonneg) = (
    h.formula for h in H
)

# Claim (1): ‖w_m‖ ≤ R√m.
s1 = step(
    f"{ID}.1",
    "‖w_{j+1}‖² = ‖w_j‖² + ‖x̃_j‖² + 2ỹ_j⟨w_j, x̃_j⟩",
    "sympy",
    [update, label],
    sympy.Eq(
        Inner(w(j + 1), w(j + 1)),
        Inner(w(j), w(j)) + Inner(x(j), x(j)) + 2 * y(j) * Inner(w(j), x(j)),
    ),
    "Mehta, proof of claim (1), first two equalities",
    broken="ỹ_j² = 1 dropped",
    broken_hypotheses=[update],
)
s2 = step(
    f"{ID}.2",
    "‖w_{j+1}‖² ≤ ‖w_j‖² + R²",
    "z3",
    [s1.conclusion, mistake, radius],
    sympy.Le(Inner(w(j + 1), w(j + 1)), Inner(w(j), w(j)) + R**2),
    "Mehta, proof of claim (1), the inequality (the note writes <; ≤ is what holds)",
    broken="the mistake hypothesis ỹ_j⟨w_j, x̃_j⟩ ≤ 0 dropped",
    broken_hypotheses=[s1.conclusion, radius],
)
claim1 = Induction(j, lambda n: sympy.Le(Inner(w(n), w(n)), n * R**2), 0, m)
s3 = step(
    f"{ID}.3",
    "‖w_m‖² ≤ mR² (induction from w_0 = 0)",
    "z3",
    [w0, m_nonneg, s2.conclusion],
    claim1.predicate(m),
    "Mehta, proof of claim (1): 'repeating this argument all the way back to w_0 = 0'",
    induction=claim1,
    broken="the constant halved: ‖w_m‖² ≤ mR²/2",
    broken_conclusion=sympy.Le(Inner(w(m), w(m)), m * R**2 / 2),
    broken_induction=Induction(j, lambda n: sympy.Le(Inner(w(n), w(n)), n * R**2 / 2), 0, m),
)
s4 = step(
    f"{ID}.4",
    "‖w_m‖ ≤ R√m (claim (1))",
    "z3",
    [s3.conclusion, R_pos, m_nonneg],
    sympy.Le(Norm(w(m)), R * sympy.sqrt(m)),
    "Mehta, claim (1)",
    broken="the constant halved: ‖w_m‖ ≤ R√m/2",
    broken_conclusion=sympy.Le(Norm(w(m)), R * sympy.sqrt(m) / 2),
    coq="apply sqrt_bound; lra.",
)

# Claim (2): ⟨w_m, w*⟩ ≥ γm.
s5 = step(
    f"{ID}.5",
    "⟨w*, w_{j+1}⟩ = ⟨w*, w_j⟩ + ỹ_j⟨w*, x̃_j⟩",
    "sympy",
    [update],
    sympy.Eq(Inner(w_star, w(j + 1)), Inner(w_star, w(j)) + y(j) * Inner(w_star, x(j))),
    "Mehta, proof of claim (2), the two equalities",
    broken="the update dropped",
    broken_hypotheses=[],
)
s6 = step(
    f"{ID}.6",
    "⟨w*, w_{j+1}⟩ ≥ ⟨w*, w_j⟩ + γ",
    "z3",
    [s5.conclusion, margin],
    sympy.Ge(Inner(w_star, w(j + 1)), Inner(w_star, w(j)) + gamma),
    "Mehta, proof of claim (2), the inequality (separability with margin)",
    broken="the margin hypothesis dropped",
    broken_hypotheses=[s5.conclusion],
)
claim2 = Induction(j, lambda n: sympy.Ge(Inner(w_star, w(n)), gamma * n), 0, m)
s7 = step(
    f"{ID}.7",
    "⟨w*, w_m⟩ ≥ γm (claim (2), induction from w_0 = 0)",
    "z3",
    [w0, m_nonneg, s6.conclusion],
    claim2.predicate(m),
    "Mehta, claim (2): 'applying this argument recursively'",
    induction=claim2,
    broken="off by one: ⟨w*, w_m⟩ ≥ γ(m + 1)",
    broken_conclusion=sympy.Ge(Inner(w_star, w(m)), gamma * (m + 1)),
    broken_induction=Induction(j, lambda n: sympy.Ge(Inner(w_star, w(n)), gamma * (n + 1)), 0, m),
)
s8 = instance(
    f"{ID}.8",
    "⟨z, z⟩ ≥ 0 at z = w_m − ⟨w*, w_m⟩w* (the inner product is positive semidefinite)",
    INNER_POS,
    {INNER_POS.variables[0]: z},
    "ours: the instance of positivity that gives Cauchy–Schwarz",
    broken="instantiated at w_m instead of z",
    broken_values={INNER_POS.variables[0]: w(m)},
)
s9 = step(
    f"{ID}.9",
    "⟨w*, w_m⟩ ≤ ‖w*‖·‖w_m‖ = ‖w_m‖ (Cauchy–Schwarz, from positivity at z)",
    "z3",
    [unit, s8.conclusion],
    sympy.Le(Inner(w_star, w(m)), Norm(w(m))),
    "Mehta, final display (the note writes '=', Cauchy–Schwarz gives ≤); derivation ours",
    broken="positivity dropped",
    broken_hypotheses=without([unit, s8.conclusion], s8.conclusion),
)
s10 = step(
    f"{ID}.10",
    "γm ≤ ⟨w*, w_m⟩ ≤ ‖w_m‖ ≤ R√m",
    "z3",
    [s7.conclusion, s9.conclusion, s4.conclusion],
    sympy.Le(gamma * m, R * sympy.sqrt(m)),
    "Mehta, final display",
    broken="claim (1) dropped",
    broken_hypotheses=[s7.conclusion, s9.conclusion],
)
s11 = step(
    f"{ID}.11",
    "γm ≤ R√m ⇒ m ≤ R²/γ²",
    "z3",
    [s10.conclusion, gamma_pos, R_pos, m_nonneg],
    sympy.Le(m, perceptron_mistake_bound(R**2, gamma)),
    "Mehta, 'and so m ≤ R²/γ²'",
    coq="apply novikoff_algebra; lra.",
    broken="constant changed: m ≤ R²/(2γ²)",
    broken_conclusion=sympy.Le(m, perceptron_mistake_bound(R**2, gamma) / 2),
)


def witness() -> list[Witness]:
    """perceptron/mehta on Gormley's worked example (slide 15), w* = (1, 0), γ = 1, R = √5."""
    run = mistakes("perceptron/mehta", SLIDE_15_X, SLIDE_15_Y, epochs="converge")
    values = {
        w: sequence(run.w),
        x: sequence(run.x),
        y: sequence(run.y),
        m: run.m,
        w_star: (1, 0),
        gamma: 1,
        R: sympy.sqrt(5),
    }
    return [Witness(f"perceptron/mehta on slide 15 ({run.m} mistakes)", values)]


THEOREM = Theorem(
    ID,
    f"{NOTE}, Theorem 1, claims (1) and (2)",
    H,
    (s11.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11),
    perceptron_mistake_bound,
    (R**2, gamma),
    INDICES,
    witness,
)
