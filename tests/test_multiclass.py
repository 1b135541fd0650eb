"""Multiclass data (``perceptron/multiclass.py``): Collins' structured perceptron over classes,
from a file of features and a class per line, through ``run_multiclass`` and the CLI.

On separable data it obeys Collins' bound R²/δ² at every step and ends separating.  Traces are
worked out by hand from the lines of ``spec/algorithms/perceptron/structured.md`` (α = 0
[structured.1]; z = the argmax of α_c·x, a tie going to the class listed first; on z ≠ y,
α_y += η·x and α_z −= η·x [structured.5]); the module docstring's contract holds (classes in
increasing order, integers numerically; the JSON trace is the core's keys plus ``classes``; a
±1 file gets exactly the trace of ``run("perceptron/structured", …)``); the reader's errors are
one line naming file and line.  The CLI runs in-process (``cli.main``) as well as in a
subprocess.  Expected values are never obtained by re-running the code under test.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from perceptron_ref import InputError, cli, report, run
from perceptron_ref.bounds import perceptron_mistake_bound
from perceptron_ref.cli.run import structured
from perceptron_ref.numbers import parse_rational
from perceptron_ref.perceptron.multiclass import class_order, read_classes, run_multiclass
from perceptron_ref.perceptron.structured import Multiclass, separation
from perceptron_ref.testing import rationals, unit_vectors
from perceptron_ref.trace import Record
from perceptron_ref.vectors import Vector, dot
from tests.test_voted_averaged import etas


@st.composite
def separable_multiclass(draw: st.DrawFn) -> tuple[list[Vector], list[int], Vector, int]:
    """Points labelled by argmax_c U_c·x for a unit U ∈ Q^(K·d), ties dropped."""
    d, K = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    U = draw(unit_vectors(K * d))
    m = Multiclass(tuple(range(K)), d)
    X: list[Vector] = []
    y: list[int] = []
    for x in draw(
        st.lists(st.lists(rationals(6, 3), min_size=d, max_size=d), min_size=1, max_size=25)
    ):
        scores = sorted((dot(U, m.phi(tuple(x), c)), c) for c in range(K))
        if scores[-1][0] > scores[-2][0]:
            X.append(tuple(x))
            y.append(scores[-1][1])
    assume(len(set(y)) >= 2)
    return X, y, U, K


@given(problem=separable_multiclass(), eta=etas)
def test_multiclass_runs_obey_collins_bound_at_every_step_and_separate(
    problem: tuple[list[Vector], list[int], Vector, int], eta: Fraction
) -> None:
    X, y, U, K = problem
    m = Multiclass(tuple(range(K)), len(X[0]))
    pairs = [separation(m.structure(), U, x, c, range(K)) for x, c in zip(X, y, strict=True)]
    delta, R2 = min(p[0] for p in pairs), max(p[1] for p in pairs)
    assert delta > 0
    bound = perceptron_mistake_bound(R2, delta)
    assume(bound <= 400)
    classes = tuple(sorted(set(y)))
    t = run_multiclass(X, y, eta=eta, epochs="converge", max_epochs=int(bound) + 1)
    # U restricted to the classes present: dropping blocks keeps the margin, shrinks ‖U‖.
    U_seen = tuple(a for c in classes for a in m.block(U, c))
    k = 0
    for s in t.steps:
        k += s.mistake
        assert dot(U_seen, s.weights) >= k * eta * delta  # α·U ≥ kηδ
        assert dot(s.weights, s.weights) <= k * eta**2 * R2  # ‖α‖² ≤ kη²R²
    assert t.mistakes <= bound
    assert t.status == "converged"
    assert [t.model.predict(x) for x in X] == y


def test_class_order_puts_integers_first_numerically_then_names() -> None:
    assert class_order(["b", 10, -1, "a", 2]) == (-1, 2, 10, "a", "b")


def test_bad_multiclass_input_names_the_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,cat\n1,x,dog\n")
    with pytest.raises(InputError, match=r"bad.csv:2: "):
        read_classes(bad)
    bad.write_text("1,2,cat\n1,dog\n")
    with pytest.raises(InputError, match=r"bad.csv:2: expected 2 features and a class"):
        read_classes(bad)


def test_one_class_is_never_a_mistake_and_alpha_stays_zero() -> None:
    """The spec's "One class": GEN(x) = {c}, so the argmax is c on every example."""
    trace = run_multiclass([(1, 2), (-3, 0), (0, 5)], ["cat"] * 3, epochs=2)
    assert trace.classes == ("cat",) and trace.mistakes == 0
    assert trace.weights == (Fraction(0), Fraction(0))
    assert trace.model.predict((Fraction(7), Fraction(-1))) == "cat"
    converged = run_multiclass([(1,)], ["cat"], epochs="converge")
    assert (converged.status, converged.epochs) == ("converged", 1)


