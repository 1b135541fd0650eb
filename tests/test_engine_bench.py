"""What ``make bench`` relies on, checked small: its generated Coq files and its claim that
scikit-learn's Perceptron, configured as the benchmark configures it, is the same algorithm."""

from __future__ import annotations

from pathlib import Path

import pytest

from perceptron_ref.benchmark import coq as bench_coq
from perceptron_ref.benchmark.pixels import engine, identical, pixels, sklearn_fit
from perceptron_ref.coq import read_coq
from perceptron_ref.engine.coq import read_coq_scaled
from perceptron_ref.engine.scaled import from_rows


def test_generated_coq_file_has_the_published_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_coq, "SHARED", tmp_path / "absent")
    monkeypatch.setattr(bench_coq, "OUT", tmp_path)
    path = bench_coq.coq_file("vec50_1.dat")
    exact = read_coq(path)
    assert (len(exact.X), len(exact.X[0])) == (50, 1000)
    assert all(v.denominator in (1, 2, 5, 10, 25, 50, 125, 250) for x in exact.X for v in x)
    fast, expected = read_coq_scaled(path), from_rows(exact.X, exact.y)
    assert (fast.scale, fast.X.tolist()) == (expected.scale, expected.X.tolist())


@pytest.mark.parametrize("epochs", [1, "converge"])
def test_sklearn_perceptron_as_configured_gives_the_engine_weights(epochs: object) -> None:
    X, y = pixels(n=400, d=30)
    trace = engine(X, y, epochs)
    assert trace.status == ("online" if epochs == 1 else "converged")
    assert identical(sklearn_fit(X.astype(float), y, trace.epochs), trace)
