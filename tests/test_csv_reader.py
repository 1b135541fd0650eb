"""The CSV readers: ``data.parse_csv``/``read_csv`` and the engine's stream, fuzzed (issue 7),
and their messages worked by hand.

Every input, text or bytes, either reads to exactly the values its tokens say (checked by
the Decimal oracle of :mod:`tests.test_numbers`, never by the parser itself) or ends
in one InputError ``FILE:LINE: problem`` at the first bad line.  The file reader must see
the lines Python's own universal-newline, "utf-8-sig" reader sees, and the engine's
streaming reader must give read_csv's values or read_csv's very error.  A bad label is quoted
whole up to 20 characters, else as 17 and "..."; a byte that is not UTF-8 is placed on its own
line.  (Line ends across read blocks and the MAX_LINE limit: ``test_lines``.)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from perceptron_ref.data import LABELS, DataSet, LabelSet, parse_csv, read_csv
from perceptron_ref.engine.stream import examples
from perceptron_ref.errors import InputError
from tests.helpers import problem
from tests.test_numbers import (
    BIG,
    NASTY,
    TEN_K,
    check_one_line,
    fields,
    oracle,
    spellings,
    unlimited_int_digits,
)

__all__ = ["bad_byte_line", "csv_bytes", "csv_lines", "python_lines", "unlimited_int_digits"]

SOURCE = "fuzz.csv"
LABEL_SETS: tuple[LabelSet, ...] = ("pm1", "01")
LABEL_TOKENS = ("1", "-1", "+1", "0", " 1 ", "2", "1.0", "-0", "", "01", "one", "\x00")
"""Labels of both label sets, and near misses (three labels, 1.0, an empty label)."""


@st.composite
def csv_lines(draw: st.DrawFn, labels: LabelSet = "pm1") -> list[str]:
    """Lines of a CSV file: half the files valid for ``labels`` (exact spellings, comments,
    blanks, a BOM, any line ends), half with hostile fields, labels and ragged rows."""
    clean = draw(st.booleans())
    d = draw(st.integers(1, 3))
    good_labels = [*sorted(LABELS[labels]), " 1 "]
    rows = []
    for _ in range(draw(st.integers(0 if not clean else 1, 6))):
        kind = draw(st.sampled_from(("row", "row", "row", "blank", "comment", "text")))
        if kind == "blank":
            rows.append(draw(st.sampled_from(("", " ", "\t", "  \t "))))
        elif kind == "comment":
            rows.append(
                "#" + draw(st.text(max_size=10).filter(lambda t: "\r" not in t and "\n" not in t))
            )
        elif kind == "text" and not clean:
            rows.append(draw(st.text(max_size=20)))
        elif clean:
            xs = [draw(spellings())[1] for _ in range(d)]
            rows.append(",".join([*xs, draw(st.sampled_from(good_labels))]))
        else:
            width = d if draw(st.integers(0, 9)) else draw(st.integers(0, 4))  # ragged rows
            xs = [
                draw(fields()) if draw(st.integers(0, 3)) == 0 else draw(spellings())[1]
                for _ in range(width)
            ]
            label = draw(st.one_of(st.sampled_from(LABEL_TOKENS), st.text(max_size=3)))
            trailing = "," if not draw(st.integers(0, 9)) else ""
            rows.append(",".join([*xs, label]) + trailing)
    ends = draw(st.sampled_from(("\n", "\r\n", "\r", "")))
    lines = [row + ends for row in rows]
    if draw(st.booleans()) and lines:
        lines[0] = "\ufeff" + lines[0]
    return lines


def csv_bytes(labels: LabelSet = "pm1") -> st.SearchStrategy[bytes]:
    """A file's bytes: CSV text, maybe mixed line ends, maybe with bytes that are not UTF-8."""
    text = csv_lines(labels).map(lambda lines: "".join(lines).encode("utf-8"))

    @st.composite
    def corrupt(draw: st.DrawFn) -> bytes:
        data = bytearray(draw(text))
        for _ in range(draw(st.sampled_from((0, 0, 1, 2, 3)))):
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(
                st.sampled_from((b"\xff", b"\xc3", b"\x00", b"\r", b"\n", b"\xed\xa0\x80"))
            )
        return bytes(data)

    return st.one_of(corrupt(), st.binary(max_size=60))


def expected(lines: Sequence[str], labels: LabelSet) -> DataSet:
    """What ``parse_csv`` must return for lines it accepts: each value by the oracle."""
    X, y, where = [], [], []
    for number, raw in enumerate(lines, 1):
        text = (raw.removeprefix("\ufeff") if number == 1 else raw).strip()
        if text and not text.startswith("#"):
            *tokens, label = (t.strip() for t in text.split(","))
            X.append(tuple(oracle(t) for t in tokens))
            y.append(LABELS[labels][label])
            where.append(number)
    return DataSet(tuple(X), tuple(y), tuple(where), SOURCE)