def test_the_cli_runs_multiclass_data(tmp_path: Path) -> None:
    data = tmp_path / "animals.csv"
    data.write_text("# x1,x2,class\n1,0,cat\n0,1,dog\n-1,-1,eel\n2,1,cat\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "perceptron/structured", str(data)]
    out = subprocess.run(
        [*cli, "--epochs", "converge", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    trace = json.loads(out.stdout)
    assert (trace["classes"], trace["status"], trace["mistakes"]) == (
        ["cat", "dog", "eel"],
        "converged",
        2,
    )
    assert trace["weights"] == ["1", "0", "0", "1", "-1", "-1"]
    assert [s["prediction"] for s in trace["steps"]][-4:] == ["cat", "dog", "eel", "cat"]
    bad = subprocess.run([*cli, "--labels", "01"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_on_plus_minus_one_files_the_cli_prints_the_python_api_trace(tmp_path: Path) -> None:
    from perceptron_ref.report import dumps

    data = tmp_path / "g.csv"
    data.write_text("-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n")
    cli = [sys.executable, "-m", "perceptron_ref", "run", "perceptron/structured", str(data)]
    out = subprocess.run([*cli, "--format", "json"], capture_output=True, text=True, check=True)
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
    assert out.stdout.strip() == dumps(run("perceptron/structured", X, [-1, 1, 1, -1, -1, 1]))


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        (["--input-format", "coq"], "perceptron/structured reads CSV only, not --input-format coq"),
        (
            ["--engine", "fast"],
            "perceptron/structured has no fast engine: use engine 'literal' or 'auto'",
        ),
    ],
)
def test_the_cli_refuses_options_structured_cannot_honour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str], problem: str
) -> None:
    # A Coq file was read as CSV, and --engine fast ran the literal loop, both silently (exit 0).
    from perceptron_ref.cli import main

    data = tmp_path / "d.csv"
    data.write_text("1,2,1\n-1,0,-1\n")
    assert main(["run", "perceptron/structured", str(data), *option]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"perceptron-ref: error: {problem}\n")


# --- the whole output and the reader, worked by hand ----------------------------------------------


# The module docstring's example, with class names (one not ASCII): sorted as strings,
# cat < dog < émeu ('é' is U+00E9, above every ASCII letter).
ANIMALS = "# x1,x2,class\n1,0,cat\n0,1,dog\n-1,-1,émeu\n"


# Worked by hand, d = 2, K = 3, α = (α_cat, α_dog, α_émeu), η = 1:
#   1 0: x = (1, 0), every α_c·x = 0: the tie goes to cat (listed first) = y, no mistake.
#   1 1: x = (0, 1), all 0 → cat ≠ dog, a mistake, score α_cat·x = 0;
#        α_dog = (0, 1), α_cat = (0, −1).
#   1 2: x = (−1, −1): cat (0,−1)·x = 1, dog −1, émeu 0 → cat ≠ émeu, score 1;
#        α_émeu = (−1, −1), α_cat = (0, −1) − (−1, −1) = (1, 0).
#   2 0: cat 1, dog 0, émeu −1 → cat, score 1;  2 1: cat 0, dog 1, émeu −1 → dog, score 1;
#   2 2: cat −1, dog −1, émeu 2 → émeu, score 2.  A clean pass: converged, 2 mistakes.
ANIMALS_TEXT = """\
1 0: score 0, predicted cat, label cat
1 1: score 0, predicted cat, label dog *
1 2: score 1, predicted cat, label émeu *
2 0: score 1, predicted cat, label cat
2 1: score 1, predicted dog, label dog
2 2: score 2, predicted émeu, label émeu
perceptron/structured: 2 mistakes in 2 epochs (converged); d = 2, eta = 1
w[cat] = (1, 0)
w[dog] = (0, 1)
w[émeu] = (-1, -1)
"""


# The first epoch of the same run as JSON, keys in the core's contract order
# (report.trace_to_json: algorithm … weights, the model's classes, steps).
ANIMALS_JSON = {
    "algorithm": "perceptron/structured",
    "dimension": 2,
    "bias": False,
    "eta": "1",
    "mistakes": 2,
    "epochs": 1,
    "status": "online",
    "weights": ["1", "0", "0", "1", "-1", "-1"],
    "classes": ["cat", "dog", "émeu"],
    "steps": [
        {
            "epoch": 1,
            "index": 0,
            "score": "0",
            "prediction": "cat",
            "label": "cat",
            "mistake": False,
            "weights": ["0", "0", "0", "0", "0", "0"],
        },
        {
            "epoch": 1,
            "index": 1,
            "score": "0",
            "prediction": "cat",
            "label": "dog",
            "mistake": True,
            "weights": ["0", "-1", "0", "1", "0", "0"],
        },
        {
            "epoch": 1,
            "index": 2,
            "score": "1",
            "prediction": "cat",
            "label": "émeu",
            "mistake": True,
            "weights": ["1", "0", "0", "1", "-1", "-1"],
        },
    ],
}


# Integer classes, a comment, a blank line and a leading zero: "09" and "9" are one class,
# and 9 < 10 numerically (as strings "10" < "9").  With --bias each x is (1, x1).
NUMBERS = "# bias demo\n2,10\n-1,09\n\n3,9\n"


# Worked by hand with --bias --eta 1/2, one epoch, α = (α_9, α_10):
#   1 0: x = (1, 2), y = 10; all 0 → 9, a mistake, score 0;
#        α_10 = (1/2, 1), α_9 = (−1/2, −1).
#   1 1: x = (1, −1), y = 9: α_9·x = −1/2 + 1 = 1/2, α_10·x = −1/2 → 9, right, score 1/2.
#   1 2: x = (1, 3), y = 9: α_9·x = −7/2, α_10·x = 7/2 → 10, a mistake, score 7/2;
#        α_9 = (−1/2, −1) + (1/2, 3/2) = (0, 1/2), α_10 = (1/2, 1) − (1/2, 3/2) = (0, −1/2).
NUMBERS_MISTAKES_TEXT = """\
1 0: score 0, predicted 9, label 10 *
1 2: score 7/2, predicted 10, label 9 *
perceptron/structured: 2 mistakes in 1 epochs (online); d = 2 with bias, eta = 1/2
w[9] = (0, 1/2)
w[10] = (0, -1/2)
"""


# Gormley's six points (slide 15) with ±1 labels, as in structured.py's docstring.
GORMLEY = "-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"
GORMLEY_X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
GORMLEY_Y = [-1, 1, 1, -1, -1, 1]


def cli_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *options: str
) -> tuple[int, str, str]:
    """``perceptron-ref run perceptron/structured FILE OPTIONS`` in-process: (status, out, err)."""
    path = tmp_path / "data.csv"
    path.write_text(text, encoding="utf-8")
    status = cli.main(["run", "perceptron/structured", str(path), *options])
    out, err = capsys.readouterr()
    return status, out, err


