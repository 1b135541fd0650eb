"""What a candidate's output means: the weights it returned, or the way it failed.

The parent reads the sandboxed process's output here and trusts none of it: every number
must parse as an exact rational (a JSON number as written, or a string ``"p/q"`` matching
``spec/protocol/candidate-output.schema.json``, q ≠ 0), every vector must
have the data's dimension (d, or d + 1 with ``bias``: the bias first, or a pair ``(w, b)``,
including scikit-learn's shapes ``coef_`` (1, d) and ``intercept_`` (1,)), and anything
else is a :class:`Failure` of kind ``unparsable``.  A candidate may return one vector (the
final w, also as shape (1, d)) or one per step (compared step by step).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from perceptron_ref.crosscheck.run.sandbox import Execution
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.vectors import Label, Vector

Number = Fraction | int
Data = tuple[tuple[tuple[Number, ...], ...], tuple[Label, ...]]
"""One data set: the examples X (without the bias coordinate) and the labels y.  Numbers
are Fractions, or ints (large integer data sets stay ints: 4 million Fractions cost
seconds to build)."""


@dataclass(frozen=True)
class Returned:
    """The numbers a candidate returned for one data set: final w, or w after every step."""

    weights: Vector
    trace: tuple[Vector, ...] | None = None
    shape: str = ""  # how it came, when not a flat vector: "(w, b)", "coef_ (1, d)", ...
    kinds: tuple[str, ...] = ()  # the types it came in, plain Python ones left out
    # how long the call took (the worker's clock), the attributes the weights were read
    # from ("w_", "coef_,intercept_"), and a program's other output: none of it is judged
    seconds: float | None = field(default=None, compare=False)
    read_from: str = field(default="", compare=False)
    output: str = field(default="", compare=False)
    called: str = field(default="", compare=False)  # a family's call, as the worker made it
    step: str = field(default="", compare=False)  # a family's parameter that took the step


@dataclass(frozen=True)
class Failure:
    """What went wrong: ``kind`` is crash, hang, memory, unparsable or load error."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


Outcome = Returned | Failure


STRING = re.compile(r"[-+]?[0-9]+(?:/[-+]?[0-9]+)?")
"""A number written as a JSON string: the output schema's pattern (ASCII digits, no blanks;
``"0.1"`` must be written as the JSON number 0.1)."""


class Written(str):
    """A JSON number's text as the candidate wrote it (read exactly by parse_rational)."""


