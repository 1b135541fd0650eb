"""The checker every proof module uses: a step is a claim over sympy symbols with stated
hypotheses, checked by sympy (an identity) or by z3 (an inequality or an implication).

Vectors are never given coordinates.  A vector is a `Vector` symbol or an application of a
`VectorSequence` (``w(k)``); ``Inner(u, v)`` is an *uninterpreted symmetric bilinear form*:
before a check, every ``Inner`` is expanded by bilinearity over the linear combinations in its
arguments and ordered by symmetry, which leaves atoms ``Gram(a, b)`` (one unknown real per
unordered pair of vector atoms).  An identity that holds for free Gram unknowns holds for every
symmetric bilinear form in every dimension.  ``Norm(v)`` is an unknown n with the two facts
that define it, n ≥ 0 and n² = ⟨v, v⟩.  A hypothesis ``Eq(v, expression)`` whose left side is
a vector atom is a definition (the perceptron's update): it is substituted into ``Inner``.

* sympy: the conclusion ``Eq(lhs, rhs)`` holds when lhs − rhs, after the expansion, reduces to
  0 modulo a Gröbner basis of the scalar equations among the hypotheses (so it lies in the
  ideal they generate); a denominator must be non-zero by the symbols' sympy assumptions.
* z3: the conclusion holds when hypotheses ∧ ¬conclusion is unsatisfiable (nonlinear real
  arithmetic, nlsat); a counterexample is a model.
* Every step also shows its hypotheses satisfiable (z3), so no step is vacuously true, and
  carries a broken twin that the checker must refute.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

import sympy
import z3
from sympy.core.function import AppliedUndef

Method = Literal["sympy", "z3"]
Verdict = Literal["proved", "refuted", "unknown"]
Expr = Any  # a sympy expression or relation (sympy ships no type information)

TIMEOUT_MS = 20_000


class Vector(sympy.Symbol):  # type: ignore[misc]
    """A vector symbol (w*, x, ...): it may only appear linearly inside Inner and Norm."""


class VectorSequence(sympy.Function):  # type: ignore[misc]
    """Base of indexed vectors: ``w = vector_sequence("w")``; ``w(k)`` is a vector."""


class Inner(sympy.Function):  # type: ignore[misc]
    """⟨u, v⟩: the uninterpreted symmetric bilinear form, unevaluated."""

    nargs = 2


class Norm(sympy.Function):  # type: ignore[misc]
    """‖v‖ of a vector atom v."""

    nargs = 1


class Gram(sympy.Function):  # type: ignore[misc]
    """⟨a, b⟩ for two vector atoms in canonical order: the unknowns after expansion."""

    nargs = 2


def vector_sequence(name: str) -> Any:
    return type(name, (VectorSequence,), {})


def is_vector_atom(e: Expr) -> bool:
    return isinstance(e, Vector | VectorSequence)


def is_vector_equation(h: Expr) -> bool:
    return isinstance(h, sympy.Eq) and is_vector_atom(h.lhs)


# --- the expansion of inner products -----------------------------------------------------


def _linear_terms(v: Expr) -> list[tuple[Expr, Expr]]:
    """v = Σ c·a as (c, a) pairs, a a vector atom, c a scalar."""
    terms = []
    for term in sympy.Add.make_args(sympy.expand(v)):
        if term == 0:
            continue
        atoms = [f for f in sympy.Mul.make_args(term) if is_vector_atom(f)]
        if len(atoms) != 1:
            raise ValueError(f"{v} is not a linear combination of vectors")
        terms.append((sympy.cancel(term / atoms[0]), atoms[0]))
    return terms


def _gram(a: Expr, b: Expr) -> Expr:
    a, b = sorted((a, b), key=sympy.default_sort_key)  # symmetry
    return Gram(a, b)


def expand_inner(e: Expr, definitions: dict[Any, Any]) -> Expr:
    """Replace every Inner by Σ c·d·Gram(a, b) after substituting the vector definitions."""

    def define(v: Expr) -> Expr:
        for _ in range(10):
            new = v.xreplace(definitions)
            if new == v:
                return v
            v = new
        raise ValueError(f"circular vector definitions at {v}")

    def pair(a: Expr, b: Expr) -> Expr:
        """⟨a, b⟩ for two terms; a term may be c·Σ_i v_i (bilinearity passes into the sum)."""
        for first, second, swap in ((a, b, False), (b, a, True)):
            sums = [f for f in sympy.Mul.make_args(first) if isinstance(f, sympy.Sum)]
            if sums:
                total, (index, lo, hi) = sums[0], sums[0].limits[0]
                fresh = sympy.Dummy(index.name, integer=True)  # no capture by another sum
                body = total.function.xreplace({index: fresh})
                inner = pair(second, body) if swap else pair(body, second)
                return sympy.cancel(first / total) * sympy.Sum(inner, (fresh, lo, hi))
        return sympy.Add(
            *(c * d * _gram(x, y) for c, x in _linear_terms(a) for d, y in _linear_terms(b))
        )

    def bilinear(u: Expr, v: Expr) -> Expr:
        terms_u = sympy.Add.make_args(sympy.expand(define(u)))
        terms_v = sympy.Add.make_args(sympy.expand(define(v)))
        return sympy.Add(*(pair(a, b) for a in terms_u for b in terms_v if a != 0 and b != 0))

    return e.replace(Inner, bilinear)


def definitions_of(hypotheses: Iterable[Expr]) -> dict[Any, Any]:
    return {h.lhs: h.rhs for h in hypotheses if is_vector_equation(h)}


def prepare(hypotheses: Iterable[Expr], conclusion: Expr) -> tuple[list[Expr], Expr]:
    """Scalar hypotheses and conclusion, inner products expanded."""
    hyps = list(hypotheses)
    definitions = definitions_of(hyps)
    scalar = [expand_inner(h, definitions) for h in hyps if not is_vector_equation(h)]
    return scalar, expand_inner(conclusion, definitions)


# --- z3 ------------------------------------------------------------------------------------


class _Z3:
    """Translate sympy scalar formulas to z3, collecting the side facts of Norm and sqrt.

    ``reals``: integers are relaxed to reals and ⌈·⌉ to an unknown function.  Sound for a
    proof (what holds for all reals holds for all integers) and it keeps z3 in nonlinear real
    arithmetic, where it is complete, instead of nonlinear integer arithmetic, where it is not.
    """

    def __init__(self, reals: bool = False) -> None:
        self.env: dict[Any, Any] = {}
        self.side: list[Any] = []
        self.reals = reals

    def symbol(self, s: Expr) -> Any:
        if s not in self.env:
            # a sum's bound index is a Dummy: never the free symbol of the same name
            name = f"{s.name}#{s.dummy_index}" if isinstance(s, sympy.Dummy) else s.name
            self.env[s] = z3.Int(name) if s.is_integer and not self.reals else z3.Real(name)
        return self.env[s]

    def function(self, name: str, args: tuple[Expr, ...], integer: bool = False) -> Any:
        zargs = [self(a) for a in args]
        if name in ("log", "pow"):  # functions of reals: log 2 and log(x) are one function
            zargs = [z3.ToReal(a) if a.is_int() else a for a in zargs]
        sort = z3.IntSort() if integer else z3.RealSort()
        f = z3.Function(name, *[a.sort() for a in zargs], sort)
        return f(*zargs)

    def vector_parts(self, v: Expr) -> tuple[str, tuple[Expr, ...]]:
        return (v.name, ()) if isinstance(v, Vector) else (type(v).__name__, tuple(v.args))

    def __call__(self, e: Expr) -> Any:
        if e is sympy.true:
            return z3.BoolVal(True)
        if e is sympy.false:
            return z3.BoolVal(False)
        if isinstance(e, sympy.Integer):
            return z3.IntVal(int(e))
        if isinstance(e, sympy.Rational):
            return z3.RealVal(f"{e.p}/{e.q}")
        if isinstance(e, sympy.Symbol):
            if any(getattr(e, f"is_{a}") is not None for a in ("positive", "negative", "zero")):
                raise ValueError(f"{e}: state assumptions as hypotheses, not sympy assumptions")
            return self.symbol(e)
        if isinstance(e, Gram):
            (na, ia), (nb, ib) = (self.vector_parts(a) for a in e.args)
            key = self.function(f"<{na},{nb}>", ia + ib) if ia + ib else z3.Real(f"<{na},{nb}>")
            return key
        if isinstance(e, Norm):
            name, index = self.vector_parts(e.args[0])
            n = self.function(f"|{name}|", index) if index else z3.Real(f"|{name}|")
            if e not in self.env:
                self.env[e] = n
                gram = self(_gram(e.args[0], e.args[0]))
                self.side += [n >= 0, n * n == gram]
            return n
        if isinstance(e, AppliedUndef):
            integer = e.is_integer is True and not self.reals  # sympy.Function("a", integer=True)
            return self.function(type(e).__name__, tuple(e.args), integer)
        if isinstance(e, sympy.Add):
            return z3.Sum([self(a) for a in e.args])
        if isinstance(e, sympy.Mul):
            return z3.Product([self(a) for a in e.args])
        if isinstance(e, sympy.Pow):
            base, exp = e.args
            if exp == sympy.Rational(1, 2):
                if e not in self.env:
                    root = z3.Real(f"sqrt({base})")
                    self.env[e] = root
                    self.side += [root >= 0, root * root == self(base)]
                return self.env[e]
            if exp.is_Integer and exp > 0:
                return z3.Product([self(base)] * int(exp))
            if exp.is_Integer and exp < 0:
                return z3.RealVal(1) / z3.Product([self(base)] * int(-exp))
            return self.function("pow", (base, exp))  # an unknown: facts about it are hypotheses
        if isinstance(e, sympy.Piecewise):
            result = self(e.args[-1][0])
            for value, condition in reversed(e.args[:-1]):
                result = z3.If(self(condition), self(value), result)
            return result
        if isinstance(e, sympy.Max) and len(e.args) == 2:
            a, b = (self(x) for x in e.args)
            return z3.If(a >= b, a, b)
        if isinstance(e, sympy.Sum):  # an unknown real: its value is a sympy matter
            if e not in self.env:
                self.env[e] = z3.Real(f"sum{len(self.env)}")
            return self.env[e]
        if isinstance(e, sympy.KroneckerDelta):
            return z3.If(self(e.args[0]) == self(e.args[1]), 1, 0)
        if isinstance(e, sympy.Abs):
            a = self(e.args[0])
            return z3.If(a >= 0, a, -a)
        if isinstance(e, sympy.ceiling) and self.reals:
            return self.function("ceiling", tuple(e.args))
        if isinstance(e, sympy.ceiling):
            a = self(e.args[0])
            return a if a.is_int() else -z3.ToInt(-a)  # ⌈a⌉ = −⌊−a⌋
        if isinstance(e, sympy.log):
            value = self.function("log", tuple(e.args))
            if e.args[0].is_number:  # the sign of log c is arithmetic, not a hypothesis
                c = e.args[0]
                self.side.append(value > 0 if c > 1 else value < 0 if c < 1 else value == 0)
            return value
        relations: dict[Any, Callable[[Any, Any], Any]] = {
            sympy.Eq: lambda a, b: a == b,
            sympy.Ne: lambda a, b: a != b,
            sympy.Lt: lambda a, b: a < b,
            sympy.Le: lambda a, b: a <= b,
            sympy.Gt: lambda a, b: a > b,
            sympy.Ge: lambda a, b: a >= b,
            sympy.Implies: z3.Implies,
            sympy.Equivalent: lambda a, b: a == b,
        }
        for kind, make in relations.items():
            if isinstance(e, kind):
                return make(self(e.args[0]), self(e.args[1]))
        if isinstance(e, sympy.And):
            return z3.And([self(a) for a in e.args])
        if isinstance(e, sympy.Or):
            return z3.Or([self(a) for a in e.args])
        if isinstance(e, sympy.Not):
            return z3.Not(self(e.args[0]))
        raise ValueError(f"no z3 translation for {e!r}")


def _solve(formulas: list[Expr], negated: Expr | None = None, reals: bool = False) -> str:
    """z3's answer (sat, unsat, unknown) for the formulas ∧ ¬negated."""
    to_z3 = _Z3(reals)
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    for f in formulas:
        solver.add(to_z3(f))
    if negated is not None:
        solver.add(z3.Not(to_z3(negated)))
    solver.add(*to_z3.side)
    return str(solver.check())


