"""Reading data files exactly.

CSV: one example per line, ``x1,…,xd,y``.  A line whose first non-blank character is
``#`` is a comment; blank lines are skipped.  Numbers are integers, decimals (parsed
exactly: ``0.1`` is 1/10) or fractions ``p/q``.  Labels are ``-1``/``1``, or ``0``/``1``
with ``labels="01"``.  Every problem raises :class:`InputError` naming file and line.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from perceptron_ref.errors import InputError
from perceptron_ref.numbers import parse_rational
from perceptron_ref.vectors import Label, Vector

LabelSet = Literal["pm1", "01"]

LABELS: dict[LabelSet, dict[str, Label]] = {
    "pm1": {"-1": -1, "1": 1, "+1": 1},
    "01": {"0": -1, "1": 1},
}


@dataclass(frozen=True)
class DataSet:
    """Examples read from a file, with the line each came from (1-based)."""

    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    lines: tuple[int, ...]
    source: str


def parse_csv(lines: Iterable[str], *, source: str, labels: LabelSet = "pm1") -> DataSet:
    """Parse CSV text (an iterable of lines) into exact examples.

    >>> data = parse_csv(["# x1,x2,y", "0.1,1/3,1", "-2,0,-1"], source="demo.csv")
    >>> [[str(v) for v in x] for x in data.X], data.y, data.lines
    ([['1/10', '1/3'], ['-2', '0']], (1, -1), (2, 3))
    >>> parse_csv(["1,2,1", "1,1"], source="demo.csv")
    Traceback (most recent call last):
    ...
    perceptron_ref.errors.InputError: demo.csv:2: 1 features, expected 2 (as on line 1)
    """
    label_of = LABELS[labels]
    X: list[Vector] = []
    y: list[Label] = []
    where: list[int] = []
    for number, raw in enumerate(lines, 1):
        text = (raw.removeprefix("\ufeff") if number == 1 else raw).strip()
        if not text or text.startswith("#"):
            continue
        fields = text.split(",")
        if len(fields) < 2:
            raise InputError(
                "expected x1,...,xd,y: at least one feature and a label", source=source, line=number
            )
        *features, label = (f.strip() for f in fields)
        if label not in label_of:
            wanted = " or ".join(sorted(label_of, key=len)[:2]) if labels == "01" else "-1 or 1"
            shown = label if len(label) <= 20 else label[:17] + "..."
            raise InputError(f"label {shown!r} is not {wanted}", source=source, line=number)
        try:
            x = tuple(parse_rational(f) for f in features)
        except InputError as error:
            raise InputError(error.problem, source=source, line=number) from None
        if X and len(x) != len(X[0]):
            raise InputError(
                f"{len(x)} features, expected {len(X[0])} (as on line {where[0]})",
                source=source,
                line=number,
            )
        X.append(x)
        y.append(label_of[label])
        where.append(number)
    if not X:
        raise InputError("no examples", source=source)
    return DataSet(tuple(X), tuple(y), tuple(where), source)


def _lines(path: Path) -> Iterator[str]:
    # utf-8-sig drops a byte-order mark; universal newlines accept CRLF.
    with path.open(encoding="utf-8-sig", newline=None) as handle:
        yield from handle


def read_csv(path: str | Path, *, labels: LabelSet = "pm1") -> DataSet:
    """Read a CSV data file (see the module docstring)."""
    p = Path(path)
    try:
        return parse_csv(_lines(p), source=str(path), labels=labels)
    except OSError as error:
        raise InputError(error.strerror or str(error), source=str(path)) from None
    except UnicodeDecodeError as error:
        raise InputError(f"not UTF-8 text ({error.reason})", source=str(path)) from None
