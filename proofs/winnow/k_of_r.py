"""winnow/k-of-r: Blum, Lecture 4, 'Recap': Winnow for a k-of-r function (predict positive iff
w·x ≥ n; w = 1; on a mistake on a positive multiply w_i by 1 + ε for every x_i = 1, on a mistake
on a negative divide them by 1 + ε; ε = 1/2k) makes O(rk log n) mistakes; explicitly, with
L = ⌈log_{1+ε} n⌉ and M₊ = (2k/(k+1))·(rL + (k−1)(2k+1)): M ≤ M₊ + (2k + 1) + (1 + ε)·M₊.

Spec: spec/theorems/winnow/k-of-r.md.  Blum only states O(rk log n); the argument is
Littlestone's (1988), with our constants.  Names as in winnow/disjunction: mistake t
(0 ≤ t < M), pos(t), a(t) relevant variables on, S(t) = w·x, W(t) the total weight, P(t)
the mistakes on positives; relevant variable i (1 ≤ i ≤ r) has weight (1+ε)^E(i,t);
Φ(M) = Σ_i E(i, M) = Q(r).
"""

from __future__ import annotations

import sys
from fractions import Fraction

import sympy

from perceptron_ref.bounds import winnow_k_of_r_bound, winnow_k_of_r_positive_bound

from .._check import Hypothesis, Index, Induction, Theorem, Witness, instance, step
from .._rules import CEILING_LOG, CEILING_LOG_NONNEG

ID = "winnow/k-of-r"

M, r, n, k, t, i = sympy.symbols("M r n k t i", integer=True)
S, W = sympy.Function("S"), sympy.Function("W")
pos, a, P, Phi, Q, E, act = (
    sympy.Function(name, integer=True) for name in ("pos", "a", "P", "Phi", "Q", "E", "act")
)
eps = 1 / (2 * k)
L = sympy.ceiling(sympy.log(n) / sympy.log(1 + eps))
weight = sympy.Pow(1 + eps, E(i, t), evaluate=False)
N = M - P(M)  # the mistakes on negatives

H = (
    Hypothesis("H1", "n ≥ 1 variables", sympy.Ge(n, 1)),
    Hypothesis("H2", "r ≥ 0 relevant variables", sympy.Ge(r, 0)),
    Hypothesis("H3", "k ≥ 1", sympy.Ge(k, 1)),
    Hypothesis("H4", "M ≥ 0 mistakes", sympy.Ge(M, 0)),
    Hypothesis("H5", "pos(t) ∈ {0, 1}", sympy.Or(sympy.Eq(pos(t), 0), sympy.Eq(pos(t), 1))),
    Hypothesis("H6", "a(t) ≥ 0", sympy.Ge(a(t), 0)),
    Hypothesis(
        "H7",
        "target: positive iff at least k of the r relevant variables are on",
        sympy.Equivalent(sympy.Eq(pos(t), 1), sympy.Ge(a(t), k)),
    ),
    Hypothesis(
        "H8",
        "mistake on a positive: w·x < n",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Lt(S(t), n)),
    ),
    Hypothesis(
        "H9",
        "mistake on a negative: w·x ≥ n",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Ge(S(t), n)),
    ),
    Hypothesis("H10", "W(0) = n", sympy.Eq(W(0), n)),
    Hypothesis(
        "H11",
        "promotion adds ε·w·x",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(W(t + 1), W(t) + eps * S(t))),
    ),
    Hypothesis(
        "H12",
        "demotion removes (ε/(1+ε))·w·x",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(W(t + 1), W(t) - eps / (1 + eps) * S(t))),
    ),
    Hypothesis("H13", "weights stay > 0: W(M) > 0", sympy.Gt(W(M), 0)),
    Hypothesis("H14", "P(0) = 0", sympy.Eq(P(0), 0)),
    Hypothesis("H15", "P(t + 1) = P(t) + pos(t)", sympy.Eq(P(t + 1), P(t) + pos(t))),
    Hypothesis("H16", "Φ(0) = 0 (relevant weights start at (1+ε)⁰)", sympy.Eq(Phi(0), 0)),
    Hypothesis(
        "H17",
        "a promotion multiplies the a(t) active relevant weights by 1 + ε",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(Phi(t + 1), Phi(t) + a(t))),
    ),
    Hypothesis(
        "H18",
        "a demotion divides them by 1 + ε",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(Phi(t + 1), Phi(t) - a(t))),
    ),
    Hypothesis(
        "H19", "act(i, t) ∈ {0, 1}", sympy.Or(sympy.Eq(act(i, t), 0), sympy.Eq(act(i, t), 1))
    ),
    Hypothesis("H20", "E(i, 0) = 0", sympy.Eq(E(i, 0), 0)),
    Hypothesis(
        "H21",
        "promoted when on in a mistake on a positive",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)),
            sympy.Eq(E(i, t + 1), E(i, t) + 1),
        ),
    ),
    Hypothesis(
        "H22",
        "demoted when on in a mistake on a negative",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 0)),
            sympy.Eq(E(i, t + 1), E(i, t) - 1),
        ),
    ),
    Hypothesis(
        "H23",
        "unchanged when off",
        sympy.Implies(sympy.Eq(act(i, t), 0), sympy.Eq(E(i, t + 1), E(i, t))),
    ),
    Hypothesis(
        "H24",
        "an active weight is part of w·x (the others are > 0)",
        sympy.Implies(sympy.Eq(act(i, t), 1), sympy.Le(weight, S(t))),
    ),
    Hypothesis("H25", "Q(0) = 0", sympy.Eq(Q(0), 0)),
    Hypothesis("H26", "Q(i) = Q(i − 1) + E(i, M)", sympy.Eq(Q(i), Q(i - 1) + E(i, M))),
    Hypothesis("H27", "Φ(M) = Q(r) = Σ_i E(i, M)", sympy.Eq(Phi(M), Q(r))),
)
INDICES = (
    Index(t, 0, M - 1, "the t-th mistake (0-based)"),
    Index(i, 1, r, "a relevant variable"),
)
F = {h.id: h.formula for h in H}

