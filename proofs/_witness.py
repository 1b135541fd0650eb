"""The hypotheses are satisfiable all together, at every index: a witness (an actual run of
the reference, with exact values for every parameter) satisfies each hypothesis at every
index of its range, and each step's conclusion and the statement hold there too.

Values are exact: rationals, and sympy's algebraic and logarithmic numbers (a comparison of
two such is decided by sympy's simplification, or numerically at 60 digits when the two
differ by more than 10⁻⁴⁰).  Vectors are tuples; inner products are dot products.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import sympy
from sympy.core.function import AppliedUndef

from ._chain import quantified
from ._check import Theorem, Witness
from ._forms import Expr, Gram, Inner, Norm, Vector, VectorSequence

Value = Any  # a sympy number, a tuple of them (a vector), or a bool

TRUE_RELATIONS: dict[Any, Callable[[int], bool]] = {
    sympy.Eq: lambda s: s == 0,
    sympy.Ne: lambda s: s != 0,
    sympy.Lt: lambda s: s < 0,
    sympy.Le: lambda s: s <= 0,
    sympy.Gt: lambda s: s > 0,
    sympy.Ge: lambda s: s >= 0,
}


class Undecided(Exception):
    pass


def sign(d: Value) -> int:
    """The exact sign of a real number."""
    d = sympy.sympify(d)
    if d.is_Rational:
        return int(sympy.sign(d))
    value = sympy.N(d, 60)
    if value.is_real is False or not value.is_number:
        raise Undecided(f"not a real number: {d}")
    if abs(value) > sympy.Float("1e-40", 60):
        return 1 if value > 0 else -1
    for simplify in (sympy.expand_log, sympy.simplify, sympy.radsimp):
        try:
            zero = simplify(d, force=True) if simplify is sympy.expand_log else simplify(d)
        except (TypeError, ValueError):
            continue
        if zero == 0:
            return 0
    raise Undecided(f"cannot decide the sign of {d}")


def _number(v: Any) -> Value:
    if isinstance(v, Fraction):
        return sympy.Rational(v.numerator, v.denominator)
    if isinstance(v, tuple):
        return tuple(_number(c) for c in v)
    return sympy.sympify(v)


class Evaluator:
    """The value of a formula under a witness, index symbols bound by ``env``."""

    def __init__(self, values: Mapping[Any, Any]) -> None:
        self.values = values

    def function(self, key: Any) -> Any:
        if key not in self.values:
            raise KeyError(f"the witness gives no value for {key}")
        return self.values[key]

    def __call__(self, e: Expr, env: Mapping[Any, Any]) -> Value:
        e = sympy.sympify(e)
        if e is sympy.true or e is sympy.false:
            return bool(e)
        if isinstance(e, sympy.Number):
            return e
        if isinstance(e, sympy.Symbol):
            if e in env:
                return env[e]
            return _number(self.function(e))
        if isinstance(e, VectorSequence):
            args = [int(self(a, env)) for a in e.args]
            return _number(self.function(type(e))(*args))
        if isinstance(e, AppliedUndef):
            args = [self(a, env) for a in e.args]
            args = [int(a) if getattr(a, "is_Integer", False) else a for a in args]
            return _number(self.function(e.func)(*args))
        if isinstance(e, Inner | Gram):
            u, v = (self(a, env) for a in e.args)
            return sum((a * b for a, b in zip(u, v, strict=True)), sympy.Integer(0))
        if isinstance(e, Norm):
            v = self(e.args[0], env)
            return sympy.sqrt(sum((a * a for a in v), sympy.Integer(0)))
        if isinstance(e, sympy.Add):
            parts = [self(a, env) for a in e.args]
            vectors = [p for p in parts if isinstance(p, tuple)]
            if not vectors:
                return sympy.Add(*parts)
            if len(vectors) != len(parts) and any(
                p != 0 for p in parts if not isinstance(p, tuple)
            ):
                raise ValueError(f"a vector plus a number in {e}")
            return tuple(sympy.Add(*c) for c in zip(*vectors, strict=True))
        if isinstance(e, sympy.Mul):
            parts = [self(a, env) for a in e.args]
            vectors = [p for p in parts if isinstance(p, tuple)]
            scalar = sympy.Mul(*(p for p in parts if not isinstance(p, tuple)))
            if not vectors:
                return scalar
            if len(vectors) > 1:
                raise ValueError(f"a product of vectors in {e}")
            return tuple(scalar * c for c in vectors[0])
        if isinstance(e, sympy.Pow):
            return sympy.Pow(self(e.args[0], env), self(e.args[1], env))
        if isinstance(e, sympy.Sum):
            (i, lo, hi), body = e.limits[0], e.function
            total: Value = sympy.Integer(0)
            for n in range(int(self(lo, env)), int(self(hi, env)) + 1):
                term = self(body, {**env, i: sympy.Integer(n)})
                total = (
                    tuple(a + b for a, b in zip(total, term, strict=True))
                    if isinstance(term, tuple) and isinstance(total, tuple)
                    else term
                    if isinstance(term, tuple)
                    else total + term
                )
            return total
        if isinstance(e, sympy.KroneckerDelta):
            a, b = (self(x, env) for x in e.args)
            return sympy.Integer(1 if a == b else 0)
        if isinstance(e, sympy.Piecewise):
            for value, condition in e.args:
                if self(condition, env):
                    return self(value, env)
            raise ValueError(f"no case of {e} applies")
        if isinstance(e, sympy.Max | sympy.Min):
            values = [self(a, env) for a in e.args]
            best = values[0]
            for v in values[1:]:
                bigger = sign(v - best) > 0
                if bigger == isinstance(e, sympy.Max) and sign(v - best) != 0:
                    best = v
            return best
        if isinstance(e, sympy.Abs):
            v = self(e.args[0], env)
            return -v if sign(v) < 0 else v
        if isinstance(e, sympy.ceiling):
            return sympy.ceiling(self(e.args[0], env))
        if isinstance(e, sympy.log):
            return sympy.log(self(e.args[0], env))
        for kind, holds in TRUE_RELATIONS.items():
            if isinstance(e, kind):
                a, b = (self(x, env) for x in e.args)
                if isinstance(a, tuple) or isinstance(b, tuple):
                    a, b = (
                        x if isinstance(x, tuple) else (x,) * len(a if isinstance(a, tuple) else b)
                        for x in (a, b)
                    )
                    same = all(sign(p - q) == 0 for p, q in zip(a, b, strict=True))
                    if kind is sympy.Eq:
                        return same
                    if kind is sympy.Ne:
                        return not same
                    raise ValueError(f"vectors compared with {kind.__name__}")
                return bool(holds(sign(a - b)))
        if isinstance(e, sympy.And):
            return all(self(a, env) for a in e.args)
        if isinstance(e, sympy.Or):
            return any(self(a, env) for a in e.args)
        if isinstance(e, sympy.Not):
            return not self(e.args[0], env)
        if isinstance(e, sympy.Implies):
            return (not self(e.args[0], env)) or bool(self(e.args[1], env))
        if isinstance(e, sympy.Equivalent):
            return bool(self(e.args[0], env)) == bool(self(e.args[1], env))
        if isinstance(e, Vector):
            return _number(self.function(e))
        if isinstance(e, sympy.Lambda):
            raise ValueError(f"a function value in {e}")
        if e.is_number:
            return e
        raise ValueError(f"no value for {e!r}")


def assignments(theorem: Theorem, formula: Expr, evaluate: Evaluator) -> Iterator[dict[Any, Any]]:
    """Every value of the index symbols the formula is quantified over, within their ranges."""
    symbols = quantified(theorem, formula)

    def extend(env: dict[Any, Any], rest: list[Expr]) -> Iterator[dict[Any, Any]]:
        if not rest:
            yield env
            return
        index = theorem.index_of(rest[0])
        assert index is not None
        lo, hi = int(evaluate(index.lo, env)), int(evaluate(index.hi, env))
        for n in range(lo, hi + 1):
            yield from extend({**env, index.symbol: sympy.Integer(n)}, rest[1:])

    yield from extend({}, symbols)


def witness_problems(theorem: Theorem) -> tuple[str, list[str]]:
    """What the witnesses are, and where they fail (empty when every hypothesis holds at every
    index of a non-empty range, and every step's conclusion and the statement hold)."""
    if theorem.witness is None:
        return "none", ["no witness: the hypotheses are not shown satisfiable together"]
    witnesses: list[Witness] = list(theorem.witness())
    problems: list[str] = []
    checked = 0
    for w in witnesses:
        evaluate = Evaluator(w.values)
        facts = [(h.id, h.formula, True) for h in theorem.hypotheses]
        facts += [(s.id, s.conclusion, False) for s in theorem.steps]
        facts += [(f"statement {n}", f, False) for n, f in enumerate(theorem.statement, 1)]
        for name, formula, must_range in facts:
            count = 0
            try:
                for env in assignments(theorem, formula, evaluate):
                    count += 1
                    if not evaluate(formula, env):
                        where = ", ".join(f"{k} = {v}" for k, v in env.items())
                        problems.append(
                            f"{w.text}: {name} fails" + (f" at {where}" if where else "")
                        )
                        break
            except (KeyError, ValueError, TypeError, Undecided) as error:
                problems.append(f"{w.text}: {name}: {error}")
                continue
            checked += count
            if must_range and count == 0:
                problems.append(f"{w.text}: {name} holds vacuously (no index in its range)")
    text = "; ".join(w.text for w in witnesses)
    return f"{text} ({checked} instances checked)", problems
