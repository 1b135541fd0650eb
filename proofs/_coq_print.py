"""sympy formulas as Coq terms, over the abstract inner-product space of ``_coq``.

Contexts: ``R`` (a real), ``Z`` (an integer: index arguments and ranges), ``V`` (a vector)
and ``P`` (a proposition).  Integer symbols and integer-valued functions are Coq ``Z``,
lifted into the reals with ``IZR``; a relation between two integer expressions is a ``Z``
relation, every other relation is between reals.  Every compound term is parenthesized.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sympy
from sympy.core.function import AppliedUndef, UndefinedFunction

from ._forms import Expr, Gram, Inner, Norm, Vector, VectorSequence, is_vector

RESERVED = {
    "R",
    "Z",
    "S",
    "O",
    "N",
    "V",
    "Q",
    "nat",
    "Type",
    "Set",
    "Prop",
    "True",
    "False",
    "vzero",
    "vadd",
    "vscal",
    "inner",
    "norm",
    "sqrt",
    "ln",
    "exp",
    "pow",
    "Rpower",
    "rsum",
    "vsum",
    "Rceil",
    "IZR",
    "Rabs",
    "Rmax",
    "Rmin",
    "up",
    "fun",
    "forall",
    "exists",
    "match",
    "end",
    "in",
    "let",
    "if",
    "then",
    "else",
    "with",
    "as",
    "return",
    "at",
    "for",
    "is",
    "Variable",
    "Hypothesis",
    "Lemma",
    "Proof",
    "Qed",
    "Section",
    "End",
    "pos",
    "P",
    "E",
}


def coq_ident(name: str) -> str:
    """A sympy name as a Coq identifier: reserved names get a trailing underscore."""
    ident = "".join(c if c.isalnum() or c in "_'" else "_" for c in name)
    if not ident or not (ident[0].isalpha() or ident[0] == "_"):
        ident = "v_" + ident
    return ident + "_" if ident in RESERVED else ident


@dataclass(frozen=True)
class Param:
    """A parameter of a theorem: its sympy key, Coq name and Coq type."""

    key: Any
    name: str
    type: str


def is_integer(e: Expr) -> bool:
    """An integer-valued term: Coq's Z (a ceiling too, whatever sympy knows of its argument)."""
    if isinstance(e, sympy.ceiling):
        return True
    if isinstance(e, sympy.Add | sympy.Mul) and e.args:
        return all(is_integer(a) for a in e.args)
    return bool(getattr(e, "is_integer", False))


