"""Exact conversion of numbers given as text or by a Python caller.

Text is parsed exactly: ``"0.1"`` is 1/10, ``"2/3"`` is 2/3, ``"1.5e3"`` is 1500.
A float given by a caller becomes its exact binary value (``0.1`` is
3602879701896397/36028797018963968), never a rounded decimal: that is the number the
caller's machine actually holds.  NaN, infinities, booleans and anything else raise
:class:`~perceptron_ref.errors.InputError`; nothing is silently coerced.

>>> parse_rational("0.1")
Fraction(1, 10)
>>> parse_rational("-3/6")
Fraction(-1, 2)
>>> to_fraction(0.5), to_fraction(3)
(Fraction(1, 2), Fraction(3, 1))
>>> to_fraction(0.1)
Fraction(3602879701896397, 36028797018963968)
"""

from __future__ import annotations

import math
import numbers
import re
from decimal import Decimal
from fractions import Fraction

from perceptron_ref.errors import InputError

MAX_EXPONENT = 10_000
"""Largest |exponent| accepted in ``1e…`` notation: 10**10000 has 10,001 digits, and a
larger exponent would let one short field exhaust memory."""

MAX_DIGITS = 100_000
"""Longest number accepted, in characters (a 100,000-digit numerator is already far
beyond any data set; the limit keeps one line from exhausting memory)."""

# Digits, then an optional "." and digits: not \d+\.?\d*, whose two runs of digits split a
# digit string n ways, each retried to the end (quadratic: 4 minutes for 100,000 digits and x).
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE](?P<exp>[+-]?\d+))?")
_RATIO = re.compile(r"(?P<num>[+-]?\d+)\s*/\s*(?P<den>[+-]?\d+)")


def parse_rational(text: str) -> Fraction:
    """Parse an integer, a decimal, a decimal with exponent, or a fraction ``p/q``, exactly.

    >>> parse_rational("1" * 5000 + "/9") == Fraction(10**5000 - 1, 81)  # past int()'s 4300
    True
    """
    s = text.strip()
    if len(s) > MAX_DIGITS:
        raise InputError(f"number too long ({len(s)} characters; limit {MAX_DIGITS})")
    shown = s if len(s) <= 40 else s[:37] + "..."
    if m := _RATIO.fullmatch(s):
        den = integer(m["den"])
        if den == 0:
            raise InputError(f"{shown!r} has a zero denominator")
        return Fraction(integer(m["num"]), den)
    if m := _DECIMAL.fullmatch(s):
        if m["exp"] is not None and abs(integer(m["exp"])) > MAX_EXPONENT:
            raise InputError(f"{shown!r}: exponent beyond ±{MAX_EXPONENT}")
        return Fraction(Decimal(s))
    raise InputError(f"{shown!r} is not a number (integer, decimal or p/q)")


def integer(digits: str) -> int:
    """``int(digits)`` for a signed run of digits of any length up to :data:`MAX_DIGITS`.

    Python's ``int(str)`` refuses more than 4300 digits (``sys.get_int_max_str_digits``, a
    guard against quadratic time); past that, the exact conversion goes through Decimal,
    whose constructor and ``int()`` have no such limit (MAX_DIGITS bounds the time).

    >>> integer("-" + "9" * 5000) == -(10**5000 - 1)
    True
    """
    return int(digits) if len(digits) <= 4000 else int(Decimal(digits))


def to_fraction(value: object) -> Fraction:
    """Convert a caller's number exactly: ints, Fractions, Decimals, floats, numpy scalars, text."""
    if isinstance(value, bool):
        raise InputError(f"{value!r} is a boolean, not a number")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, str):
        return parse_rational(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise InputError(f"{value!r} is not a finite number")
        return Fraction(value)
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real):
        f = float(value)  # numpy float16/32/64 widen to float64 exactly
        if not math.isfinite(f):
            raise InputError(f"{value!r} is not a finite number")
        return Fraction(f)
    raise InputError(f"{value!r} ({type(value).__name__}) is not a real number")


def to_label(value: object) -> int:
    """A label must equal −1 or +1 exactly (``1``, ``-1``, ``1.0``, ``numpy.int8(-1)`` ...)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and value in (-1, 1):
        return 1 if value == 1 else -1
    raise InputError(f"label {value!r} is not -1 or 1")
