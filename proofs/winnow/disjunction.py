"""winnow/disjunction: Blum, Lecture 4, 'Recap': Winnow for a disjunction of r of the n
variables (predict positive iff w·x ≥ n; w = 1 at the start; on a mistake on a positive
double w_i for every x_i = 1, on a mistake on a negative set those w_i to 0) makes
O(r log n) mistakes; explicitly M ≤ 2r⌈log2 n⌉ + 1.

Spec: spec/theorems/winnow/disjunction.md.  Blum only states O(r log n); the argument is the
standard one (Littlestone 1988; Blum's earlier lecture), with our constants.  Mistake t
(0 ≤ t < M) is on a positive iff pos(t) = 1; a(t) of its active variables are relevant;
S(t) = w·x; W(t) = Σ w after t mistakes; P(t) = mistakes on positives among the first t.
A relevant variable i (1 ≤ i ≤ r) has weight 2^D(i,t) after t mistakes (it is only doubled,
step 1), and act(i, t) = its x_i in mistake t; Φ(t) = Σ_i D(i, t) = Q(r) at t = M.
L = ⌈log2 n⌉ is known to z3 only through its definition: 2^e ≥ n iff e ≥ L.
"""

from __future__ import annotations

import sympy

from perceptron_ref.bounds import winnow_disjunction_bound

from .._check import Hypothesis, Induction, Theorem, step

ID = "winnow/disjunction"

M, r, n, t, i = sympy.symbols("M r n t i", integer=True)
S, W = sympy.Function("S"), sympy.Function("W")
pos, a, P, Phi, Q, D, act = (
    sympy.Function(name, integer=True) for name in ("pos", "a", "P", "Phi", "Q", "D", "act")
)
L = sympy.ceiling(sympy.log(n) / sympy.log(2))
weight = sympy.Pow(2, D(i, t), evaluate=False)

H = (
    Hypothesis("H1", "n ≥ 1 variables", sympy.Ge(n, 1)),
    Hypothesis("H2", "0 ≤ r ≤ n relevant variables: 0 ≤ r", sympy.Ge(r, 0)),
    Hypothesis("H3", "M ≥ 0 mistakes", sympy.Ge(M, 0)),
    Hypothesis("H4", "mistake index: 0 ≤ t", sympy.Ge(t, 0)),
    Hypothesis("H5", "mistake index: t < M", sympy.Lt(t, M)),
    Hypothesis("H6", "pos(t) ∈ {0, 1}", sympy.Or(sympy.Eq(pos(t), 0), sympy.Eq(pos(t), 1))),
    Hypothesis("H7", "a(t) ≥ 0", sympy.Ge(a(t), 0)),
    Hypothesis(
        "H8",
        "target: an example is positive iff one of its relevant variables is on",
        sympy.Equivalent(sympy.Eq(pos(t), 1), sympy.Ge(a(t), 1)),
    ),
    Hypothesis(
        "H9",
        "mistake on a positive: it was predicted negative, w·x < n",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Lt(S(t), n)),
    ),
    Hypothesis(
        "H10",
        "mistake on a negative: it was predicted positive, w·x ≥ n",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Ge(S(t), n)),
    ),
    Hypothesis("H11", "W(0) = n (w = 1)", sympy.Eq(W(0), n)),
    Hypothesis(
        "H12",
        "doubling the active weights adds w·x; zeroing them removes w·x",
        sympy.Eq(W(t + 1), W(t) + S(t) * (2 * pos(t) - 1)),
    ),
    Hypothesis("H13", "weights are ≥ 0: W(M) ≥ 0", sympy.Ge(W(M), 0)),
    Hypothesis("H14", "P(0) = 0", sympy.Eq(P(0), 0)),
    Hypothesis("H15", "P(t + 1) = P(t) + pos(t)", sympy.Eq(P(t + 1), P(t) + pos(t))),
    Hypothesis("H16", "Φ(0) = 0 (relevant weights start at 2⁰)", sympy.Eq(Phi(0), 0)),
    Hypothesis(
        "H17",
        "a mistake on a positive doubles its a(t) active relevant weights",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(Phi(t + 1), Phi(t) + a(t))),
    ),
    Hypothesis(
        "H18",
        "a mistake on a negative with no relevant variable on leaves them alone",
        sympy.Implies(
            sympy.And(sympy.Eq(pos(t), 0), sympy.Eq(a(t), 0)), sympy.Eq(Phi(t + 1), Phi(t))
        ),
    ),
    Hypothesis(
        "H19", "act(i, t) ∈ {0, 1}", sympy.Or(sympy.Eq(act(i, t), 0), sympy.Eq(act(i, t), 1))
    ),
    Hypothesis(
        "H20", "a relevant variable that is on is counted in a(t)", sympy.Le(act(i, t), a(t))
    ),
    Hypothesis("H21", "D(i, 0) = 0", sympy.Eq(D(i, 0), 0)),
    Hypothesis(
        "H22",
        "doubled when on in a mistake on a positive",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)),
            sympy.Eq(D(i, t + 1), D(i, t) + 1),
        ),
    ),
    Hypothesis(
        "H23",
        "unchanged when off",
        sympy.Implies(sympy.Eq(act(i, t), 0), sympy.Eq(D(i, t + 1), D(i, t))),
    ),
    Hypothesis(
        "H24",
        "an active weight is part of w·x (the others are ≥ 0)",
        sympy.Implies(sympy.Eq(act(i, t), 1), sympy.Le(weight, S(t))),
    ),
    Hypothesis(
        "H25",
        "⌈log2 n⌉ is the least integer e with 2^e ≥ n (at e = D(i, t))",
        sympy.Equivalent(sympy.Ge(weight, n), sympy.Ge(D(i, t), L)),
    ),
    Hypothesis("H26", "⌈log2 n⌉ ≥ 0 as n ≥ 1", sympy.Ge(L, 0)),
    Hypothesis("H27", "relevant variables: 1 ≤ i", sympy.Ge(i, 1)),
    Hypothesis("H28", "relevant variables: i ≤ r", sympy.Le(i, r)),
    Hypothesis("H29", "Q(0) = 0", sympy.Eq(Q(0), 0)),
    Hypothesis("H30", "Q(i) = Q(i − 1) + D(i, M)", sympy.Eq(Q(i), Q(i - 1) + D(i, M))),
    Hypothesis("H31", "Φ(M) = Q(r) = Σ_i D(i, M)", sympy.Eq(Phi(M), Q(r))),
)
F = {h.id: h.formula for h in H}