def check_lines(lines: Sequence[str], labels: LabelSet) -> DataSet | InputError:
    """parse_csv on lines: exactly the oracle's values, or one error at the first bad line."""
    try:
        data = parse_csv(lines, source=SOURCE, labels=labels)
    except InputError as error:
        check_one_line(error, SOURCE, len(lines))
        if error.line is not None:  # the lines before it are fine: errors come in file order
            try:
                parse_csv(lines[: error.line - 1], source=SOURCE, labels=labels)
            except InputError as before:
                assert before.line is None and before.problem == "no examples", before
        else:
            assert error.problem == "no examples"
        return error
    assert data == expected(lines, labels)
    assert len(data.X) >= 1 and len({len(x) for x in data.X}) == 1 and len(data.X[0]) >= 1
    return data


@given(st.sampled_from(LABEL_SETS).flatmap(lambda ls: st.tuples(csv_lines(ls), st.just(ls))))
@example((["1,2,1\n", "0,5,-1\n"], "pm1"))
@example((["\ufeff1,2,1\r\n", "\r\n", "0.5,1/3,-1\r\n"], "pm1"))
@example((["1,2,1,\n"], "pm1"))  # a trailing comma: the label is the empty field
@example((["1,1\n", "2,0\n", "3,-1\n"], "01"))  # {0, 1} mixed with {-1, 1}
@example((["1,1\n", "2,-1\n", "3,2\n"], "pm1"))  # three labels
@example(([f"{BIG},{TEN_K},1\n", "-0,1e308,-1\n"], "pm1"))
@example((["1/0,1\n"], "pm1"))
@example((["nan,1\n"], "pm1"))
@example((["\n", "  \n", "# c\n"], "pm1"))
@example(([], "pm1"))
@example((["1\x00,1\n"], "pm1"))
def test_csv_lines_read_exactly_or_fail_at_the_first_bad_line(
    case: tuple[list[str], LabelSet],
) -> None:
    check_lines(*case)


def python_lines(data: bytes) -> list[str] | None:
    """The lines Python's own codec and universal newlines give (a BOM dropped), or None if
    the bytes are not UTF-8.  Not ``TextIOWrapper(encoding="utf-8-sig")``: it reads a file of
    the one byte 0xef (half a BOM) as empty, where the codec rightly refuses it."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return io.StringIO(text, newline=None).readlines()


def bad_byte_line(data: bytes) -> int:
    """The line (universal newlines) holding the first byte that is not UTF-8."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1
    raise AssertionError("the bytes are UTF-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-csv")


def outcome(read: Callable[[], object]) -> object:
    """What a reader returns (ints and Fractions compare equal), or its error's text."""
    try:
        return read()
    except InputError as error:
        return str(error)


@given(case=st.sampled_from(LABEL_SETS).flatmap(lambda ls: st.tuples(csv_bytes(ls), st.just(ls))))
@example(case=(b"", "pm1"))
@example(case=(b"\xef", "pm1"))
@example(case=(b"\xef\xbb\xbf", "pm1"))
@example(case=(b"\xef\xbb\xbf1,2,1\r\n-1,0,-1\r\n", "pm1"))
@example(case=(b"1,2,1\r-1,0,-1\r", "pm1"))
@example(case=(b"1,2,1\n\xff,0,-1\n", "pm1"))
@example(case=(b"1,2,1\n1,2,\xc3\n1,x,1\n", "pm1"))
@example(case=(b"1,\x00,1\n", "pm1"))
@example(case=(b"1,2,1\n" * 3 + b"\n\n", "01"))
def test_file_bytes_read_as_pythons_reader_reads_them(
    folder: Path, case: tuple[bytes, LabelSet]
) -> None:
    data, labels = case
    path = folder / SOURCE
    path.write_bytes(data)
    lines = python_lines(data)
    try:
        got: DataSet | InputError = read_csv(path, labels=labels)
    except InputError as error:
        got = error
        check_one_line(error, str(path))
    if lines is not None:  # UTF-8: exactly parse_csv on Python's lines (values and errors)
        want = outcome(lambda: parse_csv(lines, source=str(path), labels=labels))
        assert (str(got) if isinstance(got, InputError) else got) == want
        check_lines(lines, labels)  # and so exactly the oracle's values
    else:  # the first bad byte ends the read on its line, unless a line before it is bad
        assert isinstance(got, InputError), got
        bad = bad_byte_line(data)
        assert got.line is not None and got.line <= bad
        assert ("not UTF-8" in got.problem) == (got.line == bad)
    streamed = outcome(lambda: list(examples(path, str(path), labels)))
    if isinstance(got, InputError):
        assert streamed == str(got)  # the engine's reader fails with read_csv's error
    else:
        assert streamed == list(zip(got.X, got.y, strict=True))


