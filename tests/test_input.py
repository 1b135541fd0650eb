"""Inputs are parsed exactly, and bad input ends in one clear line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.cli import main
from perceptron_ref.data import parse_csv
from perceptron_ref.numbers import parse_rational, to_fraction

GORMLEY = "# Gormley slide 15\n-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.1", Fraction(1, 10)),
        ("-3/6", Fraction(-1, 2)),
        ("1.5e3", Fraction(1500)),
        ("-.25", Fraction(-1, 4)),
        ("7", Fraction(7)),
        ("+2/4", Fraction(1, 2)),
        ("-0", Fraction(0)),
    ],
)
def test_text_numbers_are_parsed_exactly(text: str, value: Fraction) -> None:
    assert parse_rational(text) == value


@given(st.fractions())
def test_a_printed_fraction_parses_back_to_itself(q: Fraction) -> None:
    assert parse_rational(str(q)) == q


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_becomes_its_exact_binary_value(f: float) -> None:
    q = to_fraction(f)
    assert q == Fraction(f) and float(q) == f
    assert to_fraction(np.float64(f)) == q


def test_numpy_arrays_are_accepted_exactly() -> None:
    X = np.array([[-1, 2], [1, 0], [1, 1]], dtype=np.int64)
    assert run("perceptron/mehta", X, np.array([-1, 1, 1])).weights == (Fraction(2), Fraction(-1))
    assert run("perceptron/mehta", X * 0.5, [-1, 1, 1]).weights == (Fraction(1), Fraction(-1, 2))


@pytest.mark.parametrize(
    ("X", "y", "problem"),
    [
        ([], [], "no examples"),
        ([()], [1], "d = 0"),
        ([(1, 2), (1,)], [1, 1], "example 1 has 1"),
        ([(float("nan"),)], [1], "not a finite"),
        ([(float("inf"),)], [1], "not a finite"),
        ([(1,)], [0], "label 0"),
        ([(1,)], [1, 1], "1 examples but 2 labels"),
        ([(True,)], [1], "boolean"),
        ([("x",)], [1], "not a number"),
        # A value that is not a sequence was a bare TypeError; a string row was read as one
        # example per character ("12" was (1, 2)).
        (5, [1], "^X must be a sequence, got int 5$"),
        ([(1,)], 3, "^y must be a sequence, got int 3$"),
        (["12"], [1], "^example 0 must be a sequence, got str '12'$"),
        ([(1,), b"1"], [1, 1], "^example 1 must be a sequence, got bytes b'1'$"),
        (np.array([1, 2]), [1, 1], r"^example 0 must be a sequence, got int64 np\.int64\(1\)$"),
    ],
)
def test_bad_python_input_raises_input_error(
    X: list[tuple[object, ...]], y: list[int], problem: str
) -> None:
    with pytest.raises(InputError, match=problem):
        run("perceptron/blum", X, y)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"eta": 0}, "eta must be positive"),
        ({"eta": "-1/2"}, "eta must be positive"),
        ({"epochs": 0}, "epochs must be"),
        ({"max_epochs": 3}, "max_epochs caps"),
        ({"record": "all"}, "record must be"),
    ],
)
def test_bad_options_raise_input_error(options: dict[str, object], problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        run("perceptron/blum", [(1,)], [1], **options)  # type: ignore[arg-type]


def test_batch_algorithms_take_no_epochs() -> None:
    with pytest.raises(InputError, match="batch algorithm"):
        run("perceptron/press", [(1,)], [1], epochs=2)


def test_csv_comments_blank_lines_bom_crlf_and_01_labels() -> None:
    data = parse_csv(["\ufeff# c\r\n", "\n", " 1/2 , 0.25 , 0 \r\n"], source="f", labels="01")
    assert ((Fraction(1, 2), Fraction(1, 4)),) == data.X
    assert (data.y, data.lines) == ((-1,), (3,))


BAD_FILES = [
    ("1,nan,1\n", "data.csv:1: 'nan' is not a number"),
    ("1,inf,1\n", "data.csv:1: 'inf' is not a number"),
    ("1,2,1\nabc,2,1\n", "data.csv:2: 'abc' is not a number"),
    ("1,2,1\n1,2,2\n", "data.csv:2: label '2' is not -1 or 1"),
    ("1,2,1\n\n1,1\n", "data.csv:3: 1 features, expected 2 (as on line 1)"),
    ("# only a comment\n", "data.csv: no examples"),
    ("1\n", "data.csv:1: expected x1,...,xd,y"),
    ("1/0,1\n", "data.csv:1: '1/0' has a zero denominator"),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_a_bad_file_gets_one_line_naming_file_line_and_problem(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    content: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("data.csv").write_text(content, encoding="utf-8")
    assert main(["run", "perceptron/blum", "data.csv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"perceptron-ref: error: {message}")
    assert err.count("\n") == 1 and err.endswith("\n")


def test_bad_arguments_get_one_line_and_exit_2(tmp_path: Path) -> None:
    data = tmp_path / "g.csv"
    data.write_text(GORMLEY, encoding="utf-8")
    for argv in (
        ["run", "perceptron/blum", str(data), "--eta", "0"],
        ["run", "perceptron/blum", str(data), "--epochs", "zero"],
        ["run", "nope", str(data)],
        ["run", "perceptron/blum", str(tmp_path / "missing.csv")],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "perceptron_ref", *argv],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2, argv
        assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_run_json_is_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "g.csv"
    data.write_text(GORMLEY, encoding="utf-8")
    assert (
        main(
            [
                "run",
                "perceptron/gormley-batch",
                str(data),
                "--bias",
                "--eta",
                "1/2",
                "--format",
                "json",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    trace = json.loads(out)
    assert list(trace) == [
        "algorithm",
        "dimension",
        "bias",
        "eta",
        "mistakes",
        "epochs",
        "status",
        "weights",
        "steps",
    ]
    assert (trace["algorithm"], trace["dimension"], trace["bias"], trace["eta"]) == (
        "perceptron/gormley-batch",
        3,
        True,
        "1/2",
    )
    assert trace["status"] == "converged" and trace["epochs"] == len(trace["steps"]) // 6
    assert list(trace["steps"][0]) == [
        "epoch",
        "index",
        "score",
        "prediction",
        "label",
        "mistake",
        "weights",
    ]
    assert [s["index"] for s in trace["steps"][:6]] == list(range(6))
    assert all(isinstance(q, str) for q in trace["weights"])
    assert trace["weights"] == trace["steps"][-1]["weights"]
    assert trace["mistakes"] == sum(s["mistake"] for s in trace["steps"])