def z3_verdict(hypotheses: Iterable[Expr], conclusion: Expr, reals: bool = False) -> Verdict:
    """proved iff hypotheses ∧ ¬conclusion is unsat; refuted iff z3 finds a counterexample."""
    hyps, concl = prepare(hypotheses, conclusion)
    answer = _solve(hyps, concl, reals)
    return "proved" if answer == "unsat" else "refuted" if answer == "sat" else "unknown"


def satisfiable(hypotheses: Iterable[Expr]) -> bool:
    """The hypotheses alone have a model (vector definitions are satisfiable by definition)."""
    hyps, _ = prepare(hypotheses, sympy.true)
    return _solve(hyps) == "sat"


# --- sympy ---------------------------------------------------------------------------------


def _alpha(e: Expr, depth: int = 0) -> Expr:
    """Sums with their bound index renamed canonically, so that Σ_i f(i) and Σ_j f(j) agree."""
    if isinstance(e, sympy.Sum):
        (index, lo, hi), body = e.limits[0], e.function
        bound = sympy.Symbol(f"_sum{depth}", integer=True)
        return sympy.Sum(_alpha(body.xreplace({index: bound}), depth + 1), (bound, lo, hi))
    if e.args:
        return e.func(*(_alpha(a, depth) for a in e.args))
    return e


