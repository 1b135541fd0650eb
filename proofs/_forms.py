"""Vectors without coordinates: an uninterpreted symmetric bilinear form.

A vector is a `Vector` symbol or an application of a `VectorSequence` (``w(k)``);
``Inner(u, v)`` is expanded by bilinearity over the linear combinations (and symbolic sums) in
its arguments and ordered by symmetry, which leaves atoms ``Gram(a, b)``: one unknown real per
unordered pair of vector atoms.  An identity that holds for free Gram unknowns holds for every
symmetric bilinear form in every dimension.  A hypothesis ``Eq(v, expression)`` whose left side
is a vector atom is a definition (the perceptron's update): it is substituted into ``Inner``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import sympy
from sympy.core.function import AppliedUndef

Method = Literal["sympy", "z3", "rule"]
Verdict = Literal["proved", "refuted", "unknown"]
Expr = Any  # a sympy expression or relation (sympy ships no type information)

# z3's budget is counted in its own deterministic resource units, not in seconds, so a step
# gets the same answer on a fast laptop and a loaded CI machine.  The hardest step of the
# eleven theorems takes under 100 000 units; the budget leaves fifty-fold room.  The wall-clock
# timeout is only a safety net against a pathological machine.
RLIMIT = 5_000_000
TIMEOUT_MS = 300_000


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


def is_vector(e: Expr) -> bool:
    """e is vector-valued: it has a vector atom outside every Inner and Norm."""
    if is_vector_atom(e):
        return True
    if isinstance(e, Inner | Norm | Gram | AppliedUndef) or not e.args:
        return False  # a scalar function of vectors (member(w)) is a scalar
    return any(is_vector(a) for a in e.args)


def vector_equation_as_coefficients(e: Expr, definitions: dict[Any, Any]) -> Expr:
    """A vector equation u = v, definitions substituted, as: every coefficient of u − v on
    the vector atoms is 0 (sufficient in every vector space)."""

    def define(v: Expr) -> Expr:
        for _ in range(10):
            new = v.xreplace(definitions)
            if new == v:
                return v
            v = new
        raise ValueError(f"circular vector definitions at {v}")

    coefficients: dict[Any, Expr] = {}
    for c, atom in _linear_terms(define(e.lhs - e.rhs)):
        coefficients[atom] = coefficients.get(atom, 0) + c
    return sympy.And(*(sympy.Eq(expand_inner(c, definitions), 0) for c in coefficients.values()))


def prepare(hypotheses: Iterable[Expr], conclusion: Expr) -> tuple[list[Expr], Expr]:
    """Scalar hypotheses and conclusion, inner products expanded; a vector equation among the
    hypotheses is a definition, and one concluded is read coefficient by coefficient."""
    hyps = list(hypotheses)
    definitions = definitions_of(hyps)
    scalar = [expand_inner(h, definitions) for h in hyps if not is_vector_equation(h)]
    if isinstance(conclusion, sympy.Eq) and (
        is_vector(conclusion.lhs) or is_vector(conclusion.rhs)
    ):
        return scalar, vector_equation_as_coefficients(conclusion, definitions)
    return scalar, expand_inner(conclusion, definitions)
