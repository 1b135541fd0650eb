"""One online pass over a CSV file larger than memory, a block at a time.

An online perceptron sees each example once per pass, so one pass needs only the
current examples: this module reads the file in blocks (:func:`perceptron_ref.engine.csv.
blocks`, parsed by numpy) and makes the pass over each in turn.  The scale moves with the
data: w = η·W/S, and a block whose denominators S does not cover raises S to the lcm L
and W to W·L/S, which changes no prediction (see :mod:`~perceptron_ref.engine.scaled`).
A file outside the fast reader's subset is read again from the start by the exact reader,
a line at a time (:func:`examples`, :func:`perceptron_ref.data.parse_csv` on each line:
same numbers, same one-line errors, the file's own line numbers).  With
``record="summary"`` memory holds one block; ``"mistakes"`` adds the mistake steps.  The
trace equals ``run(...)``'s on the whole file.

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
from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import islice
from pathlib import Path

import numpy as np

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.data import LabelSet, _lines, parse_csv
from perceptron_ref.engine import csv
from perceptron_ref.engine.passes import block_pass, certified, python_pass
from perceptron_ref.engine.rational import rational, steps_of
from perceptron_ref.engine.rules import RULES
from perceptron_ref.engine.scaled import Scaled, _narrow, bounds
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import check_options
from perceptron_ref.trace import Record, Step, Trace
from perceptron_ref.vectors import Label

CHUNK = 4096
"""Examples a block, when the exact reader reads the file."""

Row = tuple[Fraction | int, ...]
"""An example's x: exact rationals (ints where the file wrote integers)."""

_INTEGERS = re.compile(r"\s*[+-]?\d{1,18}\s*(?:,\s*[+-]?\d{1,18}\s*)*,\s*(?:-1|\+1|1)\s*")
"""A line of integers (each what ``parse_rational`` reads as an integer: \\d is any Unicode
digit there too, and int() takes them) ending in a -1/1 label."""


def streamable(algorithm: str, epochs: object, max_epochs: object, record: Record) -> bool:
    """Whether a run can stream: an online perceptron, one pass, no step kept but mistakes."""
    return (
        algorithm in registry.PERCEPTRONS
        and not isinstance(registry.get(algorithm), BatchAlgorithm)
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


def exact_blocks(path: Path, labels: LabelSet, chunk: int) -> Iterator[Scaled]:
    """The file's examples read by the exact reader, ``chunk`` at a time, as scaled blocks."""
    stream = examples(path, str(path), labels)
    while block := list(islice(stream, chunk)):
        L = math.lcm(*{v.denominator for x, _ in block for v in x})
        ints = [[v.numerator * (L // v.denominator) for v in x] for x, _ in block]
        y = np.array([label for _, label in block], dtype=np.int8)
        yield Scaled(_narrow(np.array(ints, dtype=object)), y, L)


def run_csv(
    algorithm: str,
    path: str | Path,
    *,
    labels: LabelSet = "pm1",
    bias: bool = False,
    eta: object = 1,
    record: Record = "summary",
    chunk: int = CHUNK,
    block: int = csv.BLOCK,
) -> Trace:
    """One pass of an online perceptron over a CSV file, block by block (see above);
    ``block`` bytes a block for the fast reader, ``chunk`` examples for the exact one."""
    if not streamable(algorithm, 1, None, record):
        raise InputError(f"{algorithm} with record={record!r} cannot stream: one online pass only")
    rule = RULES[registry.get(algorithm).zero_score]
    step, _ = check_options(eta, 1, None)
    try:
        fast = (Scaled(b.X, b.y, b.scale) for b in csv.blocks(Path(path), labels, block))
        return _run(algorithm, fast, rule, bias, step, record)
    except csv.NotFast:  # read it all again, exactly: same data, or the line's error
        pass
    try:
        exact = exact_blocks(Path(path), labels, chunk)
        return _run(algorithm, exact, rule, bias, step, record)
    except OSError as error:
        raise InputError(error.strerror or str(error), source=str(path)) from None


def _run(algorithm: str, blocks: Iterable[Scaled], rule: int, bias: bool, eta: Fraction,
         record: Record) -> Trace:  # fmt: skip
    W: list[int] = []
    S, k, index, kept = 1, 0, 0, list[Step]()
    for data in blocks:
        L = math.lcm(S, data.scale)
        W = [w * (L // S) for w in W] or [0] * (data.X.shape[1] + bias)
        S = L  # w = η·W/S throughout
        if data.scale != S:
            data = Scaled(_narrow(data.X.astype(object) * (S // data.scale)), data.y, S)
        k += _pass(data, W, S if bias else 0, rule, index, eta, record, kept)
        index += len(data.y)
    w = rational(W, (eta.numerator, eta.denominator * S))
    return Trace(algorithm, len(W), bias, eta, k, 1, "online", w, tuple(kept), record, None)


def _pass(data: Scaled, W: list[int], b: int, rule: int, first: int, eta: Fraction,
          record: Record, out: list[Step]) -> int:  # fmt: skip
    """One block: W (a list, updated in place) through the numpy or the Python pass."""
    start = list(W) if record != "summary" else []
    column_max, row_max = bounds(data, b)
    kept: list[tuple[int, bool]] | None = [] if record != "summary" else None
    if data.fits and certified(max(map(abs, W)), column_max, row_max):
        V = np.array(W, dtype=np.int64)
        k, scores, flags = block_pass(data.X, data.y, V, b, rule, keep=kept is not None)
        W[:] = V.tolist()
        if kept is not None:
            kept = list(zip(scores.tolist(), flags.tolist(), strict=True))
    else:
        k = python_pass(data.X, data.y.tolist(), W, b, rule, kept)
    if kept is not None:
        S = data.scale
        w_scale = (eta.numerator, eta.denominator * S)
        s_scale = (eta.numerator, eta.denominator * S * S)
        for s in steps_of(data, 1, start, kept, b, rule, w_scale, s_scale, record):
            out.append(
                Step(1, s.index + first, s.score, s.prediction, s.label, s.mistake, s.weights)
            )
    return k
