"""Inputs are parsed exactly, and bad input ends in one clear line and exit status 2.

What a caller's value (int, float, Fraction, Decimal, numpy, sympy) converts to, exactly; the
error format (``FILE:LINE: problem``; ``line N`` without a file); each refusal of ``run()`` and
``registry.get`` with its exact line.  The number parser itself is pinned down in
``test_numbers``, each reader in its own module (``test_csv_reader``, ``test_coq``, ...).
"""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import InputError, registry, run
from perceptron_ref.cli import main
from perceptron_ref.coq import read_coq
from perceptron_ref.data import parse_csv, read_csv
from perceptron_ref.numbers import parse_rational, to_fraction, to_label
from tests.helpers import problem

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


# --- each refusal with its exact line -------------------------------------------------------------
# The documented error format (FILE:LINE: problem, one line; line N without a file), run()'s
# argument checks, registry.get's unknown IDs and options, and what a caller's value converts to.


def test_run_refuses_empty_data_with_one_clear_line() -> None:
    # No rows: there is nothing to learn from; the error names the problem exactly.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [], [])
    assert str(caught.value) == "no examples"


def test_run_refuses_examples_without_features() -> None:
    # One row of dimension 0: w would live in R^0; refused, naming d = 0.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [()], [1])
    assert str(caught.value) == "examples have no features (d = 0)"


def test_a_line_without_a_file_reads_line_n_never_a_bare_colon() -> None:
    # errors.py: source and line say where; with no file the place is "line N" (a message
    # ":3: problem" would name an empty file), with neither the problem stands alone.
    assert str(InputError("bad", line=3)) == "line 3: bad"
    assert str(InputError("bad", source="", line=3)) == "line 3: bad"
    assert str(InputError("bad", source="f.csv")) == "f.csv: bad"
    assert str(InputError("bad")) == "bad"
    # The parts stay readable: a reader re-raises a field's problem with its file and line.
    error = InputError("bad", source="f.csv", line=3)
    assert (error.problem, error.source, error.line) == ("bad", "f.csv", 3)
    with pytest.raises(InputError) as caught:
        parse_csv(["1,1", "x,1"], source="d.csv")
    assert str(caught.value) == "d.csv:2: 'x' is not a number (integer, decimal or p/q)"
    assert (caught.value.source, caught.value.line) == ("d.csv", 2)
    # The same rule through a reader given an empty source name: line 2 has no label.
    with pytest.raises(InputError) as caught:
        parse_csv(["1,2,1", "1"], source="")
    assert str(caught.value).startswith("line 2: ")


# registry.get: the known IDs are the spec files' names; an option is named when refused.

SPEC = Path(__file__).resolve().parent.parent / "spec" / "algorithms"


def test_an_unknown_algorithm_lists_every_id_the_spec_directory_names() -> None:
    # Every algorithm has its spec file spec/algorithms/<ID>.md (the project's naming rule),
    # so the known IDs are those file names, sorted, joined by ", ".
    ids = sorted(str(p.relative_to(SPEC).with_suffix("")) for p in SPEC.rglob("*.md"))
    assert "perceptron/blum" in ids
    with pytest.raises(InputError) as caught:
        registry.get("perceptron/nope")
    assert str(caught.value) == f"unknown algorithm 'perceptron/nope' (known: {', '.join(ids)})"


def test_options_an_algorithm_does_not_take_are_named_in_sorted_order() -> None:
    # Blum's perceptron takes no option: both given options are named, sorted, comma-joined.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [(1,)], [1], k=2, epsilon="1/2")
    assert str(caught.value) == "perceptron/blum takes no option epsilon, k"


# numbers: what a caller's value converts to, exactly, and the one line for what it cannot.


def refused(value: object) -> str:
    with pytest.raises(InputError) as caught:
        to_fraction(value)
    return str(caught.value)


