"""A fast reader of CSV data files, straight to scaled integers, once, into the narrowest type.

The format is :mod:`perceptron_ref.data`'s.  The file is read in blocks of whole lines;
each block is parsed by numpy (:mod:`~perceptron_ref.engine.tokens`) into numerators and
denominators, scaled by the lcm of its denominators and kept in the narrowest integer type
that holds it (uint8 for pixels); at the end the blocks are brought to one common scale D
and joined.  No Fraction is built and no row is rebuilt in Python.  A file outside the
subset that :mod:`~perceptron_ref.engine.tokens` reads (an exponent, a long number, a line
of another length, a bad label, a byte that is not ASCII) goes to the exact reader
:func:`perceptron_ref.data.read_csv`, which gives the same data or the same one-line error:
this reader never decides a file is bad on its own.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.csv"
>>> _ = path.write_text("# x1,x2,y\\n0.5, 2 ,1\\n-1/3,0,-1\\n")
>>> s = read_csv_scaled(path)
>>> s.X.tolist(), s.y.tolist(), s.scale
([[15, 60], [-10, 0]], [1, -1], 30)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_ref.data import MAX_LINE, LabelSet, read_csv
from perceptron_ref.engine.scaled import Scaled, from_rows, narrowest
from perceptron_ref.engine.tokens import PAD, fields, integers, lcm, normalized, rationals

BLOCK = 2**19
"""Bytes read at a time (512 KiB): the parser's working arrays are some 20 times this, and
blocks this small are also parsed faster than large ones (they stay in the cache)."""


class Block:
    """The examples of one block: X·L integers (L the lcm of its denominators), labels y."""

    def __init__(self, X: npt.NDArray[Any], y: npt.NDArray[np.int8], scale: int) -> None:
        self.X, self.y, self.scale = X, y, scale


class NotFast(Exception):
    """The file is outside what this reader reads: the exact reader must read it."""


def read_csv_scaled(path: str | Path, *, labels: LabelSet = "pm1") -> Scaled:
    """The file's examples as scaled integers (what ``read_csv`` reads, times D)."""
    try:
        return join(list(blocks(Path(path), labels)))
    except NotFast:  # outside the fast subset (or unreadable, or a pipe): the exact reader
        exact = read_csv(path, labels=labels)
        return from_rows(exact.X, exact.y)


