"""perceptron/blum-lower-bound: Blum, Lecture 4, 'Lower bound': it is not possible in general
to make fewer than 1/γ² mistakes.

Spec: spec/theorems/perceptron/blum-lower-bound.md.  N = 1/γ² orthonormal coordinate vectors
e(1), …, e(N) in a space of any dimension ≥ N; the adversary shows e(k) in round k and labels
it s(k) = −ŷ(k), the opposite of the learner's prediction; w* = Σ_i s(i)·γ·e(i).  The sums
over i = 1..N are symbolic (N is a symbol), expanded by bilinearity and ⟨e_i, e_j⟩ = δ_ij.
The second half (the adversary) is ours: Blum leaves it to the lecture.
"""

from __future__ import annotations

import sympy

from perceptron_ref.bounds import blum_unit_bound

from .._check import Hypothesis, Induction, Inner, Norm, Theorem, Vector, step, vector_sequence

ID = "perceptron/blum-lower-bound"

gamma = sympy.Symbol("gamma")
N, M = sympy.symbols("N M", integer=True)
i, j, k, r = sympy.symbols("i j k r", integer=True)
e = vector_sequence("e")
s = sympy.Function("s")
y_hat = sympy.Function("yhat")
mistakes = sympy.Function("mistakes")
w_star = Vector("w_star")

