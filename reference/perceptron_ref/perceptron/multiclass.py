"""Running ``perceptron/structured`` on multiclass data: any class labels, a typed trace.

A data file is CSV as for the other algorithms, ``x1,…,xd,y``, but y may be any class name
(``cat``, ``3``, ``-1``).  The classes are the labels seen, in increasing order (numerically
when every label is an integer), which is also the tie rule: a tie in the argmax goes to the
class listed first.  The JSON trace has the core's keys plus ``classes``; ``prediction`` and
``label`` are the class names (integers when they are integers).  A file whose labels are all −1/+1
gets exactly the trace of ``run("perceptron/structured", …)`` (its score is (α₊ − α₋)·x).

>>> trace = run_multiclass([(1, 0), (0, 1), (-1, -1)], ["a", "b", "c"], epochs="converge")
>>> trace.status, trace.mistakes, trace.classes
('converged', 2, ('a', 'b', 'c'))
>>> [trace.model.predict(x) for x in [(2, 0), (0, 2), (-2, -2)]]
['a', 'b', 'c']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import count
from pathlib import Path
from typing import Any

from perceptron_ref.data import _lines
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import Epochs, check_options
from perceptron_ref.limits import MAX_BITS, check_max_bits, measured
from perceptron_ref.numbers import parse_rational, to_fraction
from perceptron_ref.perceptron.structured import Argmax, Multiclass, StructuredStep, learn
from perceptron_ref.trace import Record, Status
from perceptron_ref.vectors import Vector, show, zeros

Class = int | str


@dataclass(frozen=True)
class MulticlassTrace:
    """As :class:`~perceptron_ref.trace.Trace`, with class labels and the class list."""

    dimension: int
    bias: bool
    eta: Fraction
    mistakes: int
    epochs: int
    status: Status
    weights: Vector
    steps: tuple[StructuredStep[Class], ...]
    classes: tuple[Class, ...]
    record: Record = "full"

    @property
    def model(self) -> Argmax[Class]:
        return Argmax(self.classes, self.weights)


def class_order(labels: Iterable[Class]) -> tuple[Class, ...]:
    """The classes seen, increasing (integers numerically, names as strings, integers first)."""
    return tuple(sorted(set(labels), key=lambda c: (0, c, "") if isinstance(c, int) else (1, 0, c)))


def run_multiclass(
    X: Iterable[Iterable[object]],
    y: Iterable[Class],
    *,
    bias: bool = False,
    eta: object = 1,
    epochs: Epochs = 1,
    max_epochs: int | None = None,
    record: Record = "full",
    max_bits: int = MAX_BITS,
) -> MulticlassTrace:
    """The multiclass perceptron; ``epochs="converge"`` stops at a clean pass or a repeat of α."""
    step, passes = check_options(eta, epochs, max_epochs)
    check_max_bits(max_bits)  # every score and α is measured, as run() measures its steps
    rows = [tuple(to_fraction(v) for v in row) for row in X]
    labels = list(y)
    if not rows or len(rows) != len(labels) or len({len(r) for r in rows}) != 1 or not rows[0]:
        raise InputError("need one label per example and examples of one dimension d ≥ 1")
    if bias:
        rows = [(Fraction(1), *x) for x in rows]
    classes = class_order(labels)  # one class: never a mistake, α stays 0 (the spec's "One class")
    d, n = len(rows[0]), len(rows)
    structure = Multiclass(classes, d).structure()
    epochs_ = count(1) if passes == "converge" else range(1, passes + 1)
    stream = (
        (e, i, x, c) for e in epochs_ for i, (x, c) in enumerate(zip(rows, labels, strict=True))
    )
    steps: Iterator[StructuredStep[Class]] = measured(learn(stream, structure, step), max_bits)
    kept: list[StructuredStep[Class]] = []
    alpha, k, epoch, clean = zeros(structure.dimension), 0, 0, True
    seen = {alpha: 0}  # α at the end of each epoch (epoch 0: the initial α = 0)
    status: Status = "online" if passes != "converge" else "converged"
    for s in steps:
        alpha, k, epoch, clean = s.weights, k + s.mistake, s.epoch, clean and not s.mistake
        if record == "full" or (record == "mistakes" and s.mistake):
            kept.append(s)
        if s.index != n - 1 or passes != "converge":
            continue
        if clean:
            break
        if alpha in seen:  # the passes after seen[alpha] repeat for ever (a deterministic run)
            status = "cycled"
            break
        seen[alpha], clean = epoch, True
        if max_epochs is not None and epoch >= max_epochs:
            status = "max_epochs"
            break
    return MulticlassTrace(d, bias, step, k, epoch, status, alpha, tuple(kept), classes, record)


def read_classes(path: str | Path) -> tuple[list[Vector], list[Class]]:
    """A CSV file ``x1,…,xd,y`` with any class names y; errors name the file and line."""
    try:
        return _read_classes(_lines(Path(path)), str(path))  # read_csv's lines: bounded, UTF-8
    except OSError as error:
        raise InputError(str(error.strerror or error), source=str(path)) from None


def _read_classes(lines: Iterator[str], source: str) -> tuple[list[Vector], list[Class]]:
    X: list[Vector] = []
    y: list[Class] = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        *fields, label = (f.strip() for f in line.split(","))
        try:
            x = tuple(parse_rational(f) for f in fields)
        except InputError as error:
            raise InputError(error.problem, source=source, line=number) from None
        if not x or not label or (X and len(x) != len(X[0])):
            want = f"{len(X[0])} features and a class" if X else "x1,...,xd,y"
            raise InputError(f"expected {want}", source=source, line=number)
        X.append(x)
        # An integer class is an int ("01" and "1" are one class); '²', '+-1' or a run of
        # more than 4000 digits (past int()'s limit, and no one's class) stay text.
        y.append(int(label) if re.fullmatch(r"[+-]?\d{1,4000}", label) else label)
    if not X:
        raise InputError("no examples", source=source)
    return X, y


STEP_KEYS = ("epoch", "index", "score", "prediction", "label", "mistake", "weights")


def q(v: Vector) -> list[str]:
    return [str(a) for a in v]


def to_json(t: MulticlassTrace) -> dict[str, Any]:
    """The core's JSON keys (algorithm … steps) and ``classes``."""
    steps = [
        {**{f: getattr(s, f) for f in STEP_KEYS}, "score": str(s.score), "weights": q(s.weights)}
        for s in t.steps
    ]
    head = {"algorithm": "perceptron/structured", "dimension": t.dimension, "bias": t.bias}
    totals = {"eta": str(t.eta), "mistakes": t.mistakes, "epochs": t.epochs, "status": t.status}
    return {**head, **totals, "weights": q(t.weights), "classes": list(t.classes), "steps": steps}


def format_text(t: MulticlassTrace) -> str:
    """One line per step kept, then the totals and each class's block of α."""
    lines = [
        f"{s.epoch} {s.index}: score {s.score}, predicted {s.prediction}, label {s.label}"
        + (" *" if s.mistake else "")
        for s in t.steps
    ]
    lines.append(
        f"perceptron/structured: {t.mistakes} mistakes in {t.epochs} epochs ({t.status}); "
        f"d = {t.dimension}{' with bias' if t.bias else ''}, eta = {t.eta}"
    )
    blocks = Multiclass(t.classes, t.dimension)
    lines += [f"w[{c}] = {show(blocks.block(t.weights, c))}" for c in t.classes]
    return "\n".join(lines)


def dumps(t: MulticlassTrace) -> str:
    return json.dumps(to_json(t), ensure_ascii=False)
