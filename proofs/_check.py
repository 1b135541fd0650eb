"""The proof language every proof module uses, and the check of one step.

* A **fact** is a sympy formula; its free *index* symbols (declared with their ranges in the
  theorem's ``indices``) are read universally: ``Inner(w(j), x(j)) <= R**2`` with j declared
  0 ≤ j ≤ m − 1 says ∀j ∈ [0, m − 1].  All other free symbols are the theorem's parameters.
* A **step** concludes a fact from premises: hypotheses or earlier conclusions, each used as
  stated (the step's own index symbols range as declared) or at other index values (``At``).
  It is checked by sympy (an identity), z3 (an implication; an ``Induction``), or, for a
  ``Rule`` (an assumption with its full quantifiers, or a theorem of this project cited by
  ID), syntactically: the conclusion and the premises must be the rule's, instantiated.
* Vectors (``_forms``): no coordinates; ⟨·,·⟩ is an uninterpreted symmetric bilinear form,
  expanded by bilinearity and symmetry into one unknown per pair of vector atoms; ``Norm(v)``
  is an unknown n with n ≥ 0 and n² = ⟨v, v⟩; ``Eq(v, expression)`` defines a vector, and a
  vector equation concluded holds coefficient by coefficient.
* Every step carries a broken twin that its check must refute.

The checks that tie the steps into a proof (``_chain``), the witness (``_witness``), the spec
(``_spec``) and the Coq kernel (``_coq``) are in their own modules; ``verify`` runs them all.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import sympy
from sympy.core.function import UndefinedFunction

from ._forms import (
    Expr,
    Gram,
    Inner,
    Method,
    Norm,
    Vector,
    VectorSequence,
    Verdict,
    expand_inner,
    vector_sequence,
)
from ._sympy import sympy_verdict
from ._z3 import satisfiable, z3_verdict

__all__ = [
    "At",
    "Gram",
    "Hypothesis",
    "Index",
    "Induction",
    "Inner",
    "Instance",
    "Norm",
    "Rule",
    "Step",
    "StepResult",
    "Theorem",
    "TheoremResult",
    "Twin",
    "Vector",
    "VectorSequence",
    "Witness",
    "at",
    "check_step",
    "expand_inner",
    "instance",
    "satisfiable",
    "step",
    "substitute",
    "sympy_verdict",
    "vector_sequence",
    "verdict",
    "without",
    "z3_verdict",
]


@dataclass(frozen=True)
class Index:
    """An index symbol and its range lo ≤ symbol ≤ hi (both ends included)."""

    symbol: Expr
    lo: Expr
    hi: Expr
    text: str = ""

    def facts(self) -> list[Expr]:
        return [sympy.Le(self.lo, self.symbol), sympy.Le(self.symbol, self.hi)]


@dataclass(frozen=True)
class At:
    """A known fact used at other index values: ``At(fact, ((k, l),))`` is fact[k := l]."""

    fact: Expr
    values: tuple[tuple[Expr, Expr], ...]

    @property
    def formula(self) -> Expr:
        return self.fact.xreplace(dict(self.values))


def at(fact: Expr, values: Mapping[Expr, Expr]) -> At:
    return At(fact, tuple(values.items()))


Premise = Expr | At


def formula_of(p: Premise) -> Expr:
    return p.formula if isinstance(p, At) else p


@dataclass(frozen=True)
class Induction:
    """P(start), and P(n) ⇒ P(n + 1) for start ≤ n < end, hence P(end).

    The step case is checked at n = j + offset from the premises at the index j (the facts of
    the j-th mistake); the premises that do not mention j must give P(start) and start ≤ end.
    With ``every`` (an index symbol declared start ≤ s ≤ end) the step concludes P(s) for
    every such s instead of P(end).
    """

    index: Expr
    predicate: Callable[[Expr], Expr]
    start: Expr
    end: Expr
    offset: int = 0
    every: Expr | None = None

    def concludes(self) -> Expr:
        return self.predicate(self.end if self.every is None else self.every)


RuleKind = Literal["space", "lemma", "external", "theorem"]


@dataclass(frozen=True)
class Rule:
    """A general fact with its full quantifiers: for all values of ``variables`` (symbols,
    vectors, functions) and of the index symbols of ``indices``, the premises give the
    conclusion.  ``kind``: an axiom of the inner-product space (``space``), a fact of real
    analysis that Coq proves from its standard library (``lemma``), a result the note cites
    without proof (``external``: an assumption of the theorem), or a theorem of this project
    (``theorem``, by its ID).  ``coq`` is the name of its Coq form."""

    id: str
    text: str
    kind: RuleKind
    variables: tuple[Expr, ...]
    premises: tuple[Expr, ...]
    conclusion: Expr
    coq: str
    indices: tuple[Index, ...] = ()


def _is_function(key: Any) -> bool:
    return isinstance(key, UndefinedFunction) or (
        isinstance(key, type) and issubclass(key, VectorSequence)
    )


def substitute(e: Expr, values: Iterable[tuple[Any, Any]]) -> Expr:
    """Simultaneous substitution of symbols, vectors and functions (by functions or Lambdas)."""
    e = sympy.sympify(e)
    pairs = list(values)
    functions = [(k, v) for k, v in pairs if _is_function(k)]
    symbols = {k: v for k, v in pairs if not _is_function(k)}
    holders = []
    for n, (f, g) in enumerate(functions):  # through placeholders: f ↦ g, g ↦ h at once
        holder = sympy.Function(f"_subst{n}")
        e = e.replace(f, holder)
        holders.append((holder, g))
    e = e.xreplace(symbols)
    for holder, g in holders:
        e = e.replace(holder, g)
    return e


@dataclass(frozen=True)
class Instance:
    """A rule instantiated: the values of its variables and index symbols."""

    rule: Rule
    values: tuple[tuple[Any, Any], ...]

    def premises(self) -> tuple[Expr, ...]:
        return tuple(substitute(p, self.values) for p in self.rule.premises)

    def conclusion(self) -> Expr:
        return substitute(self.rule.conclusion, self.values)


@dataclass(frozen=True)
class Twin:
    """A step's broken twin: the same check on a wrong claim; it must be refuted."""

    change: str
    hypotheses: tuple[Premise, ...]
    conclusion: Expr
    induction: Induction | None = None
    instance: Instance | None = None


