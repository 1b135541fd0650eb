"""What a candidate of a family returns, read exactly (one module per family).

The worker keeps the structure of what the candidate returned (:func:`~perceptron_ref.
crosscheck.candidates.worker.structure`); :func:`value` turns it into plain Python values:
:class:`~fractions.Fraction` numbers, lists, dicts, bools, and :class:`Fitted` for an object
with ``predict`` (its predictions at the probe points, and its ``coef_`` and ``intercept_``
when it has them).  A ``cmd:`` candidate writes ``{"answer": …}`` (the same shapes, numbers
as JSON numbers or ``"p/q"`` strings), ``{"weights": […]}`` or ``{"predictions": […]}``.

A family's :class:`Reader` reads that value into a :class:`Got`: its natural answer in the
reference's layout (bias first, rows in the order of the sorted labels, …), or its
predictions, and how it came ("(w, b)", "a dict {label: w}", …); anything else is a
:class:`~perceptron_ref.crosscheck.candidates.outcomes.Failure` of kind ``unparsable``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from perceptron_ref.crosscheck.candidates.outcomes import (
    STRING,
    Data,
    Failure,
    Outcome,
    Returned,
    Written,
    _brief,
    _died,
    _no_constant,
)
from perceptron_ref.crosscheck.run.sandbox import Execution
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.vectors import Vector


@dataclass(frozen=True)
class Fitted:
    """An object the candidate returned that has ``predict``: what was asked of it."""

    predict: Any = None  # its predictions at the probes (None: no probes were sent)
    attributes: dict[str, Any] = field(default_factory=dict)  # coef_, intercept_


@dataclass(frozen=True)
class Attributes:
    """A fitted object without ``predict`` the candidate returned: its attributes that hold
    numbers, by name (see :func:`attribute`)."""

    name: str  # its class's
    found: dict[str, Any]

    def pick(self, names: tuple[str, ...]) -> tuple[str, Any] | None:
        """The first of ``names`` it has (any case), and its value."""
        lower = {k.lower(): k for k in self.found}
        return next(
            ((lower[n.lower()], self.found[lower[n.lower()]]) for n in names if n.lower() in lower),
            None,
        )

    def missing(self, what: str) -> Unreadable:
        have = ", ".join(sorted(self.found)[:8]) or "none that hold numbers"
        return Unreadable(
            f"returned a {self.name} with no predict(), and none of its attributes ({have}) is "
            f"{what}: give it predict(), or return the answer itself"
        )


@dataclass(frozen=True)
class Got(Returned):
    """A family's answer, read: its natural answer or its predictions, and how it came (a
    :class:`Returned` whose ``weights`` are unused: the core's judges never see one)."""

    weights: Vector = ()
    value: Any = None  # the natural answer, in the reference's layout (None: predictions)
    predictions: tuple[Fraction, ...] | None = None  # at the probe points
    shape: str = ""  # how it came, when not the plainest way
    kinds: tuple[str, ...] = ()
    extra: Any = None  # a part the family checks apart (e.g. the kernel's b)


class Reader(Protocol):
    """A family's reading of a returned value (see the module's docstring)."""

    def __call__(self, value: Any, data: Data, bias: bool, probes: int) -> Got:
        """Read ``value`` (``probes``: how many probe points a fitted object was asked at)."""
        ...


class Unreadable(InputError):
    """The returned value is not an answer of the family (its message says why)."""


