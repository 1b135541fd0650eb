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

import sys
from fractions import Fraction

import sympy

from perceptron_ref.bounds import winnow_disjunction_bound

from .._check import Hypothesis, Index, Induction, Theorem, Witness, instance, step
from .._rules import CEILING_LOG, CEILING_LOG_NONNEG

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
    Hypothesis("H4", "pos(t) ∈ {0, 1}", sympy.Or(sympy.Eq(pos(t), 0), sympy.Eq(pos(t), 1))),
    Hypothesis("H5", "a(t) ≥ 0", sympy.Ge(a(t), 0)),
    Hypothesis(
        "H6",
        "target: an example is positive iff one of its relevant variables is on",
        sympy.Equivalent(sympy.Eq(pos(t), 1), sympy.Ge(a(t), 1)),
    ),
    Hypothesis(
        "H7",
        "mistake on a positive: it was predicted negative, w·x < n",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Lt(S(t), n)),
    ),
    Hypothesis(
        "H8",
        "mistake on a negative: it was predicted positive, w·x ≥ n",
        sympy.Implies(sympy.Eq(pos(t), 0), sympy.Ge(S(t), n)),
    ),
    Hypothesis("H9", "W(0) = n (w = 1)", sympy.Eq(W(0), n)),
    Hypothesis(
        "H10",
        "doubling the active weights adds w·x; zeroing them removes w·x",
        sympy.Eq(W(t + 1), W(t) + S(t) * (2 * pos(t) - 1)),
    ),
    Hypothesis("H11", "weights are ≥ 0: W(M) ≥ 0", sympy.Ge(W(M), 0)),
    Hypothesis("H12", "P(0) = 0", sympy.Eq(P(0), 0)),
    Hypothesis("H13", "P(t + 1) = P(t) + pos(t)", sympy.Eq(P(t + 1), P(t) + pos(t))),
    Hypothesis("H14", "Φ(0) = 0 (relevant weights start at 2⁰)", sympy.Eq(Phi(0), 0)),
    Hypothesis(
        "H15",
        "a mistake on a positive doubles its a(t) active relevant weights",
        sympy.Implies(sympy.Eq(pos(t), 1), sympy.Eq(Phi(t + 1), Phi(t) + a(t))),
    ),
    Hypothesis(
        "H16",
        "a mistake on a negative with no relevant variable on leaves them alone",
        sympy.Implies(
            sympy.And(sympy.Eq(pos(t), 0), sympy.Eq(a(t), 0)), sympy.Eq(Phi(t + 1), Phi(t))
        ),
    ),
    Hypothesis(
        "H17", "act(i, t) ∈ {0, 1}", sympy.Or(sympy.Eq(act(i, t), 0), sympy.Eq(act(i, t), 1))
    ),
    Hypothesis(
        "H18", "a relevant variable that is on is counted in a(t)", sympy.Le(act(i, t), a(t))
    ),
    Hypothesis("H19", "D(i, 0) = 0", sympy.Eq(D(i, 0), 0)),
    Hypothesis(
        "H20",
        "doubled when on in a mistake on a positive",
        sympy.Implies(
            sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)),
            sympy.Eq(D(i, t + 1), D(i, t) + 1),
        ),
    ),
    Hypothesis(
        "H21",
        "unchanged when off",
        sympy.Implies(sympy.Eq(act(i, t), 0), sympy.Eq(D(i, t + 1), D(i, t))),
    ),
    Hypothesis(
        "H22",
        "an active weight is part of w·x (the others are ≥ 0)",
        sympy.Implies(sympy.Eq(act(i, t), 1), sympy.Le(weight, S(t))),
    ),
    Hypothesis("H23", "Q(0) = 0", sympy.Eq(Q(0), 0)),
    Hypothesis("H24", "Q(i) = Q(i − 1) + D(i, M)", sympy.Eq(Q(i), Q(i - 1) + D(i, M))),
    Hypothesis("H25", "Φ(M) = Q(r) = Σ_i D(i, M)", sympy.Eq(Phi(M), Q(r))),
)
INDICES = (
    Index(t, 0, M - 1, "the t-th mistake (0-based)"),
    Index(i, 1, r, "a relevant variable"),
)
F = {h.id: h.formula for h in H}

