"""perceptron/blum-unit: Blum, Lecture 4, 'Analysis': with ‖x‖ = 1 and ‖w*‖ = 1, the
perceptron makes at most 1/γ² mistakes.

Spec: spec/theorems/perceptron/blum-unit.md.  The t-th mistake (0 ≤ t < M) is on x(t) with
label ℓ(t) = ±1 and w(t) the weights before it; Blum's two updates (w + x on a positive,
w − x on a negative) are the one update w + ℓx.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from perceptron_ref.bounds import blum_unit_bound

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
from .._runs import mistakes, sequence

ID = "perceptron/blum-unit"

gamma = sympy.Symbol("gamma")
M = sympy.Symbol("M", integer=True)
t = sympy.Symbol("t", integer=True)
w = vector_sequence("w")
x = vector_sequence("x")
label = sympy.Function("l")
w_star = Vector("w_star")
z = w(M) - Inner(w_star, w(M)) * w_star
score = Inner(w(t), x(t))

H = (
    Hypothesis("H1", "initialize w = 0", sympy.Eq(w(0), 0)),
    Hypothesis(
        "H2",
        "mistake on pos: w ← w + x; mistake on neg: w ← w − x (as w + ℓ(x)x)",
        sympy.Eq(w(t + 1), w(t) + label(t) * x(t)),
    ),
    Hypothesis(
        "H3",
        "use w·x > 0: a mistake is (ℓ = 1 and w·x ≤ 0) or (ℓ = −1 and w·x > 0)",
        sympy.Or(
            sympy.And(sympy.Eq(label(t), 1), score <= 0),
            sympy.And(sympy.Eq(label(t), -1), score > 0),
        ),
    ),
    Hypothesis("H4", "labels are ±1: ℓ² = 1", sympy.Eq(label(t) ** 2, 1)),
    Hypothesis("H5", "examples scaled so that ‖x‖ = 1: x·x = 1", sympy.Eq(Inner(x(t), x(t)), 1)),
    Hypothesis("H6", "‖w*‖ = 1: w*·w* = 1", sympy.Eq(Inner(w_star, w_star), 1)),
    Hypothesis(
        "H7",
        "data consistent with the LTF w*·x > 0: ℓ(x)(w*·x) > 0",
        sympy.Gt(label(t) * Inner(w_star, x(t)), 0),
    ),
    Hypothesis("H8", "γ = min |w*·x|: |w*·x| ≥ γ", sympy.Ge(sympy.Abs(Inner(w_star, x(t))), gamma)),
    Hypothesis("H9", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis("H10", "M ≥ 0 mistakes", sympy.Ge(M, 0)),
)
INDICES = (Index(t, 0, M - 1, "the t-th mistake (0-based), made with w(t)"),)
(w0, update, mistake, ell, unit_x, unit_w, consistent, min_margin, gamma_pos, M_nonneg) = (
    h.formula for h in H
)
ranges = [w0, M_nonneg]

s1 = step(
    f"{ID}.1",
    "(w + ℓx)·w* = w·w* + ℓ(x·w*)",
    "sympy",
    [update],
    sympy.Eq(Inner(w(t + 1), w_star), Inner(w(t), w_star) + label(t) * Inner(x(t), w_star)),
    "Blum, Analysis: '(w + x)·w* = w·w* + x·w*'",
    broken="the update dropped",
    broken_hypotheses=[],
)
s2 = step(
    f"{ID}.2",
    "ℓ(x·w*) ≥ γ",
    "z3",
    [ell, consistent, min_margin],
    sympy.Ge(label(t) * Inner(x(t), w_star), gamma),
    "Blum, Analysis: 'x·w* ≥ γ' (the definition of γ with consistency; ours for the sign)",
    broken="consistency dropped",
    broken_hypotheses=[ell, min_margin],
)
s3 = step(
    f"{ID}.3",
    "each mistake increases w·w* by at least γ",
    "z3",
    [s1.conclusion, s2.conclusion],
    sympy.Ge(Inner(w(t + 1), w_star), Inner(w(t), w_star) + gamma),
    "Blum, Analysis, first bullet",
    broken="the inequality flipped",
    broken_conclusion=sympy.Le(Inner(w(t + 1), w_star), Inner(w(t), w_star) + gamma),
)
s4 = step(
    f"{ID}.4",
    "(w + ℓx)·(w + ℓx) = w·w + 2ℓ(w·x) + ℓ²(x·x)",
    "sympy",
    [update],
    sympy.Eq(
        Inner(w(t + 1), w(t + 1)),
        Inner(w(t), w(t)) + 2 * label(t) * score + label(t) ** 2 * Inner(x(t), x(t)),
    ),
    "Blum, Analysis: '(w + x)·(w + x) = w·w + 2(w·x) + x·x'",
    broken="the cross term dropped",
    broken_conclusion=sympy.Eq(
        Inner(w(t + 1), w(t + 1)), Inner(w(t), w(t)) + label(t) ** 2 * Inner(x(t), x(t))
    ),
)
s5 = step(
    f"{ID}.5",
    "on a mistake ℓ(w·x) ≤ 0",
    "z3",
    [mistake],
    sympy.Le(label(t) * score, 0),
    "Blum, Analysis (implicit: 'w·x ≤ 0' on a mistake on a positive); ours",
    broken="strict: ℓ(w·x) < 0",
    broken_conclusion=sympy.Lt(label(t) * score, 0),
)
s6 = step(
    f"{ID}.6",
    "each mistake increases w·w by at most 1",
    "z3",
    [s4.conclusion, s5.conclusion, ell, unit_x],
    sympy.Le(Inner(w(t + 1), w(t + 1)), Inner(w(t), w(t)) + 1),
    "Blum, Analysis, second bullet",
    broken="‖x‖ = 1 dropped",
    broken_hypotheses=[s4.conclusion, s5.conclusion, ell],
)
first = Induction(t, lambda n: sympy.Ge(Inner(w(n), w_star), gamma * n), 0, M)
s7 = step(
    f"{ID}.7",
    "after M mistakes w·w* ≥ γM",
    "z3",
    [*ranges, s3.conclusion],
    first.predicate(M),
    "Blum, Analysis, third bullet (the sum over M mistakes)",
    induction=first,
    broken="off by one: w·w* ≥ γ(M + 1)",
    broken_conclusion=sympy.Ge(Inner(w(M), w_star), gamma * (M + 1)),
    broken_induction=Induction(t, lambda n: sympy.Ge(Inner(w(n), w_star), gamma * (n + 1)), 0, M),
)
second = Induction(t, lambda n: sympy.Le(Inner(w(n), w(n)), n), 0, M)
s8 = step(
    f"{ID}.8",
    "after M mistakes ‖w‖² ≤ M",
    "z3",
    [*ranges, s6.conclusion],
    second.predicate(M),
    "Blum, Analysis, third bullet",
    induction=second,
    broken="the constant halved: ‖w‖² ≤ M/2",
    broken_conclusion=sympy.Le(Inner(w(M), w(M)), M / 2),
    broken_induction=Induction(t, lambda n: sympy.Le(Inner(w(n), w(n)), n / 2), 0, M),
)
s9 = instance(
    f"{ID}.9",
    "z·z ≥ 0 at z = w − (w·w*)w* (the inner product is positive semidefinite)",
    INNER_POS,
    {INNER_POS.variables[0]: z},
    "ours: the instance of positivity that gives Cauchy–Schwarz",
    broken="instantiated at w instead of z",
    broken_values={INNER_POS.variables[0]: w(M)},
)
s10 = step(
    f"{ID}.10",
    "w·w* ≤ ‖w‖ (Cauchy–Schwarz, ‖w*‖ = 1)",
    "z3",
    [unit_w, s9.conclusion],
    sympy.Le(Inner(w(M), w_star), Norm(w(M))),
    "Blum, Analysis, third bullet; derived from positivity at z (ours)",
    broken="positivity dropped",
    broken_hypotheses=[unit_w],
)
s11 = step(
    f"{ID}.11",
    "γM ≤ w·w* ≤ ‖w‖ ≤ M^{1/2}",
    "z3",
    [s7.conclusion, s10.conclusion, s8.conclusion, M_nonneg],
    sympy.Le(gamma * M, sympy.sqrt(M)),
    "Blum, Analysis, third bullet",
    broken="‖w‖² ≤ M dropped",
    broken_hypotheses=[s7.conclusion, s10.conclusion, M_nonneg],
    coq="pose proof (sqrt_bound (norm (w M)) 1 (IZR M)). lra.",
)
s12 = step(
    f"{ID}.12",
    "M ≤ 1/γ²",
    "z3",
    [s11.conclusion, gamma_pos, M_nonneg],
    sympy.Le(M, blum_unit_bound(gamma)),
    "Blum, Analysis, fourth bullet",
    broken="constant changed: M ≤ 1/(2γ²)",
    broken_conclusion=sympy.Le(M, blum_unit_bound(gamma) / 2),
    coq="pose proof (novikoff_algebra gamma 1 (IZR M)) as N. "
    "replace (/ gamma ^ 2) with (1 ^ 2 / gamma ^ 2) by (field; lra). lra.",
)

UNIT_X: tuple[tuple[Fraction | int, Fraction | int], ...] = (
    (0, 1),
    (Fraction(4, 5), Fraction(3, 5)),
    (1, 0),
)
UNIT_Y = (-1, 1, 1)
"""Blum's example (0, 1) −, (1, 1) +, (1, 0) +, with (1, 1) replaced by the rational unit
vector (4/5, 3/5): all ‖x‖ = 1; w* = (4/5, −3/5) is a unit separator, γ = 7/25."""


def witness() -> list[Witness]:
    """perceptron/blum on UNIT_X until a clean pass; w* = (4/5, −3/5), γ = 7/25."""
    run = mistakes("perceptron/blum", UNIT_X, UNIT_Y, epochs="converge")
    values = {
        w: sequence(run.w),
        x: sequence(run.x),
        label: sequence(run.y),
        M: run.m,
        w_star: (Fraction(4, 5), Fraction(-3, 5)),
        gamma: Fraction(7, 25),
    }
    return [Witness(f"perceptron/blum on unit vectors ({run.m} mistakes)", values)]


THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Perceptron algorithm: Thm and Analysis",
    H,
    (s12.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12),
    blum_unit_bound,
    (gamma,),
    INDICES,
    witness,
)