def _brief(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _column(value: Any) -> list[Any] | None:
    """The numbers of a column vector, shape (d, 1) with d ≥ 2 (``[[a], [b], ...]``), else None."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    if all(isinstance(v, list) and len(v) == 1 and not isinstance(v[0], list) for v in value):
        return [v[0] for v in value]
    return None


def _single(value: Any) -> Any:
    """A number nested in singletons (``[[b]]``, shape (1, 1)), unwrapped."""
    while isinstance(value, list) and len(value) == 1:
        value = value[0]
    return value


def shape_of(value: Any, bias: bool) -> str:
    """The shape of a final answer that is not a flat vector, in words ("" when flat)."""
    if not isinstance(value, list) or not value:
        return ""
    if bias and len(value) == 2 and isinstance(value[0], list):  # (w, b) before a column
        w, b = value
        nested = len(w) == 1 and isinstance(w[0], list)
        deep = isinstance(b, list) and len(b) == 1 and isinstance(b[0], list)
        if deep and (_column(w) is not None or nested):
            return "(θ (d, 1), θ₀ (1, 1))"
        if _column(w) is not None:
            return "(w of shape (d, 1), b)"
        return "(coef_ (1, d), intercept_ (1,))" if nested or isinstance(b, list) else "(w, b)"
    if _column(value) is not None:
        return "a column, shape (d, 1)"
    if len(value) == 1 and isinstance(value[0], list):
        return "shape (1, d)" if len(value[0]) > 1 else "shape (1, 1)"
    return ""


def _vector(value: Any, D: int, bias: bool) -> Vector:
    """One weight vector of dimension D, from a list of numbers or a pair (w, b)."""
    if not (bias and isinstance(value, list) and len(value) == 2):  # (w, b) read as below
        value = _column(value) or value  # a column vector, shape (d, 1)
    if bias and isinstance(value, list) and len(value) == 2 and isinstance(value[0], list):
        w, b = value
        w = _column(w) or w  # w of shape (d, 1)
        if len(w) == 1 and isinstance(w[0], list):
            w = w[0]  # scikit-learn's coef_, shape (1, d)
        b = _single(b)  # and its intercept_, shape (1,), or θ₀, shape (1, 1)
        value = [b, *w]  # (w, b): the reference puts the bias first
    if not isinstance(value, list) or any(isinstance(v, list) for v in value):
        raise InputError(f"expected a vector of {D} numbers, got {_brief(repr(value), 60)}")
    if len(value) != D:
        hint = (
            ": it learns a bias, but is checked without one"
            if not bias and len(value) == D + 1
            else ""
        )
        raise InputError(
            f"returned {len(value)} numbers, expected {D} (d{' + 1' if bias else ''}){hint}"
        )
    numbers = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, str | int):
            raise InputError(f"{_brief(repr(v), 40)} is not a number")
        if isinstance(v, str) and not isinstance(v, Written) and not STRING.fullmatch(v):
            raise InputError(f"{_brief(repr(v), 40)} is not a JSON number or a 'p/q' string")
        numbers.append(parse_rational(str(v)))
    return tuple(numbers)


def _pair(value: Any, d: int) -> bool:
    """(w, b): a vector of d numbers (flat, (1, d) or (d, 1)) and one number."""
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], list):
        return False
    w = _column(value[0]) or value[0]
    w = w[0] if len(w) == 1 and isinstance(w[0], list) else w
    return len(w) == d and not isinstance(_single(value[1]), list)


def _count(value: str | int) -> bool:
    """A whole number ≥ 0 (a count of passes or mistakes)."""
    text = str(value)
    if not STRING.fullmatch(text):
        return False
    q = parse_rational(text)
    return q.denominator == 1 and q >= 0


def first(value: Any, d: int, bias: bool) -> tuple[Any, str]:
    """The weights of an answer (w, more...): w, or (w, b) when w has d numbers and the
    next item is a number; (b, w), the bias first, when the bias is checked and w has d
    numbers (``return theta0, theta``); and the shape in words."""
    if bias and isinstance(value, list) and len(value) == 2 and isinstance(value[1], list):
        w = _column(value[1]) or value[1]
        w = w[0] if len(w) == 1 and isinstance(w[0], list) else w
        lead = _single(value[0])
        if len(w) == d and isinstance(lead, str | int) and not isinstance(lead, bool):
            return [w, lead], "(b, w)"  # read as (w, b): the bias put first again
    if (
        isinstance(value, list)
        and len(value) >= 2
        and not isinstance(value[0], list)
        and isinstance(value[1], list)
    ):  # (passes, w, ...): a count first, as `return k, w` has it
        lead = value[0]
        if not isinstance(lead, str | int) or isinstance(lead, bool) or not _count(lead):
            raise InputError(
                f"it returned ({_brief(str(lead), 30)}, w, ...): a number before w that "
                "is no count (a bias first, (b, w), is read so only with the bias checked)"
            )
        rest = value[1:]
        if len(rest) == 1:
            return rest[0], "(k, w)"
        found, shape = first(rest, d, bias)
        return found, "(k, " + shape[1:]
    if not isinstance(value, list) or len(value) < 2 or not isinstance(value[0], list):
        raise InputError("expected (w, ...), a vector followed by more")
    w = _column(value[0]) or value[0]
    w = w[0] if len(w) == 1 and isinstance(w[0], list) else w
    if bias and len(w) == d and not isinstance(_single(value[1]), list | None):
        return [value[0], value[1]], "(w, b, ...)" if len(value) > 2 else "(w, b)"
    after = _single(value[1])
    if (
        len(w) == d
        and isinstance(after, str | int)
        and not isinstance(after, bool)
        and STRING.fullmatch(str(after))
        and parse_rational(str(after)) < 0
    ):  # no count of passes or mistakes, no loss is negative: a bias it learns beside w
        raise InputError(
            f"it returned (w, b{', ...' if len(value) > 2 else ''}) with b = "
            f"{_brief(str(after), 30)}: it learns a bias, but is checked without one"
        )
    return value[0], "(w, ...)"


def interpret(
    value: Any, data: Data, bias: bool, *, trace: bool | None = None, extras: bool = False
) -> Outcome:
    """Read a returned value: one vector, or one per step (a list of vectors, n > 1);
    ``extras``: its first item is w (and b), the rest something else (passes, errors)."""
    D = len(data[0][0]) + bias
    try:
        if extras:
            value, shape = first(value, len(data[0][0]), bias)
            inner = shape_of(value, bias)
            inner = "" if inner == "(w, b)" else inner  # said already
            if isinstance(value, list) and len(value) == 1 and isinstance(value[0], list):
                value = value[0]
            return Returned(_vector(value, D, bias), shape=f"{shape}: {inner}" if inner else shape)
        steps = trace if trace is not None else _looks_like_trace(value, D)
        if steps:
            ws = tuple(_vector(v, D, bias) for v in value)
            if not ws:
                raise InputError("returned an empty trace")
            return Returned(ws[-1], ws)
        shape = shape_of(value, bias)
        if not bias and _pair(value, len(data[0][0])):
            b = _single(value[1])
            if parse_rational(str(b)) != 0 if isinstance(b, str | int) else True:
                raise InputError(
                    f"it returned (w, b) with b = {_brief(str(b), 30)} ≠ 0: it "
                    "learns a bias, but is checked without one"
                )
            shape, value = "(w, b) with b = 0", value[0]
            value = _column(value) or value
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], list):
            value = value[0]  # shape (1, d): scikit-learn's coef_, or a trace of one step
        return Returned(_vector(value, D, bias), shape=shape)
    except InputError as error:
        return Failure("unparsable", f"output: {error}")


def _looks_like_trace(value: Any, D: int) -> bool:
    """Two or more vectors of D numbers (a pair (w, b) has a vector of d and a number)."""
    if not isinstance(value, list) or len(value) < 2:
        return False
    return all(isinstance(v, list) and len(v) == D and not _nested(v) for v in value)


def _nested(v: list[Any]) -> bool:
    return any(isinstance(u, list) for u in v)


def _died(ran: Execution, what: str) -> Failure:
    death = ran.death()
    if death is not None:
        kind, detail = death
        if any(word in ran.stderr for word in ("memory", "MemoryError", "bad_alloc")):
            kind = "memory"
        return Failure(kind, f"{detail} on {what}")
    tail = _brief(ran.stderr.strip().splitlines()[-1]) if ran.stderr.strip() else "no message"
    return Failure("crash", f"exited with status {ran.returncode} on {what}, no result ({tail})")


def from_worker(
    ran: Execution,
    datasets: list[Data] | Any,
    bias: bool,
    extras: bool = False,
    read: Callable[[Any, Data], Outcome] | None = None,
) -> list[Outcome]:
    """The worker's lines, one per data set; after a death, every later data set fails too
    (``extras``: each answer is (w, more...), see :func:`interpret`).  ``read`` reads a
    result (default: :func:`interpret`, the core's weight vectors)."""
    outcomes: list[Outcome] = []
    spent = 0.0  # the seconds its answers so far were taken to have cost
    for i, data in enumerate(datasets):
        if i >= len(ran.lines):
            failure = _died(ran, f"data set {i + 1}")
            return outcomes + [failure] * (len(datasets) - i)
        try:
            line = json.loads(ran.lines[i])
            assert isinstance(line, dict)
        except (ValueError, AssertionError, RecursionError):  # [[[[… nested past the stack
            bad = Failure("unparsable", f"protocol line {_brief(repr(ran.lines[i]), 80)}")
            return outcomes + [bad] * (len(datasets) - i)
        if "load_error" in line:
            failure = Failure("load error", _brief(str(line["load_error"])))
            return [failure] * len(datasets)
        if "error" in line:
            kind = "memory" if line.get("memory") else "crash"
            outcomes.append(Failure(kind, f"raised {_brief(str(line['error']))}"))
        else:
            result = line.get("result")
            got = (
                interpret(result, data, bias, extras=extras) if read is None else read(result, data)
            )
            named = line.get("kinds")
            if isinstance(got, Returned) and isinstance(named, list) and named:
                got = replace(got, kinds=tuple(str(k)[:60] for k in named[:8]))
            if isinstance(got, Returned):
                seconds = bounded(_seconds(line.get("seconds")), ran.times, i, spent)
                spent += seconds or 0.0
                got = replace(
                    got,
                    seconds=seconds,
                    read_from=str(line.get("from", ""))[:80],
                    called=str(line.get("called", ""))[:300],
                    step=str(line.get("step", ""))[:100],
                )
            outcomes.append(got)
    return outcomes


def _seconds(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and 0 <= value < 1e9 else None


def bounded(seconds: float | None, times: Sequence[float], i: int, spent: float) -> float | None:
    """The seconds answer i says its call took, no more than the parent saw pass: its
    answers' seconds so far (``spent``) and these together within the time from the request
    to its line's arrival (``times``, :attr:`~perceptron_ref.crosscheck.run.sandbox.
    Execution.times`).  An honest worker times only its calls, inside that span, so its
    figures pass unchanged; a candidate that replaced the worker's clock to look slow (and
    have its large data sets cut) is held to the time it really took.

    >>> bounded(0.5, (0.4, 0.9), 1, 0.3), bounded(9.0, (0.4, 0.9), 1, 0.3), bounded(1.0, (), 0, 0)
    (0.5, 0.6000000000000001, 1.0)
    """
    if seconds is None or i >= len(times):
        return seconds
    return max(0.0, min(seconds, times[i] - spent))


def protocol_line(lines: list[str]) -> tuple[int | None, str]:
    """The protocol's line among a program's output: the last that is a JSON object with
    "weights" or "trace" (it is then read strictly); and everything else, as printed."""
    found = None
    for i, line in enumerate(lines):
        text = line.strip()
        if text.startswith("{") and ('"weights"' in text or '"trace"' in text):
            try:
                answer = json.loads(
                    text, parse_float=Written, parse_int=Written, parse_constant=_no_constant
                )
            except (ValueError, InputError, RecursionError):
                continue
            if isinstance(answer, dict) and ("weights" in answer or "trace" in answer):
                found = i
    rest = "\n".join(line for i, line in enumerate(lines) if i != found and line.strip())
    return found, rest


def from_command(ran: Execution, data: Data, bias: bool, *, extras: bool = False) -> Outcome:
    """A command's protocol line: ``{"weights": [...]}`` or ``{"trace": [[...], ...]}``,
    with ``"numbers": "exact"`` when its decimals are exact, found among whatever else it
    printed on stdout (kept as its ``output``)."""
    if ran.death() is not None or ran.returncode != 0:
        return _died(ran, "this data set")
    text = b"\n".join((*ran.lines, ran.rest)).decode("utf-8", "replace")
    lines = text.split("\n")
    at, rest = protocol_line(lines)
    if at is None:  # one object over several lines (pretty-printed), or nothing readable
        lines, at, rest = [text.strip()], 0, ""
    try:
        # Numbers stay text: read below as the doubles they denote, or exactly.
        answer = json.loads(
            lines[at], parse_float=Written, parse_int=Written, parse_constant=_no_constant
        )
    except (ValueError, InputError, RecursionError):  # RecursionError: [[[[… too deep
        return Failure("unparsable", f"not one JSON object: {_brief(repr(lines[at]), 80)}")
    if not isinstance(answer, dict) or ("weights" in answer) == ("trace" in answer):
        return Failure("unparsable", "expected an object with 'weights' or 'trace'")
    numbers = answer.get("numbers", "double")
    if numbers not in ("double", "exact"):
        return Failure("unparsable", '\'numbers\' is neither "double" nor "exact"')
    got: Outcome
    if "weights" in answer:
        if not _flat(answer["weights"]):  # the schema's vector: no (w, b) pair, no [[...]]
            return Failure("unparsable", "'weights' is not a list of numbers")
        got = interpret(_doubles(answer["weights"], numbers), data, bias, trace=False)
    elif not isinstance(answer["trace"], list) or not all(_flat(v) for v in answer["trace"]):
        return Failure("unparsable", "'trace' is not a list of vectors")
    else:
        trace = [_doubles(v, numbers) for v in answer["trace"]]
        got = interpret(trace, data, bias, trace=True)
    return replace(got, output=rest[:2000]) if isinstance(got, Returned) and rest else got


DECIMAL = re.compile(r".*[.eE].*")


def _doubles(vector: list[Any], numbers: str) -> list[Any]:
    """A vector's JSON numbers as the doubles they denote (``5.960464477539063e-8`` is
    2⁻²⁴): a decimal point or an exponent makes a number a double, unless the program
    declares ``"numbers": "exact"``; integers and "p/q" strings are exact either way."""
    if numbers == "exact":
        return vector
    out: list[Any] = []
    for v in vector:
        if isinstance(v, Written) and DECIMAL.fullmatch(v):
            f = float(v)
            finite = f == f and abs(f) != float("inf")
            out.append(Written(str(Fraction(f))) if finite else f"{v[:20]}, past float64's range")
        else:
            out.append(v)
    return out


def _flat(value: Any) -> bool:
    """A list of non-lists (each then read as a number or refused)."""
    return isinstance(value, list) and not any(isinstance(v, list | dict) for v in value)


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a rational number")