s1 = step(
    f"{ID}.1",
    "a mistake on a negative has no relevant variable on: relevant weights are never zeroed",
    "z3",
    [F["H4"], F["H5"], F["H6"]],
    sympy.Implies(sympy.Eq(pos(t), 0), sympy.Eq(a(t), 0)),
    "Littlestone 1988 / Blum (standard); ours in this form",
    broken="the target dropped",
    broken_hypotheses=[F["H4"], F["H5"]],
)
s2 = step(
    f"{ID}.2",
    "Φ(t + 1) ≥ Φ(t) + pos(t)",
    "z3",
    [F["H4"], F["H6"], F["H15"], F["H16"], s1.conclusion],
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
    [F["H3"], F["H12"], F["H14"], F["H13"], s2.conclusion],
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
    [F["H7"], F["H22"]],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Lt(weight, n)),
    "Littlestone 1988 (standard)",
    broken="the prediction rule dropped",
    broken_hypotheses=[F["H22"]],
)
s5 = instance(
    f"{ID}.5",
    "⌈log2 n⌉ is the least integer e with 2^e ≥ n, at e = D(i, t)",
    CEILING_LOG,
    {CEILING_LOG.variables[0]: 2, CEILING_LOG.variables[1]: n, CEILING_LOG.variables[2]: D(i, t)},
    "ours: the definition of ⌈log2 n⌉",
    broken="instantiated at base 3",
    broken_values={
        CEILING_LOG.variables[0]: 3,
        CEILING_LOG.variables[1]: n,
        CEILING_LOG.variables[2]: D(i, t),
    },
)
s6 = step(
    f"{ID}.6",
    "so after the doubling D(i, t) + 1 ≤ ⌈log2 n⌉",
    "z3",
    [s4.conclusion, s5.conclusion],
    sympy.Implies(sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(D(i, t) + 1, L)),
    "ours: the exact exponent bound",
    coq=(
        "intros [A B]. assert (Wt : Rpower 2 (IZR (D i t)) < IZR n) by (apply P1; split; "
        "assumption). "
        "destruct (Z_lt_le_dec (D i t) (Rceil (ln (IZR n) / ln 2))) as [Lt|Le]; [ lia | ]. "
        "exfalso. apply (Rlt_not_ge _ _ Wt), P2. lia."
    ),
    broken="D(i, t) + 2 ≤ ⌈log2 n⌉",
    broken_conclusion=sympy.Implies(
        sympy.And(sympy.Eq(act(i, t), 1), sympy.Eq(pos(t), 1)), sympy.Le(D(i, t) + 2, L)
    ),
)
s7 = instance(
    f"{ID}.7",
    "⌈log2 n⌉ ≥ 0 as n ≥ 1",
    CEILING_LOG_NONNEG,
    {CEILING_LOG_NONNEG.variables[0]: 2, CEILING_LOG_NONNEG.variables[1]: n},
    "ours",
    broken="claims ⌈log2 n⌉ ≥ 1 (false at n = 1)",
    broken_conclusion=sympy.Ge(L, 1),
)
cap = Induction(t, lambda m: sympy.Le(D(i, m), L), 0, M)
s8 = step(
    f"{ID}.8",
    "D(i, M) ≤ ⌈log2 n⌉ for every relevant variable",
    "z3",
    [
        F["H3"],
        F["H19"],
        s7.conclusion,
        F["H4"],
        F["H17"],
        F["H18"],
        F["H20"],
        F["H21"],
        s1.conclusion,
        s6.conclusion,
    ],
    cap.predicate(M),
    "ours: by induction over the mistakes",
    induction=cap,
    broken="D(i, M) ≤ ⌈log2 n⌉ − 1",
    broken_conclusion=sympy.Le(D(i, M), L - 1),
    broken_induction=Induction(t, lambda m: sympy.Le(D(i, m), L - 1), 0, M),
)
total = Induction(i, lambda q: sympy.Le(Q(q), q * L), 0, r, -1)
s9 = step(
    f"{ID}.9",
    "Φ(M) = Σ_{i=1}^{r} D(i, M) ≤ r⌈log2 n⌉",
    "z3",
    [F["H2"], F["H23"], F["H24"], s8.conclusion],
    total.predicate(r),
    "ours: by induction over the relevant variables",
    induction=total,
    broken="Q(r) ≤ (r − 1)⌈log2 n⌉",
    broken_conclusion=sympy.Le(Q(r), (r - 1) * L),
    broken_induction=Induction(i, lambda q: sympy.Le(Q(q), (q - 1) * L), 0, r, -1),
)
s10 = step(
    f"{ID}.10",
    "P(M) ≤ Φ(M) ≤ r⌈log2 n⌉: at most r⌈log2 n⌉ mistakes on positives",
    "z3",
    [s3.conclusion, s9.conclusion, F["H25"]],
    sympy.Le(P(M), r * L),
    "Littlestone 1988 (standard)",
    broken="Φ(M) = Q(r) dropped",
    broken_hypotheses=[s3.conclusion, s9.conclusion],
)
s11 = step(
    f"{ID}.11",
    "W(t + 1) ≤ W(t) + n·pos(t) − n·(1 − pos(t))",
    "z3",
    [F["H4"], F["H7"], F["H8"], F["H10"]],
    sympy.Le(W(t + 1), W(t) + n * pos(t) - n * (1 - pos(t))),
    "Littlestone 1988: a promotion adds < n, an elimination removes ≥ n",
    broken="the elimination rule dropped",
    broken_hypotheses=[F["H4"], F["H7"], F["H10"]],
)
weight_bound = Induction(t, lambda m: sympy.Le(W(m), n + n * P(m) - n * (m - P(m))), 0, M)
s12 = step(
    f"{ID}.12",
    "W(M) ≤ n + n·P(M) − n·(M − P(M))",
    "z3",
    [F["H3"], F["H9"], F["H12"], F["H13"], s11.conclusion],
    weight_bound.predicate(M),
    "ours: the sum over the mistakes",
    induction=weight_bound,
    broken="W(M) ≤ n·P(M) − n·(M − P(M))",
    broken_conclusion=sympy.Le(W(M), n * P(M) - n * (M - P(M))),
    broken_induction=Induction(t, lambda m: sympy.Le(W(m), n * P(m) - n * (m - P(m))), 0, M),
)
s13 = step(
    f"{ID}.13",
    "W(M) ≥ 0 ⇒ M − P(M) ≤ P(M) + 1: mistakes on negatives",
    "z3",
    [s12.conclusion, F["H11"], F["H1"]],
    sympy.Le(M - P(M), P(M) + 1),
    "Littlestone 1988 (standard)",
    broken="W(M) ≥ 0 dropped",
    broken_hypotheses=[s12.conclusion, F["H1"]],
)
s14 = step(
    f"{ID}.14",
    "M ≤ 2P(M) + 1 ≤ 2r⌈log2 n⌉ + 1",
    "z3",
    [s10.conclusion, s13.conclusion],
    sympy.Le(M, winnow_disjunction_bound(r, n)),
    "Blum: 'Winnow makes at most O(r log n) mistakes'; the constants are ours",
    broken="constant changed: M ≤ r⌈log2 n⌉ + 1",
    broken_conclusion=sympy.Le(M, r * L + 1),
)

WINNOW_X = ((1, 0, 0, 0, 0), (0, 1, 0, 1, 0), (0, 0, 1, 0, 1), (1, 1, 1, 1, 1), (0, 1, 0, 0, 1))
WINNOW_Y = (1, -1, 1, 1, -1)
"""Labelled by the disjunction x₁ ∨ x₃ over n = 5 variables."""


def witness() -> list[Witness]:
    """winnow/disjunction on WINNOW_X (two passes); the relevant variables x₁, x₃."""
    from ._witness import winnow_witness

    me = sys.modules[__name__]
    return winnow_witness(
        me, "winnow/disjunction", WINNOW_X, WINNOW_Y, (0, 2), Fraction(2), D, "x₁ ∨ x₃, n = 5"
    )


THEOREM = Theorem(
    ID,
    "Blum, Lecture 4 (2014), Recap: Winnow for disjunctions (Littlestone 1988)",
    H,
    (s14.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14),
    winnow_disjunction_bound,
    (r, n),
    INDICES,
    witness,
)