@dataclass(frozen=True)
class Step:
    id: str
    claim: str
    method: Method
    hypotheses: tuple[Premise, ...]
    conclusion: Expr
    source: str
    broken: Twin
    induction: Induction | None = None
    over_reals: bool = False
    """Checked with integers relaxed to reals (see _Z3): for nonlinear arithmetic steps."""
    instance: Instance | None = None
    """For a ``rule`` step: the rule and its instantiation."""
    coq: str | None = None
    """The Coq tactic that ends the step's proof where lra/nra alone do not (see _coq); for
    an induction, its step case's."""
    coq_base: str | None = None
    """For an induction: the Coq tactic that ends its base case."""

    @property
    def premises(self) -> tuple[Expr, ...]:
        return tuple(formula_of(p) for p in self.hypotheses)

    def twin(self) -> Step:
        return Step(
            f"{self.id}~",
            self.broken.change,
            self.method,
            self.broken.hypotheses,
            self.broken.conclusion,
            self.source,
            self.broken,
            self.broken.induction or self.induction,
            self.over_reals,
            self.broken.instance or self.instance,
        )


@dataclass(frozen=True)
class Hypothesis:
    id: str
    text: str
    formula: Expr


@dataclass(frozen=True)
class Witness:
    """Values for every parameter of a theorem, from an actual run of the reference:
    numbers, vectors (tuples), and functions (Python callables of the index values)."""

    text: str
    values: Mapping[Any, Any]


@dataclass(frozen=True)
class Theorem:
    id: str
    source: str
    hypotheses: tuple[Hypothesis, ...]
    statement: tuple[Expr, ...]
    steps: tuple[Step, ...]
    bound: Callable[..., Any] | None
    bound_args: tuple[Any, ...]
    indices: tuple[Index, ...] = ()
    witness: Callable[[], Sequence[Witness]] | None = field(default=None, compare=False)

    def index_of(self, symbol: Expr) -> Index | None:
        return next((i for i in self.indices if i.symbol == symbol), None)

    def free_indices(self, e: Expr) -> list[Expr]:
        """The index symbols free in e, in declaration order."""
        free = sympy.sympify(e).free_symbols
        return [i.symbol for i in self.indices if i.symbol in free]

    def ranges(self, symbols: Iterable[Expr]) -> list[Expr]:
        wanted = set(symbols)
        return [f for i in self.indices if i.symbol in wanted for f in i.facts()]

    def rules(self) -> list[Rule]:
        """The rules its steps instantiate, in order of first use."""
        found: list[Rule] = []
        for s in self.steps:
            if s.instance is not None and s.instance.rule not in found:
                found.append(s.instance.rule)
        return found


def _context(step: Step, indices: Sequence[Index]) -> list[Expr]:
    """The ranges of the conclusion's index symbols: the step claims it for each of them."""
    theorem = Theorem("", "", (), (), (), None, (), tuple(indices))
    free = set(theorem.free_indices(step.conclusion))
    if step.induction is not None:
        free.discard(step.induction.index)
        if step.induction.every is not None:
            free.discard(step.induction.every)
    return theorem.ranges(free)


