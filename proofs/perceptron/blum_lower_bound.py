"""perceptron/blum-lower-bound: Blum, Lecture 4, 'Lower bound': it is not possible in general
to make fewer than 1/γ² mistakes.

Spec: spec/theorems/perceptron/blum-lower-bound.md.  N = 1/γ² orthonormal coordinate vectors
e(1), …, e(N) in a space of any dimension ≥ N; the adversary shows e(k) in round k and labels
it s(k) = −ŷ(k), the opposite of the learner's prediction; w* = Σ_i s(i)·γ·e(i).  The theorem
states both halves: the sequence is separable (unit examples, a unit w* with margin exactly
γ: perceptron/blum-unit's hypotheses), and every learner errs on every round, so M = N =
1/γ².  The sums over i = 1..N are symbolic (N is a symbol), expanded by bilinearity and
⟨e_i, e_j⟩ = δ_ij.  The adversary half is ours: Blum leaves it to the lecture.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.bounds import blum_unit_bound

from .._check import (
    At,
    Hypothesis,
    Index,
    Induction,
    Inner,
    Theorem,
    Vector,
    Witness,
    step,
    vector_sequence,
)
from .._runs import sequence

ID = "perceptron/blum-lower-bound"

gamma = sympy.Symbol("gamma")
N, M = sympy.symbols("N M", integer=True)
i, j, k = sympy.symbols("i j k", integer=True)
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
    Hypothesis("H5", "the learner predicts ±1: ŷ(k)² = 1", sympy.Eq(y_hat(k) ** 2, 1)),
    Hypothesis("H6", "the adversary labels e(k) with s(k) = −ŷ(k)", sympy.Eq(s(k), -y_hat(k))),
    Hypothesis(
        "H7",
        "mistakes(r): the mistakes in rounds 1..r: mistakes(0) = 0",
        sympy.Eq(mistakes(0), 0),
    ),
    Hypothesis(
        "H8",
        "mistakes(k) = mistakes(k − 1) + [s(k) ≠ ŷ(k)]",
        sympy.Eq(
            mistakes(k),
            mistakes(k - 1) + sympy.Piecewise((1, sympy.Ne(s(k), y_hat(k))), (0, True)),
        ),
    ),
    Hypothesis("H9", "N ≥ 1", sympy.Ge(N, 1)),
    Hypothesis(
        "H10", "M = mistakes(N), the mistakes of the whole sequence", sympy.Eq(M, mistakes(N))
    ),
)
INDICES = (
    Index(i, 1, N, "a coordinate vector"),
    Index(j, 1, N, "a coordinate vector"),
    Index(k, 1, N, "round k shows e(k)"),
)
(N_def, gamma_pos, orthonormal, w_def, predicts, adversary, m0, m_next, N_pos, M_def) = (
    hh.formula for hh in H
)

s1 = step(
    f"{ID}.1",
    "the labels are ±1: s(k)² = 1",
    "z3",
    [predicts, adversary],
    sympy.Eq(s(k) ** 2, 1),
    "ours: s(k) = −ŷ(k) and ŷ(k)² = 1",
    broken="the learner's ±1 dropped",
    broken_hypotheses=[adversary],
)
s2 = step(
    f"{ID}.2",
    "⟨w*, w*⟩ = Σ_i Σ_j s(i)s(j)γ²δ_ij = Σ_i s(i)²γ² = Nγ²",
    "sympy",
    [orthonormal, w_def, s1.conclusion, N_pos],
    sympy.Eq(Inner(w_star, w_star), N * gamma**2),
    "Blum, Lower bound: '‖w*‖ = 1'; the computation is ours",
    broken="orthonormality dropped",
    broken_hypotheses=[w_def, s1.conclusion, N_pos],
    coq="rewrite inner_vsum_l. rewrite (rsum_ext _ (fun _ => gamma ^ 2) _ _). "
    "rewrite rsum_const by lia. izr. lra. "
    "intros i0 Ri0. rewrite inner_scal_l, inner_vsum_r. "
    "rewrite (rsum_ext _ (fun i1 => (gamma * s i1) * (if Z.eq_dec i1 i0 then 1 else 0)) _ _). "
    "rewrite (rsum_delta (fun i1 => gamma * s i1)) by lia. pose proof (P3 i0 Ri0). nra. "
    "intros i1 Ri1. rewrite inner_scal_r, (P1 i0 Ri0 i1 Ri1). "
    "destruct (Z.eq_dec i0 i1), (Z.eq_dec i1 i0); subst; try lia; ring.",
)
s3 = step(
    f"{ID}.3",
    "‖w*‖ = 1: ⟨w*, w*⟩ = 1",
    "z3",
    [s2.conclusion, N_def],
    sympy.Eq(Inner(w_star, w_star), 1),
    "Blum, Lower bound: '‖w*‖ = 1'",
    broken="N = 1/γ² dropped",
    broken_hypotheses=[s2.conclusion],
)
s4 = step(
    f"{ID}.4",
    "⟨w*, e(k)⟩ = Σ_i s(i)γδ_ik = s(k)γ for 1 ≤ k ≤ N",
    "sympy",
    [orthonormal, w_def],
    sympy.Eq(Inner(w_star, e(k)), s(k) * gamma),
    "Blum, Lower bound: '|w*·x| = γ'; the computation is ours",
    broken="the vector of round k replaced by round k + 1's",
    broken_conclusion=sympy.Eq(Inner(w_star, e(k + 1)), s(k) * gamma),
    coq="rewrite inner_vsum_l. "
    "rewrite (rsum_ext _ (fun i0 => (gamma * s i0) * (if Z.eq_dec i0 k then 1 else 0)) _ _). "
    "rewrite (rsum_delta (fun i0 => gamma * s i0)) by lia. ring. "
    "intros i0 Ri0. rewrite inner_scal_l, (P1 i0 Ri0 k R_k). reflexivity.",
)
s5 = step(
    f"{ID}.5",
    "s(k)·⟨w*, e(k)⟩ = γ: w* labels every round correctly, with margin γ",
    "z3",
    [s4.conclusion, s1.conclusion],
    sympy.Eq(s(k) * Inner(w_star, e(k)), gamma),
    "ours: the sequence meets perceptron/blum-unit's hypotheses (margin γ > 0)",
    broken="the labels' ±1 dropped",
    broken_hypotheses=[s4.conclusion],
)
s6 = step(
    f"{ID}.6",
    "the examples are unit vectors: ⟨e(k), e(k)⟩ = 1",
    "z3",
    [At(orthonormal, ((i, k), (j, k)))],
    sympy.Eq(Inner(e(k), e(k)), 1),
    "Blum, Lower bound: 'coordinate vectors' (unit, as blum-unit needs)",
    broken="orthonormality at two different rounds",
    broken_hypotheses=[At(orthonormal, ((i, k), (j, k + 1)))],
)
s7 = step(
    f"{ID}.7",
    "every round is a mistake: s(k) ≠ ŷ(k)",
    "z3",
    [adversary, predicts],
    sympy.Ne(s(k), y_hat(k)),
    "ours: the adversary answers the opposite of the prediction",
    broken="the learner's ±1 dropped (ŷ = 0 would make s = ŷ)",
    broken_hypotheses=[adversary],
)
count = Induction(k, lambda n: sympy.Eq(mistakes(n), n), 0, N, -1)
s8 = step(
    f"{ID}.8",
    "mistakes(N) = N",
    "z3",
    [m0, N_pos, m_next, s7.conclusion],
    count.predicate(N),
    "ours: one mistake per round",
    induction=count,
    broken="one fewer: mistakes(N) = N − 1",
    broken_conclusion=sympy.Eq(mistakes(N), N - 1),
    broken_induction=Induction(k, lambda n: sympy.Eq(mistakes(n), n - 1), 0, N, -1),
)
s9 = step(
    f"{ID}.9",
    "M = N = 1/γ² mistakes: the 1/γ² bound is attained",
    "z3",
    [s8.conclusion, M_def, N_def, gamma_pos],
    sympy.Ge(M, blum_unit_bound(gamma)),
    "Blum, Lower bound: 'not possible in general to get < 1/γ² mistakes'",
    broken="constant changed: M ≥ 2/γ²",
    broken_conclusion=sympy.Ge(M, 2 * blum_unit_bound(gamma)),
    coq="assert (E : IZR M = IZR N_) by (rewrite P2; exact P1). "
    "assert (G : / gamma ^ 2 = IZR N_). { apply (Rmult_eq_reg_r (gamma ^ 2)). "
    "rewrite Rinv_l by (apply pow_nonzero; lra). lra. apply pow_nonzero; lra. } lra.",
)


def witness() -> list[Witness]:
    """The reference's adversary (perceptron_ref.adversaries) against perceptron/mehta at
    γ = 1/2: N = 4 coordinate vectors of R⁴, each labelled against the prediction."""
    data = blum_lower_bound(Fraction(1, 2), "perceptron/mehta")
    n = len(data.X)
    values = {
        e: sequence(data.X, 1),
        s: sequence(data.y, 1),
        y_hat: sequence([-label for label in data.y], 1),
        mistakes: lambda r: r,  # every round a mistake: the adversary's count, data.mistakes
        w_star: data.w_star,
        gamma: data.gamma,
        N: n,
        M: data.mistakes,
    }
    return [Witness(f"the adversary against perceptron/mehta, γ = 1/2 ({n} rounds)", values)]


THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Lower bound",
    H,
    (s6.conclusion, s3.conclusion, s5.conclusion, s9.conclusion),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9),
    blum_unit_bound,
    (gamma,),
    INDICES,
    witness,
)