def test_caller_values_convert_exactly_by_their_kind() -> None:
    # A sympy Rational is a numbers.Rational: p/q kept, not p or q alone.
    assert to_fraction(sympy.Rational(3, 4)) == Fraction(3, 4)
    assert to_fraction(Decimal("0.1")) == Fraction(1, 10)  # a Decimal is exact decimal text
    # float32(0.1) is 13421773 · 2^-27 (the nearest 24-bit significand), widened exactly.
    assert to_fraction(np.float32(0.1)) == Fraction(13421773, 2**27)
    assert to_fraction(np.int8(-3)) == Fraction(-3)


def test_values_that_are_not_finite_real_numbers_are_refused_in_one_line() -> None:
    assert refused(True) == "True is a boolean, not a number"
    assert refused(float("inf")) == "inf is not a finite number"
    assert refused(float("-nan")) == "nan is not a finite number"
    assert refused(Decimal("NaN")) == "Decimal('NaN') is not a finite number"
    assert refused(Decimal("-Infinity")) == "Decimal('-Infinity') is not a finite number"
    assert refused(complex(1, 2)) == "(1+2j) (complex) is not a real number"
    assert refused(None) == "None (NoneType) is not a real number"


def test_a_label_is_minus_one_or_one_exactly_and_nothing_else() -> None:
    assert [to_label(v) for v in (1, -1, 1.0, Fraction(-1), np.int8(-1))] == [1, -1, 1, -1, -1]
    for bad in (True, False, 2, -2, 0, "1", Fraction(1, 2)):
        with pytest.raises(InputError) as caught:
            to_label(bad)
        assert str(caught.value) == f"label {bad!r} is not -1 or 1"


# runner.run: the argument checks, each with its one line.


def run_refused(*args: object, **options: object) -> str:
    with pytest.raises(InputError) as caught:
        run(*args, **options)  # type: ignore[arg-type]
    return str(caught.value)


ONE_POINT = ([(1,)], [1])


def test_each_bad_option_is_refused_with_its_own_line() -> None:
    X, y = ONE_POINT
    assert run_refused("perceptron/blum", X, y, eta=0) == "eta must be positive, got 0"
    assert run_refused("perceptron/blum", X, y, eta="-1/2") == "eta must be positive, got -1/2"
    for bad in (0, -1, 1.5, "3", True):
        assert run_refused("perceptron/blum", X, y, epochs=bad) == (
            f"epochs must be a positive integer or 'converge', got {bad!r}"
        )
    for bad in (0, -2, 2.0, "2", True):
        assert run_refused("perceptron/blum", X, y, epochs="converge", max_epochs=bad) == (
            f"max_epochs must be a positive integer, got {bad!r}"
        )
    assert run_refused("perceptron/blum", X, y, record="all") == (
        "record must be 'full', 'mistakes' or 'summary', got 'all'"
    )
    assert run_refused("perceptron/blum", X, y, epochs=2, max_epochs=3) == (
        "max_epochs caps 'converge' runs; with a number of epochs it is unused"
    )
    assert run_refused("perceptron/gormley-batch", X, y, epochs=2) == (
        "perceptron/gormley-batch is a batch algorithm: it takes no epochs"
    )
    assert run_refused("perceptron/kernel", X, y, epochs="converge") == (
        "perceptron/kernel with epochs='converge' needs max_epochs"
    )
    assert run_refused("perceptron/blum", X, y, engine="bogus") == (
        "engine must be 'literal', 'fast' or 'auto', got 'bogus'"
    )


def test_the_data_shape_is_checked_with_its_own_line() -> None:
    assert run_refused("perceptron/blum", [], []) == "no examples"
    assert run_refused("perceptron/blum", [(), ()], [1, -1]) == "examples have no features (d = 0)"
    assert run_refused("perceptron/blum", [(1,), (2,)], [1]) == "2 examples but 1 labels"
    assert run_refused("perceptron/blum", [(1,)], [1, -1]) == "1 examples but 2 labels"
    assert run_refused("perceptron/blum", [(1, 2), (3, 4), (5,)], [1, 1, 1]) == (
        "example 2 has 1 features, example 0 has 2"
    )
    assert run_refused("perceptron/blum", [(1,), (1, 2)], [1, 1]) == (
        "example 1 has 2 features, example 0 has 1"
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