# --- the CLI on class-labelled data: the whole output, text and JSON --------------------------


def test_multiclass_text_output_is_the_hand_worked_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = cli_run(tmp_path, capsys, ANIMALS, "--epochs", "converge")
    assert (status, out, err) == (0, ANIMALS_TEXT, "")


def test_multiclass_json_output_is_the_hand_worked_trace_unescaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = cli_run(tmp_path, capsys, ANIMALS, "--format", "json")
    assert (status, err) == (0, "")
    assert json.loads(out) == ANIMALS_JSON
    # One line, keys in contract order, non-ASCII class names as they are (not \u00e9).
    assert out == json.dumps(ANIMALS_JSON, ensure_ascii=False) + "\n"
    assert "émeu" in out


def test_multiclass_with_bias_eta_and_mistakes_only_is_the_hand_worked_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ("--bias", "--eta", "1/2", "--record", "mistakes")
    status, out, err = cli_run(tmp_path, capsys, NUMBERS, *options)
    assert (status, out, err) == (0, NUMBERS_MISTAKES_TEXT, "")


def test_multiclass_summary_json_keeps_no_step_and_names_the_bias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The NUMBERS run above with --record summary: the same totals and α, no step; the
    # dimension counts the bias coordinate (d = 1 + 1), as the core trace does.
    options = ("--bias", "--eta", "1/2", "--record", "summary", "--format", "json")
    status, out, err = cli_run(tmp_path, capsys, NUMBERS, *options)
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "algorithm": "perceptron/structured",
        "dimension": 2,
        "bias": True,
        "eta": "1/2",
        "mistakes": 2,
        "epochs": 1,
        "status": "online",
        "weights": ["0", "1/2", "0", "-1/2"],
        "classes": [9, 10],
        "steps": [],
    }


