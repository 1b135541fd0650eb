"""The number parser (``numbers.parse_rational``): every spelling of a rational reads to exactly
it, any other text is one InputError, the documented limits are the boundaries.  Also what
every reader's fuzz test shares (issue 7).

Hostile tokens (``NASTY``), exact spellings of generated rationals, and the oracle.  The
oracle reads a number by a route independent of :mod:`perceptron_ref.numbers`
(``decimal.Decimal`` for the digits, a split at ``/`` or ``%`` for a ratio), so a parse
that changes a value disagrees with it.  It does not decide what is accepted (the
spellings strategy does that for valid numbers); it says what an accepted token is worth.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from perceptron_ref.errors import InputError
from perceptron_ref.numbers import MAX_DIGITS, MAX_EXPONENT, parse_rational, to_fraction

__all__ = [
    "NASTY",
    "check_one_line",
    "digits",
    "fields",
    "oracle",
    "rationals",
    "spell",
    "spellings",
    "unlimited_int_digits",
]

BIG = "9" * 5000
"""A 5000-digit integer: past Python's 4300-digit ``int(str)`` limit."""

TEN_K = "0." + "1234567890" * 999 + "1234567891"
"""A 10,000-digit decimal (within MAX_DIGITS: it must be read exactly)."""

NASTY = (
    BIG,
    "-" + BIG,
    BIG + "/7",
    "7/" + BIG,
    TEN_K,
    "-" + TEN_K,
    "1" * MAX_DIGITS,
    "1" * (MAX_DIGITS + 1),
    "1/0",
    "0/0",
    "-0",
    "+0",
    "-0/5",
    "1e308",
    "-1e308",
    "1e-308",
    "1e10000",
    "1e-10000",
    "1e10001",
    "1e" + "9" * 5000,
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "0x10",
    "1_000",
    "1.",
    ".5",
    ".",
    "",
    " ",
    "+",
    "-",
    "e5",
    "1e",
    "1/",
    "/2",
    "1//2",
    "1/2/3",
    "1.5/2",
    "١٢",
    "²",
    "\x00",
    "1\x002",
    "\ufeff1",
    "1 2",
    "+-1",
    "--1",
    " 1 / 2 ",
)
"""Named hostile tokens: huge integers, a 10k-digit decimal, 1/0, -0, 1e308, nan, inf ..."""


