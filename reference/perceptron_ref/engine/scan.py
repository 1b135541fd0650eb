"""A compiled scanner of the Coq benchmark's body: one label or one ``p % q`` a line.

Parsing 800,000 integers one ``int()`` call at a time costs more than the whole run of
the engine; this sweep reads them straight from the bytes, and reduces each p/q on the
way.  It accepts a strict subset of what :func:`perceptron_ref.coq.parse_number` accepts
(a sign, 1 to 18 digits, ``%`` or ``/``, blanks around, every line ended by a newline
but the last), so every number it reads has the same value there; on anything else it
answers −1 and the caller falls back to the exact reader.

>>> import numpy as np
>>> buf = np.frombuffer(b"1\\n-2 % 4\\n5/6\\n", dtype=np.uint8)
>>> P, Q, y = np.empty(2, np.int64), np.empty(2, np.int64), np.empty(1, np.int8)
>>> D = np.ones(1, np.int64)
>>> scan(buf, 0, 1, 2, P, Q, y, D) == len(buf), P.tolist(), Q.tolist(), y.tolist(), int(D[0])
(True, [-1, 5], [2, 6], [1], 6)
"""

from __future__ import annotations

from typing import Any

import numba

SPACE, TAB, CR, NEWLINE, PLUS, MINUS, PERCENT, SLASH, ZERO = 32, 9, 13, 10, 43, 45, 37, 47, 48
MAX_DIGITS = 18
"""|v| < 10**18 < 2**63: no number read here can overflow int64."""


@numba.njit(cache=True)
def _blanks(buf: Any, pos: int) -> int:
    while pos < len(buf) and (buf[pos] == SPACE or buf[pos] == TAB or buf[pos] == CR):
        pos += 1
    return pos


@numba.njit(cache=True)
def _end_of_line(buf: Any, pos: int) -> int:
    """After trailing blanks: the next line's start, or −1 if the line goes on."""
    pos = _blanks(buf, pos)
    if pos == len(buf):
        return pos
    return pos + 1 if buf[pos] == NEWLINE else -1


@numba.njit(cache=True)
def _number(buf: Any, pos: int) -> tuple[int, int]:
    """(value, position after it and the blanks that follow), position −1 if malformed."""
    pos = _blanks(buf, pos)
    sign = 1
    if pos < len(buf) and (buf[pos] == PLUS or buf[pos] == MINUS):
        sign = -1 if buf[pos] == MINUS else 1
        pos += 1
    first, value = pos, 0
    while pos < len(buf) and ZERO <= buf[pos] <= ZERO + 9:
        value = value * 10 + (buf[pos] - ZERO)
        pos += 1
    if pos == first or pos - first > MAX_DIGITS:
        return 0, -1
    return sign * value, _blanks(buf, pos)


@numba.njit(cache=True)
def _scan(buf: Any, pos: int, n: int, d: int, P: Any, Q: Any, y: Any, D: Any) -> int:
    for i in range(n):
        pos = _blanks(buf, pos)
        if pos >= len(buf) or (buf[pos] != ZERO and buf[pos] != ZERO + 1):
            return -1
        y[i] = 1 if buf[pos] == ZERO + 1 else -1
        pos = _end_of_line(buf, pos + 1)
        for j in range(d):
            if pos < 0:
                return -1
            p, pos = _number(buf, pos)
            if pos < 0 or pos >= len(buf) or (buf[pos] != PERCENT and buf[pos] != SLASH):
                return -1
            q, pos = _number(buf, pos + 1)
            if pos < 0 or q == 0:
                return -1
            a, b = abs(p), abs(q)
            while b:  # Euclid: p/q in lowest terms, denominator positive
                a, b = b, a % b
            g = a if q > 0 else -a
            p, q = p // g, q // g
            P[i * d + j], Q[i * d + j] = p, q
            if D[0] % q:  # D = lcm of the denominators so far, while it stays below 2**62
                a, b = D[0], q
                while b:
                    a, b = b, a % b
                if D[0] // a > 2**62 // q:
                    return -1  # the lcm would pass 2**62
                D[0] = D[0] // a * q
            pos = _end_of_line(buf, pos)
        if pos < 0:
            return -1
    return pos


def scan(buf: Any, pos: int, n: int, d: int, P: Any, Q: Any, y: Any, D: Any) -> int:
    """Read n vectors (a label line, then d lines ``p % q``) from ``buf[pos:]`` into P, Q
    (n·d each, p/q reduced, q > 0), y (±1) and D[0] (the lcm of the q, D[0] = 1 on entry);
    the position after them, or −1 (also when the lcm outgrows int64)."""
    return int(_scan(buf, pos, n, d, P, Q, y, D))
