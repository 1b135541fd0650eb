"""The engine's fast CSV reader (``engine/csv.py``, ``engine/tokens.py``) agrees exactly with
the exact reader (``data.read_csv``): the same rationals and labels, or the same one-line error.

Files are drawn from a grammar of what a CSV data file may hold, valid or not: integers of
any length, decimals (``.5``, ``5.``, ``-0.25``), fractions (``-3/-4``, ``1/0``), exponents,
blanks around fields, comments, blank lines, CRLF and lone CR line ends, a byte-order mark,
labels of either label set, ragged lines, stray characters.  The fast reader parses what it
can with numpy and hands everything else to the exact reader, so its answer must always be
the exact reader's; on files inside its subset it must not need the exact reader at all,
whether it reads the file in one block or in blocks of a few bytes.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError
from perceptron_ref.data import LabelSet, read_csv
from perceptron_ref.engine import csv
from perceptron_ref.engine.csv import blocks, join, read_csv_scaled
from perceptron_ref.engine.scaled import Scaled
from perceptron_ref.engine.tokens import fields, padded, rationals
from tests.helpers import write_file

Outcome = tuple[list[list[Fraction]], list[int]] | str


def values(s: Scaled) -> tuple[list[list[Fraction]], list[int]]:
    return [[Fraction(v, s.scale) for v in row] for row in s.X.tolist()], s.y.tolist()


def exact_outcome(path: Path, labels: LabelSet) -> Outcome:
    try:
        data = read_csv(path, labels=labels)
    except InputError as error:
        return str(error)
    return [list(x) for x in data.X], list(data.y)


def fast_outcome(path: Path, labels: LabelSet) -> Outcome:
    try:
        return values(read_csv_scaled(path, labels=labels))
    except InputError as error:
        return str(error)


digits = st.integers(0, 10**20).map(str)
numbers = st.one_of(
    st.integers(-(10**19), 10**19).map(str),
    st.builds(lambda s, a, b: f"{s}{a}.{b}", st.sampled_from(("", "-", "+")), digits, digits),
    st.builds(lambda a: f".{a}", digits),
    st.builds(lambda a: f"-{a}.", digits),
    st.builds(lambda p, q: f"{p}/{q}", st.integers(-99, 99), st.integers(-9, 9)),
    st.sampled_from(
        (
            "1e3",
            "2.5E-2",
            "",
            "x",
            "1 2",
            "--1",
            "+-1",
            "1..2",
            "\u0663",
            "0x1F",
            "1/2/3",
            "-",
            ".",
            "1.5/2",
        )
    ),
)
blanks = st.sampled_from(("", "", "", " ", "\t", "  "))
label_texts = st.sampled_from(("1", "-1", "+1", "0", "01", "2", "-0", "1.0"))


@st.composite
def csv_texts(
    draw: st.DrawFn,
    fields_of: st.SearchStrategy[str] = numbers,
    labels_of: st.SearchStrategy[str] = label_texts,
    valid: bool = False,
) -> str:
    """Lines of fields and a label (``valid``: all of one width, \\n or \\r\\n ends)."""
    d = draw(st.integers(1, 4))
    lines = []
    if draw(st.booleans()):
        lines.append("# x1,...,xd,y")
    for _ in range(draw(st.integers(0, 6))):
        width = d if valid or draw(st.integers(0, 9)) else draw(st.integers(0, 5))  # ragged
        cells = [draw(blanks) + draw(fields_of) + draw(blanks) for _ in range(width)]
        lines.append(",".join([*cells, draw(blanks) + draw(labels_of) + draw(blanks)]))
        if not draw(st.integers(0, 5)):
            lines.append(draw(st.sampled_from(("", "  ", "# a comment", " # indented"))))
    end = draw(st.sampled_from(("\n", "\r\n") if valid else ("\n", "\n", "\r\n", "\r")))
    bom = draw(st.sampled_from(("", "", "\ufeff")))
    return bom + end.join(lines) + draw(st.sampled_from(("", end)))


@settings(max_examples=300)
@given(text=csv_texts(), labels=st.sampled_from(("pm1", "01")))
def test_fast_reader_gives_the_exact_readers_data_or_error(
    tmp_path_factory: pytest.TempPathFactory, text: str, labels: LabelSet
) -> None:
    path = tmp_path_factory.mktemp("csv") / "data.csv"
    path.write_bytes(text.encode("utf-8"))
    assert fast_outcome(path, labels) == exact_outcome(path, labels)


valid = st.one_of(
    st.integers(-(10**9), 10**9).map(str),
    st.builds(
        lambda s, a, b: f"{s}{a}.{b}",
        st.sampled_from(("", "-", "+")),
        st.integers(0, 99999).map(str),
        st.integers(0, 9999).map(str),
    ),
    st.builds(lambda p, q: f"{p}/{q}", st.integers(-99, 99), st.sampled_from((1, 2, 3, 8, -6))),
)
"""Numbers the fast reader holds in int64 once scaled (past that, Python ints: the exact
reader builds them, as ``test_integers_are_kept_in_the_narrowest_type`` shows)."""


@settings(max_examples=150)
@given(
    text=csv_texts(valid, st.sampled_from(("1", "-1", "+1")), valid=True),
    size=st.sampled_from((1, 7, 30, 2**23)),
)
def test_fast_reader_reads_its_subset_without_the_exact_reader(
    tmp_path_factory: pytest.TempPathFactory, text: str, size: int
) -> None:
    """Files of integers, decimals and fractions, blanks, comments, CRLF: read by numpy in
    blocks of ``size`` bytes (a line, or many), their values the exact reader's."""
    path = tmp_path_factory.mktemp("csv") / "data.csv"
    path.write_bytes(text.encode("utf-8"))
    expected = exact_outcome(path, "pm1")
    if isinstance(expected, str):
        assert expected.endswith("no examples")  # nothing but comments and blank lines
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(csv, "read_csv", lambda *a, **k: pytest.fail("the exact reader was used"))
        assert values(join(list(blocks(path, "pm1", size)))) == expected
        assert values(read_csv_scaled(path)) == expected