# --- the CLI on ±1 data: exactly the Python API's trace ---------------------------------------


@pytest.mark.parametrize("form", ["text", "json"])
def test_a_plus_minus_one_file_prints_the_trace_of_run_structured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    # The module docstring: a file whose labels are all −1/+1 gets exactly the trace of
    # run("perceptron/structured", …), printed by the core's report (here with options set,
    # so that each one must reach run()).
    options = ("--bias", "--eta", "2", "--epochs", "converge", "--record", "mistakes")
    status, out, err = cli_run(tmp_path, capsys, GORMLEY, *options, "--format", form)
    trace = run(
        "perceptron/structured",
        GORMLEY_X,
        GORMLEY_Y,
        bias=True,
        eta=2,
        epochs="converge",
        record="mistakes",
    )
    expected = report.dumps(trace) if form == "json" else report.format_text(trace)
    assert (status, out, err) == (0, expected + "\n", "")
    assert trace.algorithm == "perceptron/structured" and trace.mistakes >= 1


# --- the CLI refuses the options of other algorithms ------------------------------------------


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (("--average", "after"), "average"),
        (("--kernel", "linear"), "kernel"),
        (("--degree", "2"), "degree"),
        (("--c", "1"), "c"),
        (("--average", "all", "--kernel", "polynomial"), "average, kernel"),
        (("--labels", "01"), "labels (class names are read as they are)"),
        (("--labels", "pm1", "--c", "0"), "c"),
    ],
)
def test_options_of_other_algorithms_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: tuple[str, ...], named: str
) -> None:
    status, out, err = cli_run(tmp_path, capsys, ANIMALS, *options)
    assert (status, out) == (2, "")
    assert err == f"perceptron-ref: error: perceptron/structured takes no option {named}\n"


def test_main_reads_a_namespace_without_model_options_as_none_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # main() looks the options of other algorithms up with defaults (getattr(args, o, None),
    # labels "pm1"): a namespace without them means none was given, and the run goes on.
    path = tmp_path / "animals.csv"
    path.write_text(ANIMALS, encoding="utf-8")
    args = argparse.Namespace(
        file=str(path),
        bias=False,
        eta="1",
        epochs="converge",
        max_epochs=None,
        record="full",
        max_bits=100_000,
        format="text",
    )
    assert structured(args) == 0
    assert capsys.readouterr().out == ANIMALS_TEXT


# --- read_classes: the file format and its errors ---------------------------------------------


def test_read_classes_skips_comments_and_blank_lines_and_reads_integer_classes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "n.csv"
    path.write_text(NUMBERS, encoding="utf-8")
    rows, y = read_classes(path)
    assert rows == [(Fraction(2),), (Fraction(-1),), (Fraction(3),)]
    assert y == [10, 9, 9] and all(type(c) is int for c in y)


