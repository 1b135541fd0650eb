"""Kills for mutants of ``perceptron_ref.data`` and ``perceptron_ref.coq`` that ``make mutation``
found alive (issue 7).

Each test states a fact documented in the readers' docstrings, checked on a tiny input whose
expected value is worked out by hand in the comments: the exact one-line messages (what is shown
of a bad field: at most 20 characters of a label, 40 of a zero-denominator number, 17 and "..."
past that), the header limits (n and d are positive integers of at most 18 digits), the file's
line numbers under universal newlines (``\\n``, ``\\r\\n``, a lone ``\\r``), the line limit
``MAX_LINE`` at its boundary, and an OSError turned into ``FILE: problem``.

The line-limit tests use the real ``MAX_LINE`` (32 MiB) and ``BLOCK`` (1 MiB), as the reader
runs them: files of 33 to 34 MiB, written to ``tmp_path`` in one call; each reads in a fraction
of a second.  They run in-process (the subprocess tests of ``test_lines.py`` check
memory, but mutmut only runs the tests it saw calling a function in-process).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.coq import parse_coq, parse_number, read_coq
from perceptron_ref.data import BLOCK, MAX_LINE, parse_csv, read_csv
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import MAX_DIGITS


@pytest.fixture(autouse=True)
def _remove_big_files(tmp_path: Path) -> Iterator[None]:
    """Files of 33 MiB are not left behind in pytest's kept temporary folders."""
    yield
    for path in tmp_path.iterdir():
        path.unlink()


def problem(call: object, *args: object, **kwargs: object) -> str:
    """The one line of the InputError that ``call(*args, **kwargs)`` raises."""
    assert callable(call)
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


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


# --- read_coq / read_csv: an OSError becomes "FILE: problem" ---------------------------------


def test_missing_coq_file_is_named_with_the_system_message(tmp_path: Path) -> None:
    path = tmp_path / "missing.dat"
    assert problem(read_coq, path) == f"{path}: No such file or directory"


def test_missing_csv_file_is_named_with_the_system_message(tmp_path: Path) -> None:
    path = tmp_path / "missing.csv"
    assert problem(read_csv, path) == f"{path}: No such file or directory"


def failing_open(self: Path, *args: object, **kwargs: object) -> object:
    # An OSError that carries no errno and no strerror, as a file-system layer may raise.
    raise OSError("the volume went away")


@pytest.mark.parametrize("reader", [read_csv, read_coq])
def test_oserror_without_strerror_gives_its_own_text(
    reader: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "gone.dat"
    monkeypatch.setattr(Path, "open", failing_open)
    assert problem(reader, path) == f"{path}: the volume went away"


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


# --- data._lines: line ends across blocks, and the MAX_LINE limit ----------------------------


def test_crlf_split_across_two_blocks_ends_one_line(tmp_path: Path) -> None:
    # Line 1 is a comment of BLOCK - 1 bytes, so its "\r" is the last byte of the first block
    # and its "\n" the first of the second: one line end "\r\n", not two.  "1,1" is line 2.
    assert BLOCK == 2**20
    path = tmp_path / "split.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 2) + b"\r\n" + b"1,1\r\n")
    data = read_csv(path)
    rows = data.X
    assert rows == ((Fraction(1),),)
    assert data.y == (1,)
    assert data.lines == (2,)


@pytest.mark.parametrize("end", [b"\r", b"\n", b"\r\n"], ids=["cr", "lf", "crlf"])
def test_a_file_of_short_lines_is_read_whatever_its_size(tmp_path: Path, end: bytes) -> None:
    # 34,000 comment lines of about 1,000 bytes, every one ended by the same line end (a lone
    # "\r" is old Mac style), then "2,-1": more than MAX_LINE bytes in all, but no line is long.
    count = 34_000
    assert count * 1000 > MAX_LINE
    path = tmp_path / "short.csv"
    path.write_bytes((b"#" + b"x" * 998 + end) * count + b"2,-1" + end)
    data = read_csv(path)
    rows = data.X
    assert rows == ((Fraction(2),),)
    assert data.y == (-1,)
    assert data.lines == (count + 1,)


def test_a_line_of_exactly_max_line_bytes_after_a_lone_cr_is_read(tmp_path: Path) -> None:
    # Line 1: a comment ended by "\n" at byte BLOCK - 2 of the file; line 2: empty, ended by the
    # lone "\r" that is the first block's last byte; line 3: a comment of exactly MAX_LINE bytes
    # ("at most MAX_LINE bytes each"); line 4: "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(
        b"#" + b"x" * (BLOCK - 3) + b"\n\r" + b"#" + b"y" * (MAX_LINE - 1) + b"\n1,1\n"
    )
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (4,)


