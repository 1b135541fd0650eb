"""novikoff/press: Press, AI Notes, §3 (Convergence of the PLA): w*·w_k ≥ km, ‖w_k‖² ≤ kR²,
hence k ≤ R²/m².

Spec: spec/theorems/novikoff/press.md.  Press's names: m = min |w*·x_i| (the margin), w_k is
w after the k-th mistake, made on (x(k), y(k)) with w_{k−1}; K mistakes in all, 1 ≤ k ≤ K.
Press's separability is y(w*·x) ≥ 0 with m > 0; step 2 turns it into y(w*·x) ≥ m.
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
)
from .._rules import INNER_POS
from .._runs import SLIDE_15_X, SLIDE_15_Y, mistakes, sequence

ID = "novikoff/press"

m, R = sympy.symbols("m R")
K = sympy.Symbol("K", integer=True)
k = sympy.Symbol("k", integer=True)
w = vector_sequence("w")
x = vector_sequence("x")
y = sympy.Function("y")
w_star = Vector("w_star")
z = w(K) - Inner(w_star, w(K)) * w_star
score = Inner(w(k - 1), x(k))

H = (
    Hypothesis("H1", "w = 0 at the start (§2: for i = 1 to n, w_i = 0)", sympy.Eq(w(0), 0)),
    Hypothesis(
        "H2", "w_k = w_{k−1} + yx (§3, 'by definition')", sympy.Eq(w(k), w(k - 1) + y(k) * x(k))
    ),
    Hypothesis(
        "H3",
        "the PLA's mistake test (§2): (y = −1 and w·x ≥ 0) or (y = 1 and w·x < 0)",
        sympy.Or(
            sympy.And(sympy.Eq(y(k), -1), score >= 0), sympy.And(sympy.Eq(y(k), 1), score < 0)
        ),
    ),
    Hypothesis("H4", "labels are ±1: y² = 1", sympy.Eq(y(k) ** 2, 1)),
    Hypothesis("H5", "R = max ‖x_i‖: x·x ≤ R²", sympy.Le(Inner(x(k), x(k)), R**2)),
    Hypothesis(
        "H6",
        "linearly separable (§3 definition): y(w*·x) ≥ 0",
        sympy.Ge(y(k) * Inner(w_star, x(k)), 0),
    ),
    Hypothesis("H7", "m = min |w*·x_i|: |w*·x| ≥ m", sympy.Ge(sympy.Abs(Inner(w_star, x(k))), m)),
    Hypothesis("H8", "m > 0 (§3)", sympy.Gt(m, 0)),
    Hypothesis("H9", "‖w*‖ = 1 (WLOG, §3), as w*·w* = 1", sympy.Eq(Inner(w_star, w_star), 1)),
    Hypothesis("H10", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H11", "K ≥ 0 mistakes", sympy.Ge(K, 0)),
)
INDICES = (Index(k, 1, K, "the k-th mistake, made with w_{k−1}"),)
(w0, update, mistake, label, radius, separable, min_margin, m_pos, unit, R_pos, K_nonneg) = (
    h.formula for h in H
)
ranges = [w0, K_nonneg]

s1 = step(
    f"{ID}.1",
    "w*·w_k = w*·w_{k−1} + y(w*·x)",
    "sympy",
    [update],
    sympy.Eq(Inner(w_star, w(k)), Inner(w_star, w(k - 1)) + y(k) * Inner(w_star, x(k))),
    "Press §3, 'This leads to'",
    broken="the update dropped",
    broken_hypotheses=[],
)
s2 = step(
    f"{ID}.2",
    "y(w*·x) ≥ m",
    "z3",
    [label, separable, min_margin],
    sympy.Ge(y(k) * Inner(w_star, x(k)), m),
    "Press §3, 'y must be the same sign as w*·x … and also ≥ m'",
    broken="separability dropped",
    broken_hypotheses=[label, min_margin],
)
s3 = step(
    f"{ID}.3",
    "w*·w_k ≥ w*·w_{k−1} + m",
    "z3",
    [s1.conclusion, s2.conclusion],
    sympy.Ge(Inner(w_star, w(k)), Inner(w_star, w(k - 1)) + m),
    "Press §3, 'So,'",
    broken="the inequality flipped",
    broken_conclusion=sympy.Le(Inner(w_star, w(k)), Inner(w_star, w(k - 1)) + m),
)
claim1 = Induction(k, lambda n: sympy.Ge(Inner(w_star, w(n)), n * m), 0, K, -1)
s4 = step(
    f"{ID}.4",
    "w*·w_K ≥ Km (induction)",
    "z3",
    [*ranges, s3.conclusion],
    claim1.predicate(K),
    "Press §3, 'By induction: w*·w_k ≥ w*·0 + km = km'",
    induction=claim1,
    broken="off by one: w*·w_K ≥ (K + 1)m",
    broken_conclusion=sympy.Ge(Inner(w_star, w(K)), (K + 1) * m),
    broken_induction=Induction(k, lambda n: sympy.Ge(Inner(w_star, w(n)), (n + 1) * m), 0, K, -1),
)
s5 = instance(
    f"{ID}.5",
    "z·z ≥ 0 at z = w_K − (w*·w_K)w* (the inner product is positive semidefinite)",
    INNER_POS,
    {INNER_POS.variables[0]: z},
    "ours: the instance of positivity that gives Cauchy–Schwarz",
    broken="instantiated at w_K instead of z",
    broken_values={INNER_POS.variables[0]: w(K)},
)
s6 = step(
    f"{ID}.6",
    "‖w_K‖ ≥ w*·w_K (Cauchy–Schwarz with ‖w*‖ = 1)",
    "z3",
    [unit, s5.conclusion],
    sympy.Ge(Norm(w(K)), Inner(w_star, w(K))),
    "Press §3, 'By Cauchy-Schwartz … Since ‖w*‖ = 1'; derived from positivity at z (ours)",
    broken="positivity dropped",
    broken_hypotheses=[unit],
)
s7 = step(
    f"{ID}.7",
    "‖w_k‖² = ‖w_{k−1}‖² + y²x·x + 2y(w_{k−1}·x)",
    "sympy",
    [update],
    sympy.Eq(
        Inner(w(k), w(k)),
        Inner(w(k - 1), w(k - 1)) + y(k) ** 2 * Inner(x(k), x(k)) + 2 * y(k) * score,
    ),
    "Press §3, 'We can deduce the following'",
    broken="y² replaced by y",
    broken_conclusion=sympy.Eq(
        Inner(w(k), w(k)), Inner(w(k - 1), w(k - 1)) + y(k) * Inner(x(k), x(k)) + 2 * y(k) * score
    ),
)
s8 = step(
    f"{ID}.8",
    "2y(w_{k−1}·x) ≤ 0",
    "z3",
    [mistake],
    sympy.Le(2 * y(k) * score, 0),
    "Press §3, 'must be negative, because w_{k−1} was a mistaken w' (≤ 0: the test has w·x ≥ 0)",
    broken="strict: 2y(w_{k−1}·x) < 0",
    broken_conclusion=sympy.Lt(2 * y(k) * score, 0),
)
s9 = step(
    f"{ID}.9",
    "‖w_k‖² ≤ ‖w_{k−1}‖² + x·x ≤ ‖w_{k−1}‖² + R²",
    "z3",
    [s7.conclusion, s8.conclusion, label, radius],
    sympy.Le(Inner(w(k), w(k)), Inner(w(k - 1), w(k - 1)) + R**2),
    "Press §3, 'By definition of R'",
    broken="the definition of R dropped",
    broken_hypotheses=[s7.conclusion, s8.conclusion, label],
)
claim2 = Induction(k, lambda n: sympy.Le(Inner(w(n), w(n)), n * R**2), 0, K, -1)
s10 = step(
    f"{ID}.10",
    "‖w_K‖² ≤ KR² (induction)",
    "z3",
    [*ranges, s9.conclusion],
    claim2.predicate(K),
    "Press §3, 'By induction'",
    induction=claim2,
    broken="the constant halved: ‖w_K‖² ≤ KR²/2",
    broken_conclusion=sympy.Le(Inner(w(K), w(K)), K * R**2 / 2),
    broken_induction=Induction(k, lambda n: sympy.Le(Inner(w(n), w(n)), n * R**2 / 2), 0, K, -1),
)
s11 = step(
    f"{ID}.11",
    "√K·R ≥ ‖w_K‖ ≥ w*·w_K ≥ Km",
    "z3",
    [s10.conclusion, s6.conclusion, s4.conclusion, R_pos, K_nonneg],
    sympy.Ge(sympy.sqrt(K) * R, K * m),
    "Press §3, 'Combining the above with our previous result'",
    broken="the lower bound w*·w_K ≥ Km dropped",
    broken_hypotheses=[s10.conclusion, s6.conclusion, R_pos, K_nonneg],
    coq="pose proof (sqrt_bound (norm (w K)) R_ (IZR K)). lra.",
)
s12 = step(
    f"{ID}.12",
    "√K·R ≥ Km ⇔ R ≥ √K·m ⇔ K ≤ R²/m²",
    "z3",
    [s11.conclusion, m_pos, R_pos, K_nonneg],
    sympy.Le(K, perceptron_mistake_bound(R**2, m)),
    "Press §3, 'Thus'",
    broken="constant changed: K ≤ R²/(2m²)",
    broken_conclusion=sympy.Le(K, perceptron_mistake_bound(R**2, m) / 2),
    coq="apply novikoff_algebra; lra.",
)


def witness() -> list[Witness]:
    """Press's PLA (perceptron/press) on slide 15; w* = (1, 0), m = min |w*·x| = 1, R = √5."""
    run = mistakes("perceptron/press", SLIDE_15_X, SLIDE_15_Y)
    values = {
        w: sequence(run.w),
        x: sequence(run.x, 1),
        y: sequence(run.y, 1),
        K: run.m,
        w_star: (1, 0),
        m: 1,
        R: sympy.sqrt(5),
    }
    return [Witness(f"perceptron/press on slide 15 ({run.m} mistakes)", values)]


THEOREM = Theorem(
    ID,
    "Press, AI Notes (2005), §3, Convergence of the PLA",
    H,
    (s12.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12),
    perceptron_mistake_bound,
    (R**2, m),
    INDICES,
    witness,
)
