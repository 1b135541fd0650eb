"""The engine's fast Coq-format reader agrees exactly with the exact reader.

On the benchmark files in ``../shared/benchmarks/coq-perceptron/`` (skipped when the
folder is absent) and on small files written here: same scaled integers, same labels,
same scale D, and for a bad file the same one-line error.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from perceptron_ref import InputError, run
from perceptron_ref.coq import read_coq
from perceptron_ref.engine.coq import _fast, read_coq_scaled
from perceptron_ref.engine.scaled import from_rows

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
    assert got.scale == expected.scale
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
    assert (got.scale, got.X.tolist(), got.y.tolist()) == (
        expected.scale,
        expected.X.tolist(),
        list(exact.y),
    )
    assert got.X.dtype == expected.X.dtype
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
