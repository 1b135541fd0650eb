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

import sympy

from perceptron_ref.bounds import winnow_k_of_r_bound, winnow_k_of_r_positive_bound

from .._check import Hypothesis, Induction, Theorem, step

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
    Hypothesis("H5", "mistake index: 0 ≤ t", sympy.Ge(t, 0)),
    Hypothesis("H6", "mistake index: t < M", sympy.Lt(t, M)),
    Hypothesis("H7", "pos(t) ∈ {0, 1}", sympy.Or(sympy.Eq(pos(t), 0), sympy.Eq(pos(t), 1))),
    Hypothesis("H8", "a(t) ≥ 0", sympy.Ge(a(t), 0)),
    Hypothesis(
        "H9",
        "target: positive iff at least k of the r relevant variables are on",
        sympy.Equivalent(sympy.Eq(pos(t), 1), sympy.Ge(a(t), k)),
    ),
    Hypothesis(
        "H10",
        "mistake on a positive: w·x < n",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Lt(S(t), n)),
    ),
    Hypothesis(
        "H11",
        "mistake on a negative: w·x ≥ n",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Ge(S(t), n)),
    ),
    Hypothesis("H12", "W(0) = n", sympy.Eq(W(0), n)),
    Hypothesis(
        "H13",
        "promotion adds ε·w·x",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(W(t + 1), W(t) + eps * S(t))),
    ),
    Hypothesis(
        "H14",
        "demotion removes (ε/(1+ε))·w·x",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(W(t + 1), W(t) - eps / (1 + eps) * S(t))),
    ),
    Hypothesis("H15", "weights stay > 0: W(M) > 0", sympy.Gt(W(M), 0)),
    Hypothesis("H16", "P(0) = 0", sympy.Eq(P(0), 0)),
    Hypothesis("H17", "P(t + 1) = P(t) + pos(t)", sympy.Eq(P(t + 1), P(t) + pos(t))),
    Hypothesis("H18", "Φ(0) = 0 (relevant weights start at (1+ε)⁰)", sympy.Eq(Phi(0), 0)),
    Hypothesis(
        "H19",
        "a promotion multiplies the a(t) active relevant weights by 1 + ε",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(Phi(t + 1), Phi(t) + a(t))),
    ),
    Hypothesis(
        "H20",
        "a demotion divides them by 1 + ε",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(Phi(t + 1), Phi(t) - a(t))),
    ),
    Hypothesis(
        "H21", "act(i, t) ∈ {0, 1}", sympy.Or(sympy.Eq(act(i, t), 0), sympy.Eq(act(i, t), 1))
    ),
    Hypothesis("H22", "E(i, 0) = 0", sympy.Eq(E(i, 0), 0)),
    Hypothesis(
        "H23",
        "promoted when on in a mistake on a positive",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)),
            sympy.Eq(E(i, t + 1), E(i, t) + 1),
        ),
    ),
    Hypothesis(
        "H24",
        "demoted when on in a mistake on a negative",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 0)),
            sympy.Eq(E(i, t + 1), E(i, t) - 1),
        ),
    ),
    Hypothesis(
        "H25",
        "unchanged when off",
        sympy.Implies(sympy.Eq(act(i, t), 0), sympy.Eq(E(i, t + 1), E(i, t))),
    ),
    Hypothesis(
        "H26",
        "an active weight is part of w·x (the others are > 0)",
        sympy.Implies(sympy.Eq(act(i, t), 1), sympy.Le(weight, S(t))),
    ),
    Hypothesis(
        "H27",
        "⌈log_{1+ε} n⌉ is the least integer e with (1+ε)^e ≥ n (at e = E(i, t))",
        sympy.Equivalent(sympy.Ge(weight, n), sympy.Ge(E(i, t), L)),
    ),
    Hypothesis("H28", "⌈log_{1+ε} n⌉ ≥ 0 as n ≥ 1", sympy.Ge(L, 0)),
    Hypothesis("H29", "relevant variables: 1 ≤ i", sympy.Ge(i, 1)),
    Hypothesis("H30", "relevant variables: i ≤ r", sympy.Le(i, r)),
    Hypothesis("H31", "Q(0) = 0", sympy.Eq(Q(0), 0)),
    Hypothesis("H32", "Q(i) = Q(i − 1) + E(i, M)", sympy.Eq(Q(i), Q(i - 1) + E(i, M))),
    Hypothesis("H33", "Φ(M) = Q(r) = Σ_i E(i, M)", sympy.Eq(Phi(M), Q(r))),
)
F = {h.id: h.formula for h in H}
mistakes = [F["H4"], F["H5"], F["H6"]]