def join(parts: list[Block]) -> Scaled:
    """The blocks at one scale D (the lcm of theirs), in one array of the narrowest type."""
    D = math.lcm(*(b.scale for b in parts))
    lo, hi = 0, 0
    for b in parts:
        factor = D // b.scale
        lo, hi = min(lo, int(b.X.min()) * factor), max(hi, int(b.X.max()) * factor)
    t = narrowest(lo, hi)
    wide: Any = object if t is None else np.int64
    scaled = [b.X if b.scale == D else b.X.astype(wide) * (D // b.scale) for b in parts]
    X = np.concatenate([x.astype(t or object, copy=False) for x in scaled])
    y = np.concatenate([b.y for b in parts])
    return Scaled(np.ascontiguousarray(X), y, D)


def blocks(path: Path, labels: LabelSet, size: int = BLOCK) -> Iterator[Block]:
    """The file's examples, a block of whole lines (``size`` bytes or so) at a time, each
    block non-empty, all of the same width; :class:`NotFast` if any of it is outside the
    fast subset.  Each read is parsed where it lies: after :data:`~perceptron_ref.engine.
    tokens.PAD` bytes carried over from the last one, which the parser may read and ignore."""
    width = 0  # fields a line: d + 1
    if not path.is_file():
        raise NotFast  # a pipe can be read once: by the exact reader
    try:
        with path.open("rb") as handle:
            pending = handle.read(3).removeprefix(b"\xef\xbb\xbf")  # a byte-order mark
            carry = b"0" * PAD
            while True:
                data = handle.read(size)
                text = carry + pending + data
                cut = text.rfind(b"\n") + 1 if data else len(text)
                if cut <= PAD:  # no whole line yet
                    if len(text) - PAD > MAX_LINE:
                        raise NotFast  # a line too long: the exact reader's error
                    if data:
                        carry, pending = text[:PAD], text[PAD:]
                        continue
                if not text.endswith(b"\n") and not data:  # the last line, unended
                    text, cut = text + b"\n", len(text) + 1
                block = parse(text, PAD, cut, labels)
                if block is None or (width and len(block.y) and block.X.shape[1] + 1 != width):
                    raise NotFast
                if len(block.y):
                    width = width or block.X.shape[1] + 1
                    yield block
                if not data:
                    break
                carry, pending = text[cut - PAD : cut], text[cut:]
    except OSError:
        raise NotFast from None  # the exact reader names the file and the problem
    if not width:
        raise NotFast  # no examples: the exact reader's error


def parse(text: bytes, start: int, end: int, labels: LabelSet) -> Block | None:
    """The examples of whole lines of CSV ``text[start:end]`` (each ending in a newline;
    ``start`` ≥ PAD), or None."""
    block = _parse(text, start, end, labels)
    if block is None:  # blanks, comments, blank lines, CRLF? Strip them, and try again
        chunk = text[start:end]
        stripped = normalized(chunk, b",", comments=True)
        if stripped is not None and stripped != chunk:
            block = _parse(b"0" * PAD + stripped, PAD, PAD + len(stripped), labels)
    return block


def _parse(text: bytes, start: int, end: int, labels: LabelSet) -> Block | None:
    buf = np.frombuffer(text, dtype=np.uint8, count=end)  # a view: no copy of the block
    starts, ends = fields(buf, b",", start)
    if end - start <= 1:  # nothing but blank or comment lines
        return Block(np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=np.int8), 1)
    last = np.flatnonzero(np.take(buf, ends) == ord("\n"))  # each line's label field
    width = int(last[0]) + 1
    if width < 2 or len(ends) % width or (np.diff(last) != width).any():
        return None  # lines of different lengths, or no feature: the exact reader says which
    values: tuple[Any, Any] | None = None
    dotted = text.find(b".", start, end) >= 0
    if not dotted:  # integers, the usual case: the short way
        values = integers(buf, starts, ends), None
    if (values is None or values[0] is None) and (dotted or text.find(b"/", start, end) >= 0):
        values = rationals(buf, starts, ends)
    if values is None or values[0] is None:
        return None
    p, q = values
    y = _labels(buf, starts[last], ends[last], labels)
    if y is None:
        return None
    X, scale = p.reshape(-1, width)[:, :-1], 1
    if q is not None:
        q = q.reshape(-1, width)[:, :-1]
        scale = lcm(q)
        if int(np.abs(X).max()) * (scale // int(q.min())) >= 2**63:
            return None  # some p·scale/q may not fit int64: the exact reader's Python ints
        X = X * (scale // q)  # exact: |p|·scale/q < 2**63 (just checked)
    t = narrowest(int(X.min()), int(X.max()))
    assert t is not None
    return Block(np.ascontiguousarray(X, dtype=t), y, scale)


def _labels(buf: npt.NDArray[np.uint8], starts: Any, ends: Any, labels: LabelSet) -> Any:
    """The labels ±1 of the label fields, exactly as written in the label set, or None."""
    size = ends - starts
    last = buf[ends - 1]
    first = buf[starts]
    if labels == "01":
        ok = (size == 1) & ((last == ord("0")) | (last == ord("1")))
    else:  # 1, +1 or -1
        ok = (last == ord("1")) & ((size == 1) | ((size == 2) & ((first == 43) | (first == 45))))
    if not ok.all():
        return None
    positive = last == ord("1") if labels == "01" else ~((size == 2) & (first == 45))
    return np.where(positive, 1, -1).astype(np.int8)
