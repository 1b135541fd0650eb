"""perceptron/blum-hinge: Blum, Lecture 4, 'What if no perfect separator?': with ‖x‖ = 1 and
‖w*‖ = 1, Mistakes(perceptron) ≤ 1/γ² + 2·(γ-hinge-loss of w*).

Spec: spec/theorems/perceptron/blum-hinge.md.  Blum states the bound and repeats the separable
proof; the hinge-loss version of its first bullet is ours (the standard argument, e.g.
Freund & Schapire 1999).  The norm half is blum-unit's, step for step (same symbols).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import sympy

from perceptron_ref.bounds import blum_hinge_bound

from .._check import Hypothesis, Induction, Inner, Step, Theorem, Witness, step
from .._runs import mistakes, sequence
from . import blum_unit as unit
from .blum_unit import M, gamma, label, t, w, w_star, x

ID = "perceptron/blum-hinge"

h = sympy.Function("h")
S = sympy.Function("S")
L, rest = sympy.symbols("L rest")

H = (
    *(unit.H[i] for i in (0, 1, 2, 3, 4, 5)),  # w = 0, update, mistake, ℓ² = 1, ‖x‖ = 1, ‖w*‖ = 1
    Hypothesis(
        "H7",
        "the hinge term of the t-th mistake's example: h = max[0, 1 − ℓ(x)(x·w*)/γ]",
        sympy.Eq(h(t), sympy.Max(0, 1 - label(t) * Inner(x(t), w_star) / gamma)),
    ),
    Hypothesis("H8", "S(t) = the hinge terms of the first t mistakes: S(0) = 0", sympy.Eq(S(0), 0)),
    Hypothesis("H9", "S(t + 1) = S(t) + h(t)", sympy.Eq(S(t + 1), S(t) + h(t))),
    Hypothesis(
        "H10",
        "the γ-hinge-loss L of w* sums over all examples: L = S(M) + (the other terms)",
        sympy.Eq(L, S(M) + rest),
    ),
    Hypothesis("H11", "the other terms are maxima with 0: their sum is ≥ 0", sympy.Ge(rest, 0)),
    *(unit.H[i] for i in (8, 9)),  # γ > 0, M ≥ 0
)
H = tuple(dataclasses.replace(hh, id=f"H{n}") for n, hh in enumerate(H, 1))
hinge, S0, S_next, L_split, rest_nonneg = (hh.formula for hh in H[6:11])
gamma_pos = unit.gamma_pos


def renamed(s: Step, n: int) -> Step:
    """Blum's step as it stands in blum-unit, under this theorem's step ID."""
    return dataclasses.replace(s, id=f"{ID}.{n}")


s1 = renamed(unit.s1, 1)
s2 = step(
    f"{ID}.2",
    "ℓ(x·w*) ≥ γ − γh",
    "z3",
    [hinge, gamma_pos],
    sympy.Ge(label(t) * Inner(x(t), w_star), gamma - gamma * h(t)),
    "ours: h ≥ 1 − ℓ(x)(x·w*)/γ, times γ > 0 ('by how much, in units of γ')",
    broken="γ > 0 dropped",
    broken_hypotheses=[hinge],
    coq="apply Rle_ge; eapply hinge_mul; eassumption.",
)
s3 = step(
    f"{ID}.3",
    "each mistake increases w·w* by at least γ − γh",
    "z3",
    [s1.conclusion, s2.conclusion],
    sympy.Ge(Inner(w(t + 1), w_star), Inner(w(t), w_star) + gamma - gamma * h(t)),
    "ours: Blum's first bullet with the hinge term ('a mistake could cause w·w* to drop')",
    broken="the hinge term dropped: ≥ w·w* + γ",
    broken_conclusion=sympy.Ge(Inner(w(t + 1), w_star), Inner(w(t), w_star) + gamma),
)
first = Induction(t, lambda n: sympy.Ge(Inner(w(n), w_star), gamma * n - gamma * S(n)), 0, M)
s4 = step(
    f"{ID}.4",
    "after M mistakes w·w* ≥ γM − γS(M)",
    "z3",
    [unit.w0, S0, unit.M_nonneg, S_next, s3.conclusion],
    first.predicate(M),
    "ours: the sum over the M mistakes",
    induction=first,
    broken="the hinge sum dropped: w·w* ≥ γM",
    broken_conclusion=sympy.Ge(Inner(w(M), w_star), gamma * M),
    broken_induction=Induction(t, lambda n: sympy.Ge(Inner(w(n), w_star), gamma * n), 0, M),
)
s5 = step(
    f"{ID}.5",
    "w·w* ≥ γM − γL",
    "z3",
    [s4.conclusion, L_split, rest_nonneg, gamma_pos],
    sympy.Ge(Inner(w(M), w_star), gamma * M - gamma * L),
    "ours: the mistakes' hinge terms are among the γ-hinge-loss's terms",
    broken="the other terms' sign dropped",
    broken_hypotheses=[s4.conclusion, L_split, gamma_pos],
)
s6, s7, s8, s9, s10, s11 = (
    renamed(s, n)
    for s, n in zip(
        (unit.s4, unit.s5, unit.s6, unit.s8, unit.s9, unit.s10), range(6, 12), strict=True
    )
)
s12 = step(
    f"{ID}.12",
    "γM − γL ≤ w·w* ≤ ‖w‖ ≤ M^{1/2}",
    "z3",
    [s5.conclusion, s11.conclusion, s9.conclusion, unit.M_nonneg],
    sympy.Le(gamma * M - gamma * L, sympy.sqrt(M)),
    "Blum, Analysis, third bullet, with the hinge term (ours)",
    broken="‖w‖² ≤ M dropped",
    broken_hypotheses=[s5.conclusion, s11.conclusion, unit.M_nonneg],
    coq="pose proof (sqrt_bound (norm (w M)) 1 (IZR M)). lra.",
)
s13 = step(
    f"{ID}.13",
    "γ(M − L) ≤ √M ⇒ M ≤ 1/γ² + 2L",
    "z3",
    [s12.conclusion, gamma_pos, unit.M_nonneg],
    sympy.Le(M, blum_hinge_bound(gamma, L)),
    "Blum: 'Mistakes(perceptron) ≤ 1/γ² + 2(γ-hinge-loss(w*))'; the algebra is ours",
    broken="the factor 2 dropped: M ≤ 1/γ² + L",
    broken_conclusion=sympy.Le(M, 1 / gamma**2 + L),
    coq="apply hinge_algebra; lra.",
)

HINGE_X = (*unit.UNIT_X, (Fraction(3, 5), Fraction(4, 5)))
HINGE_Y = (*unit.UNIT_Y, -1)
"""blum-unit's unit vectors and one more, (3/5, 4/5) labelled −, on w*'s boundary: w* =
(4/5, −3/5) no longer separates the data, and pays 1 in hinge loss for it."""


def witness() -> list[Witness]:
    """perceptron/blum, two passes over HINGE_X: w* = (4/5, −3/5), γ = 7/25; L is the
    γ-hinge-loss of w* over the eight examples seen."""
    data = [(tuple(Fraction(v) for v in row), y) for row, y in zip(HINGE_X, HINGE_Y, strict=True)]
    run = mistakes("perceptron/blum", HINGE_X, HINGE_Y, epochs=2)
    g, ws = Fraction(7, 25), (Fraction(4, 5), Fraction(-3, 5))

    def hinge_of(xv: tuple[Fraction, ...], yv: int) -> Fraction:
        return max(Fraction(0), 1 - yv * sum(a * b for a, b in zip(xv, ws, strict=True)) / g)

    terms = [hinge_of(xv, yv) for xv, yv in zip(run.x, run.y, strict=True)]
    partial = [sum(terms[:n], Fraction(0)) for n in range(len(terms) + 1)]
    loss = 2 * sum((hinge_of(xv, yv) for xv, yv in data), Fraction(0))  # two passes
    values = {
        w: sequence(run.w),
        x: sequence(run.x),
        label: sequence(run.y),
        M: run.m,
        w_star: ws,
        gamma: g,
        h: sequence(terms),
        S: sequence(partial),
        L: loss,
        rest: loss - partial[-1],
    }
    return [Witness(f"perceptron/blum, 2 passes, L = {loss} ({run.m} mistakes)", values)]


THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), 'What if no perfect separator?'",
    H,
    (s13.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13),
    blum_hinge_bound,
    (gamma, L),
    unit.INDICES,
    witness,
)