def value(raw: Any) -> Any:
    """The worker's structure (or a command's JSON) as plain values, numbers exact."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str | int):
        return number(raw)
    if isinstance(raw, list):
        return [value(v) for v in raw]
    if isinstance(raw, dict):
        if set(raw) == {"__dict__"}:
            return {_key(k): value(v) for k, v in raw["__dict__"]}
        if set(raw) == {"__bool__"}:
            return bool(raw["__bool__"])
        if set(raw) == {"__object__"}:
            found = {k: value(v) for k, v in raw["__object__"].items()}
            return Fitted(found.pop("predict", None), found)
        if set(raw) == {"__attributes__"}:
            given = raw["__attributes__"]
            kept = {str(k): value(v) for k, v in given["found"].items()}
            return Attributes(str(given["class"]), kept)
        return {_key(k): value(v) for k, v in raw.items()}
    raise Unreadable(f"{_brief(repr(raw), 40)} is not a number")


def _key(key: Any) -> Any:
    """A dict key: an integer label stays an int ("3" from JSON too)."""
    if isinstance(key, str) and key.lstrip("-").isdigit() and len(key) < 20:
        return int(key)
    return key


def number(raw: Any) -> Fraction:
    """One exact number: ``"p/q"`` from the worker, a JSON number's text from a command
    (read exactly as written: 0.1 is 1/10), or a ``"p/q"`` string from a command."""
    if isinstance(raw, Fraction):
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Fraction(raw)
    if raw == "nan":
        raise Unreadable("nan or inf is not a rational number")
    if isinstance(raw, Written) or (isinstance(raw, str) and STRING.fullmatch(raw)):
        return parse_rational(str(raw))
    raise Unreadable(f"{_brief(repr(raw), 40)} is not a number")


def is_number(v: Any) -> bool:
    return isinstance(v, Fraction)


def numbers(v: Any, n: int | None = None, what: str = "numbers") -> Vector:
    """A flat list of numbers (of length n when given); a column (n, 1) or a row (1, n) too."""
    if isinstance(v, list) and len(v) == 1 and isinstance(v[0], list):
        v = v[0]  # shape (1, n)
    if isinstance(v, list) and v and all(isinstance(u, list) and len(u) == 1 for u in v):
        v = [u[0] for u in v]  # shape (n, 1)
    if not isinstance(v, list) or not all(is_number(u) for u in v):
        raise Unreadable(f"expected {what}, got {_brief(repr(v), 60)}")
    if n is not None and len(v) != n:
        raise Unreadable(f"returned {len(v)} {what}, expected {n}")
    return tuple(v)


def weights(v: Any, d: int, bias: bool) -> tuple[Vector, str]:
    """A weight vector of d numbers (d + 1 with a bias, first), or a pair (w, b); and its
    shape in words ("" for a flat vector)."""
    if bias and isinstance(v, list) and len(v) == 2 and isinstance(v[0], list):
        w = numbers(v[0], d, "weights")
        b = v[1]
        while isinstance(b, list) and len(b) == 1:  # b, [b] or θ₀ as (1, 1)
            b = b[0]
        if not is_number(b):
            raise Unreadable(f"expected a bias b, got {_brief(repr(b), 40)}")
        return (b, *w), "(w, b)"
    if isinstance(v, dict):
        found = next((v[k] for k in ("w", "weights", "coef") if k in v), None)
        b = next((v[k] for k in ("b", "bias", "intercept") if k in v), None)
        if found is None:
            raise Unreadable(f"returned a dict with keys {sorted(map(str, v))[:6]}, no 'w'")
        return weights(found if b is None else [found, b], d, bias)[0], "a dict"
    return numbers(v, d + bias, "weights"), ""


def untold_bias(intercept: Any, bias: bool) -> None:
    """Checked without a bias, a fitted model's ``intercept_`` ≠ 0 shows it learns one: its
    coef_ alone is not its answer (Unreadable; the crosscheck asks it again with one)."""
    if bias or intercept is None:
        return
    values = intercept if isinstance(intercept, list) else [intercept]
    flat: list[Any] = []
    while values:
        v = values.pop()
        if isinstance(v, list):
            values.extend(v)
        else:
            flat.append(v)
    if any(is_number(v) and v != 0 for v in flat):
        raise Unreadable("its intercept_ ≠ 0: it learns a bias, but is checked without one")


def predictions(v: Any, n: int) -> tuple[Fraction, ...]:
    """n predicted labels (True/False read as +1/−1)."""
    if not isinstance(v, list) or len(v) != n:
        raise Unreadable(f"predict() gave {_brief(repr(v), 60)}, not {n} labels")
    out = []
    for p in v:
        if isinstance(p, bool):
            p = Fraction(1 if p else -1)
        if not is_number(p):
            raise Unreadable(f"predict() gave {_brief(repr(p), 40)}, not a label")
        out.append(p)
    return tuple(out)


def fitted(v: Any, probes: int) -> Got | None:
    """A fitted object read by its predictions (None: not a fitted object)."""
    if not isinstance(v, Fitted):
        return None
    if v.predict is None:
        raise Unreadable("returned an object with predict(), but no probe points were sent")
    return Got(predictions=predictions(v.predict, probes), shape=f"predict() at {probes} points")


def read(reader: Reader, raw: Any, data: Data, bias: bool, probes: int = 0) -> Outcome:
    """A family's answer from the worker's line or a command's JSON, or a Failure."""
    try:
        got = reader(value(raw), data, bias, probes)
    except (InputError, ValueError, RecursionError) as error:
        return Failure("unparsable", f"output: {error}")
    return got


def from_command(
    reader: Reader, ran: Execution, data: Data, bias: bool, probes: int = 0
) -> Outcome:
    """A command's one JSON object: ``{"answer": …}``, ``{"weights": […]}`` or
    ``{"predictions": […]}``."""
    if ran.death() is not None or ran.returncode != 0:
        return _died(ran, "this data set")
    text = b"\n".join((*ran.lines, ran.rest)).decode("utf-8", "replace").strip()
    try:
        answer = json.loads(
            text, parse_float=Written, parse_int=Written, parse_constant=_no_constant
        )
    except (ValueError, InputError, RecursionError):
        return Failure("unparsable", f"not one JSON object: {_brief(repr(text), 80)}")
    keys = ("answer", "weights", "predictions")
    if not isinstance(answer, dict) or sum(k in answer for k in keys) != 1:
        return Failure("unparsable", "expected an object with 'answer', 'weights' or 'predictions'")
    if "predictions" in answer:
        raw: Any = {"__object__": {"predict": answer["predictions"]}}
    else:
        raw = answer.get("answer", answer.get("weights"))
    return read(reader, raw, data, bias, probes)
