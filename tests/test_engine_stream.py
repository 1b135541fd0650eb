"""Streaming one online pass over a CSV file, and ``perceptron-ref run --engine``.

A streamed run reads the file chunk by chunk (the scale S grows as new denominators
appear); its trace must be the literal reference's on the whole file, and a bad file
must fail with read_csv's own one-line error.  The CLI's output must not depend on the
engine.
"""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.cli import main
from perceptron_ref.data import read_csv
from perceptron_ref.engine.stream import run_csv
from tests.helpers import ONLINE

values = st.builds(Fraction, st.integers(-4, 4), st.sampled_from((1, 1, 2, 3, 5, 7)))


@st.composite
def csv_files(draw: st.DrawFn) -> str:
    n, d = draw(st.integers(1, 9)), draw(st.integers(1, 3))
    lines = ["# x..., y"]
    for _ in range(n):
        x = [str(draw(values)) for _ in range(d)]
        lines.append(",".join([*x, draw(st.sampled_from(("1", "-1")))]))
        if draw(st.booleans()):
            lines.append("")  # blank lines and comments do not count as examples
    return "\n".join(lines) + "\n"


def write(text: str) -> Path:
    path = Path(tempfile.mkdtemp()) / "data.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("algorithm", ONLINE)
@settings(max_examples=25)
@given(
    text=csv_files(),
    chunk=st.integers(1, 4),
    bias=st.booleans(),
    eta=st.sampled_from(("1", "2/3")),
    record=st.sampled_from(("mistakes", "summary")),
)
def test_streamed_pass_equals_the_literal_run_on_the_whole_file(
    algorithm: str, text: str, chunk: int, bias: bool, eta: str, record: str
) -> None:
    path = write(text)
    data = read_csv(path)
    literal = run(algorithm, data.X, data.y, bias=bias, eta=eta, record=record)  # type: ignore[arg-type]
    streamed = run_csv(algorithm, path, bias=bias, eta=eta, record=record, chunk=chunk)  # type: ignore[arg-type]
    assert streamed == literal


BAD = [
    "1,2,1\n1,1\n",  # ragged, the second line
    "1,2,1\n\n# c\n3,1,2,1\n",  # ragged after a blank line and a comment (names line 1)
    "1,2,1\n1,x,1\n",
    "1,2,1\n1,2,0\n",
    "# nothing\n\n",
    "1,2,1\n\ufeff1,2,1\n",  # a byte-order mark inside the file is not one
    "1/0,1\n",
]


@pytest.mark.parametrize("text", BAD)
def test_streamed_file_fails_as_read_csv_fails(text: str) -> None:
    path = write(text)
    with pytest.raises(InputError) as expected:
        read_csv(path)
    with pytest.raises(InputError) as streamed:
        run_csv("perceptron/mehta", path, chunk=1)
    assert str(streamed.value) == str(expected.value)


def test_stream_refuses_batch_runs_and_full_records() -> None:
    path = write("1,2,1\n")
    with pytest.raises(InputError, match="cannot stream"):
        run_csv("perceptron/press", path)
    with pytest.raises(InputError, match="cannot stream"):
        run_csv("perceptron/mehta", path, record="full")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize(
    "options",
    [
        ("perceptron/mehta", "--record", "mistakes"),
        ("perceptron/ssbd", "--record", "summary", "--bias", "--eta", "1/3"),
        ("perceptron/press", "--record", "full"),
        ("perceptron/gormley-online", "--epochs", "converge", "--format", "text"),
    ],
)
def test_cli_output_does_not_depend_on_the_engine(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...]
) -> None:
    path = str(write("-1,2,-1\n1,0,1\n1/2,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"))
    algorithm, *rest = options
    args = [algorithm, path, *rest] + ([] if "--format" in rest else ["--format", "json"])
    outputs = {cli(capsys, "run", *args, "--engine", e) for e in ("literal", "fast", "auto")}
    assert len(outputs) == 1
    status, out, _ = outputs.pop()
    assert status == 0 and out


def test_cli_bad_engine_use_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write("1,0,1\n"))
    with pytest.raises(SystemExit) as exited:
        main(["run", "perceptron/mehta", path, "--engine", "quick"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1 and "invalid choice" in err
    status, _, err = cli(capsys, "run", "perceptron/mehta", "/nonexistent.csv", "--engine", "fast")
    assert status == 2 and err.count("\n") == 1 and "/nonexistent.csv" in err


@pytest.mark.parametrize(
    "text",
    [
        " 1 , -2 ,+1\n3,4, -1 \n",  # blanks and signs around integers
        "\u0661\u0662,3,1\n-4,5,-1\n",  # Arabic-Indic digits: parse_rational reads them too
        "1,2,1\n" + "9" * 30 + ",1,-1\n",  # beyond 18 digits: parse_csv's path
        "1,0.5,1\n-1,2/3,-1\n",
    ],
)
def test_streamed_integer_lines_read_as_read_csv_reads_them(text: str) -> None:
    path = write(text)
    data = read_csv(path)
    literal = run("perceptron/blum", data.X, data.y, record="mistakes")
    assert run_csv("perceptron/blum", path, record="mistakes") == literal