def _atomize(exprs: list[Expr]) -> tuple[list[Expr], list[Expr]]:
    """Replace every application (Gram, Norm, y(k), …) by a plain symbol, for polynomial algebra."""
    found: dict[Any, Any] = {}
    exprs = [_alpha(e) for e in exprs]
    for e in exprs:
        for a in e.atoms(sympy.Function, sympy.Sum):  # Gram, Norm, y(k), δ, Σ, …
            found.setdefault(a, sympy.Dummy(str(a)))
    return [e.xreplace(found) for e in exprs], list(found.values())


def evaluate_sums(e: Expr, hypotheses: list[Expr]) -> Expr:
    """Orthogonality facts applied, and sums over a symbolic range evaluated.

    * An orthogonality fact of a family, ⟨e(i), e(j)⟩ = δ_ij or ⟨u, e(i)⟩ = 0, is read for
      all values of its index symbols and rewrites every Gram atom of that family.
    * An equation with a free integer symbol (s(i)² = 1) that no inequality among the
      hypotheses bounds is read for every value of it and rewrites the sum's body at the
      sum's index.
    * A Piecewise (v, c), (0, otherwise) is v where z3 proves c from the hypotheses and the
      ranges of the enclosing sums.
    """
    equations = [h for h in hypotheses if isinstance(h, sympy.Eq)]
    for h in equations:
        if isinstance(h.lhs, Gram) and (h.rhs == 0 or isinstance(h.rhs, sympy.KroneckerDelta)):
            wild: dict[Any, Any] = {}
            for a in h.lhs.args:
                if isinstance(a, VectorSequence) and a.args[0].is_Symbol:
                    wild.setdefault(a.args[0], sympy.Wild(f"W{len(wild)}"))
            if wild:
                a, b = (v.xreplace(wild) for v in h.lhs.args)
                for pattern in (Gram(a, b), Gram(b, a)):
                    e = e.replace(pattern, h.rhs.xreplace(wild))
    e = e.doit()
    ranged = set().union(
        *(
            h.free_symbols
            for h in hypotheses
            if isinstance(h, sympy.Rel) and not isinstance(h, sympy.Eq)
        )
    )

    def settle(e: Expr, ranges: list[Expr]) -> Expr:
        if isinstance(e, sympy.Sum):
            index, lo, hi = e.limits[0]
            body = e.function
            for h in equations:  # read for every value of its free integer symbols …
                for v in h.lhs.free_symbols:
                    if v.is_integer and v not in ranged:  # … unless a hypothesis bounds them
                        body = body.xreplace(
                            {h.lhs.xreplace({v: index}): h.rhs.xreplace({v: index})}
                        )
            inside = [*ranges, sympy.Le(lo, index), sympy.Le(index, hi)]
            return sympy.Sum(settle(body, inside), (index, lo, hi)).doit()
        if isinstance(e, sympy.Piecewise) and len(e.args) == 2 and e.args[1][0] == 0:
            (value, condition), _ = e.args
            facts = [h for h in hypotheses if not h.has(sympy.Sum)]
            if z3_verdict([*facts, *ranges], condition) == "proved":
                return settle(value, ranges)
        if e.args:
            return e.func(*(settle(a, ranges) for a in e.args))
        return e

    return sympy.expand(settle(e, []))