s1 = step(
    f"{ID}.1",
    "Φ(t + 1) ≥ Φ(t) + k·pos(t) − (k − 1)(1 − pos(t))",
    "z3",
    [F["H7"], F["H8"], F["H9"], F["H19"], F["H20"]],
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
    [*mistakes, F["H16"], F["H18"], F["H17"], s1.conclusion],
    grow.predicate(M),
    "ours: the sum over the mistakes",
    induction=grow,
    broken="Φ(M) ≥ k·P(M)",
    broken_conclusion=sympy.Ge(Phi(M), k * P(M)),
    broken_induction=Induction(t, lambda m: sympy.Ge(Phi(m), k * P(m)), 0, M),
)
s3 = step(
    f"{ID}.3",
    "a relevant weight is promoted only while (1+ε)^E(i,t) ≤ w·x < n, so E(i, t) + 1 ≤ L",
    "z3",
    [F["H10"], F["H26"], F["H27"]],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(E(i, t) + 1, L)),
    "Littlestone 1988 (standard); the exact exponent is ours",
    broken="the prediction rule dropped",
    broken_hypotheses=[F["H26"], F["H27"]],
)
cap = Induction(t, lambda m: sympy.Le(E(i, m), L), 0, M)
s4 = step(
    f"{ID}.4",
    "E(i, M) ≤ L for every relevant variable",
    "z3",
    [*mistakes, F["H22"], F["H28"], F["H7"], F["H21"], F["H23"], F["H24"], F["H25"], s3.conclusion],
    cap.predicate(M),
    "ours: by induction over the mistakes",
    induction=cap,
    broken="E(i, M) ≤ L − 1",
    broken_conclusion=sympy.Le(E(i, M), L - 1),
    broken_induction=Induction(t, lambda m: sympy.Le(E(i, m), L - 1), 0, M),
)
total = Induction(i, lambda q: sympy.Le(Q(q), q * L), 0, r, -1)
s5 = step(
    f"{ID}.5",
    "Φ(M) = Σ_{i=1}^{r} E(i, M) ≤ rL",
    "z3",
    [F["H2"], F["H31"], F["H29"], F["H30"], F["H32"], s4.conclusion],
    total.predicate(r),
    "ours: by induction over the relevant variables",
    induction=total,
    broken="Q(r) ≤ (r − 1)L",
    broken_conclusion=sympy.Le(Q(r), (r - 1) * L),
    broken_induction=Induction(i, lambda q: sympy.Le(Q(q), (q - 1) * L), 0, r, -1),
)
s6 = step(
    f"{ID}.6",
    "k·P(M) − (k − 1)(M − P(M)) ≤ rL",
    "z3",
    [s2.conclusion, s5.conclusion, F["H33"]],
    sympy.Le(k * P(M) - (k - 1) * N, r * L),
    "Littlestone 1988 (standard)",
    broken="Φ(M) = Q(r) dropped",
    broken_hypotheses=[s2.conclusion, s5.conclusion],
)
s7 = step(
    f"{ID}.7",
    "W(t + 1) ≤ W(t) + εn·pos(t) − (ε/(1+ε))n·(1 − pos(t))",
    "z3",
    [F["H3"], F["H7"], F["H10"], F["H11"], F["H13"], F["H14"]],
    sympy.Le(W(t + 1), W(t) + eps * n * pos(t) - eps / (1 + eps) * n * (1 - pos(t))),
    "Littlestone 1988: a promotion adds < εn, a demotion removes ≥ εn/(1+ε)",
    broken="the demotion removes ≥ εn (the factor 1/(1+ε) forgotten)",
    broken_conclusion=sympy.Le(W(t + 1), W(t) + eps * n * pos(t) - eps * n * (1 - pos(t))),
)
weight_bound = Induction(
    t,
    lambda m: sympy.Le(W(m), n + eps * n * P(m) - eps / (1 + eps) * n * (m - P(m))),
    0,
    M,
)
s8 = step(
    f"{ID}.8",
    "W(M) ≤ n + εn·P(M) − (ε/(1+ε))n·(M − P(M))",
    "z3",
    [*mistakes, F["H12"], F["H16"], F["H17"], s7.conclusion],
    weight_bound.predicate(M),
    "ours: the sum over the mistakes",
    induction=weight_bound,
    broken="without the initial weight n",
    broken_conclusion=sympy.Le(W(M), eps * n * P(M) - eps / (1 + eps) * n * N),
    broken_induction=Induction(
        t, lambda m: sympy.Le(W(m), eps * n * P(m) - eps / (1 + eps) * n * (m - P(m))), 0, M
    ),
)
s9 = step(
    f"{ID}.9",
    "W(M) > 0 ⇒ M − P(M) < (1+ε)/ε + (1+ε)·P(M) = 2k + 1 + (1 + ε)·P(M)",
    "z3",
    [s8.conclusion, F["H15"], F["H1"], F["H3"]],
    sympy.Lt(N, 2 * k + 1 + (1 + eps) * P(M)),
    "Littlestone 1988 (standard); constants ours",
    broken="W(M) > 0 dropped",
    broken_hypotheses=[s8.conclusion, F["H1"], F["H3"]],
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)
s10 = step(
    f"{ID}.10",
    "P(M)·(k+1)/(2k) ≤ rL + (k−1)(2k+1): P(M) ≤ M₊",
    "z3",
    [s6.conclusion, s9.conclusion, F["H3"]],
    sympy.Le(P(M), winnow_k_of_r_positive_bound(r, k, n)),
    "ours: k − (k−1)(1+ε) = (k+1)/2k at ε = 1/2k",
    broken="the factor 2k/(k+1) dropped",
    broken_conclusion=sympy.Le(P(M), winnow_k_of_r_positive_bound(r, k, n) * (k + 1) / (2 * k)),
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)
s11 = step(
    f"{ID}.11",
    "M = P(M) + (M − P(M)) ≤ M₊ + 2k + 1 + (1 + ε)M₊",
    "z3",
    [s9.conclusion, s10.conclusion, F["H3"]],
    sympy.Le(M, winnow_k_of_r_bound(r, k, n)),
    "Blum: 'Winnow makes at most O(rk log n) mistakes'; the constants are ours",
    broken="the mistakes on negatives forgotten: M ≤ M₊",
    broken_conclusion=sympy.Le(M, winnow_k_of_r_positive_bound(r, k, n)),
    over_reals=True,  # nonlinear in k: z3 is complete over the reals
)

THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Recap: Winnow for k-of-r functions (Littlestone 1988)",
    H,
    s11.conclusion,
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11),
    winnow_k_of_r_bound,
    (r, k, n),
)