@pytest.mark.parametrize(
    ("content", "labels", "message"),
    [
        (b"", "pm1", "no examples"),
        (b"\xef\xbb\xbf", "pm1", "no examples"),
        (b"\n\r\n  \n", "pm1", "no examples"),
        (b"1,2,1,\n", "pm1", ":1: label '' is not -1 or 1"),
        (b"1,1\n2,0\n", "pm1", ":2: label '0' is not -1 or 1"),
        (b"1,1\n2,0\n3,-1\n", "01", ":3: label '-1' is not 0 or 1"),
        (b"1,1\n2,-1\n3,2\n", "pm1", ":3: label '2' is not -1 or 1"),
        (b"1,2,1\n1,\xff,1\n", "pm1", ":2: not UTF-8 text (byte 0xff at byte 3)"),
        (b"1,2,1\r\r\n1,2,1\r\xc3(,1\n", "pm1", ":4: not UTF-8 text (byte 0xc3 at byte 1)"),
        (b"1,\x00,1\n", "pm1", ":1: '\\x00' is not a number (integer, decimal or p/q)"),
        (b"1/0,1\n", "pm1", ":1: '1/0' has a zero denominator"),
        (b"nan,1\n", "pm1", ":1: 'nan' is not a number (integer, decimal or p/q)"),
        (b"1e10001,1\n", "pm1", ":1: '1e10001': exponent beyond \xb110000"),
    ],
)
def test_named_hostile_files_end_in_one_exact_line(
    folder: Path, content: bytes, labels: LabelSet, message: str
) -> None:
    path = folder / "named.csv"
    path.write_bytes(content)
    with pytest.raises(InputError) as error:
        read_csv(path, labels=labels)
    assert str(error.value) == f"{path}{message}" or str(error.value) == f"{path}: {message}"
    with pytest.raises(InputError) as streamed:
        list(examples(path, str(path), labels))
    assert str(streamed.value) == str(error.value)


def test_huge_and_long_values_are_read_exactly(folder: Path) -> None:
    path = folder / "huge.csv"
    path.write_text(f"\ufeff{BIG},{TEN_K},-0,1\r\n1e308,1e-308,{BIG}/7,-1\r\n", encoding="utf-8")
    data = read_csv(path)
    tokens = [[BIG, TEN_K, "-0"], ["1e308", "1e-308", BIG + "/7"]]
    assert tuple(tuple(oracle(t) for t in row) for row in tokens) == data.X
    assert data.X[0][1].denominator == 10**10_000 and data.y == (1, -1)
    assert [list(x) for x, _ in examples(path, str(path), "pm1")] == [list(x) for x in data.X]


@given(st.lists(st.sampled_from(NASTY), min_size=1, max_size=4), st.sampled_from(LABEL_TOKENS))
def test_rows_of_hostile_tokens_read_exactly_or_fail(tokens: list[str], label: str) -> None:
    check_lines([",".join([*tokens, label]) + "\n"], "pm1")


# --- parse_csv: a bad label is shown whole up to 20 characters, else 17 and "..." ------------


def test_csv_label_of_20_characters_is_shown_whole() -> None:
    label = "abcdefghijklmnopqrst"
    assert problem(parse_csv, [f"1,{label}"], source="c.csv") == (
        f"c.csv:1: label '{label}' is not -1 or 1"
    )


def test_csv_label_of_21_characters_is_cut_to_17_and_dots() -> None:
    lines = ["1,0", "2, abcdefghijklmnopqrstu "]  # stripped: 21 characters
    assert problem(parse_csv, lines, source="c.csv", labels="01") == (
        "c.csv:2: label 'abcdefghijklmnopq...' is not 0 or 1"
    )


# --- data._decode: a byte that is not UTF-8 is placed on its own line ------------------------


def test_bad_byte_after_a_lone_carriage_return_is_on_line_2(tmp_path: Path) -> None:
    # b"\r" ends line 1 (empty, skipped); 0xff is then the first byte of line 2.
    path = tmp_path / "cr.csv"
    path.write_bytes(b"\r\xff,1\n")
    assert problem(read_csv, path) == f"{path}:2: not UTF-8 text (byte 0xff at byte 1)"
