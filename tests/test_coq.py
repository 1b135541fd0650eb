"""The Coq benchmark format: the readers (``coq.parse_coq``/``read_coq`` and the engine's fast
reader ``engine.coq.read_coq_scaled``) and the verified implementation's run.

The reader on small files written here, and fuzzed (issue 7): a file either reads to exactly
what its numbers say (the Decimal oracle, ``p % q`` and ``p/q`` split by hand) or ends in one
InputError ``FILE:LINE: problem``; the fast reader (one compiled sweep over ``p % q`` lines)
must give the exact reader's values or its very error, on every input, hostile headers
included (n = 10**18, a 5000-digit n, ``²``).

The verified implementation's run (``run perceptron/gormley-online FILE --input-format coq
--epochs converge``) on the benchmark data in ``../shared`` when present, checked against facts
that do not come from the run: the final w classifies every example with y·⟨w, x⟩ > 0, every
pass but the last made a mistake, and the pass count measured for their implementation.

The messages and limits, worked by hand: a ``p % q`` number of up to MAX_DIGITS characters, a
zero denominator quoted briefly (40 characters, else 37 and "..."), the header's n and d
(positive integers of at most 18 digits), a bad label's first 20 characters."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.cli import main
from perceptron_ref.coq import LABELS, parse_coq, parse_number, read_coq
from perceptron_ref.data import DataSet, parse_csv
from perceptron_ref.engine.coq import read_coq_scaled
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import MAX_DIGITS
from perceptron_ref.vectors import Vector, dot
from tests.helpers import problem
from tests.test_csv_reader import bad_byte_line, python_lines
from tests.test_numbers import (
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

BENCH = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "coq-perceptron"


def write(tmp_path: Path, text: str, name: str = "data.dat") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_number_form_is_read_exactly(tmp_path: Path) -> None:
    text = "3\n2\n1\n137 % 250\n-1.3\n0\n-3/4\n  -41 %  50 \n1\n7\n0.25\n"
    data = read_coq(write(tmp_path, text))
    rows = data.X
    assert rows == (
        (Fraction(137, 250), Fraction(-13, 10)),
        (Fraction(-3, 4), Fraction(-41, 50)),
        (Fraction(7), Fraction(1, 4)),
    )
    assert data.y == (1, -1, 1)
    assert data.lines == (3, 6, 9)  # the line of each vector's label


def test_negative_decimal_is_minus_thirteen_tenths(tmp_path: Path) -> None:
    # Their C++ parser reads "-1.3" as -1 + 0.3 = -7/10; the value is -13/10.
    data = read_coq(write(tmp_path, "1\n1\n0\n-1.3\n"))
    assert data.X[0][0] == Fraction(-13, 10) != Fraction(-7, 10)


def test_blank_lines_and_crlf_are_accepted(tmp_path: Path) -> None:
    data = read_coq(write(tmp_path, "1\r\n\r\n2\r\n1\r\n5 % 10\r\n2\r\n\r\n"))
    rows = data.X
    assert rows == ((Fraction(1, 2), Fraction(2)),) and data.y == (1,)


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("", None, "the file ends before the number of vectors n"),
        ("0\n1\n", 1, "n must be a positive integer, got '0'"),
        ("1\nx\n", 2, "d must be a positive integer, got 'x'"),
        ("1\n1\n-1\n2\n", 3, "label '-1' is not 0 or 1"),
        ("1\n2\n1\n3 % 0\n1\n", 4, "'3 % 0' has a zero denominator"),
        ("1\n2\n1\n3\nabc\n", 5, "'abc' is not a number (integer, decimal or p/q)"),
        ("2\n1\n1\n3\n", 4, "the file ends after 1 of 2 vectors"),
        ("1\n2\n1\n3\n", 4, "the file ends inside vector 1 of 1 (1 of 2 features)"),
        ("1\n1\n1\n3\n4\n", 5, "more numbers than the n = 1 vectors hold"),
    ],
)
def test_bad_file_names_file_line_and_problem(
    tmp_path: Path, text: str, line: int | None, problem: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        read_coq(path)
    assert (caught.value.source, caught.value.line, caught.value.problem) == (
        str(path),
        line,
        problem,
    )


def test_cli_bad_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "1\n1\n2\n3\n")
    status = main(["run", "perceptron/gormley-online", str(path), "--input-format", "coq"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"perceptron-ref: error: {path}:3: label '2' is not 0 or 1\n"


def test_cli_coq_implies_bias_and_01_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1-D points labelled by x > 2: not separable through the origin, separable with a bias.
    text = "4\n1\n1\n3\n0\n1\n1\n5 % 2\n0\n-1.5\n"
    path = write(tmp_path, text)
    args = ["run", "perceptron/gormley-online", str(path), "--input-format", "coq"]
    assert main([*args, "--epochs", "converge", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bias"] is True and out["dimension"] == 2 and out["status"] == "converged"
    w = tuple(Fraction(v) for v in out["weights"])
    points = [(Fraction(3), 1), (Fraction(1), -1), (Fraction(5, 2), 1), (Fraction(-3, 2), -1)]
    assert all(y * dot(w, (Fraction(1), x)) > 0 for x, y in points)


def converged_facts(X: tuple[Vector, ...], y: tuple[int, ...]) -> tuple[int, Vector]:
    """The verified implementation's run, checked against facts; returns (passes, w)."""
    trace = run("perceptron/gormley-online", X, y, bias=True, epochs="converge", record="mistakes")
    assert trace.status == "converged"
    w = trace.weights
    assert len(w) == len(X[0]) + 1
    assert all(t * dot(w, (Fraction(1), *x)) > 0 for x, t in zip(X, y, strict=True))
    # Every pass before the last made at least one mistake; the last made none.
    assert {s.epoch for s in trace.steps} == set(range(1, trace.epochs))
    return trace.epochs, w


