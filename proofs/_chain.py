"""That the steps compose into a proof of the statement: ``chain_problems`` lists each way
they do not, one line each.

* Every premise of every step is a hypothesis or an earlier step's conclusion, used either
  at the index symbols the step itself ranges over or at stated values (``At``) that z3
  shows lie in the fact's range.  A fact quantified over j is never used "at one j": a
  premise's free index symbols must be among the step's own (or its induction's).
* An induction's step case ranges over indices inside the range of the facts it uses.
* A rule is instantiated whole: its index symbols map to this theorem's index symbols with
  the same ranges, instantiated.
* Every statement fact is concluded by a step, the last step concludes the last of them,
  no step dangles (each conclusion feeds a later step or the statement), every hypothesis
  is used, and no hypothesis is a statement fact.
"""

from __future__ import annotations

import sympy

from ._check import At, Premise, Step, Theorem, formula_of, substitute
from ._forms import Expr
from ._z3 import z3_verdict


def quantified(theorem: Theorem, e: Expr) -> list[Expr]:
    """The index symbols e is quantified over: its free ones and those their ranges use."""
    wanted = set(theorem.free_indices(e))
    for index in reversed(theorem.indices):
        if index.symbol in wanted:
            wanted |= set(theorem.free_indices(sympy.Tuple(index.lo, index.hi)))
    return [i.symbol for i in theorem.indices if i.symbol in wanted]


def _ground(theorem: Theorem) -> list[Expr]:
    return [h.formula for h in theorem.hypotheses if not theorem.free_indices(h.formula)]


def _in_range(theorem: Theorem, context: list[Expr], symbol: Expr, value: Expr) -> bool:
    index = theorem.index_of(symbol)
    assert index is not None
    facts = [*context, *theorem.ranges(quantified(theorem, value)), *_ground(theorem)]
    claim = sympy.And(sympy.Le(index.lo, value), sympy.Le(value, index.hi))
    return z3_verdict(facts, claim) == "proved"


def _premise_problems(theorem: Theorem, step: Step, p: Premise, known: list[Expr]) -> list[str]:
    problems = []
    base = p.fact if isinstance(p, At) else p
    if base is not sympy.true and not any(base == k for k in known):
        problems.append(f"{step.id} uses {base}, which is neither a hypothesis nor an earlier step")
    allowed = set(quantified(theorem, step.conclusion))
    context = theorem.ranges(allowed)
    ind = step.induction
    if ind is not None:
        allowed.add(ind.index)
        context = [*context, sympy.Le(ind.start, ind.index + ind.offset)]
        context.append(sympy.Lt(ind.index + ind.offset, ind.end))
        if ind.every is not None:
            allowed.discard(ind.every)
    extra = set(theorem.free_indices(formula_of(p))) - allowed
    # sympy reads such a fact inside sums, in range; a rule's premise keeps its quantifiers
    if extra and step.method not in ("sympy", "rule"):
        names = ", ".join(sorted(str(s) for s in extra))
        problems.append(
            f"{step.id} uses {formula_of(p)} at a single {names}: a fact quantified over "
            f"{names} is used at the indices the step ranges over, or at stated values"
        )
    if isinstance(p, At):
        for symbol, value in p.values:
            if theorem.index_of(symbol) is None or symbol not in base.free_symbols:
                problems.append(f"{step.id} instantiates {symbol}, not an index of {base}")
            elif not _in_range(theorem, context, symbol, value):
                problems.append(f"{step.id} uses {base} at {symbol} = {value}, outside its range")
    return problems


