"""Fuzzing the Coq benchmark readers: ``coq.parse_coq``/``read_coq`` and the engine's
fast reader ``engine.coq.read_coq_scaled`` (issue 7).

A file either reads to exactly what its numbers say (the Decimal oracle, ``p % q`` and
``p/q`` split by hand) or ends in one InputError ``FILE:LINE: problem``; the fast reader
(one compiled sweep over ``p % q`` lines) must give the exact reader's values or its very
error, on every input, hostile headers included (n = 10**18, a 5000-digit n, ``²``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from perceptron_ref.coq import LABELS, parse_coq, read_coq
from perceptron_ref.data import DataSet
from perceptron_ref.engine.coq import read_coq_scaled
from perceptron_ref.errors import InputError
from tests.test_fuzz_csv import bad_byte_line, python_lines
from tests.test_fuzz_numbers import (
    BIG,
    NASTY,
    TEN_K,
    check_one_line,
    digits,
    oracle,
    rationals,
    spellings,
    unlimited_int_digits,
)

__all__ = ["unlimited_int_digits"]

SOURCE = "fuzz.dat"
HOSTILE_COUNTS = ("0", "-1", "+1", "1.0", "²", "١", BIG, "1" + "0" * 18, "", "x", " 2 ")


def percent(q: Fraction, how: int) -> str:
    """q as their printer writes it, ``p % q``, in one of a few blank layouts."""
    p, d = digits(q.numerator), digits(q.denominator)
    return (f"{p} % {d}", f"{p}%{d}", f" {p} %  {d}\t", f"{p} / {d}")[how % 4]


@st.composite
def coq_lines(draw: st.DrawFn) -> list[str]:
    """A benchmark file's lines: half of them valid (mostly ``p % q`` features, blank lines,
    CRLF), half with hostile counts, labels and numbers, too few or too many lines."""
    clean = draw(st.booleans())
    n, d = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    small = st.fractions(max_denominator=50).map(lambda q: q.limit_denominator(50))

    def feature() -> str:
        which = draw(st.integers(0, 9))
        if which < 6:
            return percent(draw(small if which < 5 else rationals()), draw(st.integers(0, 3)))
        if which < 8 or clean:
            return draw(spellings())[1]
        return draw(st.one_of(st.sampled_from(NASTY), st.text(max_size=6)))

    def count(k: int) -> str:
        return str(k) if clean or draw(st.integers(0, 4)) else draw(st.sampled_from(HOSTILE_COUNTS))

    lines = [count(n), count(d)]
    for _ in range(n if clean else draw(st.integers(max(0, n - 1), n + 1))):
        label = draw(st.sampled_from(("0", "1")))
        lines.append(label if clean or draw(st.integers(0, 9)) else draw(st.text(max_size=3)))
        lines += [feature() for _ in range(d)]
    if not clean and draw(st.booleans()):
        del lines[draw(st.integers(0, len(lines) - 1))]  # a line too few
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(("", " ", "\t"))))
    end = draw(st.sampled_from(("\n", "\r\n", "\r")))
    text = [line + end for line in lines]
    if draw(st.booleans()):
        text[-1] = lines[-1]  # no line end after the last number
    if draw(st.integers(0, 4)) == 0:
        text[0] = "\ufeff" + text[0]
    return text


def expected(lines: list[str]) -> DataSet:
    """What ``parse_coq`` must return for lines it accepts: each value by the oracle."""
    numbered = [(k, t.strip()) for k, t in enumerate(lines, 1) if t.strip()]
    n, d = int(numbered[0][1]), int(numbered[1][1])
    X, y, where = [], [], []
    for j in range(n):
        line, label = numbered[2 + j * (d + 1)]
        features = numbered[3 + j * (d + 1) : 3 + j * (d + 1) + d]
        X.append(tuple(oracle(t) for _, t in features))
        y.append(LABELS[label])
        where.append(line)
    assert len(numbered) == 2 + n * (d + 1)
    return DataSet(tuple(X), tuple(y), tuple(where), SOURCE)


def check_lines(lines: list[str]) -> DataSet | InputError:
    """parse_coq: exactly the oracle's values, or one error at the first bad line."""
    try:
        data = parse_coq(lines, source=SOURCE)
    except InputError as error:
        check_one_line(error, SOURCE, len(lines))
        if error.line is not None:  # every line before it is fine (the file only ends early)
            try:
                parse_coq(lines[: error.line - 1], source=SOURCE)
            except InputError as before:
                assert before.problem.startswith("the file ends"), before
        else:
            assert error.problem.startswith("the file ends"), error
        return error
    assert data == expected(lines)
    return data


@given(coq_lines())
@example(["2\n", "2\n", "1\n", "1 % 2\n", "-1.3\n", "0\n", "-3/4\n", "2"])
@example(["\ufeff1\r\n", "\r\n", "1\r\n", "1\r\n", f"{BIG} % 7\r\n"])
@example(["1\n", "2\n", "1\n", f"{TEN_K}\n", "1e308\n"])
@example(["1\n", "1\n", "1\n", "1 % 0\n"])
@example(["1\n", "1\n", "1\n", "nan\n"])
@example(["1\n", "1\n", "2\n", "-0\n"])  # a label that is neither 0 nor 1
@example(["1\n", "1\n", "1\n", "1\n", "1\n"])  # one number too many
@example(["²\n", "1\n", "1\n", "1\n"])
@example([BIG + "\n", "1\n", "1\n", "1\n"])
@example([])
@example(["\n", " \n"])
def test_coq_lines_read_exactly_or_fail_at_the_first_bad_line(lines: list[str]) -> None:
    check_lines(lines)


