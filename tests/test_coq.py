"""The Coq benchmark format: the reader on small files written here, and the verified
implementation's run (``run perceptron/gormley-online FILE --input-format coq --epochs
converge``) on the benchmark data in ``../shared`` when present, checked against facts that
do not come from the run: the final w classifies every example with y·⟨w, x⟩ > 0, every pass
but the last made a mistake, and the pass count measured for their implementation."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref import run
from perceptron_ref.cli import main
from perceptron_ref.coq import read_coq
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Vector, dot

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
