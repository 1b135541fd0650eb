"""Reading the data of the Coq-verified perceptron's benchmark, exactly.

The format of Murphy, Gray & Stewart's *Verified Perceptron Convergence Theorem* (MAPL
2017), folder ``Benchmarks/data/`` (described in
``../shared/benchmarks/coq-perceptron/README.md``): one number a line, first the number
of vectors n, then the number of features d, then for each vector its label (``1`` =
positive, ``0`` = negative) followed by its d features.  A feature is an integer, a
decimal (``1.3``), or a fraction written ``p/q`` or ``p % q`` (with spaces).  Blank
lines are skipped.

Every number is parsed exactly: ``-1.3`` is −13/10 (their C++ companion reads it as
−7/10; the published files avoid negative decimals for that reason).  Labels map
``0`` → −1 and ``1`` → +1.  Their implementations prepend a constant 1 to every vector;
this reader does not (that is ``run(..., bias=True)``, which ``--input-format coq``
implies).  The file is read line by line, so memory holds only the examples.

>>> data = parse_coq(["2", "2", "1", "1 % 2", "-1.3", "0", "-3/4", "2"], source="demo.dat")
>>> [[str(v) for v in x] for x in data.X], data.y, data.lines
([['1/2', '-13/10'], ['-3/4', '2']], (1, -1), (3, 6))
>>> parse_coq(["1", "2", "1", "5"], source="demo.dat")
Traceback (most recent call last):
...
perceptron_ref.errors.InputError: demo.dat:4: the file ends inside vector 1 of 1 (1 of 2 features)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from perceptron_ref.data import DataSet, _lines  # bounded lines, errors name the line
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import MAX_DIGITS, integer, parse_rational
from perceptron_ref.vectors import Label, Vector

_PERCENT = re.compile(r"(?P<num>[+-]?\d+)\s*%\s*(?P<den>[+-]?\d+)")

LABELS: dict[str, Label] = {"0": -1, "1": 1}


def parse_number(text: str) -> Fraction:
    """A feature: ``p % q`` (their rational printer's form), or what ``parse_rational`` reads.

    >>> parse_number("-103 % 125"), parse_number("-1.3"), parse_number("5.1")
    (Fraction(-103, 125), Fraction(-13, 10), Fraction(51, 10))
    """
    s = text.strip()
    if len(s) <= MAX_DIGITS and (m := _PERCENT.fullmatch(s)):
        if integer(m["den"]) == 0:
            shown = s if len(s) <= 40 else s[:37] + "..."
            raise InputError(f"{shown!r} has a zero denominator")
        return Fraction(integer(m["num"]), integer(m["den"]))
    return parse_rational(text)


def _count(text: str, what: str, *, source: str, line: int) -> int:
    """The header's n or d: a positive integer."""
    s = text.strip()
    # ASCII digits only (str.isdigit takes '²', which int() refuses), at most 18 of them:
    # no file holds 10**18 numbers, and int() of a longer run could fail or be slow.
    if not (s.isascii() and s.isdigit() and len(s) <= 18) or int(s) < 1:
        shown = s if len(s) <= 20 else s[:17] + "..."
        limit = " below 10**18" if s.isascii() and s.isdigit() and len(s) > 18 else ""
        raise InputError(
            f"{what} must be a positive integer{limit}, got {shown!r}", source=source, line=line
        )
    return int(s)


def parse_coq(lines: Iterable[str], *, source: str) -> DataSet:
    """Parse the benchmark format (an iterable of lines) into exact examples (see above)."""
    numbered = ((k, t) for k, t in enumerate(lines, 1) if t.strip())
    last = 0  # the last line read, for an error at the end of the file

    def take(what: str) -> tuple[int, str]:
        nonlocal last
        item = next(numbered, None)
        if item is None:
            raise InputError(f"the file ends {what}", source=source, line=last or None)
        last = item[0]
        return item

    line, text = take("before the number of vectors n")
    n = _count(text, "n", source=source, line=line)
    line, text = take("before the number of features d")
    d = _count(text, "d", source=source, line=line)
    X: list[Vector] = []
    y: list[Label] = []
    where: list[int] = []
    for j in range(1, n + 1):
        line, label = take(f"after {j - 1} of {n} vectors")
        if label.strip() not in LABELS:
            shown = label.strip()[:20]
            raise InputError(f"label {shown!r} is not 0 or 1", source=source, line=line)
        x: list[Fraction] = []
        for i in range(d):
            k, text = take(f"inside vector {j} of {n} ({i} of {d} features)")
            try:
                x.append(parse_number(text))
            except InputError as error:
                raise InputError(error.problem, source=source, line=k) from None
        X.append(tuple(x))
        y.append(LABELS[label.strip()])
        where.append(line)
    extra = next(numbered, None)
    if extra is not None:
        raise InputError(
            f"more numbers than the n = {n} vectors hold", source=source, line=extra[0]
        )
    return DataSet(tuple(X), tuple(y), tuple(where), source)


def read_coq(path: str | Path) -> DataSet:
    """Read a benchmark file (``*.dat``, ``iris_data_set``, ...) into exact examples."""
    try:
        return parse_coq(_lines(Path(path)), source=str(path))
    except OSError as error:
        raise InputError(error.strerror or str(error), source=str(path)) from None