def scaled_outcome(path: Path) -> object:
    """read_coq_scaled's data as exact rows and labels, or its error text."""
    try:
        s = read_coq_scaled(path)
    except InputError as error:
        return str(error)
    rows = tuple(tuple(Fraction(int(v), s.scale) for v in row) for row in s.X.tolist())
    return rows, tuple(int(v) for v in s.y.tolist())


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-coq")


@st.composite
def coq_bytes(draw: st.DrawFn) -> bytes:
    """A file's bytes: benchmark text, maybe with bytes that are not UTF-8 (or NUL)."""
    data = bytearray("".join(draw(coq_lines())).encode("utf-8"))
    for _ in range(draw(st.sampled_from((0, 0, 0, 1, 2)))):
        at = draw(st.integers(0, len(data)))
        data[at:at] = draw(st.sampled_from((b"\xff", b"\xc3", b"\x00", b"\n", b"%")))
    return bytes(data)


@given(st.one_of(coq_bytes(), st.binary(max_size=40)))
@example(b"2\n2\n1\n1 % 2\n-3 % 4\n0\n-3/9\n2 % 1\n")  # the fast path, and the exact one
@example(b"1\n1\n1\n1 % 2")
@example(b"1000000000000000000\n1\n1\n1 % 2\n")  # n = 10**18: no array of that size
@example(b"999999999\n999999999\n1\n1 % 2\n")
@example(BIG.encode() + b"\n1\n1\n1 % 2\n")
@example(b"1\n1\n1\n" + b"9" * 19 + b" % 1\n")  # past int64: the exact reader's ints
@example(b"1\n1\n1\n1 % 0\n")
@example(b"\xef\xbb\xbf1\r\n1\r\n0\r\n-5 % 10\r\n")
@example(b"1\n1\n1\n1 \xff% 2\n")
@example(b"1\n1\n1\n1 %\x00 2\n")
@example(b"")
def test_both_readers_read_file_bytes_as_pythons_reader_reads_them(
    folder: Path, data: bytes
) -> None:
    path = folder / SOURCE
    path.write_bytes(data)
    lines = python_lines(data)
    try:
        exact: DataSet | InputError = read_coq(path)
    except InputError as error:
        exact = error
        check_one_line(error, str(path))
    if lines is not None:  # UTF-8: exactly parse_coq on Python's lines
        try:
            want: object = parse_coq(lines, source=str(path))
        except InputError as error:
            want = str(error)
        assert (str(exact) if isinstance(exact, InputError) else exact) == want
        check_lines(lines)
    else:
        assert isinstance(exact, InputError) and exact.line is not None
        bad = bad_byte_line(data)
        assert exact.line <= bad and ("not UTF-8" in exact.problem) == (exact.line == bad)
    if isinstance(exact, InputError):
        assert scaled_outcome(path) == str(exact)  # the fast reader fails as the exact one
    else:
        assert scaled_outcome(path) == (exact.X, exact.y)


TOO_BIG = "n must be a positive integer below 10**18"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", ": the file ends before the number of vectors n"),
        (b"\xef\xbb\xbf\n", ": the file ends before the number of vectors n"),
        (b"\xc2\xb2\n1\n", ":1: n must be a positive integer, got '\xb2'"),
        (BIG.encode() + b"\n1\n", f":1: {TOO_BIG}, got '99999999999999999...'"),
        (b"1000000000000000000\n1\n1\n1 % 2\n", f":1: {TOO_BIG}, got '1000000000000000000'"),
        (b"2\n1\n1\n1 % 2\n", ":4: the file ends after 1 of 2 vectors"),
        (b"1\n1\n1\n1 % 0\n", ":4: '1 % 0' has a zero denominator"),
        (b"1\n1\n1\nnan\n", ":4: 'nan' is not a number (integer, decimal or p/q)"),
        (b"1\n1\n-1\n1\n", ":3: label '-1' is not 0 or 1"),
        (b"1\n1\n1\n1\n1\n", ":5: more numbers than the n = 1 vectors hold"),
        (b"1\n1\n1\n1 \xff% 2\n", ":4: not UTF-8 text (byte 0xff at byte 3)"),
        (b"1\n1\n1\n1 %\x00 2\n", ":4: '1 %\\x00 2' is not a number (integer, decimal or p/q)"),
    ],
)  # fmt: skip
def test_named_hostile_files_end_in_one_exact_line(
    folder: Path, content: bytes, message: str
) -> None:
    path = folder / "named.dat"
    path.write_bytes(content)
    with pytest.raises(InputError) as error:
        read_coq(path)
    assert str(error.value) == f"{path}{message}"
    with pytest.raises(InputError) as fast:
        read_coq_scaled(path)
    assert str(fast.value) == str(error.value)


def test_huge_numbers_are_read_exactly_by_both_readers(folder: Path) -> None:
    path = folder / "huge.dat"
    path.write_text(f"1\r\n3\r\n1\r\n{BIG} % 7\r\n{TEN_K}\r\n-1e308\r\n", encoding="utf-8")
    data = read_coq(path)
    assert ((oracle(BIG + "/7"), oracle(TEN_K), -(Fraction(10) ** 308)),) == data.X
    assert data.X[0][1].denominator == 10**10_000
    assert scaled_outcome(path) == (data.X, data.y)