@pytest.fixture(autouse=True)
def unlimited_int_digits() -> Iterator[None]:
    """Let Hypothesis print the huge integers these tests make: ``str(int)`` refuses more than
    4300 digits unless told (as ``perceptron_ref.cli.main`` tells it).  Import it into a
    module to apply it there."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(old)


def oracle(token: str) -> Fraction:
    """What a number token is worth, read by Decimal (not by the code under test)."""
    s = token.strip()
    for bar in ("/", "%"):
        if bar in s:
            num, den = s.split(bar)
            return Fraction(Decimal(num.strip())) / Fraction(Decimal(den.strip()))
    return Fraction(Decimal(s))


def digits(n: int) -> str:
    """``str(n)`` for any n (Decimal prints what ``str(int)`` refuses past 4300 digits)."""
    return str(Decimal(n))


def _decimal_places(q: Fraction) -> int | None:
    """k such that q·10**k is an integer, if q has a finite decimal expansion."""
    d = q.denominator
    k2 = (d & -d).bit_length() - 1  # the power of 2 in d
    d, k5 = d >> k2, 0
    for step in (1024, 32, 1):  # powers of 5 by big steps: d may be 10**10000
        while d % 5**step == 0:
            d, k5 = d // 5**step, k5 + step
    return max(k2, k5) if d == 1 else None


def spell(q: Fraction, how: int, pad: str = "") -> str:
    """One of the accepted spellings of q, chosen by ``how`` (taken modulo the choices)."""
    p, d = q.numerator, q.denominator
    P, D, A = digits(p), digits(d), digits(abs(p))
    sign = "-" if p < 0 else ""
    forms = [f"{P}/{D}", f"{digits(-p)}/-{D}", f"{P}/+{D}", f"{P} / {D}"]
    forms.append(f"{digits(2 * p)}/{digits(2 * d)}")
    k = _decimal_places(q)
    if k is not None:
        scaled = digits(abs(p) * 10**k // d)
        padded = scaled.rjust(k + 1, "0")
        whole, frac = padded[: len(padded) - k], padded[len(padded) - k :]
        forms.append(f"{sign}{whole}.{frac}" if k else f"{sign}{whole}")
        forms += [f"{sign}{scaled}e-{k}", f"{sign}{scaled}E-{k}", f"{sign}{scaled}e-0{k}"]
        if k and whole == "0":
            forms.append(f"{sign}.{frac}")
        if d == 1:
            forms += [P, f"{sign}00{A}", f"{sign}{A}.000", f"+{A}" if p >= 0 else P]
            if p % 1000 == 0 and p:
                forms.append(f"{digits(p // 1000)}e3")
    return pad + forms[how % len(forms)] + pad


def rationals() -> st.SearchStrategy[Fraction]:
    """Small and huge rationals, decimals among them, 0 and integers."""
    small = st.fractions(max_denominator=1000).map(lambda q: q.limit_denominator(1000))
    decimal = st.builds(
        lambda n, k: Fraction(n, 10**k), st.integers(-(10**30), 10**30), st.integers(0, 40)
    )
    huge = st.builds(
        lambda n, k: Fraction(n, 10**k),
        st.integers(-(10**6000), 10**6000),
        st.sampled_from([0, 1, 5000, 10_000]),
    )
    ints = st.integers(-10, 10).map(Fraction)
    return st.one_of(ints, ints, small, small, small, decimal, decimal, decimal, huge)  # 1 in 9


def spellings() -> st.SearchStrategy[tuple[Fraction, str]]:
    """(q, text): q written in one of the accepted spellings, maybe padded with blanks."""
    return st.builds(
        lambda q, how, pad: (q, spell(q, how, pad)),
        rationals(),
        st.integers(0, 20),
        st.sampled_from(["", " ", "\t", "  "]),
    )


def fields() -> st.SearchStrategy[str]:
    """One CSV field: an accepted spelling, a named hostile token, or any short text."""
    return st.one_of(
        spellings().map(lambda qs: qs[1]),
        st.sampled_from(NASTY),
        st.text(max_size=8),
        st.text(alphabet="0123456789+-./eE %", max_size=8),
    )


def check_one_line(error: InputError, source: str, lines: int | None = None) -> None:
    """The message is ``source:N: problem`` (N a line of the input) or ``source: problem``,
    on one line, and short enough to read."""
    message = str(error)
    assert message.startswith(f"{source}:"), message
    assert len(message.splitlines()) == 1 and "\n" not in message, message
    assert len(message) < 300 + len(source), message
    assert error.source == source
    if error.line is not None:
        assert message.startswith(f"{source}:{error.line}: ")
        if lines is not None:
            assert 1 <= error.line <= lines, (error.line, lines)
    else:
        assert message.startswith(f"{source}: ")


# --- the number parser ------------------------------------------------------------------


@given(spellings())
@example((Fraction(int(Decimal(BIG))), BIG))
@example((Fraction(int(Decimal(BIG)), 7), BIG + "/7"))
@example((Fraction(int(Decimal(TEN_K[2:])), 10**10_000), TEN_K))
@example((Fraction(0), "-0"))
@example((Fraction(10**308), "1e308"))
@example((Fraction(1, 10**10_000), "1e-10000"))
def test_every_spelling_of_a_rational_parses_to_exactly_it(qs: tuple[Fraction, str]) -> None:
    q, text = qs
    assert oracle(text) == q  # the spelling says q (checked without the parser) ...
    assert parse_rational(text) == q  # ... and the parser reads q
    assert to_fraction(text) == q


@given(st.one_of(st.sampled_from(NASTY), st.text(), fields()))
def test_any_text_is_its_exact_value_or_one_input_error(text: str) -> None:
    try:
        value = parse_rational(text)
    except InputError as error:
        assert error.source is None and error.line is None
        message = str(error)
        assert len(message.splitlines()) == 1 and len(message) < 200, message
        return
    assert value == oracle(text)


@pytest.mark.parametrize(
    "text",
    ["1/0", "0/0", "-7/-0", "nan", "NaN", "inf", "-inf", "Infinity", "0x10", "1_000", "²",
     "\x00", "1\x002", "1e10001", "1e" + "9" * 5000, "1" * (MAX_DIGITS + 1), "+-1", ""],
)  # fmt: skip
def test_hostile_tokens_are_refused(text: str) -> None:
    with pytest.raises(InputError):
        parse_rational(text)


def test_the_documented_limits_are_the_boundaries() -> None:
    assert parse_rational("1" * MAX_DIGITS) == (10**MAX_DIGITS - 1) // 9
    assert parse_rational(f"1e{MAX_EXPONENT}") == 10**MAX_EXPONENT
    assert parse_rational(f"1e-{MAX_EXPONENT}") == Fraction(1, 10**MAX_EXPONENT)
    for text in ("1" * (MAX_DIGITS + 1), f"1e{MAX_EXPONENT + 1}", f"1e-{MAX_EXPONENT + 1}"):
        with pytest.raises(InputError, match=r"too long|exponent beyond"):
            parse_rational(text)


# --- the parser's messages and limits at their boundaries, worked by hand -------------------------
# What a bad field's message quotes (at most 40 characters), the inclusive limits MAX_DIGITS and
# MAX_EXPONENT, and exact values past Python's int() digit guard.


def problem(text: str) -> str:
    with pytest.raises(InputError) as error:
        parse_rational(text)
    return str(error.value)


def test_a_bad_number_is_quoted_whole_up_to_40_characters_and_cut_to_37_and_dots_after() -> None:
    # The message quotes at most 40 characters of the field: a 40-character field whole, a
    # longer one as its first 37 characters and "..." (37 + 3 = 40).
    assert problem("x" * 40) == repr("x" * 40) + " is not a number (integer, decimal or p/q)"
    assert (
        problem("y" * 41) == repr("y" * 37 + "...") + " is not a number (integer, decimal or p/q)"
    )
    assert problem("1/" + "0" * 50).startswith(repr("1/" + "0" * 35 + "..."))


def test_long_integers_parse_exactly_under_pythons_default_digit_guard() -> None:
    # int(str) refuses more than 4300 digits by default (sys.get_int_max_str_digits); the CLI
    # lifts that guard for its own process, so a library caller who never ran the CLI must still
    # get an exact value.  "1" * 5000 / 9 is (10^5000 - 1)/81, and -9 * 5000 is -(10^5000 - 1).
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)  # Python's default
    try:
        assert parse_rational("1" * 5000 + "/9") == Fraction(10**5000 - 1, 81)
        assert parse_rational("-" + "9" * 5000) == -(10**5000 - 1)
    finally:
        sys.set_int_max_str_digits(old)


def test_the_exponent_limit_is_inclusive() -> None:
    # MAX_EXPONENT = 10,000 is the largest |exponent| accepted: 1e10000 is 10^10000 exactly.
    assert parse_rational("1e10000") == 10**MAX_EXPONENT
    assert parse_rational("1E-10000") == Fraction(1, 10**MAX_EXPONENT)
    with pytest.raises(InputError) as caught:
        parse_rational("1e10001")
    assert str(caught.value) == "'1e10001': exponent beyond ±10000"


def test_the_length_limit_is_inclusive() -> None:
    # MAX_DIGITS characters are accepted (after strip); one more is refused, naming both.
    ones = "1" * MAX_DIGITS
    assert parse_rational(f" {ones} ") == (10**MAX_DIGITS - 1) // 9
    with pytest.raises(InputError) as caught:
        parse_rational(ones + "1")
    assert str(caught.value) == f"number too long ({MAX_DIGITS + 1} characters; limit {MAX_DIGITS})"


def test_a_fraction_of_integers_past_python_int_digit_limit_is_exact() -> None:
    # p/q with a 5000-digit p and a 4500-digit q: both past int()'s 4300-digit guard, read
    # exactly all the same (integer(): "of any length up to MAX_DIGITS").
    p, q = -(10**5000 - 1), (10**4500 - 1) // 9
    assert parse_rational("-" + "9" * 5000 + "/" + "1" * 4500) == Fraction(p, q)
    assert parse_rational("1e-" + "0" * 4500 + "3") == Fraction(1, 1000)  # a long exponent


def test_a_zero_denominator_is_refused_and_a_unit_one_is_not() -> None:
    assert parse_rational("-7/1") == -7
    assert parse_rational("6/-4") == Fraction(-3, 2)
    with pytest.raises(InputError) as caught:
        parse_rational("3/0")
    assert str(caught.value) == "'3/0' has a zero denominator"
