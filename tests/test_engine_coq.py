"""The engine's fast Coq-format reader agrees exactly with the exact reader.

On the benchmark files in ``../shared/benchmarks/coq-perceptron/`` (skipped when the
folder is absent) and on small files written here: the same rationals X/D, the same labels
(the scale D a multiple of the exact reader's: the lcm of the denominators as written, not
reduced), and for a bad file the same one-line error.  A file of one ``p % q`` a line is
read in one sweep without the exact reader; 18-digit numbers stay exact, data past int64 go to
the exact reader, a lying header allocates nothing of its size, a pipe is read once.
"""

from __future__ import annotations

import contextlib
import os
import threading
import tracemalloc
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from perceptron_ref import InputError, run
from perceptron_ref.coq import read_coq
from perceptron_ref.engine import coq as engine_coq
from perceptron_ref.engine.coq import _fast, read_coq_scaled
from perceptron_ref.engine.scaled import (
    Scaled,
    from_rows,
    narrowest,
)
from tests.helpers import problem, write_file

SHARED = Path(__file__).resolve().parent.parent.parent / "shared/benchmarks/coq-perceptron"
FILES = [
    pytest.param(p.name, marks=[pytest.mark.slow] if p.stat().st_size > 1_000_000 else [])
    for p in (sorted(SHARED.iterdir()) if SHARED.is_dir() else [])
    if p.is_file() and p.name != "README.md"
]
"""The shared files; those over 1 MB (seconds each in the exact reader) run in test-deep."""


@pytest.mark.skipif(not FILES, reason="../shared/benchmarks/coq-perceptron/ is absent")
@pytest.mark.parametrize("name", FILES)
def test_fast_reader_reads_what_the_exact_reader_reads(name: str) -> None:
    exact = read_coq(SHARED / name)
    expected, got = from_rows(exact.X, exact.y), read_coq_scaled(SHARED / name)
    assert got.scale == expected.scale  # the published fractions are in lowest terms
    assert got.X.shape == expected.X.shape
    assert got.X.tolist() == expected.X.tolist()
    assert got.y.tolist() == list(exact.y)
    if name.endswith(".dat"):  # the published sets: one `p % q` a line, the bulk path
        assert _fast((SHARED / name).read_bytes()) is not None


@pytest.mark.skipif(not FILES, reason="../shared/benchmarks/coq-perceptron/ is absent")
def test_engine_on_iris_equals_the_literal_reference() -> None:
    """The benchmark's algorithm (tie → mistake, bias, passes until clean) on a real set."""
    exact = read_coq(SHARED / "iris_data_set")
    literal = run("perceptron/gormley-online", exact.X, exact.y, bias=True, epochs="converge")
    fast = run(
        "perceptron/gormley-online", exact.X, exact.y, bias=True, epochs="converge", engine="fast"
    )
    assert fast == literal


GOOD = [
    "2\n2\n1\n1 % 2\n-3 % 4\n0\n-3/9\n2 % 1\n",
    "1\n3\n0\n5\n1.5\n-2/3\n",  # integers and decimals: the exact path
    "1\n1\n1\n\n7 % 3\n",  # a blank line
    "1\n1\n1\n123456789012345678901234567890 % 7\n",  # beyond int64
    "\ufeff1\n1\n0\n1 % -2\n",  # a byte-order mark, a negative denominator
]

BAD = [
    "1\n2\n1\n1 % 2 % 3\n1 % 2\n",
    "1\n2\n1\n1 % 0\n1 % 2\n",
    "1\n2\n2\n1 % 2\n1 % 2\n",
    "1\n2\n1\n1 % 2\n",
    "1\n1\n1\n1-2 % 3\n",
    "1\n1\n1\n1 % 2\n5\n",
]


@pytest.mark.parametrize("text", GOOD)
def test_fast_reader_on_small_files(tmp_path: Path, text: str) -> None:
    path = tmp_path / "data.dat"
    path.write_text(text, encoding="utf-8")
    exact = read_coq(path)
    got, expected = read_coq_scaled(path), from_rows(exact.X, exact.y)
    assert got.scale % expected.scale == 0
    assert [[Fraction(v, got.scale) for v in x] for x in got.X.tolist()] == [
        list(x) for x in exact.X
    ]
    assert got.y.tolist() == list(exact.y)
    lo, hi = int(got.X.min()), int(got.X.max())  # held in the narrowest type that holds them
    assert got.X.dtype == (narrowest(lo, hi) or object)
    assert isinstance(got.y, np.ndarray)