H = (
    Hypothesis("H1", "N = 1/γ² coordinate vectors: Nγ² = 1", sympy.Eq(N * gamma**2, 1)),
    Hypothesis("H2", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis(
        "H3",
        "the coordinate vectors are orthonormal: ⟨e_i, e_j⟩ = δ_ij",
        sympy.Eq(Inner(e(i), e(j)), sympy.KroneckerDelta(i, j)),
    ),
    Hypothesis(
        "H4",
        "w* = ±γx_1 ± γx_2 ± … ± γx_N, the signs s(i) being the labels",
        sympy.Eq(w_star, sympy.Sum(s(i) * gamma * e(i), (i, 1, N))),
    ),
    Hypothesis("H5", "signs are ±1: s(i)² = 1", sympy.Eq(s(i) ** 2, 1)),
    Hypothesis("H6", "round k shows e(k), 1 ≤ k", sympy.Ge(k, 1)),
    Hypothesis("H7", "k ≤ N", sympy.Le(k, N)),
    Hypothesis("H8", "the learner predicts ±1: ŷ(k)² = 1", sympy.Eq(y_hat(k) ** 2, 1)),
    Hypothesis("H9", "the adversary labels e(k) with s(k) = −ŷ(k)", sympy.Eq(s(k), -y_hat(k))),
    Hypothesis(
        "H10",
        "mistakes(r): the mistakes in rounds 1..r: mistakes(0) = 0",
        sympy.Eq(mistakes(0), 0),
    ),
    Hypothesis(
        "H11",
        "mistakes(k) = mistakes(k − 1) + [s(k) ≠ ŷ(k)]",
        sympy.Eq(
            mistakes(k),
            mistakes(k - 1) + sympy.Piecewise((1, sympy.Ne(s(k), y_hat(k))), (0, True)),
        ),
    ),
    Hypothesis("H12", "N ≥ 1", sympy.Ge(N, 1)),
    Hypothesis(
        "H13", "M = mistakes(N), the mistakes of the whole sequence", sympy.Eq(M, mistakes(N))
    ),
)
(N_def, gamma_pos, orthonormal, w_def, signs, k_lo, k_hi, predicts, adversary, m0, m_next) = (
    hh.formula for hh in H[:11]
)
N_pos, M_def = H[11].formula, H[12].formula

s1 = step(
    f"{ID}.1",
    "⟨w*, w*⟩ = Σ_i Σ_j s(i)s(j)γ²δ_ij = Σ_i s(i)²γ² = Nγ²",
    "sympy",
    [orthonormal, w_def, signs],
    sympy.Eq(Inner(w_star, w_star), N * gamma**2),
    "Blum, Lower bound: '‖w*‖ = 1'; the computation is ours",
    broken="orthonormality dropped",
    broken_hypotheses=[w_def, signs],
)
s2 = step(
    f"{ID}.2",
    "‖w*‖ = 1",
    "z3",
    [s1.conclusion, N_def],
    sympy.Eq(Norm(w_star), 1),
    "Blum, Lower bound: '‖w*‖ = 1'",
    broken="N = 1/γ² dropped",
    broken_hypotheses=[s1.conclusion],
)
s3 = step(
    f"{ID}.3",
    "⟨w*, e(k)⟩ = Σ_i s(i)γδ_ik = s(k)γ for 1 ≤ k ≤ N",
    "sympy",
    [orthonormal, w_def, k_lo, k_hi],
    sympy.Eq(Inner(w_star, e(k)), s(k) * gamma),
    "Blum, Lower bound: '|w*·x| = γ'; the computation is ours",
    broken="the range 1 ≤ k dropped",
    broken_hypotheses=[orthonormal, w_def, k_hi],
)
s4 = step(
    f"{ID}.4",
    "|w*·e(k)| = γ",
    "z3",
    [s3.conclusion, adversary, predicts, gamma_pos],
    sympy.Eq(sympy.Abs(Inner(w_star, e(k))), gamma),
    "Blum, Lower bound: '|w*·x| = γ'",
    broken="the learner's ±1 dropped",
    broken_hypotheses=[s3.conclusion, adversary, gamma_pos],
)
s5 = step(
    f"{ID}.5",
    "s(k)·⟨w*, e(k)⟩ = γ > 0: w* labels every round correctly, with margin γ",
    "z3",
    [s3.conclusion, adversary, predicts, gamma_pos],
    sympy.And(sympy.Eq(s(k) * Inner(w_star, e(k)), gamma), sympy.Gt(gamma, 0)),
    "ours: the sequence meets perceptron/blum-unit's hypotheses",
    broken="the sign flipped: s(k)·⟨w*, e(k)⟩ = −γ",
    broken_conclusion=sympy.And(sympy.Eq(s(k) * Inner(w_star, e(k)), -gamma), sympy.Gt(gamma, 0)),
)
s6 = step(
    f"{ID}.6",
    "every round is a mistake: s(k) ≠ ŷ(k)",
    "z3",
    [adversary, predicts],
    sympy.Ne(s(k), y_hat(k)),
    "ours: the adversary answers the opposite of the prediction",
    broken="the learner's ±1 dropped (ŷ = 0 would make s = ŷ)",
    broken_hypotheses=[adversary],
)
count = Induction(k, lambda n: sympy.Eq(mistakes(n), n), 0, N, -1)
s7 = step(
    f"{ID}.7",
    "mistakes(N) = N",
    "z3",
    [m0, k_lo, k_hi, N_pos, m_next, s6.conclusion],
    count.predicate(N),
    "ours: one mistake per round",
    induction=count,
    broken="one fewer: mistakes(N) = N − 1",
    broken_conclusion=sympy.Eq(mistakes(N), N - 1),
    broken_induction=Induction(k, lambda n: sympy.Eq(mistakes(n), n - 1), 0, N, -1),
)
s8 = step(
    f"{ID}.8",
    "M = N = 1/γ² mistakes: the 1/γ² bound is attained",
    "z3",
    [s7.conclusion, M_def, N_def, gamma_pos],
    sympy.Ge(M, blum_unit_bound(gamma)),
    "Blum, Lower bound: 'not possible in general to get < 1/γ² mistakes'",
    broken="constant changed: M ≥ 2/γ²",
    broken_conclusion=sympy.Ge(M, 2 * blum_unit_bound(gamma)),
)

THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Lower bound",
    H,
    s8.conclusion,
    (s1, s2, s3, s4, s5, s6, s7, s8),
    blum_unit_bound,
    (gamma,),
)
