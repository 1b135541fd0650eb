"""What ``make bench`` relies on, checked small: its generated CSV files read back as the data
they were made from, its timing harness, its rows' verdicts, and its claim that
scikit-learn's Perceptron, configured as the benchmark configures it, is the same algorithm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_ref.benchmark import common, data
from perceptron_ref.benchmark.common import NUMPY, Row, measure, paired
from perceptron_ref.benchmark.pixels import engine, identical, numpy_engine, sklearn_fit
from perceptron_ref.benchmark.plot import share
from perceptron_ref.data import read_csv
from tests.test_engine import forced


@pytest.mark.parametrize("decimals", [False, True])
def test_generated_csv_holds_the_pixels_it_was_made_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, decimals: bool
) -> None:
    monkeypatch.setattr(data, "DATA", tmp_path)
    path = data.csv_file("p.csv", 30, 9, decimals)
    X, y = data.pixels(30, 9)
    exact = read_csv(path)  # the exact reader: what the file means
    values = (X.astype(np.int64) * 39) % 10000 if decimals else X
    assert [[v * (100 if decimals else 1) for v in x] for x in exact.X] == values.tolist()
    assert list(exact.y) == y.tolist()
    assert path.read_bytes() == data.csv_text(values, y, decimals)  # written once, the same
    assert data.csv_file("p.csv", 30, 9, decimals).read_bytes() == path.read_bytes()
    if decimals:  # two decimals each, written out: "0.00", "12.30"
        assert all(
            len(f.split(".")[1]) == 2 for f in path.read_text().split("\n")[0].split(",")[:-1]
        )


def test_the_small_file_is_gormleys_slide_15(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(data, "DATA", tmp_path)
    exact = read_csv(data.small_file())
    assert [tuple(map(int, x)) for x in exact.X] == [
        (-1, 2),
        (1, 0),
        (1, 1),
        (-1, 0),
        (-1, -2),
        (1, -1),
    ]
    assert exact.y == (-1, 1, 1, -1, -1, 1)


def test_a_measured_command_reports_its_time_memory_and_failure() -> None:
    fat = measure(
        ["python3", "-c", "b = bytearray(200 * 2**20); b[::4096] = b'x' * len(b[::4096])"]
    )
    thin = measure(["python3", "-c", "pass"])
    assert fat.peak - thin.peak > 150 * 2**20  # the OS's peak RSS, not tracemalloc
    assert 0 < thin.seconds < fat.seconds + 5
    with pytest.raises(RuntimeError, match="boom"):
        measure(["python3", "-c", "import sys; sys.exit('boom')"])
    rounds = paired(2, lambda: common.Run(1.0, 1), lambda: common.Run(2.0, 2))
    assert [[r.seconds for r in pair] for pair in rounds] == [[1.0, 2.0], [1.0, 2.0]]
    assert measure(NUMPY).peak > thin.peak


def test_a_row_meets_its_target_or_says_not_met() -> None:
    assert Row("a", "", "1.4x", "<= 1.5x", True).cells()[-1] == "met"
    assert Row("a", "", "1.6x", "<= 1.5x", False).cells()[-1] == "NOT met"
    assert Row("a", "", "", "", None).cells()[-1] == "n/a"
    assert share(Row("a", "", "3.0x", "<= 1.5x", False)) == 2.0
    assert share(Row("a", "", "20.0x", ">= 10x, identical", True)) == 0.5


@pytest.mark.parametrize("epochs", [1, "converge"])
def test_sklearn_perceptron_as_configured_gives_the_engine_weights(epochs: object) -> None:
    X, y = data.pixels(n=400, d=30)
    trace = engine(X, y, epochs)
    assert trace.status == ("online" if epochs == 1 else "converged")
    assert identical(sklearn_fit(X.astype(float), y, trace.epochs), trace)
    assert not identical(sklearn_fit(X.astype(float), -y, trace.epochs), trace)


def test_the_numpy_rows_time_the_numpy_loop_even_with_the_kernels_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``numpy_engine`` makes every certified pass in the numpy loop (what a process that
    has not loaded the compiled kernels runs), whatever is loaded, with scikit-learn's
    weights; ``engine`` as ``auto`` chooses."""
    from perceptron_ref.engine import driver, kernel

    monkeypatch.setattr(kernel, "LOADED", True)  # loaded: auto takes the compiled kernels
    ways: list[str] = []
    way = driver.Passes.way

    def logged(self: driver.Passes, W: object, left: int | None) -> str:
        ways.append(way(self, W, left))
        return ways[-1]

    monkeypatch.setattr(driver.Passes, "way", logged)
    X, y = data.pixels(n=300, d=16)
    trace = numpy_engine(X, y, 1)
    assert ways == ["numpy"] and trace == engine(X, y, 1)
    assert ways == ["numpy", "compiled"]
    assert identical(sklearn_fit(X.astype(float), y, 1), trace)


def test_wide_rows_are_past_the_float_certificate_and_their_pass_within_the_margin_is_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``data.wide`` rows (int16, ±30000) as in the numpy rows' int16 cases: the engine
    bounds them by their type (n·2**15 times d·2**15, past 2**53, within int64), so its
    numpy pass is scored within a margin, and it makes the pass the int64 blocks make (the
    numpy loop without float64 scores)."""
    from perceptron_ref.engine import blas, driver

    X, y = data.wide(10000, 1000)
    assert X.dtype == np.int16 and int(np.abs(X).max()) <= 30000
    margins: list[int] = []

    def spy(*args: object, **options: Any) -> Any:
        margins.append(options["margin"])
        return blas.blas_pass(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(driver, "blas_pass", spy)
    trace = numpy_engine(X, y, 1)
    assert len(margins) == 1 and margins[0] > 0
    assert trace == forced("numpy-int64", "perceptron/gormley-online", X, y, record="summary")


def test_the_given_data_rows_run_floats_and_lists_against_scikit_learn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``given_rows`` at small shapes: normal floats (past int64 once scaled) and Python
    lists, each pass's exact weights within 1e-9 of scikit-learn's float ones; with the
    labels flipped for scikit-learn they are not (the check can fail)."""
    from perceptron_ref.benchmark import pixels

    monkeypatch.setattr(pixels, "FLOATS", [(500, 12)])
    monkeypatch.setattr(pixels, "LISTS", (400, 9))
    monkeypatch.setattr(pixels, "REPEAT", 1)
    rows = pixels.given_rows()
    cases = ("500x12 float64 (normal)", "400x9 lists of ints", "400x9 lists of floats")
    assert [r.case for r in rows] == [
        f"one pass {data} vs scikit-learn, {loop} loop"
        for data in cases
        for loop in ("numpy", "C", "compiled")
    ]
    assert all("within 1e-9" in r.cells()[1] for r in rows)
    real = pixels.sklearn_fit
    monkeypatch.setattr(pixels, "sklearn_fit", lambda X, y, e: real(X, -np.asarray(y), e))
    assert all("DIFFERENT" in r.cells()[1] for r in pixels.given_rows())