def test_a_line_of_max_line_bytes_ended_by_cr_just_before_a_block_end_is_read(
    tmp_path: Path,
) -> None:
    # Line 1 is BLOCK - 2 bytes with its "\n"; line 2, a comment of exactly MAX_LINE bytes,
    # ends with a lone "\r" at byte 33·BLOCK - 2, the last block's second-to-last byte;
    # line 3 is "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 4) + b"\n" + b"#" + b"y" * (MAX_LINE - 1) + b"\r1,1\n")
    assert BLOCK - 3 + 1 + MAX_LINE == 33 * BLOCK - 2  # where that "\r" is
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (3,)


def test_a_line_longer_than_max_line_is_refused_naming_its_line(tmp_path: Path) -> None:
    # Line 2 is a comment of MAX_LINE + BLOCK + 1 bytes: far over the limit, refused with the
    # documented message, naming line 2; line 3 is never read.
    path = tmp_path / "long.csv"
    path.write_bytes(b"1,1\n#" + b"z" * (MAX_LINE + BLOCK) + b"\n1,1\n")
    assert MAX_LINE == 33_554_432
    assert problem(read_csv, path) == f"{path}:2: line longer than 33554432 bytes"


def test_a_line_of_max_line_plus_1_bytes_is_refused_though_it_ends_in_the_next_block(
    tmp_path: Path,
) -> None:
    # "Longest line accepted" is MAX_LINE: line 1 has MAX_LINE + 1 bytes ("#" and MAX_LINE
    # y's), so it is refused, though its line end comes in the same block as its last bytes.
    path = tmp_path / "long.csv"
    path.write_bytes(b"#" + b"y" * MAX_LINE + b"\n1,1\n")
    assert problem(read_csv, path) == f"{path}:1: line longer than {MAX_LINE} bytes"


def test_a_line_of_max_line_bytes_whose_lone_cr_ends_a_block_is_read(tmp_path: Path) -> None:
    # Line 1 takes BLOCK - 1 bytes with its "\n"; line 2, a comment of exactly MAX_LINE bytes,
    # is ended by a lone "\r" at byte BLOCK - 1 + MAX_LINE = 33·BLOCK - 1, the last byte of a
    # block (held back, as it might be half of a "\r\n"); line 3 is "1,1".
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 3) + b"\n" + b"#" + b"y" * (MAX_LINE - 1) + b"\r1,1\r")
    assert BLOCK - 1 + MAX_LINE == 33 * BLOCK - 1
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (3,)


def test_a_line_of_max_line_bytes_ended_by_crlf_is_read(tmp_path: Path) -> None:
    # Line 1 has exactly MAX_LINE bytes; its line end is "\r\n" (the "\r" is byte MAX_LINE,
    # the "\n" byte MAX_LINE + 1: the line is measured to the "\r", where it ends).
    path = tmp_path / "crlf.csv"
    path.write_bytes(b"#" + b"y" * (MAX_LINE - 1) + b"\r\n1,1\r\n")
    data = read_csv(path)
    assert data.y == (1,)
    assert data.lines == (2,)


def test_a_last_line_of_max_line_plus_1_bytes_without_line_end_is_refused(
    tmp_path: Path,
) -> None:
    # A final line needs no line end; this one, "1,1" then MAX_LINE - 2 spaces, has MAX_LINE + 1
    # bytes: refused, naming line 2.
    path = tmp_path / "tail.csv"
    path.write_bytes(b"1,1\n" + b"1,1" + b" " * (MAX_LINE - 2))
    assert problem(read_csv, path) == f"{path}:2: line longer than {MAX_LINE} bytes"


def test_a_line_of_max_line_plus_1_bytes_after_a_lone_cr_is_refused(tmp_path: Path) -> None:
    # As in the test above, line 2 is empty, ended by a lone "\r" that is the first block's
    # last byte; line 3, a comment of MAX_LINE + 1 bytes, is one byte too long: refused,
    # naming line 3.
    path = tmp_path / "edge.csv"
    path.write_bytes(b"#" + b"x" * (BLOCK - 3) + b"\n\r" + b"#" + b"y" * MAX_LINE + b"\n1,1\n")
    assert problem(read_csv, path) == f"{path}:3: line longer than {MAX_LINE} bytes"


def test_a_bad_byte_in_an_unterminated_last_line_names_the_file(tmp_path: Path) -> None:
    # The last line needs no line end; its byte 0xff is still reported with file and line.
    path = tmp_path / "tail.csv"
    path.write_bytes(b"1,1\n1,\xff")
    assert problem(read_csv, path) == f"{path}:2: not UTF-8 text (byte 0xff at byte 3)"