s1 = step(
    f"{ID}.1",
    "Φ(t + 1) ≥ Φ(t) + k·pos(t) − (k − 1)(1 − pos(t))",
    "z3",
    [F["H5"], F["H6"], F["H7"], F["H17"], F["H18"]],
    sympy.Ge(Phi(t + 1), Phi(t) + k * pos(t) - (k - 1) * (1 - pos(t))),
    "Littlestone 1988: ≥ k relevant variables promoted, ≤ k − 1 demoted",
    broken="≤ k − 1 demoted forgotten: Φ(t + 1) ≥ Φ(t) + k·pos(t)",
    broken_conclusion=sympy.Ge(Phi(t + 1), Phi(t) + k * pos(t)),
)
grow = Induction(t, lambda m: sympy.Ge(Phi(m), k * P(m) - (k - 1) * (m - P(m))), 0, M)
s2 = step(
    f"{ID}.2",
    "Φ(M) ≥ k·P(M) − (k − 1)(M − P(M))",
    "z3",
    [F["H4"], F["H14"], F["H16"], F["H15"], s1.conclusion],
    grow.predicate(M),
    "ours: the sum over the mistakes",
    induction=grow,
    broken="Φ(M) ≥ k·P(M)",
    broken_conclusion=sympy.Ge(Phi(M), k * P(M)),
    broken_induction=Induction(t, lambda m: sympy.Ge(Phi(m), k * P(m)), 0, M),
)
s3 = step(
    f"{ID}.3",
    "1 + ε > 1",
    "z3",
    [F["H3"]],
    sympy.Gt(1 + eps, 1),
    "ours: ε = 1/2k > 0",
    broken="k ≥ 1 dropped",
    broken_hypotheses=[],
    coq="assert (0 < / (2 * IZR k)) by (apply Rinv_0_lt_compat; lra). lra.",
)
s4 = instance(
    f"{ID}.4",
    "L = ⌈log_{1+ε} n⌉ is the least integer e with (1+ε)^e ≥ n, at e = E(i, t)",
    CEILING_LOG,
    {
        CEILING_LOG.variables[0]: 1 + eps,
        CEILING_LOG.variables[1]: n,
        CEILING_LOG.variables[2]: E(i, t),
    },
    "ours: the definition of L",
    broken="instantiated at base 1 + 2ε",
    broken_values={
        CEILING_LOG.variables[0]: 1 + 2 * eps,
        CEILING_LOG.variables[1]: n,
        CEILING_LOG.variables[2]: E(i, t),
    },
)
s5 = step(
    f"{ID}.5",
    "a relevant weight is promoted only while (1+ε)^E(i,t) ≤ w·x < n",
    "z3",
    [F["H8"], F["H24"]],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Lt(weight, n)),
    "Littlestone 1988 (standard)",
    broken="the prediction rule dropped",
    broken_hypotheses=[F["H24"]],
)
s6 = step(
    f"{ID}.6",
    "so E(i, t) + 1 ≤ L after the promotion",
    "z3",
    [s5.conclusion, s4.conclusion],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(E(i, t) + 1, L)),
    "Littlestone 1988 (standard); the exact exponent is ours",
    broken="E(i, t) + 2 ≤ L",
    broken_conclusion=sympy.Implies(
        sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(E(i, t) + 2, L)
    ),
    coq="intros [A B]. assert (Wt : Rpower (1 + 1 / (2 * IZR k)) (IZR (E_ i t)) < IZR n) "
    "by (apply P1; split; assumption). "
    "destruct (Z_lt_le_dec (E_ i t) (Rceil (ln (IZR n) / ln (1 + 1 / (2 * IZR k))))) as [Lt|Le]; "
    "[ lia | ]. exfalso. apply (Rlt_not_ge _ _ Wt), P2. lia.",
)
s7 = instance(
    f"{ID}.7",
    "L ≥ 0 as n ≥ 1",
    CEILING_LOG_NONNEG,
    {CEILING_LOG_NONNEG.variables[0]: 1 + eps, CEILING_LOG_NONNEG.variables[1]: n},
    "ours",
    broken="claims L ≥ 1 (false at n = 1)",
    broken_conclusion=sympy.Ge(L, 1),
)
cap = Induction(t, lambda m: sympy.Le(E(i, m), L), 0, M)
s8 = step(
    f"{ID}.8",
    "E(i, M) ≤ L for every relevant variable",
    "z3",
    [
        F["H4"],
        F["H20"],
        s7.conclusion,
        F["H5"],
        F["H19"],
        F["H21"],
        F["H22"],
        F["H23"],
        s6.conclusion,
    ],
    cap.predicate(M),
    "ours: by induction over the mistakes",
    induction=cap,
    broken="E(i, M) ≤ L − 1",
    broken_conclusion=sympy.Le(E(i, M), L - 1),
    broken_induction=Induction(t, lambda m: sympy.Le(E(i, m), L - 1), 0, M),
)
total = Induction(i, lambda q: sympy.Le(Q(q), q * L), 0, r, -1)
s9 = step(
    f"{ID}.9",
    "Φ(M) = Σ_{i=1}^{r} E(i, M) ≤ rL",
    "z3",
    [F["H2"], F["H25"], F["H26"], s8.conclusion],
    total.predicate(r),
    "ours: by induction over the relevant variables",
    induction=total,
    broken="Q(r) ≤ (r − 1)L",
    broken_conclusion=sympy.Le(Q(r), (r - 1) * L),
    broken_induction=Induction(i, lambda q: sympy.Le(Q(q), (q - 1) * L), 0, r, -1),
)
s10 = step(
    f"{ID}.10",
    "k·P(M) − (k − 1)(M − P(M)) ≤ rL",
    "z3",
    [s2.conclusion, s9.conclusion, F["H27"]],
    sympy.Le(k * P(M) - (k - 1) * N, r * L),
    "Littlestone 1988 (standard)",
    broken="Φ(M) = Q(r) dropped",
    broken_hypotheses=[s2.conclusion, s9.conclusion],
)
s11 = step(
    f"{ID}.11",
    "W(t + 1) ≤ W(t) + εn·pos(t) − (ε/(1+ε))n·(1 − pos(t))",
    "z3",
    [F["H3"], F["H5"], F["H8"], F["H9"], F["H11"], F["H12"]],
    sympy.Le(W(t + 1), W(t) + eps * n * pos(t) - eps / (1 + eps) * n * (1 - pos(t))),
    "Littlestone 1988: a promotion adds < εn, a demotion removes ≥ εn/(1+ε)",
    broken="the demotion removes ≥ εn (the factor 1/(1+ε) forgotten)",
    broken_conclusion=sympy.Le(W(t + 1), W(t) + eps * n * pos(t) - eps * n * (1 - pos(t))),
    coq="assert (K0 : 0 < 2 * IZR k) by lra. "
    "assert (D0 : 0 < 2 * IZR k * (1 + 1 / (2 * IZR k))) "
    "by (replace (2 * IZR k * (1 + 1 / (2 * IZR k))) with (2 * IZR k + 1) by (field; lra); lra). "
    "destruct P2 as [E|E]; rewrite E in *; modus. "
    "- rewrite P6. assert (IZR n * (1 - 0) / (2 * IZR k * (1 + 1 / (2 * IZR k))) "
    "<= S_ t / (2 * IZR k * (1 + 1 / (2 * IZR k)))) by (unfold Rdiv; apply Rmult_le_compat_r; "
    "[ left; apply Rinv_0_lt_compat; lra | lra ]). "
    "assert (IZR n * 0 / (2 * IZR k) = 0) by (field; lra). lra. "
    "- rewrite P5. assert (S_ t / (2 * IZR k) <= IZR n * 1 / (2 * IZR k)) by (unfold Rdiv; "
    "apply Rmult_le_compat_r; [ left; apply Rinv_0_lt_compat; lra | lra ]). "
    "assert (IZR n * (1 - 1) / (2 * IZR k * (1 + 1 / (2 * IZR k))) = 0) by (field; lra). lra.",
)
weight_bound = Induction(
    t,
    lambda m: sympy.Le(W(m), n + eps * n * P(m) - eps / (1 + eps) * n * (m - P(m))),
    0,
    M,
)
s12 = step(
    f"{ID}.12",
    "W(M) ≤ n + εn·P(M) − (ε/(1+ε))n·(M − P(M))",
    "z3",
    [F["H4"], F["H10"], F["H14"], F["H15"], s11.conclusion],
    weight_bound.predicate(M),
    "ours: the sum over the mistakes",
    induction=weight_bound,
    broken="without the initial weight n",
    broken_conclusion=sympy.Le(W(M), eps * n * P(M) - eps / (1 + eps) * n * N),
    broken_induction=Induction(
        t, lambda m: sympy.Le(W(m), eps * n * P(m) - eps / (1 + eps) * n * (m - P(m))), 0, M
    ),
)
s13 = step(
    f"{ID}.13",
    "W(M) > 0 ⇒ M − P(M) < (1+ε)/ε + (1+ε)·P(M) = 2k + 1 + (1 + ε)·P(M)",
    "z3",
    [s12.conclusion, F["H13"], F["H1"], F["H3"]],
    sympy.Lt(N, 2 * k + 1 + (1 + eps) * P(M)),
    "Littlestone 1988 (standard); constants ours",
    broken="W(M) > 0 dropped",
    broken_hypotheses=[s12.conclusion, F["H1"], F["H3"]],
    coq=(
        "assert (L : forall c0 K0 x0 p0 w0 : R, 1 <= K0 -> 1 <= c0 -> 0 < w0 -> w0 <= c0 + c0 *"
        " p0 / (2 * K0) - c0 * x0 / (2 * K0 * (1 + 1 / (2 * K0))) -> x0 < 2 * K0 + (1 + 1 / (2 "
        "* K0)) * p0 + 1). { intros c0 K0 x0 p0 w0 HK Hc Hw Hh. assert (E1 : 2 * K0 * (1 + 1 / "
        "(2 * K0)) = 2 * K0 + 1) by (field; lra). rewrite E1 in Hh. assert (A : 0 < c0 * (1 + "
        "p0 / (2 * K0) - x0 / (2 * K0 + 1))). { replace (c0 * (1 + p0 / (2 * K0) - x0 / (2 * K0"
        " + 1))) with (c0 + c0 * p0 / (2 * K0) - c0 * x0 / (2 * K0 + 1)) by (field; lra). lra. "
        "} assert (B : 0 < 1 + p0 / (2 * K0) - x0 / (2 * K0 + 1)). { destruct (Rle_or_lt (1 + "
        "p0 / (2 * K0) - x0 / (2 * K0 + 1)) 0) as [N|P]; [ | exact P ]. exfalso. assert (c0 * "
        "(1 + p0 / (2 * K0) - x0 / (2 * K0 + 1)) <= 0) by nra. lra. } assert (C : x0 / (2 * K0 "
        "+ 1) * (2 * K0 + 1) < (1 + p0 / (2 * K0)) * (2 * K0 + 1)). { apply Rmult_lt_compat_r; "
        "lra. } replace (x0 / (2 * K0 + 1) * (2 * K0 + 1)) with x0 in C by (field; lra). "
        "replace (2 * K0 + (1 + 1 / (2 * K0)) * p0 + 1) with ((1 + p0 / (2 * K0)) * (2 * K0 + "
        "1)) by (field; lra). exact C. } eapply L; [ | | exact P2 | exact P1 ]; lra."
    ),
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)
s14 = step(
    f"{ID}.14",
    "P(M)·(k+1)/(2k) ≤ rL + (k−1)(2k+1): P(M) ≤ M₊",
    "z3",
    [s10.conclusion, s13.conclusion, F["H3"]],
    sympy.Le(P(M), winnow_k_of_r_positive_bound(r, k, n)),
    "ours: k − (k−1)(1+ε) = (k+1)/2k at ε = 1/2k",
    broken="the factor 2k/(k+1) dropped",
    broken_conclusion=sympy.Le(P(M), winnow_k_of_r_positive_bound(r, k, n) * (k + 1) / (2 * k)),
    coq=(
        "assert (L14 : forall p0 x0 K0 A0 : R, 1 <= K0 -> K0 * p0 - (K0 - 1) * x0 <= A0 -> x0 <"
        " 2 * K0 + (1 + 1 / (2 * K0)) * p0 + 1 -> p0 <= 2 * K0 * (A0 + (2 * K0 + 1) * (K0 - 1))"
        " / (K0 + 1)). { intros p0 x0 K0 A0 HK Ha Hx. assert (X : (K0 - 1) * x0 <= (K0 - 1) * "
        "(2 * K0 + (1 + 1 / (2 * K0)) * p0 + 1)) by (apply Rmult_le_compat_l; lra). assert (Y :"
        " p0 * ((K0 + 1) / (2 * K0)) <= A0 + (2 * K0 + 1) * (K0 - 1)). { replace (p0 * ((K0 + "
        "1) / (2 * K0))) with (K0 * p0 - (K0 - 1) * ((1 + 1 / (2 * K0)) * p0)) by (field; lra)."
        " lra. } apply (Rmult_le_reg_r ((K0 + 1) / (2 * K0))). apply Rdiv_lt_0_compat; lra. "
        "replace (2 * K0 * (A0 + (2 * K0 + 1) * (K0 - 1)) / (K0 + 1) * ((K0 + 1) / (2 * K0))) "
        "with (A0 + (2 * K0 + 1) * (K0 - 1)) by (field; lra). lra. } match goal with |- _ <= 2 "
        "* _ * (?A + _) / _ => pose proof (L14 (IZR (P_ M)) (IZR M - IZR (P_ M)) (IZR k) A) as "
        "Q end. lra."
    ),
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)
s15 = step(
    f"{ID}.15",
    "M = P(M) + (M − P(M)) ≤ M₊ + 2k + 1 + (1 + ε)M₊",
    "z3",
    [s13.conclusion, s14.conclusion, F["H3"]],
    sympy.Le(M, winnow_k_of_r_bound(r, k, n)),
    "Blum: 'Winnow makes at most O(rk log n) mistakes'; the constants are ours",
    broken="the mistakes on negatives forgotten: M ≤ M₊",
    broken_conclusion=sympy.Le(M, winnow_k_of_r_positive_bound(r, k, n)),
    coq=(
        "assert (L15 : forall p0 x0 K0 B0 : R, 1 <= K0 -> p0 <= B0 -> x0 < 2 * K0 + (1 + 1 / (2"
        " * K0)) * p0 + 1 -> p0 + x0 <= 2 * K0 * (1 + 1 / (2 * K0)) + B0 + (1 + 1 / (2 * K0)) *"
        " B0). { intros p0 x0 K0 B0 HK Hp Hx. assert (E : 2 * K0 * (1 + 1 / (2 * K0)) = 2 * K0 "
        "+ 1) by (field; lra). assert (F : 0 <= 1 + 1 / (2 * K0)). { assert (0 < 1 / (2 * K0)) "
        "by (apply Rdiv_lt_0_compat; lra). lra. } assert (G : (1 + 1 / (2 * K0)) * p0 <= (1 + 1"
        " / (2 * K0)) * B0) by (apply Rmult_le_compat_l; lra). lra. } match type of P2 with _ "
        "<= ?B => pose proof (L15 (IZR (P_ M)) (IZR M - IZR (P_ M)) (IZR k) B) as Q end. lra."
    ),
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)

KOFR_X = (
    (1, 1, 0, 0, 0, 0),
    (1, 0, 0, 1, 1, 1),
    (0, 1, 1, 0, 0, 0),
    (1, 0, 1, 0, 1, 0),
    (0, 0, 1, 1, 1, 1),
    (1, 1, 1, 0, 0, 1),
)
KOFR_Y = (1, -1, 1, 1, -1, 1)
"""Labelled by the 2-of-3 function x₁ + x₂ + x₃ ≥ 2 over n = 6 variables."""


def witness() -> list[Witness]:
    """winnow/k-of-r with k = 2 on KOFR_X (two passes); the relevant variables x₁, x₂, x₃."""
    from ._witness import winnow_witness

    me = sys.modules[__name__]
    out = winnow_witness(
        me, "winnow/k-of-r", KOFR_X, KOFR_Y, (0, 1, 2), Fraction(5, 4), E, "2-of-3, n = 6", k=2
    )
    return [Witness(w.text, {**w.values, k: 2}) for w in out]


THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Recap: Winnow for k-of-r functions (Littlestone 1988)",
    H,
    (s15.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15),
    winnow_k_of_r_bound,
    (r, k, n),
    INDICES,
    witness,
)
