"""Numbers read straight from a file's bytes, all at once, by numpy: the fast readers' parser.

A *field* is a slice ``buf[start:end]`` of a byte array; this module reads millions of
them with a few whole-array operations and no Python loop, and accepts a strict subset of
what :func:`perceptron_ref.numbers.parse_rational` reads, with the same value:
``[+-]digits``, ``[+-]digits.digits`` (either side may be empty, not both) and
``[+-]digits/[+-]digits``, at most 18 digits a side.  Anything else (an exponent, blanks
inside a field, a zero denominator, more digits) makes :func:`rationals` answer None, and
the reader falls back to the exact one, which reads the same values or names the problem.

Digits are read 8 at a time: the 8 bytes ending a run of digits, as one little-endian
64-bit word, with the bytes before the run replaced by ``0``, give the run's value in
three multiplications (Lemire's SWAR technique).

>>> buf = padded(b"12,-3.25,+7/-4,.5,")
>>> starts, ends = fields(buf, b",")
>>> p, q = rationals(buf, starts, ends)
>>> p.tolist(), q.tolist()
([12, -325, -7, 5], [1, 100, 4, 10])
>>> rationals(*(lambda b: (b, *fields(b, b",")))(padded(b"3,-40,")))  # integers: q = 1
(array([  3, -40]), None)
>>> rationals(*(lambda b: (b, *fields(b, b",")))(padded(b"1e3,")))  # not in the subset
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]

PAD = 8
"""Bytes of ``0`` put before the data, so that every 8-byte window lies inside the array."""

MAX_DIGITS = 18
"""Digits a side of a number (|p| < 10**18 < 2**63): three 8-digit words at most."""

PLUS, MINUS, DOT, SLASH, ZERO = (ord(c) for c in "+-./0")
ASCII_ZEROS = np.uint64(0x3030303030303030)
KEEP = np.array([0] + [(2**64 - 1) ^ (2 ** (8 * (8 - n)) - 1) for n in range(1, 9)],
                dtype=np.uint64)  # fmt: skip
"""KEEP[n]: the top n bytes of a word (its last n characters)."""
KEEP4 = np.array([0] + [(2**32 - 1) ^ (2 ** (8 * (4 - n)) - 1) for n in range(1, 5)],
                 dtype=np.uint32)  # fmt: skip
POWERS = 10 ** np.arange(19, dtype=np.int64)


def padded(data: bytes) -> npt.NDArray[np.uint8]:
    """The bytes as a uint8 array, after :data:`PAD` bytes of ``0``."""
    return np.frombuffer(b"0" * PAD + data, dtype=np.uint8)


def view(data: bytes, start: int) -> tuple[npt.NDArray[np.uint8], int]:
    """(buf, start): ``data[start:]`` as a uint8 array whose fields begin at ``start``, with
    :data:`PAD` readable bytes before them: ``data`` itself, not copied, when it has them
    and ends in a newline; else a padded copy."""
    if start >= PAD and data.endswith(b"\n"):
        return np.frombuffer(data, dtype=np.uint8), start
    tail = data[start:]
    return padded(tail if tail.endswith(b"\n") else tail + b"\n"), PAD


def normalized(chunk: bytes, separators: bytes, comments: bool) -> bytes | None:
    """Whole lines of text with what the exact readers strip taken out: blanks around the
    separators and line ends, ``\\r\\n`` line ends, blank lines and (``comments``) lines
    starting with ``#``; None if a lone ``\\r`` ends a line (the exact readers read it)."""
    if b"\r" in chunk:
        chunk = chunk.replace(b"\r\n", b"\n")
        if b"\r" in chunk:
            return None
    if comments and b"#" in chunk:
        chunk = re.sub(rb"(?m)^[ \t]*#[^\n]*\n", b"", chunk)
    if b" " in chunk or b"\t" in chunk:
        around = re.escape(separators + b"\n")
        chunk = re.sub(rb"[ \t]*([" + around + rb"])[ \t]*", rb"\1", chunk).lstrip(b" \t")
    if b"\n\n" in chunk or chunk.startswith(b"\n"):
        chunk = re.sub(rb"\n\n+", b"\n", chunk).lstrip(b"\n")
    return chunk