def _induction_problems(theorem: Theorem, step: Step) -> list[str]:
    ind = step.induction
    assert ind is not None
    problems = []
    index = theorem.index_of(ind.index)
    if index is None:
        return [f"{step.id} inducts over {ind.index}, which is not a declared index"]
    uses = any(ind.index in formula_of(p).free_symbols for p in step.hypotheses)
    outer = theorem.ranges(set(quantified(theorem, step.conclusion)) - {ind.every})
    context = [
        *outer,
        *_ground(theorem),
        sympy.Le(ind.start, ind.index + ind.offset),
        sympy.Lt(ind.index + ind.offset, ind.end),
    ]
    inside = sympy.And(*index.facts())
    if uses and z3_verdict(context, inside) != "proved":
        problems.append(
            f"{step.id}'s step case ranges outside {index.lo} <= {ind.index} <= {index.hi}, "
            "where its facts hold"
        )
    if ind.every is not None:
        every = theorem.index_of(ind.every)
        if every is None or sympy.expand(every.lo - ind.start) != 0:
            problems.append(f"{step.id}: {ind.every} must range from {ind.start}")
        elif sympy.expand(every.hi - ind.end) != 0:
            problems.append(f"{step.id}: {ind.every} must range up to {ind.end}")
    return problems


def _rule_problems(theorem: Theorem, step: Step) -> list[str]:
    inst = step.instance
    if inst is None:
        return [f"{step.id} is a rule step with no rule"]
    problems = []
    if inst.rule.kind == "theorem":
        from . import theorem as by_id
        from ._rules import cite

        try:
            cited = cite(by_id(inst.rule.id))
        except KeyError:
            return [f"{step.id} cites {inst.rule.id}, which is not a theorem of this project"]
        if (cited.premises, cited.conclusion) != (inst.rule.premises, inst.rule.conclusion):
            problems.append(
                f"{step.id} cites {inst.rule.id} with other hypotheses or another conclusion "
                "than its statement"
            )
    values = dict(inst.values)
    for index in inst.rule.indices:
        mine = values.get(index.symbol)
        declared = theorem.index_of(mine) if mine is not None else None
        if declared is None:
            problems.append(
                f"{step.id}: {inst.rule.id}'s index {index.symbol} is not mapped to an index"
            )
            continue
        lo, hi = substitute(index.lo, inst.values), substitute(index.hi, inst.values)
        if sympy.expand(lo - declared.lo) != 0 or sympy.expand(hi - declared.hi) != 0:
            problems.append(
                f"{step.id}: {inst.rule.id}'s {index.symbol} ranges over [{lo}, {hi}], "
                f"but {mine} over [{declared.lo}, {declared.hi}]"
            )
    return problems


def chain_problems(theorem: Theorem) -> list[str]:
    t = theorem
    problems = []
    ids = [s.id for s in t.steps]
    if ids != [f"{t.id}.{n}" for n in range(1, len(ids) + 1)]:
        problems.append(f"step IDs are not {t.id}.1 … {t.id}.{len(ids)} in order")
    if len({h.id for h in t.hypotheses}) != len(t.hypotheses):
        problems.append("two hypotheses share an ID")
    if len({i.symbol for i in t.indices}) != len(t.indices):
        problems.append("an index is declared twice")
    known = [h.formula for h in t.hypotheses]
    for step in t.steps:
        for p in step.hypotheses:
            problems += _premise_problems(t, step, p, known)
        if step.induction is not None:
            problems += _induction_problems(t, step)
        if step.method == "rule":
            problems += _rule_problems(t, step)
        known.append(step.conclusion)
    if not t.steps or t.steps[-1].conclusion != t.statement[-1]:
        problems.append("the last step does not conclude the statement")
    conclusions = [s.conclusion for s in t.steps]
    for fact in t.statement:
        if fact not in conclusions:
            problems.append(f"no step concludes the statement's {fact}")
    for n, s in enumerate(t.steps):
        later = {p.fact if isinstance(p, At) else p for u in t.steps[n + 1 :] for p in u.hypotheses}
        if s.conclusion not in later and s.conclusion not in t.statement:
            problems.append(f"{s.id} dangles: its conclusion feeds no later step")
    used = {p.fact if isinstance(p, At) else p for u in t.steps for p in u.hypotheses}
    for h in t.hypotheses:
        if h.formula not in used:
            problems.append(f"{h.id} is never used")
        if h.formula in t.statement:
            problems.append(f"{h.id} is the statement itself")
    return problems