def sympy_verdict(hypotheses: Iterable[Expr], conclusion: Expr) -> Verdict:
    """proved iff lhs − rhs lies in the ideal of the scalar equations among the hypotheses."""
    if not isinstance(conclusion, sympy.Eq):
        raise ValueError(f"a sympy step concludes an equation, not {conclusion}")
    hyps, _ = prepare(hypotheses, sympy.true)
    equations = [h.lhs - h.rhs for h in hyps if isinstance(h, sympy.Eq)]
    claim = expand_inner(conclusion.lhs - conclusion.rhs, definitions_of(hypotheses))
    claim = evaluate_sums(claim, hyps)
    numerator, denominator = sympy.fraction(sympy.together(sympy.expand(claim)))
    # Clearing a denominator is sound only where the hypotheses make it non-zero.
    if not denominator.is_number and z3_verdict(hypotheses, sympy.Ne(denominator, 0)) != "proved":
        return "unknown"
    (numerator, *generators), dummies = _atomize([numerator, *equations])
    numerator = sympy.expand(numerator)
    if numerator == 0:
        return "proved"
    polys = [sympy.numer(sympy.together(g)) for g in generators]
    symbols = sorted(
        set().union(numerator.free_symbols, *(p.free_symbols for p in polys)) | set(dummies),
        key=sympy.default_sort_key,
    )
    if not polys:
        return "refuted"
    basis = sympy.groebner(polys, *symbols, order="grevlex")
    _, remainder = basis.reduce(numerator)
    return "proved" if sympy.expand(remainder) == 0 else "refuted"


