"""Single-pass online runs over a CSV file larger than memory.

An online perceptron sees each example once per pass, so one pass needs only the
current example: this module reads the file in chunks of :data:`CHUNK` examples and runs
the engine's pass on each.  Each line is parsed by :func:`perceptron_ref.data.parse_csv`
itself (same numbers, same one-line errors, the file's own line numbers).  The scale
moves with the data: w = η·W/S, and a chunk whose denominators S does not cover raises S
to the lcm L and W to W·L/S, which changes no prediction (see
:mod:`~perceptron_ref.engine.scaled`).  With ``record="summary"`` memory is O(d + CHUNK·d);
``"mistakes"`` adds the mistake steps.  The trace equals ``run(...)``'s on the whole file.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.csv"
>>> _ = path.write_text("# x1,x2,y\\n-1,2,-1\\n1,0,1\\n1,1,1\\n-1,0,-1\\n-1,-2,-1\\n1,-1,1\\n")
>>> t = run_csv("perceptron/mehta", path, record="mistakes", chunk=4)
>>> [str(v) for v in t.weights], t.mistakes, [s.index for s in t.steps]
(['3', '1'], 3, [0, 2, 4])
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import Any

import numpy as np

from perceptron_ref.data import LabelSet, _lines, parse_csv
from perceptron_ref.engine.driver import _rational, _steps, rule_of
from perceptron_ref.engine.kernel import certified, compiled_pass, python_pass
from perceptron_ref.engine.scaled import Scaled, _narrow, bounds
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import check_options
from perceptron_ref.registry import PERCEPTRONS as SUPPORTED
from perceptron_ref.trace import Record, Step, Trace
from perceptron_ref.vectors import Label

CHUNK = 4096
"""Examples held at a time."""

Row = tuple[Fraction | int, ...]
"""An example's x: exact rationals (ints where the file wrote integers)."""

_INTEGERS = re.compile(r"\s*[+-]?\d{1,18}\s*(?:,\s*[+-]?\d{1,18}\s*)*,\s*(?:-1|\+1|1)\s*")
"""A line of integers (each what ``parse_rational`` reads as an integer: \\d is any Unicode
digit there too, and int() takes them) ending in a -1/1 label."""


def streamable(algorithm: str, epochs: object, max_epochs: object, record: Record) -> bool:
    """Whether a run can stream: an online perceptron, one pass, no step kept but mistakes."""
    return (
        algorithm in SUPPORTED
        and not rule_of(algorithm)[1]
        and epochs == 1
        and max_epochs is None
        and record != "full"
    )


def examples(path: Path, source: str, labels: LabelSet) -> Iterator[tuple[Row, Label]]:
    """The file's examples, one at a time, checked as :func:`~perceptron_ref.data.read_csv`
    checks them (one line per :func:`parse_csv` call, errors moved to the file's line)."""
    first: tuple[int, int] | None = None  # (d, line) of the first example
    for number, raw in enumerate(_lines(path), 1):
        text = (raw.removeprefix("\ufeff") if number == 1 else raw).strip()
        if not text or text.startswith("#"):
            continue
        x: Row
        y: Label
        if labels == "pm1" and _INTEGERS.fullmatch(text):  # parse_csv's result, 20x faster
            *features, label = text.split(",")
            x, y = tuple(map(int, features)), (-1 if label.strip() == "-1" else 1)
        else:
            try:
                one = parse_csv(["#", text], source=source, labels=labels)  # a line 2: no BOM
            except InputError as error:
                raise InputError(error.problem, source=source, line=number) from None
            x, y = one.X[0], one.y[0]
        if first is None:
            first = (len(x), number)
        elif len(x) != first[0]:
            raise InputError(
                f"{len(x)} features, expected {first[0]} (as on line {first[1]})",
                source=source,
                line=number,
            )
        yield x, y
    if first is None:
        raise InputError("no examples", source=source)


def run_csv(
    algorithm: str,
    path: str | Path,
    *,
    labels: LabelSet = "pm1",
    bias: bool = False,
    eta: object = 1,
    record: Record = "summary",
    chunk: int = CHUNK,
) -> Trace:
    """One pass of an online perceptron over a CSV file, chunk by chunk (see above)."""
    if not streamable(algorithm, 1, None, record):
        raise InputError(f"{algorithm} with record={record!r} cannot stream: one online pass only")
    rule = rule_of(algorithm)[0]
    step, _ = check_options(eta, 1, None)
    stream = examples(Path(path), str(path), labels)
    W: list[int] = []
    S, k, index, kept = 1, 0, 0, list[Step]()
    try:
        while block := list(islice(stream, chunk)):
            rows = [x for x, _ in block]
            L = math.lcm(S, *{v.denominator for x in rows for v in x})
            W = [w * (L // S) for w in W] or [0] * (len(rows[0]) + bias)
            S = L  # w = η·W/S throughout
            ints = [[v.numerator * (S // v.denominator) for v in x] for x in rows]
            data = Scaled(_narrow(np.array(ints, dtype=object)), _labels(block), S)
            k += _pass(data, W, S if bias else 0, rule, index, step, record, kept)
            index += len(block)
    except OSError as error:
        raise InputError(error.strerror or str(error), source=str(path)) from None
    w = _rational(W, (step.numerator, step.denominator * S))
    return Trace(algorithm, len(W), bias, step, k, 1, "online", w, tuple(kept), record, None)


def _labels(block: list[tuple[Row, Label]]) -> Any:
    return np.array([y for _, y in block], dtype=np.int8)


def _pass(
    data: Scaled,
    W: list[int],
    b: int,
    rule: int,
    first: int,
    eta: Fraction,
    record: Record,
    out: list[Step],
) -> int:
    """One chunk: W (a list, updated in place) through the compiled or the Python pass."""
    start = list(W) if record != "summary" else []
    column_max, row_max = bounds(data, b)
    kept: list[tuple[int, bool]] | None
    if data.fits and certified(max(map(abs, W)), column_max, row_max):
        V = np.array(W, dtype=np.int64)
        n = len(data.y)
        scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
        k = compiled_pass(data.X, data.y, V, b, rule, True, scores, flags)
        W[:] = V.tolist()
        kept = list(zip(scores.tolist(), flags.tolist(), strict=True))
    else:
        kept = []
        k = python_pass(data.X, data.y.tolist(), W, b, rule, kept)
    if record != "summary":
        S = data.scale
        w_scale, s_scale = (
            (eta.numerator, eta.denominator * S),
            (eta.numerator, eta.denominator * S * S),
        )
        for s in _steps(data, 1, start, kept, b, rule, w_scale, s_scale, record):
            out.append(
                Step(1, s.index + first, s.score, s.prediction, s.label, s.mistake, s.weights)
            )
    return k
