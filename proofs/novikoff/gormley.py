"""novikoff/gormley: Gormley, Lecture 6, slides 30–34, Theorem 0.1 (Block 1962, Novikoff 1962):
Part 1 kγ ≤ ‖θ⁽ᵏ⁺¹⁾‖, Part 2 ‖θ⁽ᵏ⁺¹⁾‖ ≤ √k·R, Part 3 k ≤ (R/γ)².

Spec: spec/theorems/novikoff/gormley.md.  Slide 31's indexing: θ⁽¹⁾ = 0 and the k-th
mistake, on (x(k), y(k)), makes θ⁽ᵏ⁺¹⁾ = θ⁽ᵏ⁾ + y(k)x(k); K mistakes in all, 1 ≤ k ≤ K.
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

ID = "novikoff/gormley"

gamma, R = sympy.symbols("gamma R")
K = sympy.Symbol("K", integer=True)
k = sympy.Symbol("k", integer=True)
theta = vector_sequence("theta")
x = vector_sequence("x")
y = sympy.Function("y")
theta_star = Vector("theta_star")
z = theta(K + 1) - Inner(theta_star, theta(K + 1)) * theta_star

H = (
    Hypothesis("H1", "θ⁽¹⁾ = 0 (slide 31, line 2)", sympy.Eq(theta(1), 0)),
    Hypothesis(
        "H2",
        "k-th mistake: θ⁽ᵏ⁺¹⁾ = θ⁽ᵏ⁾ + y⁽ⁱ⁾x⁽ⁱ⁾ (slide 31, line 5)",
        sympy.Eq(theta(k + 1), theta(k) + y(k) * x(k)),
    ),
    Hypothesis(
        "H3",
        "it was a mistake: y⁽ⁱ⁾(θ⁽ᵏ⁾·x⁽ⁱ⁾) ≤ 0 (slide 31, line 4)",
        sympy.Le(y(k) * Inner(theta(k), x(k)), 0),
    ),
    Hypothesis("H4", "(y⁽ⁱ⁾)² = 1 (slide 33)", sympy.Eq(y(k) ** 2, 1)),
    Hypothesis(
        "H5", "finite size inputs: ‖x⁽ⁱ⁾‖ ≤ R, as ‖x⁽ⁱ⁾‖² ≤ R²", sympy.Le(Inner(x(k), x(k)), R**2)
    ),
    Hypothesis(
        "H6",
        "linearly separable: y⁽ⁱ⁾(θ*·x⁽ⁱ⁾) ≥ γ (slide 30, hypothesis 2)",
        sympy.Ge(y(k) * Inner(theta_star, x(k)), gamma),
    ),
    Hypothesis("H7", "‖θ*‖ = 1, as θ*·θ* = 1", sympy.Eq(Inner(theta_star, theta_star), 1)),
    Hypothesis("H8", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis("H9", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H10", "K ≥ 0 mistakes", sympy.Ge(K, 0)),
)
INDICES = (Index(k, 1, K, "the k-th mistake, made with θ⁽ᵏ⁾"),)
(t1, update, mistake, label, radius, margin, unit, gamma_pos, R_pos, K_nonneg) = (
    h.formula for h in H
)
ranges = [t1, K_nonneg]

# Part 1: Kγ ≤ ‖θ⁽ᴷ⁺¹⁾‖.
s1 = step(
    f"{ID}.1",
    "θ⁽ᵏ⁺¹⁾·θ* = θ⁽ᵏ⁾·θ* + y⁽ⁱ⁾(θ*·x⁽ⁱ⁾)",
    "sympy",
    [update],
    sympy.Eq(
        Inner(theta(k + 1), theta_star),
        Inner(theta(k), theta_star) + y(k) * Inner(theta_star, x(k)),
    ),
    "Gormley slide 32, 'by Perceptron algorithm update'",
    broken="the update dropped",
    broken_hypotheses=[],
)
s2 = step(
    f"{ID}.2",
    "θ⁽ᵏ⁺¹⁾·θ* ≥ θ⁽ᵏ⁾·θ* + γ",
    "z3",
    [s1.conclusion, margin],
    sympy.Ge(Inner(theta(k + 1), theta_star), Inner(theta(k), theta_star) + gamma),
    "Gormley slide 32, 'by assumption'",
    broken="the inequality flipped",
    broken_conclusion=sympy.Le(
        Inner(theta(k + 1), theta_star), Inner(theta(k), theta_star) + gamma
    ),
)
part1 = Induction(k, lambda n: sympy.Ge(Inner(theta(n + 1), theta_star), n * gamma), 0, K, -1)
s3 = step(
    f"{ID}.3",
    "θ⁽ᴷ⁺¹⁾·θ* ≥ Kγ (induction on k, θ⁽¹⁾ = 0)",
    "z3",
    [*ranges, s2.conclusion],
    part1.predicate(K),
    "Gormley slide 32, 'by induction on k since θ⁽¹⁾ = 0'",
    induction=part1,
    broken="off by one: θ⁽ᴷ⁺¹⁾·θ* ≥ (K + 1)γ",
    broken_conclusion=sympy.Ge(Inner(theta(K + 1), theta_star), (K + 1) * gamma),
    broken_induction=Induction(
        k, lambda n: sympy.Ge(Inner(theta(n + 1), theta_star), (n + 1) * gamma), 0, K, -1
    ),
)
s4 = instance(
    f"{ID}.4",
    "z·z ≥ 0 at z = θ⁽ᴷ⁺¹⁾ − (θ*·θ⁽ᴷ⁺¹⁾)θ* (the inner product is positive semidefinite)",
    INNER_POS,
    {INNER_POS.variables[0]: z},
    "ours: the instance of positivity that gives Cauchy–Schwarz",
    broken="instantiated at θ⁽ᴷ⁺¹⁾ instead of z",
    broken_values={INNER_POS.variables[0]: theta(K + 1)},
)
s5 = step(
    f"{ID}.5",
    "‖θ⁽ᴷ⁺¹⁾‖ ≥ Kγ (Cauchy–Schwarz and ‖θ*‖ = 1; Part 1)",
    "z3",
    [s3.conclusion, unit, s4.conclusion],
    sympy.Ge(Norm(theta(K + 1)), K * gamma),
    "Gormley slide 32, 'since ‖a‖×‖b‖ ≥ a·b and ‖θ*‖ = 1'; "
    "Cauchy–Schwarz derived from positivity at z (ours)",
    broken="positivity dropped",
    broken_hypotheses=[s3.conclusion, unit],
    coq="assert (inner theta_star (theta (K + 1)%Z) <= norm (theta (K + 1)%Z)) by nra. lra.",
)

# Part 2: ‖θ⁽ᴷ⁺¹⁾‖ ≤ √K·R.
s6 = step(
    f"{ID}.6",
    "‖θ⁽ᵏ⁺¹⁾‖² = ‖θ⁽ᵏ⁾‖² + (y⁽ⁱ⁾)²‖x⁽ⁱ⁾‖² + 2y⁽ⁱ⁾(θ⁽ᵏ⁾·x⁽ⁱ⁾)",
    "sympy",
    [update],
    sympy.Eq(
        Inner(theta(k + 1), theta(k + 1)),
        Inner(theta(k), theta(k))
        + y(k) ** 2 * Inner(x(k), x(k))
        + 2 * y(k) * Inner(theta(k), x(k)),
    ),
    "Gormley slide 33, 'by Perceptron algorithm update'",
    broken="the cross term's factor 2 dropped",
    broken_conclusion=sympy.Eq(
        Inner(theta(k + 1), theta(k + 1)),
        Inner(theta(k), theta(k)) + y(k) ** 2 * Inner(x(k), x(k)) + y(k) * Inner(theta(k), x(k)),
    ),
)
s7 = step(
    f"{ID}.7",
    "‖θ⁽ᵏ⁺¹⁾‖² ≤ ‖θ⁽ᵏ⁾‖² + (y⁽ⁱ⁾)²‖x⁽ⁱ⁾‖²",
    "z3",
    [s6.conclusion, mistake],
    sympy.Le(
        Inner(theta(k + 1), theta(k + 1)), Inner(theta(k), theta(k)) + y(k) ** 2 * Inner(x(k), x(k))
    ),
    "Gormley slide 33, 'since kth mistake ⇒ y⁽ⁱ⁾(θ⁽ᵏ⁾·x⁽ⁱ⁾) ≤ 0'",
    broken="the mistake hypothesis dropped",
    broken_hypotheses=[s6.conclusion],
)
s8 = step(
    f"{ID}.8",
    "‖θ⁽ᵏ⁺¹⁾‖² ≤ ‖θ⁽ᵏ⁾‖² + R²",
    "z3",
    [s7.conclusion, label, radius],
    sympy.Le(Inner(theta(k + 1), theta(k + 1)), Inner(theta(k), theta(k)) + R**2),
    "Gormley slide 33 ('= ‖θ⁽ᵏ⁾‖² + R²' on the slide; ‖x⁽ⁱ⁾‖ ≤ R gives ≤)",
    broken="(y⁽ⁱ⁾)² = 1 dropped",
    broken_hypotheses=[s7.conclusion, radius],
)
part2 = Induction(k, lambda n: sympy.Le(Inner(theta(n + 1), theta(n + 1)), n * R**2), 0, K, -1)
s9 = step(
    f"{ID}.9",
    "‖θ⁽ᴷ⁺¹⁾‖² ≤ KR² (induction on k, θ⁽¹⁾ = 0)",
    "z3",
    [*ranges, s8.conclusion],
    part2.predicate(K),
    "Gormley slide 33, 'by induction on k since (θ⁽¹⁾)² = 0'",
    induction=part2,
    broken="the constant halved: ‖θ⁽ᴷ⁺¹⁾‖² ≤ KR²/2",
    broken_conclusion=sympy.Le(Inner(theta(K + 1), theta(K + 1)), K * R**2 / 2),
    broken_induction=Induction(
        k, lambda n: sympy.Le(Inner(theta(n + 1), theta(n + 1)), n * R**2 / 2), 0, K, -1
    ),
)
s10 = step(
    f"{ID}.10",
    "‖θ⁽ᴷ⁺¹⁾‖ ≤ √K·R (Part 2)",
    "z3",
    [s9.conclusion, R_pos, K_nonneg],
    sympy.Le(Norm(theta(K + 1)), sympy.sqrt(K) * R),
    "Gormley slide 33",
    broken="the inequality flipped",
    broken_conclusion=sympy.Ge(Norm(theta(K + 1)), sympy.sqrt(K) * R),
    coq="apply sqrt_bound; lra.",
)

# Part 3.
s11 = step(
    f"{ID}.11",
    "Kγ ≤ ‖θ⁽ᴷ⁺¹⁾‖ ≤ √K·R ⇒ K ≤ (R/γ)² (Part 3)",
    "z3",
    [s5.conclusion, s10.conclusion, gamma_pos, R_pos, K_nonneg],
    sympy.Le(K, perceptron_mistake_bound(R**2, gamma)),
    "Gormley slide 34, 'combining the bounds finishes the proof'",
    broken="Part 1 dropped",
    broken_hypotheses=[s10.conclusion, gamma_pos, R_pos, K_nonneg],
    coq="apply novikoff_algebra; lra.",
)


def witness() -> list[Witness]:
    """perceptron/gormley-online on slide 15 until a clean pass; θ* = (1, 0), γ = 1, R = √5."""
    run = mistakes("perceptron/gormley-online", SLIDE_15_X, SLIDE_15_Y, epochs="converge")
    values = {
        theta: sequence(run.w, 1),
        x: sequence(run.x, 1),
        y: sequence(run.y, 1),
        K: run.m,
        theta_star: (1, 0),
        gamma: 1,
        R: sympy.sqrt(5),
    }
    return [Witness(f"perceptron/gormley-online on slide 15 ({run.m} mistakes)", values)]


THEOREM = Theorem(
    ID,
    "Gormley, Lecture 6, slides 30–34, Theorem 0.1 (Block 1962, Novikoff 1962)",
    H,
    (s11.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11),
    perceptron_mistake_bound,
    (R**2, gamma),
    INDICES,
    witness,
)