# --- steps, theorems, results --------------------------------------------------------------


@dataclass(frozen=True)
class Induction:
    """P(start), and P(j) ⇒ P(j+1) for start ≤ j < end, hence P(end).

    The hypotheses that mention the index j are the per-mistake facts: they are read as
    holding for every j with start ≤ j < end; the others must give P(start) and start ≤ end.
    """

    index: Expr
    predicate: Callable[[Expr], Expr]
    start: Expr
    end: Expr
    offset: int = 0
    """The step case proves P(j + offset) ⇒ P(j + offset + 1) from the facts at j."""


@dataclass(frozen=True)
class Twin:
    """A step's broken twin: the same check on a wrong claim; it must be refuted."""

    change: str
    hypotheses: tuple[Expr, ...]
    conclusion: Expr
    induction: Induction | None = None


@dataclass(frozen=True)
class Step:
    id: str
    claim: str
    method: Method
    hypotheses: tuple[Expr, ...]
    conclusion: Expr
    source: str
    broken: Twin
    induction: Induction | None = None
    over_reals: bool = False
    """Checked with integers relaxed to reals (see _Z3): for nonlinear arithmetic steps."""

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
        )


def verdict(step: Step) -> Verdict:
    """Check the step's conclusion from its hypotheses with its method."""
    if step.method == "sympy":
        return sympy_verdict(step.hypotheses, step.conclusion)
    if step.induction is None:
        return z3_verdict(step.hypotheses, step.conclusion, step.over_reals)
    ind = step.induction
    j, n = ind.index, ind.index + ind.offset
    outer = [h for h in step.hypotheses if j not in h.free_symbols]
    checks = [
        z3_verdict(outer, sympy.Le(ind.start, ind.end)),
        z3_verdict(outer, ind.predicate(ind.start)),
        z3_verdict(
            [*step.hypotheses, sympy.Le(ind.start, n), sympy.Lt(n, ind.end), ind.predicate(n)],
            ind.predicate(n + 1),
        ),
        # the step concludes exactly P(end)
        "proved" if ind.predicate(ind.end) == step.conclusion else "refuted",
    ]
    if all(c == "proved" for c in checks):
        return "proved"
    return "refuted" if "refuted" in checks else "unknown"