@pytest.mark.parametrize("text", BAD)
def test_fast_reader_fails_as_the_exact_reader_fails(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.dat"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as exact:
        read_coq(path)
    with pytest.raises(InputError) as fast:
        read_coq_scaled(path)
    assert str(fast.value) == str(exact.value)


@pytest.mark.skipif(not FILES, reason="../shared/benchmarks/coq-perceptron/ is absent")
@pytest.mark.parametrize("name", ["iris_data_set", "vec50_1.dat"])
def test_cli_on_a_coq_file_prints_the_same_with_every_engine(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    from perceptron_ref.cli import main

    args = ["run", "perceptron/gormley-online", str(SHARED / name), "--input-format", "coq"]
    args += ["--epochs", "converge", "--record", "mistakes", "--format", "json"]
    outputs = set()
    for engine in ("literal", "fast", "auto"):
        assert main([*args, "--engine", engine]) == 0
        outputs.add(capsys.readouterr().out)
    assert len(outputs) == 1


# --- engine.coq: the fast reader ----------------------------------------------------------------


@pytest.fixture
def no_exact_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module docstring: a file of one ``p % q`` a line is read in one sweep, with no
    Fraction built; the exact reader is not called for it."""

    def refuse(path: object) -> object:
        raise AssertionError(f"the exact reader was called on {path}")

    monkeypatch.setattr(engine_coq, "read_coq", refuse)


@pytest.mark.parametrize(
    ("text", "X", "y", "D", "dtype"),
    [
        # n = 3, d = 1: 1/2, -2/6 = -1/3, 5/1; D = lcm(2, 3, 1) = 6: 3, -2, 30
        ("3\n1\n1\n1 % 2\n0\n-2 % 6\n1\n5 % 1\n", [[3], [-2], [30]], [1, -1, 1], 6, np.int8),
        # counts of 18 digits with leading zeros: n = 1, d = 2
        ("000000000000000001\n000000000000000002\n0\n1%1\n-1/1\n", [[1, -1]], [-1], 1, np.int8),
        # d = 10 features of 4 bytes each ("1%1\n"), 47 bytes in all
        ("1\n10\n1\n" + "1%1\n" * 10, [[1] * 10], [1], 1, np.uint8),
        # n = 2, d = 3; a byte-order mark, blanks and a CRLF; 255 = 255/1 needs uint8
        ("\ufeff2\r\n3\n 1 \n2 % 4\n255%1\n0 % 9\n0\n-1%3\n0%1\n 1/3 \n", None, None, None, None),
    ],
)
def test_fraction_per_line_file_is_read_in_one_sweep(
    tmp_path: Path,
    no_exact_reader: None,
    text: str,
    X: list[list[int]] | None,
    y: list[int] | None,
    D: int | None,
    dtype: type | None,
) -> None:
    if X is None:
        # 2/4, 255, 0/9 and -1/3, 0, 1/3, as written: D = lcm(4, 9, 3) = 36; 18, 9180, 0
        # and -12, 0, 12, in int16
        X, y, D, dtype = [[18, 9180, 0], [-12, 0, 12]], [1, -1], 36, np.int16
    s = read_coq_scaled(write_file(tmp_path, text, "data.dat"))
    assert (s.X.tolist(), s.y.tolist(), s.scale) == (X, y, D)
    assert s.X.dtype == np.dtype(dtype) and s.y.dtype == np.int8


def test_fast_reader_keeps_18_digit_numerators_exact(tmp_path: Path, no_exact_reader: None) -> None:
    # 10**17 + 1 and -(10**17 - 1) are not floats (past 2**53): read as int64, exactly
    text = "1\n2\n1\n100000000000000001 % 1\n-99999999999999999 % 1\n"
    s = read_coq_scaled(write_file(tmp_path, text, "big.dat"))
    assert s.X.tolist() == [[10**17 + 1, -(10**17 - 1)]] and s.scale == 1
    assert s.X.dtype == np.int64


def test_fast_reader_keeps_an_18_digit_scale_exact(tmp_path: Path, no_exact_reader: None) -> None:
    # D = 999999999999999989 (below 2**62, past 2**53): 1/D is 1, 1/1 is D
    q = 999_999_999_999_999_989
    text = f"2\n1\n1\n1 % {q}\n0\n1 % 1\n"
    s = read_coq_scaled(write_file(tmp_path, text, "scale.dat"))
    assert s.scale == q and s.X.tolist() == [[1], [q]] and s.y.tolist() == [1, -1]


def test_fast_reader_hands_data_past_int64_to_the_exact_reader(tmp_path: Path) -> None:
    # 999999999999999999/1 and 1/10: D = 10, X = (9999999999999999990, 1); the first is past
    # 2**63 - 1 = 9223372036854775807, so the data are Python integers.
    text = "1\n2\n1\n999999999999999999 % 1\n1 % 10\n"
    s = read_coq_scaled(write_file(tmp_path, text, "wide.dat"))
    assert s.scale == 10 and s.X.tolist() == [[9_999_999_999_999_999_990, 1]] and not s.fits


@pytest.mark.parametrize(
    "text",
    [
        "x\n1\n1\n1%1\n",  # not a count
        "1.5\n1\n1\n1%1\n",
        "0000000000000000001\n1\n1\n1%1\n",  # 19 digits: past the exact reader's 18
        "1\n0000000000000000001\n1\n1%1\n",
        "999999999999999999\n1\n1\n1%1\n",  # 10**18 - 1 vectors announced: no arrays that size
        "1\n999999999999999999\n1\n1%1\n",
        "2\n999999999999999999\n1\n1%1\n",
        "0\n1\n",  # no vectors: n must be positive
        "1\n0\n1\n",  # no features: d must be positive
    ],
)
def test_fast_reader_fails_on_a_bad_header_as_the_exact_reader_fails(
    tmp_path: Path, text: str
) -> None:
    path = write_file(tmp_path, text, "bad.dat")
    assert problem(read_coq_scaled, path) == problem(read_coq, path)


def test_header_announcing_more_numbers_than_the_file_holds_allocates_nothing_that_size(
    tmp_path: Path,
) -> None:
    # "each feature takes 4 bytes or more": a file of about 1 MB holds at most 250,000
    # features, so a header announcing d = 4,000,000 is refused before any array of d
    # numbers (32 MB each for p and q) is made; the exact reader then names line 3.
    path = write_file(tmp_path, "1\n4000000\n" + "x\n" * 500_000, "lying.dat")
    expected = problem(read_coq, path)
    assert expected.startswith(f"{path}:3: ")
    tracemalloc.start()
    try:
        got = problem(read_coq_scaled, path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == expected
    assert peak < 16_000_000, f"peak {peak} bytes"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fast_reader_reads_a_pipe_once_through_the_exact_reader(tmp_path: Path) -> None:
    # A pipe can be read once: read_coq_scaled leaves it to the exact reader (integers here,
    # which only the exact reader takes: n = 1, d = 1, label 1, x = 5).  Reading it twice
    # would wait for a second writer for ever: after 5 s the test gives the reader an empty
    # second write, so that it ends, and fails.
    fifo = tmp_path / "pipe.dat"
    os.mkfifo(fifo)
    result: list[object] = []

    def write_once() -> None:
        with fifo.open("w", encoding="utf-8") as handle:
            handle.write("1\n1\n1\n5\n")

    def read() -> None:
        try:
            result.append(read_coq_scaled(fifo))
        except Exception as error:  # the test reports it below
            result.append(error)

    # daemon threads: one left blocked on the pipe cannot keep the test process alive
    writer = threading.Thread(target=write_once, daemon=True)
    reader = threading.Thread(target=read, daemon=True)
    writer.start()
    reader.start()
    writer.join(5)
    reader.join(5)
    waited = reader.is_alive()
    if waited:
        with contextlib.suppress(OSError):  # a second, empty write lets the reader end
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert not waited, "the pipe was read twice"
    (s,) = result
    assert isinstance(s, Scaled), s
    assert (s.X.tolist(), s.y.tolist(), s.scale) == ([[5]], [1], 1)


def test_fast_reader_on_an_unreadable_file_is_the_exact_readers_one_line() -> None:
    # /proc/self/mem is a regular file whose first bytes cannot be read (EIO)
    mem = Path("/proc/self/mem")
    if not mem.is_file():
        pytest.skip("no /proc/self/mem here")
    expected = problem(read_coq, mem)
    assert problem(read_coq_scaled, mem) == expected == f"{mem}: Input/output error"
