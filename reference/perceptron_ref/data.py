"""Reading data files exactly.

CSV: one example per line, ``x1,…,xd,y``.  A line whose first non-blank character is
``#`` is a comment; blank lines are skipped.  Numbers are integers, decimals (parsed
exactly: ``0.1`` is 1/10) or fractions ``p/q``.  Labels are ``-1``/``1``, or ``0``/``1``
with ``labels="01"``.  Every problem raises :class:`InputError` naming file and line.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
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


MAX_LINE = 2**25
"""Longest line accepted, in bytes (32 MiB: 300 numbers of :data:`~perceptron_ref.numbers.
MAX_DIGITS` digits, or millions of short features).  A longer line is refused once MAX_LINE
+ 1 bytes of it are read, so a file (or a pipe) with a 1-GB line costs about 32 MiB."""

BLOCK = 2**20
"""Bytes read at a time."""


def _lines(path: Path) -> Iterator[str]:
    """The file's lines (without their ends), decoded, at most MAX_LINE bytes each.

    Universal newlines: ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line, as
    ``open(newline=None)`` reads them; a byte-order mark opening the file is dropped, as
    "utf-8-sig" does.  The file is read in blocks of whole lines, each decoded at once; a
    byte that is not UTF-8 and a line that is too long raise InputError naming the line,
    after every line before it has been yielded (errors come in file order).
    """
    number, pending = 0, b""
    with path.open("rb") as handle:
        while block := handle.read(BLOCK):
            data = pending + block
            # Only data's first line can be long (the others lie in one block): measure it up
            # to its end, or to the end of data if it is still open.  Its end may come in
            # this block, and a lone \r held back from the last one ends it too.
            ends = [end for end in (data.find(b"\n"), data.find(b"\r")) if end >= 0]
            if min(ends, default=len(data)) > MAX_LINE:
                problem = f"line longer than {MAX_LINE} bytes"
                raise InputError(problem, source=str(path), line=number + 1)
            # The last line end in data; a final \r may be half of a \r\n: keep it back.
            cut = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
            whole, pending = data[:cut], data[cut:]
            # Memory stays bounded: pending is one open line (measured above, or begun in
            # this block) and perhaps the \r kept back.
            assert len(pending) <= MAX_LINE + 1
            number = yield from _decode(whole, str(path), number)
        if pending:
            yield from _decode(pending + b"\n", str(path), number)


def _decode(whole: bytes, source: str, before: int) -> Generator[str, None, int]:
    """The lines of ``whole`` (lines with their ends), as text; the file's line ``before``
    + 1 is its first.  A byte that is not UTF-8 raises InputError after the lines before
    it.  Returns the number of the last line."""
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError as error:
        start = max(whole.rfind(b"\n", 0, error.start), whole.rfind(b"\r", 0, error.start)) + 1
        before = yield from _decode(whole[:start], source, before)
        problem = (
            f"not UTF-8 text (byte 0x{whole[error.start]:02x} at byte {error.start - start + 1})"
        )
        raise InputError(problem, source=source, line=before + 1) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[:-1]
    if before == 0 and lines:
        lines[0] = lines[0].removeprefix("\ufeff")
    yield from lines
    return before + len(lines)


def read_csv(path: str | Path, *, labels: LabelSet = "pm1") -> DataSet:
    """Read a CSV data file (see the module docstring)."""
    p = Path(path)
    try:
        return parse_csv(_lines(p), source=str(path), labels=labels)
    except OSError as error:
        raise InputError(error.strerror or str(error), source=str(path)) from None