def test_read_classes_keeps_reading_after_a_comment_or_blank_line(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("# head\n\n1,a\n# middle\n\n2,b\n", encoding="utf-8")
    assert read_classes(path) == ([(Fraction(1),), (Fraction(2),)], ["a", "b"])


def problem_of(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        read_classes(path)
    return str(caught.value)


def test_a_file_of_comments_only_has_no_examples(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("# nothing\n\n", encoding="utf-8")
    assert problem_of(path) == f"{path}: no examples"


def test_a_first_line_without_features_or_class_expects_the_format(tmp_path: Path) -> None:
    for line in ("cat", "1,", "1,2,"):  # no x; an empty class; an empty class again
        path = tmp_path / "f.csv"
        path.write_text(f"# x1,...,xd,y\n{line}\n", encoding="utf-8")
        assert problem_of(path) == f"{path}:2: expected x1,...,xd,y"


def test_a_bad_number_is_parse_rationals_problem_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("1,2,cat\n1,x,dog\n", encoding="utf-8")
    with pytest.raises(InputError) as expected:
        parse_rational("x")
    assert problem_of(path) == f"{path}:2: {expected.value.problem}"


def test_a_missing_file_is_named_with_the_systems_reason(tmp_path: Path) -> None:
    path = tmp_path / "missing.csv"
    assert problem_of(path) == f"{path}: {os.strerror(errno.ENOENT)}"


# --- run_multiclass: arguments, defaults and the trace's fields -------------------------------


def test_run_multiclass_refuses_bad_shapes_with_its_message() -> None:
    message = "^need one label per example and examples of one dimension d ≥ 1$"
    shapes: list[tuple[list[tuple[int, ...]], list[str]]] = [
        ([(1,), (2,)], ["a", "b", "c"]),  # three labels, two examples
        ([(1,), (1, 2)], ["a", "b"]),  # ragged
        ([(), ()], ["a", "b"]),  # d = 0
        ([], []),  # nothing
    ]
    for X, y in shapes:
        with pytest.raises(InputError, match=message):
            run_multiclass(X, y)


def test_run_multiclass_checks_max_epochs() -> None:
    with pytest.raises(InputError, match=r"^max_epochs must be a positive integer, got 0$"):
        run_multiclass([(1,), (-1,)], ["a", "b"], epochs="converge", max_epochs=0)


def test_run_multiclass_defaults_record_every_step_of_one_online_epoch() -> None:
    # Defaults: epochs = 1, record = "full", eta = 1, no bias.  Two examples x = (1,), (−1,)
    # with classes a, b: 1 0 ties → a, right; 1 1 ties → a ≠ b, a mistake:
    # α_b = (−1,), α_a = (1,).
    t = run_multiclass([(1,), (-1,)], ["a", "b"])
    assert (t.dimension, t.bias, t.eta, t.record) == (1, False, Fraction(1), "full")
    assert (t.status, t.epochs, t.mistakes, t.classes) == ("online", 1, 1, ("a", "b"))
    assert t.weights == (Fraction(1), Fraction(-1))
    assert [(s.index, s.prediction, s.mistake) for s in t.steps] == [
        (0, "a", False),
        (1, "a", True),
    ]


def test_run_multiclass_bias_is_a_leading_one() -> None:
    # x = (0,) with bias is (1, 0), twice, labelled b then a; η = 1/3, α = (α_a, α_b).
    t = run_multiclass([(0,), (0,)], ["b", "a"], bias=True, eta=Fraction(1, 3))
    assert (t.dimension, t.bias, t.eta) == (2, True, Fraction(1, 3))
    # 1 0: y = b, all 0 → a, mistake: α_a = (−1/3, 0), α_b = (1/3, 0).
    # 1 1: y = a: α_a·x = −1/3 < α_b·x = 1/3 → b, mistake: back to α = 0.
    third, zero = Fraction(1, 3), Fraction(0)
    assert [s.weights for s in t.steps] == [(-third, zero, third, zero), (zero,) * 4]
    assert [s.score for s in t.steps] == [0, third]


@pytest.mark.parametrize(
    ("record", "kept"),
    [("full", [(1, 0), (1, 1), (1, 2)]), ("mistakes", [(1, 1), (1, 2)]), ("summary", [])],
)
def test_run_multiclass_keeps_the_steps_its_record_asks_for(
    record: Record, kept: list[tuple[int, int]]
) -> None:
    # The ANIMALS data's first epoch: step 0 right, steps 1 and 2 mistakes (worked above).
    X, y = [(1, 0), (0, 1), (-1, -1)], ["cat", "dog", "émeu"]
    t = run_multiclass(X, y, record=record)
    assert [(s.epoch, s.index) for s in t.steps] == kept
    assert (t.record, t.mistakes) == (record, 2)