class Printer:
    """Print formulas with the parameters' Coq names; ``text`` prints chosen symbols as given
    Coq text (the literal result of a Coq substitution)."""

    def __init__(
        self,
        names: Mapping[Any, str],
        text: Mapping[Any, str] | None = None,
        closed: bool = False,
    ) -> None:
        self.names: dict[Any, str] = dict(names)
        self.text: dict[Any, str] = dict(text or {})
        self.bound: dict[Any, str] = {}
        self.closed = closed
        """Outside the section: the space's definitions take the space as arguments."""

    # --- names ------------------------------------------------------------------------
    def name(self, key: Any) -> str:
        if key in self.bound:
            return self.bound[key]
        if key in self.names:
            return self.names[key]
        if isinstance(key, sympy.Symbol | Vector):
            return coq_ident(key.name)
        return coq_ident(getattr(key, "__name__", str(key)))

    def fresh(self, symbol: Expr) -> str:
        return f"{coq_ident(symbol.name)}_{len(self.bound)}"

    # --- integers -----------------------------------------------------------------------
    def z(self, e: Expr) -> str:
        """An integer expression, without its %Z (see ``zz``)."""
        e = sympy.sympify(e)
        if isinstance(e, sympy.Integer):
            return str(int(e)) if e >= 0 else f"({int(e)})"
        if isinstance(e, sympy.Symbol):
            if e in self.text:
                return self.text[e]
            return self.name(e)
        if isinstance(e, sympy.Add):
            return self.add(e, self.z)
        if isinstance(e, sympy.Mul):
            return "(" + " * ".join(self.z(a) for a in e.args) + ")"
        if isinstance(e, AppliedUndef) and is_integer(e):
            return self.apply(e)
        if isinstance(e, sympy.ceiling):
            return f"(Rceil {self.r(e.args[0])})"
        raise ValueError(f"not an integer expression: {e}")

    def add(self, e: Expr, term: Any) -> str:
        """A sum as sympy prints it, positive terms first, the others subtracted."""
        terms = list(e.as_ordered_terms())
        negative = [a for a in terms if a.as_coeff_Mul()[0] < 0]
        positive = [a for a in terms if a not in negative]
        out = term(positive[0]) if positive else f"- {term(-negative.pop(0))}"
        for a in positive[1:]:
            out += f" + {term(a)}"
        for a in negative:
            out += f" - {term(-a)}"
        return f"({out})"

    def zz(self, e: Expr) -> str:
        """An integer expression in a position that may not be in Z's scope."""
        s = self.z(e)
        return s if s.replace("'", "").replace("_", "a").isalnum() and not s.isdigit() else f"{s}%Z"

    def arg(self, e: Expr) -> str:
        if is_vector(e):
            return self.v(e)
        return self.zz(e) if is_integer(e) else self.r(e)

    def apply(self, e: Expr) -> str:
        f = type(e) if isinstance(e, VectorSequence) else e.func
        return "(" + " ".join([self.name(f), *(self.arg(a) for a in e.args)]) + ")"

    # --- reals --------------------------------------------------------------------------
    def r(self, e: Expr) -> str:
        e = sympy.sympify(e)
        if isinstance(e, sympy.Integer):
            return str(int(e)) if e >= 0 else f"(- {-int(e)})"
        if isinstance(e, sympy.Rational):
            sign = "- " if e < 0 else ""
            return f"({sign}{abs(e.p)} / {e.q})"
        if isinstance(e, sympy.Symbol):
            if is_integer(e):
                return f"(IZR {self.z(e)})"
            return self.text.get(e, self.name(e))
        if isinstance(e, AppliedUndef):
            return f"(IZR {self.apply(e)})" if is_integer(e) else self.apply(e)
        if isinstance(e, sympy.Add):
            return self.add(e, self.r)
        if isinstance(e, sympy.Mul):
            c, _ = e.as_coeff_Mul()
            if c < 0:
                return f"(- {self.r(-e)})"
            num, den = [], []
            for f in sympy.Mul.make_args(e):
                if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp < 0:
                    den.append(self.r(sympy.Pow(f.base, -f.exp)))
                elif isinstance(f, sympy.Rational) and not isinstance(f, sympy.Integer):
                    if f.p != 1:
                        num.append(str(f.p))
                    den.append(str(f.q))
                else:
                    num.append(self.r(f))
            out = " * ".join(num) if num else "1"
            if den:
                out += " / " + (den[0] if len(den) == 1 else "(" + " * ".join(den) + ")")
            return f"({out})"
        if isinstance(e, sympy.Pow):
            base, exp = e.args
            if exp == sympy.Rational(1, 2):
                return f"(sqrt {self.r(base)})"
            if exp.is_Integer and exp > 0:
                return f"({self.r(base)} ^ {int(exp)})"
            if exp.is_Integer and exp < 0:
                return f"(/ {self.r(sympy.Pow(base, -exp))})"
            return f"(Rpower {self.r(base)} {self.r(exp)})"
        if isinstance(e, Inner):
            return f"(inner {self.v(e.args[0])} {self.v(e.args[1])})"
        if isinstance(e, Gram):
            return f"(inner {self.v(e.args[0])} {self.v(e.args[1])})"
        if isinstance(e, Norm):
            norm = "norm V inner" if self.closed else "norm"
            return f"({norm} {self.v(e.args[0])})"
        if isinstance(e, sympy.Sum):
            return self.sum(e, "rsum", self.r)
        if isinstance(e, sympy.KroneckerDelta):
            a, b = (self.zz(x) for x in e.args)
            return f"(if Z.eq_dec {a} {b} then 1 else 0)"
        if isinstance(e, sympy.Piecewise):
            return self.piecewise(list(e.args))
        if isinstance(e, sympy.Max | sympy.Min):
            name = "Rmax" if isinstance(e, sympy.Max) else "Rmin"
            args = [self.r(a) for a in e.args]
            out = args[-1]
            for a in reversed(args[:-1]):
                out = f"({name} {a} {out})"
            return out
        if isinstance(e, sympy.Abs):
            return f"(Rabs {self.r(e.args[0])})"
        if isinstance(e, sympy.ceiling):
            return f"(IZR (Rceil {self.r(e.args[0])}))"
        if isinstance(e, sympy.log):
            return f"(ln {self.r(e.args[0])})"
        raise ValueError(f"no Coq real for {e!r}")

    def sum(self, e: Expr, name: str, body: Any) -> str:
        (i, lo, hi), inside = e.limits[0], e.function
        binder = self.fresh(i)
        self.bound[i] = binder
        try:
            text = body(inside)
        finally:
            del self.bound[i]
        return f"({name} (fun {binder} : Z => {text}) {self.zz(lo)} {self.zz(hi)})"

    def decide(self, c: Expr, yes: str, no: str) -> str:
        """if c then yes else no, with c decided by the standard library."""
        decisions = {
            sympy.Le: "Rle_dec",
            sympy.Lt: "Rlt_dec",
            sympy.Ge: "Rge_dec",
            sympy.Gt: "Rgt_dec",
            sympy.Eq: "Req_EM_T",
        }
        if c is sympy.true:
            return yes
        if isinstance(c, sympy.Ne):
            return self.decide(sympy.Eq(*c.args), no, yes)
        if isinstance(c, sympy.And):
            first, *rest = c.args
            return self.decide(first, self.decide(sympy.And(*rest), yes, no), no)
        if isinstance(c, sympy.Or):
            first, *rest = c.args
            return self.decide(first, yes, self.decide(sympy.Or(*rest), yes, no))
        for kind, dec in decisions.items():
            if isinstance(c, kind):
                a, b = (self.r(x) for x in c.args)
                return f"(if {dec} {a} {b} then {yes} else {no})"
        raise ValueError(f"no decision for {c}")

    def piecewise(self, cases: list[tuple[Expr, Expr]]) -> str:
        (value, condition), rest = cases[0], cases[1:]
        if condition is sympy.true or not rest:
            return self.r(value)
        return self.decide(condition, self.r(value), self.piecewise(rest))

    # --- vectors ------------------------------------------------------------------------
    def v(self, e: Expr) -> str:
        e = sympy.sympify(e)
        if e == 0:
            return "vzero"
        if isinstance(e, Vector):
            return self.text.get(e, self.name(e))
        if isinstance(e, VectorSequence):
            return self.apply(e)
        if isinstance(e, sympy.Add):
            terms = [self.v(a) for a in sympy.Add.make_args(e) if a != 0]
            out = terms[0]
            for t in terms[1:]:
                out = f"(vadd {out} {t})"
            return out
        if isinstance(e, sympy.Mul):
            vectors = [f for f in e.args if is_vector(f)]
            if len(vectors) != 1:
                raise ValueError(f"not a scaled vector: {e}")
            scalar = sympy.Mul(*(f for f in e.args if not is_vector(f)))
            inner = self.v(vectors[0])
            return inner if scalar == 1 else f"(vscal {self.r(scalar)} {inner})"
        if isinstance(e, sympy.Sum):
            return self.sum(e, "vsum V vzero vadd" if self.closed else "vsum", self.v)
        raise ValueError(f"no Coq vector for {e!r}")

    # --- propositions ---------------------------------------------------------------------
    def p(self, e: Expr) -> str:
        relations = {
            sympy.Eq: "=",
            sympy.Ne: "<>",
            sympy.Lt: "<",
            sympy.Le: "<=",
            sympy.Gt: ">",
            sympy.Ge: ">=",
        }
        if e is sympy.true:
            return "True"
        if e is sympy.false:
            return "False"
        for kind, op in relations.items():
            if isinstance(e, kind):
                a, b = e.args
                if is_vector(a) or is_vector(b):
                    return f"{self.v(a)} {op} {self.v(b)}"
                if is_integer(a) and is_integer(b):
                    return f"({self.z(a)} {op} {self.z(b)})%Z"
                return f"{self.r(a)} {op} {self.r(b)}"
        if isinstance(e, sympy.And):
            return "(" + " /\\ ".join(self.p(a) for a in e.args) + ")"
        if isinstance(e, sympy.Or):
            return "(" + " \\/ ".join(self.p(a) for a in e.args) + ")"
        if isinstance(e, sympy.Not):
            return f"(~ {self.p(e.args[0])})"
        if isinstance(e, sympy.Implies):
            return f"({self.p(e.args[0])} -> {self.p(e.args[1])})"
        if isinstance(e, sympy.Equivalent):
            return f"({self.p(e.args[0])} <-> {self.p(e.args[1])})"
        raise ValueError(f"no Coq proposition for {e!r}")


def function_keys(e: Expr) -> list[Any]:
    """The undefined functions and vector sequences applied in e."""
    keys: list[Any] = []
    for a in sympy.preorder_traversal(e):
        key = (
            type(a)
            if isinstance(a, VectorSequence)
            else a.func
            if isinstance(a, AppliedUndef)
            else None
        )
        if key is not None and key not in keys:
            keys.append(key)
    return keys


def is_function_key(key: Any) -> bool:
    return isinstance(key, UndefinedFunction) or (
        isinstance(key, type) and issubclass(key, VectorSequence)
    )