def test_blocks_of_different_scales_join_at_their_lcm(tmp_path: Path) -> None:
    # Line 1 in tenths and thirds, line 2 in thirds, line 3 integers: blocks of one line
    # each have scales 30, 3 and 1, and the whole D = 30: X = (15, -20), (10, 0), (60, 30).
    path = write_file(tmp_path, "0.5,-2/3,1\n1/3,0,-1\n2,1,1\n", "s.csv")
    parts = list(blocks(path, "pm1", 1))
    assert [p.scale for p in parts] == [30, 3, 1]
    joined = join(parts)
    assert (joined.scale, joined.X.tolist(), joined.y.tolist()) == (
        30, [[15, -20], [10, 0], [60, 30]], [1, -1, 1]
    )  # fmt: skip
    assert joined.X.dtype == np.int8


def test_integers_are_kept_in_the_narrowest_type(tmp_path: Path) -> None:
    for text, dtype in (("0,255,1\n", np.uint8), ("-1,127,1\n", np.int8), ("300,0,1\n", np.int16),
                        ("70000,0,1\n", np.int32), ("5000000000,0,1\n", np.int64)):  # fmt: skip
        s = read_csv_scaled(write_file(tmp_path, text, "n.csv"))
        assert s.X.dtype == dtype and s.scale == 1, text
    # 999999999999999999 and 1/10: at D = 10 the first is 9999999999999999990, past int64:
    # Python integers, which only the exact reader builds.
    wide = read_csv_scaled(write_file(tmp_path, "999999999999999999,0.1,1\n", "w.csv"))
    assert not wide.fits and wide.scale == 10
    assert wide.X.tolist() == [[9_999_999_999_999_999_990, 1]]


def test_the_token_reader_reads_18_digits_and_refuses_19() -> None:
    buf = padded(b"999999999999999999,-123456789012345678,9999999999999999999,")
    starts, ends = fields(buf, b",")
    got: Any = rationals(buf, starts[:2], ends[:2])
    assert got[0].tolist() == [999999999999999999, -123456789012345678] and got[1] is None
    assert rationals(buf, starts, ends) is None  # 19 digits: past int64, the exact reader's