@dataclass(frozen=True)
class Hypothesis:
    id: str
    text: str
    formula: Expr


@dataclass(frozen=True)
class Theorem:
    id: str
    source: str
    hypotheses: tuple[Hypothesis, ...]
    statement: Expr
    steps: tuple[Step, ...]
    bound: Callable[..., Any] | None
    bound_args: tuple[Any, ...]


@dataclass(frozen=True)
class StepResult:
    id: str
    claim: str
    method: Method
    status: Literal["proved", "failed"]
    seconds: float
    verdict: Verdict
    satisfiable: bool


@dataclass(frozen=True)
class TheoremResult:
    id: str
    source: str
    steps: tuple[StepResult, ...]

    @property
    def proved(self) -> bool:
        return all(s.status == "proved" for s in self.steps)


def check_step(step: Step) -> StepResult:
    start = time.perf_counter()
    v = verdict(step)
    sat = satisfiable(step.hypotheses)
    seconds = time.perf_counter() - start
    status: Literal["proved", "failed"] = "proved" if v == "proved" and sat else "failed"
    return StepResult(step.id, step.claim, step.method, status, seconds, v, sat)


def check_theorem(theorem: Theorem) -> TheoremResult:
    return TheoremResult(theorem.id, theorem.source, tuple(check_step(s) for s in theorem.steps))


def step(
    id: str,
    claim: str,
    method: Method,
    hypotheses: Iterable[Expr],
    conclusion: Expr,
    source: str,
    *,
    broken: str,
    broken_hypotheses: Iterable[Expr] | None = None,
    broken_conclusion: Expr | None = None,
    induction: Induction | None = None,
    broken_induction: Induction | None = None,
    over_reals: bool = False,
) -> Step:
    """A Step with its twin: the twin keeps whatever it does not change."""
    hyps = tuple(hypotheses)
    twin = Twin(
        broken,
        hyps if broken_hypotheses is None else tuple(broken_hypotheses),
        conclusion if broken_conclusion is None else broken_conclusion,
        broken_induction,
    )
    return Step(id, claim, method, hyps, conclusion, source, twin, induction, over_reals)


def without(hypotheses: Iterable[Expr], *dropped: Expr) -> tuple[Expr, ...]:
    """The hypotheses less some: a twin with a hypothesis dropped."""
    return tuple(h for h in hypotheses if all(h != d for d in dropped))