def bench(name: str) -> Path:
    path = BENCH / name
    if not path.is_file():
        pytest.skip(f"{path} not present (benchmark data live in ../shared)")
    return path


def test_iris_run_separates_every_example(capsys: pytest.CaptureFixture[str]) -> None:
    data = read_coq(bench("iris_data_set"))
    assert (len(data.X), len(data.X[0])) == (150, 4)  # the header: n = 150, d = 4
    passes, w = converged_facts(data.X, data.y)
    args = ["run", "perceptron/gormley-online", str(bench("iris_data_set")), "--input-format"]
    assert main([*args, "coq", "--epochs", "converge", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["weights"] == [str(v) for v in w] and out["epochs"] == passes


def test_small_vec_file_separates_every_example() -> None:
    data = read_coq(bench("vec50_1.dat"))
    assert (len(data.X), len(data.X[0])) == (50, 1000)
    # Numerators in [-250, 250] over 250, reduced (the README's description of the sets).
    assert all(abs(v) <= 1 and 250 % v.denominator == 0 for x in data.X for v in x)
    converged_facts(data.X, data.y)


@pytest.mark.slow
def test_vec400_makes_the_seven_passes_measured_for_their_implementation() -> None:
    # peers.md / the benchmark README: their C++ rational run on vec400_1.dat made 7 passes.
    data = read_coq(bench("vec400_1.dat"))
    passes, _ = converged_facts(data.X, data.y)
    assert passes == 7


# --- fuzzing both readers (issue 7) ---------------------------------------------------------

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


# --- coq.parse_number: "p % q" up to MAX_DIGITS characters, zero denominators shown briefly --


def test_percent_form_of_exactly_max_digits_characters_is_read_exactly() -> None:
    # "111…1 % 7" with 99,996 ones is MAX_DIGITS = 100,000 characters: still a number
    # (the limit is "at most MAX_DIGITS").  The repunit of k ones is (10**k - 1) / 9, so the
    # value is (10**99996 - 1) / 63; computed here without int() of a long string.
    assert MAX_DIGITS == 100_000
    text = "1" * 99_996 + " % 7"
    assert len(text) == MAX_DIGITS
    assert parse_number(text) == Fraction(10**99_996 - 1, 63)


def test_a_field_of_99_999_digits_and_a_letter_is_refused_as_not_a_number() -> None:
    # MAX_DIGITS characters, so not "too long"; a run of digits then "x" is neither p/q nor a
    # decimal.  (The decimal pattern once split the digit run every way before failing: the
    # answer took minutes.)  Shown as its first 37 characters and "...".
    field = "1" * (MAX_DIGITS - 1) + "x"
    assert problem(parse_csv, [f"{field},1"], source="n.csv") == (
        f"n.csv:1: '{'1' * 37}...' is not a number (integer, decimal or p/q)"
    )
    assert problem(parse_number, "2." + "5" * (MAX_DIGITS - 3) + "x") == (
        f"'2.{'5' * 35}...' is not a number (integer, decimal or p/q)"
    )


def test_zero_denominator_of_40_characters_is_shown_whole() -> None:
    text = "1" * 36 + " % 0"  # 36 + 4 = 40 characters: shown whole
    assert problem(parse_number, text) == f"'{text}' has a zero denominator"


def test_zero_denominator_of_41_characters_is_cut_to_37_and_dots() -> None:
    text = "1" * 37 + " % 0"  # 41 characters: the first 37 (the ones), then "..."
    assert problem(parse_number, text) == f"'{'1' * 37}...' has a zero denominator"


def test_long_zero_denominator_names_its_line_in_a_file() -> None:
    # n = 1, d = 1, label 1 (line 3), feature on line 4: "1234567890" * 5 + " % 0", 54
    # characters, shown as its first 37 characters and "...".
    text = "1234567890" * 5 + " % 0"
    shown = "1234567890123456789012345678901234567..."
    assert problem(parse_coq, ["1", "1", "1", text], source="z.dat") == (
        f"z.dat:4: '{shown}' has a zero denominator"
    )


# --- coq._count: the header's n and d ------------------------------------------------------


def test_n_of_18_digits_is_accepted_and_the_file_then_ends_before_d() -> None:
    # 10**17 has 18 digits: "at most 18" admits it, so the reader goes on to d and finds the
    # end of the file there (after line 1).
    n = "1" + "0" * 17
    assert problem(parse_coq, [n], source="h.dat") == (
        "h.dat:1: the file ends before the number of features d"
    )


def test_the_file_ending_before_d_is_named() -> None:
    assert problem(parse_coq, ["2", ""], source="h.dat") == (
        "h.dat:1: the file ends before the number of features d"
    )


def test_d_of_18_digits_is_accepted_and_the_file_ends_inside_the_vector() -> None:
    # n = 1, d = 10**17: the label on line 3, then no feature: "inside vector 1 of 1 (0 of d
    # features)", reported after line 3.
    d = "1" + "0" * 17
    assert problem(parse_coq, ["1", d, "1"], source="h.dat") == (
        f"h.dat:3: the file ends inside vector 1 of 1 (0 of {d} features)"
    )


def test_eighteen_zeros_are_not_positive_and_not_over_the_digit_limit() -> None:
    # 18 digits are within the limit, so the message is the plain one (no "below 10**18");
    # their value 0 is not positive.
    zeros = "0" * 18
    assert problem(parse_coq, [zeros, "1"], source="h.dat") == (
        f"h.dat:1: n must be a positive integer, got '{zeros}'"
    )


def test_nineteen_digits_are_over_the_digit_limit() -> None:
    big = "1" + "0" * 18  # 10**18: 19 digits, shown whole (19 <= 20 characters)
    assert problem(parse_coq, ["1", big], source="h.dat") == (
        f"h.dat:2: d must be a positive integer below 10**18, got '{big}'"
    )


def test_bad_header_of_20_characters_is_shown_whole() -> None:
    bad = "abcdefghijklmnopqrst"
    assert problem(parse_coq, [bad], source="h.dat") == (
        f"h.dat:1: n must be a positive integer, got '{bad}'"
    )


def test_bad_header_of_21_characters_is_cut_to_17_and_dots() -> None:
    bad = "abcdefghijklmnopqrstu"
    assert problem(parse_coq, ["3", bad], source="h.dat") == (
        "h.dat:2: d must be a positive integer, got 'abcdefghijklmnopq...'"
    )


# --- coq.parse_coq: a bad label shows its first 20 characters --------------------------------


def test_coq_label_is_shown_to_its_first_20_characters() -> None:
    label = "abcdefghijklmnopqrstu"  # 21 characters; the message shows 20, no dots
    assert problem(parse_coq, ["1", "1", label, "5"], source="l.dat") == (
        "l.dat:3: label 'abcdefghijklmnopqrst' is not 0 or 1"
    )