def fields(buf: npt.NDArray[np.uint8], separators: bytes, start: int = PAD) -> tuple[Array, Array]:
    """(starts, ends) of the fields of ``buf[start:]``, split at each separator and newline
    (``start`` ≥ :data:`PAD`: the bytes before are read, never used).  Few fresh arrays:
    memory touched for the first time costs more here than the comparisons."""
    body = buf[start:]
    cut = body == ord("\n")
    if separators:
        other = np.empty_like(cut)
        for c in separators:
            cut |= np.equal(body, c, out=other)
    ends = np.flatnonzero(cut)
    ends += start
    starts = np.empty_like(ends)
    if len(ends):
        starts[0] = start
        np.add(ends[:-1], 1, out=starts[1:])
    return starts, ends


def digits(buf: npt.NDArray[np.uint8], ends: Array, count: Array) -> Array | None:
    """The values of the runs of ``count`` digits (0 to 18) ending before ``ends``, or None
    if a byte of a run is not an ASCII digit."""
    top = int(count.max(initial=0))
    if top <= 4:  # short numbers (pixels): half the width, twice as fast
        return _swar(buf, ends, count, 4)
    value = _swar(buf, ends, np.minimum(count, 8), 8)
    for word in range(1, (top + 7) // 8):  # the next 8 digits up, and the next
        more = _swar(buf, ends - 8 * word, np.clip(count - 8 * word, 0, 8), 8)
        if value is None or more is None:
            return None
        value += more * 10 ** (8 * word)
    return value


def _swar(buf: npt.NDArray[np.uint8], ends: Array, count: Array, size: int) -> Array | None:
    """Runs of at most ``size`` (4 or 8) digits, one little-endian word each.  In place
    where it can be: each temporary array is memory the kernel must first touch."""
    kind: Any = np.uint32 if size == 4 else np.uint64
    ones = 0x01010101 if size == 4 else 0x0101010101010101
    words = np.ndarray((len(buf) - size + 1,), dtype=kind, buffer=buf, strides=(1,))
    keep: Any = np.take(KEEP4 if size == 4 else KEEP, count)
    # np.take copies the (strided) words first, then gathers twice as fast as words[i]:
    # worth it when the numbers are dense in the bytes (a CSV), not when sparse (Coq files)
    dense = 4 * len(ends) > len(buf)
    w: Any = np.take(words, ends - size) if dense else words[ends - size]
    w &= keep
    np.invert(keep, out=keep)
    keep &= kind(0x30 * ones)
    w |= keep  # the bytes before the run: "0"s
    t = np.add(w, kind(0x06 * ones), out=keep)  # Lemire's test: every byte 0x30..0x39
    t &= kind(0xF0 * ones)
    t >>= kind(4)
    t |= w & kind(0xF0 * ones)
    if not (t == kind(0x33 * ones)).all():
        return None  # a byte is not an ASCII digit
    w -= kind(0x30 * ones)
    v = w * kind(10)
    w >>= kind(8)
    v += w  # pairs of digits: 10·a + b in every other byte
    if size == 4:
        low = v & kind(0xFF)
        low *= kind(100)
        v >>= kind(16)
        v &= kind(0xFF)
        v += low
    else:
        low = v & kind(0x000000FF000000FF)
        low *= kind(100 + (1000000 << 32))
        v >>= kind(16)
        v &= kind(0x000000FF000000FF)
        v *= kind(1 + (10000 << 32))
        v += low
        v >>= kind(32)
    value: Array = v.astype(np.int64)
    return value


def integers(buf: npt.NDArray[np.uint8], starts: Array, ends: Array) -> Array | None:
    """The values of fields ``[+-]digits`` (1 to 16 digits), or None if a field is not one."""
    first = np.take(buf, starts)
    signed = (first == MINUS) | (first == PLUS)
    count = ends - starts - signed
    if len(count) and (int(count.min()) < 1 or int(count.max()) > MAX_DIGITS):
        return None
    p = digits(buf, ends, count)
    if p is not None:
        np.negative(p, out=p, where=first == MINUS)
    return p


def rationals(
    buf: npt.NDArray[np.uint8], starts: Array, ends: Array
) -> tuple[Array, Array | None] | None:
    """(p, q) with p/q the value of each field, q > 0, not reduced (``0.50`` is 50/100);
    q None when every field is an integer (q = 1).  None if a field is outside the subset
    read here (see the module docstring)."""
    slash, dot = _marks(buf, starts, ends, SLASH), _marks(buf, starts, ends, DOT)
    if slash is None or dot is None:
        return None
    slashed, dotted = slash >= 0, dot >= 0
    if (slashed & dotted).any():
        return None
    first = np.take(buf, starts)
    begin = starts + ((first == MINUS) | (first == PLUS))
    top = np.where(slashed, slash, np.where(dotted, dot, ends))
    whole = top - begin  # digits of p, or of the integer part
    fraction = np.where(dotted, ends - dot - 1, 0)
    if len(ends) and (whole.min() < 0 or whole.max() > MAX_DIGITS or fraction.max() > MAX_DIGITS
                      or ((whole + fraction) < 1).any()):  # fmt: skip
        return None
    p = digits(buf, top, whole)
    if p is None:
        return None
    q: Array | None = None
    if dotted.any():
        if (whole + fraction).max() > 18:
            return None  # p·10**f + fraction would not fit int64
        below = digits(buf, ends, fraction)
        if below is None:
            return None
        p, q = p * POWERS[fraction] + below, POWERS[fraction]
    if slashed.any():
        after = np.where(slashed, slash + 1, ends)  # where q begins
        q_first = np.take(buf, after)
        q_signed = slashed & ((q_first == MINUS) | (q_first == PLUS))
        q_count = np.where(slashed, ends - after - q_signed, 0)
        if q_count.max() > MAX_DIGITS or (slashed & (q_count < 1)).any():
            return None
        denominators = digits(buf, ends, q_count)
        if denominators is None or (slashed & (denominators == 0)).any():
            return None  # not a number, or a zero denominator: the exact reader's error
        q = np.where(slashed, denominators, 1 if q is None else q)
        np.negative(p, out=p, where=slashed & (q_first == MINUS))
    np.negative(p, out=p, where=first == MINUS)
    return p, q


def lcm(q: Array) -> int:
    """The lcm of positive integers (a Python int: it may pass int64).  ``np.unique`` would
    import numpy.ma, which takes longer than the whole of a small run."""
    values = q.ravel()
    top = int(values.max(initial=1))
    if top < 2**16:  # denominators of a few digits: which ones occur, by counting
        distinct = np.flatnonzero(np.bincount(values, minlength=1)).tolist()
    else:
        order = np.sort(values)
        distinct = order[np.concatenate(([True], order[1:] != order[:-1]))].tolist()
    return math.lcm(*distinct)


def _marks(buf: npt.NDArray[np.uint8], starts: Array, ends: Array, mark: int) -> Array | None:
    """Per field, the position of its one ``mark`` byte, or −1; None if a field has two."""
    first = int(starts[0]) if len(starts) else len(buf)  # the bytes before are not fields
    at = np.flatnonzero(buf[first:] == mark)
    at += first
    where = np.full(len(ends), -1, dtype=np.int64)
    if len(at):
        owner = np.searchsorted(ends, at)  # the field each mark lies in (before its end)
        if (np.diff(owner) == 0).any() or owner[-1] >= len(ends):
            return None
        where[owner] = at
    return where
