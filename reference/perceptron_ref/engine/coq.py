"""A fast reader of the Coq benchmark format, straight to scaled integers.

The format is :mod:`perceptron_ref.coq`'s (one number a line: n, d, then each vector's
label 0/1 and its d features).  This reader parses the whole file at once with numpy
(:mod:`~perceptron_ref.engine.tokens`): it checks the layout (n·(d + 1) lines, a label
``0``/``1`` every d + 1 lines), reads every feature (``p % q``, ``p/q``, an integer or a
decimal) as a numerator and a denominator, and scales them by the lcm D of the
denominators as written (a multiple of the exact reader's, which reduces them first: the
same rationals): the :class:`~perceptron_ref.engine.scaled.Scaled` data the engine runs
on, with no Fraction built and no numba loaded.  Any other file (an exponent, a malformed or
missing line, numbers that need Python integers once scaled) goes to the exact reader
:func:`perceptron_ref.coq.read_coq`, which gives the same data or the same one-line error:
this reader never decides a file is bad on its own.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.dat"
>>> _ = path.write_text("2\\n2\\n1\\n1 % 2\\n-3 % 4\\n0\\n-3/9\\n2.5\\n")
>>> s = read_coq_scaled(path)
>>> s.X.tolist(), s.y.tolist(), s.scale  # -3/9 as written: D = lcm(2, 4, 9, 10)
([[90, -135], [-60, 450]], [1, -1], 180)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from perceptron_ref.coq import read_coq
from perceptron_ref.engine.scaled import Scaled, from_rows, narrowest
from perceptron_ref.engine.tokens import fields, integers, lcm, normalized, rationals, view


def read_coq_scaled(path: str | Path) -> Scaled:
    """The file's examples as scaled integers (exactly what ``read_coq`` reads, times D)."""
    try:  # a pipe (not a regular file) can be read once: by the exact, line-bounded reader
        data = Path(path).read_bytes() if Path(path).is_file() else b""
    except OSError:
        data = b""  # read_coq raises the one-line error
    fast = _fast(data.removeprefix(b"\xef\xbb\xbf"))
    if fast is not None:
        return fast
    exact = read_coq(path)
    return from_rows(exact.X, exact.y)


def _fast(data: bytes) -> Scaled | None:
    """The whole file in a few array operations, or None for anything unusual."""
    first = data.find(b"\n")
    second = data.find(b"\n", first + 1)
    header = (data[:first], data[first + 1 : second])
    if first < 0 or second < 0 or not all(_count(h) for h in header):
        return None  # bytes.isdigit: ASCII digits only, as the exact reader wants
    n, d = int(header[0]), int(header[1])
    if n * (d + 1) * 2 > len(data) - second:
        return None  # each line takes 2 bytes or more: the arrays fit the file
    # As published: "p % q" lines, read from the file's bytes themselves (no copy).
    found = _ratios(*view(data, second + 1), n, d, b"%", b" " in data)
    if found is None:  # blanks elsewhere, blank lines, CRLF, p/q: all made "p/q" first
        text = normalized(data[second + 1 :].replace(b"%", b"/"), b"/", False)
        if text is None:
            return None
        buf, start = view(text, 0)
        found = _ratios(buf, start, n, d, b"/", False) if text.count(b"/") == n * d else None
        found = found if found is not None else _any(buf, start, n, d)
        if found is None:
            return None
    X, q, y = found
    D = lcm(q) if q is not None else 1  # as written: a multiple of the exact reader's D
    if q is not None:
        if D >= 2**63 or int(np.abs(X).max()) * (D // int(q.min())) >= 2**63:
            return None  # the scaled data need Python ints: the exact path builds them
        X = X * (D // q)
    t = narrowest(int(X.min()), int(X.max()))
    assert t is not None
    return Scaled(np.ascontiguousarray(X, dtype=t), y, D)


Found = tuple[Any, Any, Any]
"""(p, q or None, y): numerators and denominators (n × d), labels ±1."""


def _ratios(buf: Any, start: int, n: int, d: int, mark: bytes, blanks: bool) -> Found | None:
    """A label line, then d lines ``p MARK q`` (with ``blanks``, one blank allowed either
    side of the mark, as the published files write ``p % q``) from ``buf[start:]``, read as
    one table of integers; None if the file is not that."""
    starts, ends = fields(buf, mark, start)
    if len(ends) != n * (2 * d + 1):
        return None
    pattern = np.array([ord("\n")] + [mark[0], ord("\n")] * d, dtype=np.uint8)
    if not (np.take(buf, ends).reshape(n, 2 * d + 1) == pattern).all():
        return None  # not one label line and d lines p/q a vector
    if blanks:  # "p % q": p's field ends in a blank, q's begins with one
        before, after = ends.reshape(n, 2 * d + 1)[:, 1::2], starts.reshape(n, 2 * d + 1)[:, 2::2]
        before -= np.take(buf, before - 1) == ord(" ")
        after += np.take(buf, after) == ord(" ")
    values = integers(buf, starts, ends)  # any other blank is not a digit: None
    if values is None:
        return None
    table = values.reshape(n, 2 * d + 1)
    p, q, label = table[:, 1::2], table[:, 2::2], table[:, 0]
    length = (ends - starts).reshape(n, 2 * d + 1)[:, 0]
    if (length != 1).any() or ((label != 0) & (label != 1)).any() or (q <= 0).any():
        return None  # a label that is not 0 or 1, or a denominator ≤ 0: the general path
    return p, q, np.where(label == 1, 1, -1).astype(np.int8)


def _any(buf: Any, start: int, n: int, d: int) -> Found | None:
    """Any mix of ``p/q``, integers and decimals on the feature lines."""
    starts, ends = fields(buf, b"", start)
    if len(ends) != n * (d + 1):
        return None  # lines missing or left over: the exact reader says where
    at = ends.reshape(n, d + 1)
    label = np.take(buf, at[:, 0] - 1)
    if ((at[:, 0] - starts.reshape(n, d + 1)[:, 0]) != 1).any() or (
        (label != ord("0")) & (label != ord("1"))
    ).any():
        return None
    values = rationals(buf, starts.reshape(n, d + 1)[:, 1:].ravel(), at[:, 1:].ravel())
    if values is None:
        return None
    p, q = values
    return (p.reshape(n, d), None if q is None else q.reshape(n, d),
            np.where(label == ord("1"), 1, -1).astype(np.int8))  # fmt: skip


def _count(header: bytes) -> bool:
    """Is this header line a count the exact reader takes (1 to 18 ASCII digits, ≥ 1)?"""
    h = header.strip()
    return h.isdigit() and len(h) <= 18 and int(h) >= 1