def verdict(step: Step, indices: Sequence[Index] = ()) -> Verdict:
    """Check the step's conclusion from its premises with its method."""
    premises = list(step.premises)
    context = _context(step, indices)
    if step.method == "rule":
        inst = step.instance
        if inst is None:
            return "refuted"
        same = step.conclusion == inst.conclusion() and tuple(premises) == inst.premises()
        return "proved" if same else "refuted"
    if step.method == "sympy":
        ranges = {i.symbol: (i.lo, i.hi) for i in indices}
        return sympy_verdict([*premises, *context], step.conclusion, ranges)
    if step.induction is None:
        return z3_verdict([*premises, *context], step.conclusion, step.over_reals)
    ind = step.induction
    j, n = ind.index, ind.index + ind.offset
    outer = [h for h in premises if j not in h.free_symbols] + context
    checks = [
        z3_verdict(outer, sympy.Le(ind.start, ind.end)),
        z3_verdict(outer, ind.predicate(ind.start)),
        z3_verdict(
            [*premises, *context, sympy.Le(ind.start, n), sympy.Lt(n, ind.end), ind.predicate(n)],
            ind.predicate(n + 1),
            step.over_reals,
        ),
        # the step concludes exactly P(end), or P(s) for every s
        "proved" if ind.concludes() == step.conclusion else "refuted",
    ]
    if all(c == "proved" for c in checks):
        return "proved"
    return "refuted" if "refuted" in checks else "unknown"


@dataclass(frozen=True)
class StepResult:
    id: str
    claim: str
    method: Method
    status: Literal["proved", "failed"]
    seconds: float
    verdict: Verdict
    satisfiable: bool
    twin: Verdict
    """The broken twin's verdict: it must be refuted."""


@dataclass(frozen=True)
class TheoremResult:
    id: str
    source: str
    steps: tuple[StepResult, ...]
    problems: tuple[str, ...] = ()
    """What keeps the theorem from being proved beyond its steps: the chain, the spec, the
    witness (see ``verify``)."""
    checks: Mapping[str, str] = field(default_factory=dict)
    """Each whole-proof check's one-line result (chain, statement, twins, witness, ...)."""
    assumptions: tuple[str, ...] = ()
    kernel: str = "not run"
    """The Coq kernel's verdict: accepted, rejected (why), or not run (why)."""

    @property
    def proved(self) -> bool:
        return not self.problems and all(s.status == "proved" for s in self.steps)

    @property
    def status(self) -> Literal["proved", "failed"]:
        return "proved" if self.proved else "failed"


def check_step(step: Step, indices: Sequence[Index] = ()) -> StepResult:
    """The step's verdict, its twin's, and the satisfiability of its premises."""
    start = time.perf_counter()
    v = verdict(step, indices)
    twin = step.twin()
    changed = (
        twin.hypotheses != step.hypotheses
        or twin.conclusion != step.conclusion
        or twin.induction is not step.induction
        or twin.instance != step.instance
    )
    twin_verdict: Verdict = verdict(twin, indices) if changed else "proved"
    sat = step.method == "rule" or satisfiable([*step.premises, *_context(step, indices)])
    seconds = time.perf_counter() - start
    ok = v == "proved" and sat and twin_verdict == "refuted"
    status: Literal["proved", "failed"] = "proved" if ok else "failed"
    return StepResult(step.id, step.claim, step.method, status, seconds, v, sat, twin_verdict)


def step(
    id: str,
    claim: str,
    method: Method,
    hypotheses: Iterable[Premise],
    conclusion: Expr,
    source: str,
    *,
    broken: str,
    broken_hypotheses: Iterable[Premise] | None = None,
    broken_conclusion: Expr | None = None,
    induction: Induction | None = None,
    broken_induction: Induction | None = None,
    over_reals: bool = False,
    coq: str | None = None,
    coq_base: str | None = None,
) -> Step:
    """A Step with its twin: the twin keeps whatever it does not change."""
    hyps = tuple(hypotheses)
    twin = Twin(
        broken,
        hyps if broken_hypotheses is None else tuple(broken_hypotheses),
        conclusion if broken_conclusion is None else broken_conclusion,
        broken_induction,
    )
    return Step(
        id,
        claim,
        method,
        hyps,
        conclusion,
        source,
        twin,
        induction,
        over_reals,
        coq=coq,
        coq_base=coq_base,
    )


def instance(
    id: str,
    claim: str,
    rule: Rule,
    values: Mapping[Any, Any],
    source: str,
    *,
    broken: str,
    broken_values: Mapping[Any, Any] | None = None,
    broken_conclusion: Expr | None = None,
    coq: str | None = None,
) -> Step:
    """A step that instantiates a rule: its premises and conclusion are the rule's, with
    ``values`` for the rule's variables.  The twin either instantiates differently (its
    conclusion kept, so the check must find the mismatch) or claims a different conclusion."""
    inst = Instance(rule, tuple(values.items()))
    wrong = inst if broken_values is None else Instance(rule, tuple(broken_values.items()))
    twin = Twin(
        broken,
        inst.premises(),
        inst.conclusion() if broken_conclusion is None else broken_conclusion,
        None,
        wrong,
    )
    return Step(
        id,
        claim,
        "rule",
        inst.premises(),
        inst.conclusion(),
        source,
        twin,
        instance=inst,
        coq=coq,
    )


def without(hypotheses: Iterable[Premise], *dropped: Premise) -> tuple[Premise, ...]:
    """The hypotheses less some: a twin with a hypothesis dropped."""
    return tuple(h for h in hypotheses if all(h != d for d in dropped))
