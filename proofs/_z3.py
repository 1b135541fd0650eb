"""z3: a sympy scalar formula as a z3 formula; a claim is proved when hypotheses ∧ ¬claim is
unsatisfiable (nonlinear real arithmetic, nlsat), refuted when z3 finds a model."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import sympy
import z3
from sympy.core.function import AppliedUndef

from ._forms import RLIMIT, TIMEOUT_MS, Expr, Gram, Norm, Vector, Verdict, _gram, prepare


class _Z3:
    """Translate sympy scalar formulas to z3, collecting the side facts of Norm and sqrt.

    ``reals``: integers are relaxed to reals and ⌈·⌉ to an unknown function.  Sound for a
    proof (what holds for all reals holds for all integers) and it keeps z3 in nonlinear real
    arithmetic, where it is complete, instead of nonlinear integer arithmetic, where it is not.
    """

    def __init__(self, reals: bool = False) -> None:
        # A fresh context per question: z3 numbers its terms in creation order and its
        # heuristics follow those numbers, so a shared context would make an answer depend on
        # every question asked before it in the same process.
        self.ctx = z3.Context()
        self.env: dict[Any, Any] = {}
        self.side: list[Any] = []
        self.reals = reals

    def symbol(self, s: Expr) -> Any:
        if s not in self.env:
            # a sum's bound index is a Dummy: never the free symbol of the same name
            name = f"{s.name}#{s.dummy_index}" if isinstance(s, sympy.Dummy) else s.name
            integer = s.is_integer and not self.reals
            self.env[s] = z3.Int(name, self.ctx) if integer else z3.Real(name, self.ctx)
        return self.env[s]

    def function(self, name: str, args: tuple[Expr, ...], integer: bool = False) -> Any:
        zargs = [self(a) for a in args]
        if name in ("log", "pow"):  # functions of reals: log 2 and log(x) are one function
            zargs = [z3.ToReal(a) if a.is_int() else a for a in zargs]
        sort = z3.IntSort(self.ctx) if integer else z3.RealSort(self.ctx)
        f = z3.Function(name, *[a.sort() for a in zargs], sort)
        return f(*zargs)

    def vector_parts(self, v: Expr) -> tuple[str, tuple[Expr, ...]]:
        return (v.name, ()) if isinstance(v, Vector) else (type(v).__name__, tuple(v.args))

    def __call__(self, e: Expr) -> Any:
        if e is sympy.true:
            return z3.BoolVal(True, self.ctx)
        if e is sympy.false:
            return z3.BoolVal(False, self.ctx)
        if isinstance(e, sympy.Integer):
            return z3.IntVal(int(e), self.ctx)
        if isinstance(e, sympy.Rational):
            return z3.RealVal(f"{e.p}/{e.q}", self.ctx)
        if isinstance(e, sympy.Symbol):
            if any(getattr(e, f"is_{a}") is not None for a in ("positive", "negative", "zero")):
                raise ValueError(f"{e}: state assumptions as hypotheses, not sympy assumptions")
            return self.symbol(e)
        if isinstance(e, Gram):
            (na, ia), (nb, ib) = (self.vector_parts(a) for a in e.args)
            if ia + ib:
                return self.function(f"<{na},{nb}>", ia + ib)
            return z3.Real(f"<{na},{nb}>", self.ctx)
        if isinstance(e, Norm):
            name, index = self.vector_parts(e.args[0])
            n = self.function(f"|{name}|", index) if index else z3.Real(f"|{name}|", self.ctx)
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
                    root = z3.Real(f"sqrt({base})", self.ctx)
                    self.env[e] = root
                    self.side += [root >= 0, root * root == self(base)]
                return self.env[e]
            if exp.is_Integer and exp > 0:
                return z3.Product([self(base)] * int(exp))
            if exp.is_Integer and exp < 0:
                return z3.RealVal(1, self.ctx) / z3.Product([self(base)] * int(-exp))
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
                self.env[e] = z3.Real(f"sum{len(self.env)}", self.ctx)
            return self.env[e]
        if isinstance(e, sympy.KroneckerDelta):
            return z3.If(self(e.args[0]) == self(e.args[1]), 1, 0, self.ctx)
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
    solver = z3.Solver(ctx=to_z3.ctx)
    solver.set("rlimit", RLIMIT)
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