s1 = step(
    f"{ID}.1",
    "a mistake on a negative has no relevant variable on: relevant weights are never zeroed",
    "z3",
    [F["H6"], F["H7"], F["H8"]],
    sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(a(t), 0)),
    "Littlestone 1988 / Blum (standard); ours in this form",
    broken="the target dropped",
    broken_hypotheses=[F["H6"], F["H7"]],
)
s2 = step(
    f"{ID}.2",
    "Φ(t + 1) ≥ Φ(t) + pos(t)",
    "z3",
    [F["H6"], F["H8"], F["H17"], F["H18"], s1.conclusion],
    sympy.Ge(Phi(t + 1), Phi(t) + pos(t)),
    "Littlestone 1988: each mistake on a positive doubles a relevant weight",
    broken="at least two per mistake: Φ(t + 1) ≥ Φ(t) + 2pos(t)",
    broken_conclusion=sympy.Ge(Phi(t + 1), Phi(t) + 2 * pos(t)),
)
grow = Induction(t, lambda m: sympy.Ge(Phi(m), P(m)), 0, M)
s3 = step(
    f"{ID}.3",
    "Φ(M) ≥ P(M)",
    "z3",
    [F["H3"], F["H4"], F["H5"], F["H14"], F["H16"], F["H15"], s2.conclusion],
    grow.predicate(M),
    "ours: the sum over the mistakes",
    induction=grow,
    broken="Φ(M) ≥ P(M) + 1",
    broken_conclusion=sympy.Ge(Phi(M), P(M) + 1),
    broken_induction=Induction(t, lambda m: sympy.Ge(Phi(m), P(m) + 1), 0, M),
)
s4 = step(
    f"{ID}.4",
    "a relevant weight is doubled only while 2^D(i,t) ≤ w·x < n",
    "z3",
    [F["H9"], F["H24"]],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Lt(weight, n)),
    "Littlestone 1988 (standard)",
    broken="the prediction rule dropped",
    broken_hypotheses=[F["H24"]],
)
s5 = step(
    f"{ID}.5",
    "so after the doubling D(i, t) + 1 ≤ ⌈log2 n⌉",
    "z3",
    [s4.conclusion, F["H25"]],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(D(i, t) + 1, L)),
    "ours: the exact exponent bound",
    broken="D(i, t) + 2 ≤ ⌈log2 n⌉",
    broken_conclusion=sympy.Implies(
        sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(D(i, t) + 2, L)
    ),
)
cap = Induction(t, lambda m: sympy.Le(D(i, m), L), 0, M)
s6 = step(
    f"{ID}.6",
    "D(i, M) ≤ ⌈log2 n⌉ for every relevant variable",
    "z3",
    [
        F["H3"],
        F["H21"],
        F["H26"],
        F["H4"],
        F["H5"],
        F["H6"],
        F["H19"],
        F["H20"],
        F["H22"],
        F["H23"],
        s1.conclusion,
        s5.conclusion,
    ],
    cap.predicate(M),
    "ours: by induction over the mistakes",
    induction=cap,
    broken="D(i, M) ≤ ⌈log2 n⌉ − 1",
    broken_conclusion=sympy.Le(D(i, M), L - 1),
    broken_induction=Induction(t, lambda m: sympy.Le(D(i, m), L - 1), 0, M),
)
total = Induction(i, lambda q: sympy.Le(Q(q), q * L), 0, r, -1)
s7 = step(
    f"{ID}.7",
    "Φ(M) = Σ_{i=1}^{r} D(i, M) ≤ r⌈log2 n⌉",
    "z3",
    [F["H2"], F["H29"], F["H27"], F["H28"], F["H30"], s6.conclusion],
    total.predicate(r),
    "ours: by induction over the relevant variables",
    induction=total,
    broken="Q(r) ≤ (r − 1)⌈log2 n⌉",
    broken_conclusion=sympy.Le(Q(r), (r - 1) * L),
    broken_induction=Induction(i, lambda q: sympy.Le(Q(q), (q - 1) * L), 0, r, -1),
)
s8 = step(
    f"{ID}.8",
    "P(M) ≤ Φ(M) ≤ r⌈log2 n⌉: at most r⌈log2 n⌉ mistakes on positives",
    "z3",
    [s3.conclusion, s7.conclusion, F["H31"]],
    sympy.Le(P(M), r * L),
    "Littlestone 1988 (standard)",
    broken="Φ(M) = Q(r) dropped",
    broken_hypotheses=[s3.conclusion, s7.conclusion],
)
s9 = step(
    f"{ID}.9",
    "W(t + 1) ≤ W(t) + n·pos(t) − n·(1 − pos(t))",
    "z3",
    [F["H6"], F["H9"], F["H10"], F["H12"]],
    sympy.Le(W(t + 1), W(t) + n * pos(t) - n * (1 - pos(t))),
    "Littlestone 1988: a promotion adds < n, an elimination removes ≥ n",
    broken="the elimination rule dropped",
    broken_hypotheses=[F["H6"], F["H9"], F["H12"]],
)
weight_bound = Induction(t, lambda m: sympy.Le(W(m), n + n * P(m) - n * (m - P(m))), 0, M)
s10 = step(
    f"{ID}.10",
    "W(M) ≤ n + n·P(M) − n·(M − P(M))",
    "z3",
    [F["H3"], F["H11"], F["H14"], F["H4"], F["H5"], F["H15"], s9.conclusion],
    weight_bound.predicate(M),
    "ours: the sum over the mistakes",
    induction=weight_bound,
    broken="W(M) ≤ n·P(M) − n·(M − P(M))",
    broken_conclusion=sympy.Le(W(M), n * P(M) - n * (M - P(M))),
    broken_induction=Induction(t, lambda m: sympy.Le(W(m), n * P(m) - n * (m - P(m))), 0, M),
)
s11 = step(
    f"{ID}.11",
    "W(M) ≥ 0 ⇒ M − P(M) ≤ P(M) + 1: mistakes on negatives",
    "z3",
    [s10.conclusion, F["H13"], F["H1"]],
    sympy.Le(M - P(M), P(M) + 1),
    "Littlestone 1988 (standard)",
    broken="W(M) ≥ 0 dropped",
    broken_hypotheses=[s10.conclusion, F["H1"]],
)
s12 = step(
    f"{ID}.12",
    "M ≤ 2P(M) + 1 ≤ 2r⌈log2 n⌉ + 1",
    "z3",
    [s8.conclusion, s11.conclusion],
    sympy.Le(M, winnow_disjunction_bound(r, n)),
    "Blum: 'Winnow makes at most O(r log n) mistakes'; the constants are ours",
    broken="constant changed: M ≤ r⌈log2 n⌉ + 1",
    broken_conclusion=sympy.Le(M, r * L + 1),
)

THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Recap: Winnow for disjunctions (Littlestone 1988)",
    H,
    s12.conclusion,
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12),
    winnow_disjunction_bound,
    (r, n),
)
