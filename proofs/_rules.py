"""The general facts the proofs use, each stated with its full quantifiers (a ``Rule``), and
``cite``: a theorem of this project as a rule, instantiated from its statement.

A proof uses a rule only through an ``instance`` step, which the checker accepts only if the
step's premises and conclusion are the rule's under one substitution; ``prove`` lists each
theorem's rules as its assumptions (as Coq's ``Print Assumptions`` does).  The Coq kernel
takes ``space`` rules as the axioms of the abstract inner-product space (section hypotheses)
and proves ``lemma`` rules from its standard library; ``external`` rules (results a note
cites without proof) stay hypotheses of the theorem, in Coq too.
"""

from __future__ import annotations

import sympy

from ._check import Rule, Theorem
from ._forms import Expr, Inner, Norm, Vector

_u, _v = Vector("u"), Vector("v")
_a, _b, _n, _d = sympy.symbols("a b n d")
_e = sympy.Symbol("e", integer=True)

INNER_POS = Rule(
    "inner-pos",
    "the inner product is positive semidefinite: ⟨v, v⟩ ≥ 0 for every vector v",
    "space",
    (_v,),
    (),
    sympy.Ge(Inner(_v, _v), 0),
    "inner_pos",
)

CAUCHY_SCHWARZ = Rule(
    "cauchy-schwarz",
    "Cauchy–Schwarz: |⟨u, v⟩| ≤ ‖u‖·‖v‖ for all vectors u, v",
    "lemma",
    (_u, _v),
    (),
    sympy.Le(sympy.Abs(Inner(_u, _v)), Norm(_u) * Norm(_v)),
    "cauchy_schwarz",
)

LOG_INCREASING = Rule(
    "log-increasing",
    "log is increasing: 0 < a ≤ b ⇒ log a ≤ log b",
    "lemma",
    (_a, _b),
    (sympy.Gt(_a, 0), sympy.Le(_a, _b)),
    sympy.Le(sympy.log(_a), sympy.log(_b)),
    "log_increasing",
)

LOG_POWER = Rule(
    "log-power",
    "log(aᵈ) = d·log a for a > 0",
    "lemma",
    (_a, _d),
    (sympy.Gt(_a, 0),),
    sympy.Eq(sympy.log(_a**_d), _d * sympy.log(_a)),
    "log_power",
)

CEILING_LOG = Rule(
    "ceiling-log",
    "⌈log_b n⌉ is the least integer e with bᵉ ≥ n (b > 1, n ≥ 1)",
    "lemma",
    (_b, _n, _e),
    (sympy.Gt(_b, 1), sympy.Ge(_n, 1)),
    sympy.Equivalent(
        sympy.Ge(sympy.Pow(_b, _e), _n), sympy.Ge(_e, sympy.ceiling(sympy.log(_n) / sympy.log(_b)))
    ),
    "ceiling_log",
)

CEILING_LOG_NONNEG = Rule(
    "ceiling-log-nonneg",
    "⌈log_b n⌉ ≥ 0 for b > 1, n ≥ 1",
    "lemma",
    (_b, _n),
    (sympy.Gt(_b, 1), sympy.Ge(_n, 1)),
    sympy.Ge(sympy.ceiling(sympy.log(_n) / sympy.log(_b)), 0),
    "ceiling_log_nonneg",
)


def parameters(theorem: Theorem) -> list[Expr]:
    """The theorem's parameters: every free symbol, vector and function of its hypotheses and
    statement other than its index symbols, in a fixed order."""
    from ._coq import signature  # the same order as the Coq theorem's binders

    return [p.key for p in signature(theorem)]


def cite(theorem: Theorem, fact: int = 0) -> Rule:
    """A theorem of this project as a rule: its hypotheses give its statement's fact."""
    from ._coq import closed_name, module_of

    return Rule(
        theorem.id,
        theorem.source,
        "theorem",
        tuple(parameters(theorem)),
        tuple(h.formula for h in theorem.hypotheses),
        theorem.statement[fact],
        f"{module_of(theorem.id)}.{closed_name(theorem.id)}",
        theorem.indices,
    )
