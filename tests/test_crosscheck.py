"""crosscheck: correct candidates agree, known-wrong ones are caught with a minimal
counterexample and the right spec line, conventions are named, the protocol holds."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from jsonschema import Draft202012Validator

from perceptron_ref import run
from perceptron_ref.cli import main
from perceptron_ref.cli.crosscheck import PERCEPTRONS
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates import _dataset_json, adapters
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.data.ties import tie_heavy
from perceptron_ref.crosscheck.explain.shrink import shrink, simplifications
from perceptron_ref.crosscheck.judge.conventions import VARIANTS
from perceptron_ref.crosscheck.judge.floats import exact
from perceptron_ref.crosscheck.judge.replay import rule, scaled
from perceptron_ref.crosscheck.report import reporting

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "tests" / "candidates"
PROTOCOL = ROOT / "spec" / "protocol"
JS = PROTOCOL / "examples" / "perceptron.js"


def fast(algorithm: str, target: str, **options: Any) -> Report:
    """A crosscheck small enough for CI: 8 data sets."""
    # generous: the first answer includes starting Python and numpy on a loaded machine
    return crosscheck(algorithm, target, examples=8, timeout=30.0, **options)


def candidate(name: str) -> str:
    return f"{CANDIDATES / name}.py:train"


def check_counterexample(report: Report) -> None:
    """The counterexample is real: the reference's w on it is the expected one, not the got."""
    c = reporting.counterexample_json(report)
    assert c is not None
    trace = run(report.algorithm, c["X"], c["y"])
    assert [str(v) for v in trace.weights] == c["expected"] != c["got"]


# -- correct candidates agree, and their conventions are named ---------------------------


def test_a_correct_numpy_mehta_agrees_and_is_recognised_as_tie_positive() -> None:
    report = fast("perceptron/mehta", candidate("mehta_numpy"))
    assert report.verdict == "agree" and report.counterexample is None
    assert report.agrees_with == ("perceptron/mehta",)  # the only online tie → positive rule
    assert "differs from perceptron/blum (tie-negative) when w·x = 0 and y = " in report.reason


def test_a_correct_tie_mistake_candidate_on_lists_agrees_with_gormley_online_and_ssbd() -> None:
    report = fast("perceptron/gormley-online", candidate("gormley_lists"), input="lists")
    assert report.verdict == "agree"
    assert report.agrees_with == ("perceptron/gormley-online", "perceptron/ssbd")


def test_a_trace_returning_exact_candidate_is_compared_step_by_step() -> None:
    report = fast("perceptron/blum", candidate("blum_trace"), input="fractions")
    assert report.verdict == "agree" and report.agrees_with == ("perceptron/blum",)
    # Against Mehta its own trace locates the first divergent step: a zero score, y = +1.
    wrong = fast("perceptron/mehta", candidate("blum_trace"), input="fractions")
    assert wrong.verdict == "disagree"
    check_counterexample(wrong)
    step = reporting.counterexample_json(wrong)["first_divergent_step"]  # type: ignore[index]
    assert (step["score"], step["spec_line"]) == ("0", "mehta.7")


def test_a_history_that_starts_with_w0_is_read_as_w_after_every_step() -> None:
    # [w₀, w₁, …, w_N] (kept for a plot): one vector more than the steps, the first w₀ = 0.
    report = fast("perceptron/gormley-online", candidate("history_from_w0"), epochs=2)
    assert report.verdict == "agree"
    assert report.agrees_with == ("perceptron/gormley-online", "perceptron/ssbd")
    # Read so, its own trace locates Mehta's first divergent step: a zero score, y = +1, the
    # same step as a history without w₀ gives (blum_trace above).
    wrong = fast("perceptron/mehta", candidate("history_from_w0"))
    assert wrong.verdict == "disagree"
    check_counterexample(wrong)
    c = reporting.counterexample_json(wrong)
    assert c is not None
    step = c["first_divergent_step"]
    assert (step["score"], step["label"], step["spec_line"]) == ("0", 1, "mehta.7")
    assert step["step"] == next(
        k for k, s in enumerate(run("perceptron/mehta", c["X"], c["y"]).steps) if s.score == 0
    )
    status, stdout, _ = cli(
        "perceptron/gormley-online", "--candidate", candidate("history_from_w0"),
        "--examples", "3", "--format", "json",
    )  # fmt: skip
    assert status == 0 and json.loads(stdout)["verdict"] == "agree"


def test_a_history_per_pass_is_judged_by_its_last_w() -> None:
    # w after each of 3 passes: no step count explains 3 vectors on n > 1 examples
    report = fast("perceptron/gormley-online", candidate("history_per_pass"), epochs=3)
    assert report.verdict == "agree", report.reason
    wrong = fast("perceptron/mehta", candidate("history_per_pass"), epochs=3)
    assert wrong.verdict == "disagree"


def test_a_generator_of_w_after_every_step_is_read_as_its_history() -> None:
    report = fast("perceptron/gormley-online", candidate("history_generator"))
    assert report.verdict == "agree", report.reason
    wrong = fast("perceptron/mehta", candidate("history_generator"))
    assert wrong.verdict == "disagree" and wrong.reason.startswith("wrong weights")


def test_a_history_that_goes_on_after_the_run_is_wrong_in_when_it_stops() -> None:
    # Its last w is the reference's: the trace is wrong, one step too long.  No variant has
    # a step there to name (no score, no label): said in words, no float or learning-rate
    # cause made up for a right w.
    report = fast("perceptron/gormley-online", candidate("history_repeats_final"))
    assert report.verdict == "disagree"
    assert "the candidate went on after the reference stopped" in report.reason
    assert (
        "differs from perceptron/gormley-online (tie-mistake) in when it stops: its trace goes "
        "on after that run's last step"
    ) in report.reason
    assert not {d.code for d in report.diagnosis} & {"float-rounding", "learning-rate"}
    status, stdout, _ = cli(
        "perceptron/gormley-online", "--candidate", candidate("history_repeats_final"),
        "--examples", "3", "--format", "json",
    )  # fmt: skip
    assert status == 1 and json.loads(stdout)["verdict"] == "disagree"


# -- known-wrong candidates are caught -------------------------------------------------------


def test_tie_positive_code_against_blum_shrinks_to_one_example_and_blames_blum_2() -> None:
    report = fast("perceptron/blum", candidate("mehta_numpy"))
    assert report.verdict == "disagree"
    check_counterexample(report)
    c = reporting.counterexample_json(report)
    assert c is not None and len(c["y"]) == 1  # one example, its label the simpler +1
    step = c["first_divergent_step"]
    assert (step["step"], step["score"], step["label"], step["spec_line"]) == (0, "0", 1, "blum.2")
    assert "the spec updates when w·x = 0 and y = +1 but the candidate did not" in step["rule"]
    assert report.agrees_with == ("perceptron/mehta",)


def test_a_wrong_update_sign_is_blamed_on_blums_negative_update_line() -> None:
    report = fast("perceptron/blum", candidate("wrong_sign"))
    assert report.verdict == "disagree"
    check_counterexample(report)
    c = reporting.counterexample_json(report)
    assert c is not None and c["first_divergent_step"]["spec_line"] == "blum.4"
    # A negative example can only be a mistake after a positive one: two examples are minimal.
    assert len(c["y"]) == 2


def test_never_updating_at_a_zero_score_is_caught_for_gormley_online() -> None:
    report = fast("perceptron/gormley-online", candidate("wrong_margin"))
    assert report.verdict == "disagree" and report.agrees_with == ()
    check_counterexample(report)
    step = reporting.counterexample_json(report)["first_divergent_step"]  # type: ignore[index]
    assert step["spec_line"] == "gormley-online.3" and step["score"] == "0"


# -- the shrinker and the data ------------------------------------------------------------


def test_shrinking_ends_at_a_local_minimum_that_still_fails() -> None:
    X = tuple(tuple(Fraction(v) for v in row) for row in [(3, -2), (1, 5), (-4, 1), (2, 2)])
    data: Data = (X, (1, -1, 1, -1))

    def bad(d: Data) -> bool:  # fails iff some negative example has a coordinate ≥ 2
        return any(t == -1 and max(x) >= 2 for x, t in zip(*d, strict=True))

    small = shrink(data, lambda tries: [bad(t) for t in tries], lambda d: True)
    assert bad(small)
    assert not any(bad(t) for _, t in simplifications(small))
    assert small == ((((2,),), (-1,)))


@given(tie_heavy(bias=False, dyadic=True, separable=True))
def test_separable_tie_heavy_data_make_the_batch_perceptron_converge(data: Data) -> None:
    assert run("perceptron/gormley-batch", *data, max_epochs=2000).status == "converged"


@given(tie_heavy(bias=True, dyadic=True, separable=False))
def test_float64_numpy_reproduces_the_reference_exactly_on_float_exact_data(data: Data) -> None:
    trace = run("perceptron/gormley-online", *data, bias=True, epochs=2)
    if not exact(scaled(*data, bias=True), rule("tie-mistake"), passes=2):
        return
    X = np.array([[1.0, *map(float, x)] for x in data[0]])
    w = np.zeros(X.shape[1])
    for _ in range(2):
        for x, t in zip(X, data[1], strict=True):
            if t * (w @ x) <= 0:
                w = w + t * x
    assert tuple(Fraction(v) for v in w) == trace.weights  # exact, no tolerance


# -- the JSON protocol and its example candidate ------------------------------------------


def test_the_js_example_candidate_agrees_and_speaks_the_schemas() -> None:
    report = fast(
        "perceptron/gormley-online", f"cmd:node {JS}", input="fractions", epochs="converge"
    )
    assert report.verdict == "agree"
    assert report.agrees_with == ("perceptron/gormley-online", "perceptron/ssbd")
    schemas = {
        n: json.loads((PROTOCOL / f"candidate-{n}.schema.json").read_text())
        for n in ("input", "output")
    }
    X = ((Fraction(1, 3), Fraction(-2)), (Fraction(0), Fraction(5, 2)))
    request = _dataset_json((X, (1, -1))) | {"bias": True, "epochs": "converge"}
    Draft202012Validator(schemas["input"]).validate(request)
    out = subprocess.run(
        ["node", str(JS)], input=json.dumps(request), capture_output=True, text=True, check=True
    )
    answer = json.loads(out.stdout)
    Draft202012Validator(schemas["output"]).validate(answer)
    assert answer["weights"] == [
        str(v)
        for v in run("perceptron/gormley-online", X, (1, -1), bias=True, epochs="converge").weights
    ]
    assert not Draft202012Validator(schemas["output"]).is_valid({"weights": [1], "trace": [[1]]})


def test_the_js_candidate_is_tie_mistake_so_press_blames_press_5() -> None:
    report = crosscheck(
        "perceptron/press", f"cmd:node {JS}", input="fractions", bias=True, examples=8
    )
    assert report.verdict == "disagree"
    step = reporting.counterexample_json(report)["first_divergent_step"]  # type: ignore[index]
    assert step["spec_line"] == "press.5" and "w·x = 0 and y = +1" in step["rule"]


# -- library adapters ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("library", "bias", "epochs"),
    [("sklearn", True, "converge"), ("sklearn", False, 2), ("river", True, 1), ("river", False, 2)],
)
def test_library_perceptrons_configured_per_peers_agree_with_gormley_online(
    library: str, bias: bool, epochs: int | str
) -> None:
    report = crosscheck("perceptron/gormley-online", library, bias=bias, epochs=epochs, examples=6)  # type: ignore[arg-type]
    assert report.verdict == "agree", report.reason
    assert "perceptron/gormley-online" in report.agrees_with


def test_scikit_learn_is_tie_mistake_so_it_cannot_follow_mehtas_zero_score_rule() -> None:
    # Two ties: Mehta predicts + at w·x = 0 (no update for y = +1, an update for y = -1);
    # scikit-learn updates at both.  Called in-process: the adapter is trusted code.
    X, y = [(1,), (2,)], [1, -1]
    w = adapters.sklearn(np.array(X, dtype=float), np.array(y), bias=False, epochs=1)
    got = tuple(Fraction(v) for v in w)
    assert got == run("perceptron/gormley-online", X, y).weights == (Fraction(-1),)
    assert run("perceptron/mehta", X, y).weights == (Fraction(-2),)


@pytest.mark.slow
def test_crosscheck_finds_that_scikit_learn_is_not_mehta() -> None:
    report = crosscheck("perceptron/mehta", "sklearn", examples=6)
    assert report.verdict == "disagree" and "w·x = 0" in report.reason


# -- the command line ----------------------------------------------------------------------


def cli(*args: str) -> tuple[int, str, str]:
    """Run ``perceptron-ref crosscheck ARGS`` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["crosscheck", *args])
        except SystemExit as exit:  # argparse's usage errors
            status = int(exit.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_the_cli_names_the_algorithms_crosscheck_compares() -> None:
    assert sorted(PERCEPTRONS) == sorted(VARIANTS)


def test_cli_exit_status_json_keys_and_deterministic_output() -> None:
    status, stdout, _ = cli(
        "perceptron/mehta", "--candidate", candidate("mehta_numpy"), "--examples", "3"
    )
    assert status == 0 and "AGREE" in stdout
    args = ("perceptron/blum", "--candidate", candidate("mehta_numpy"), "--examples", "3")
    status, stdout, _ = cli(*args, "--format", "json")
    assert status == 1
    report = json.loads(stdout)
    keys = ["algorithm", "candidate", "verdict", "reason", "examples", "agrees_with"]
    new = ["diagnosis", "equivalence", "coverage", "evidence", "regimes", "failed", "dimension",
           "calling"]  # fmt: skip
    assert list(report) == [*keys, "counterexample", *new]
    # every regime tried has its count of data sets not right, and the disagreement is in one
    assert set(report["regimes"]) <= set(report["failed"]) and sum(report["failed"].values()) > 0
    assert all(0 <= report["failed"][r] <= k for r, k in report["regimes"].items())
    counter = ["X", "y", "expected", "got", "first_divergent_step", "note"]
    assert list(report["counterexample"]) == counter
    assert cli(*args, "--format", "json")[1] == stdout  # byte-identical
    gradescope = json.loads(cli(*args, "--format", "gradescope")[1])
    assert gradescope["score"] == 0 and gradescope["tests"][0]["status"] == "failed"
    for bad in (
        ["perceptron/nope", "--candidate", "sklearn"],
        ["perceptron/blum", "--candidate", "missing.py:train"],
        ["perceptron/blum", "--candidate", "x.py:"],
        ["perceptron/press", "--candidate", "sklearn", "--epochs", "3"],
    ):
        status, _, stderr = cli(*bad)
        assert status == 2 and stderr.count("\n") == 1 and "Traceback" not in stderr, stderr


IRIS = ROOT.parent / "shared" / "benchmarks" / "coq-perceptron" / "iris_data_set"


@pytest.mark.skipif(not IRIS.is_file(), reason="../shared/benchmarks/coq-perceptron is absent")
def test_coq_benchmark_data_are_tried_first_and_must_be_usable_by_the_candidate() -> None:
    js = ("--candidate", f"cmd:node {JS}", "--input", "fractions", "--epochs", "converge")
    coq = ("--data", str(IRIS), "--input-format", "coq", "--examples", "2", "--format", "json")
    status, stdout, _ = cli("perceptron/gormley-online", *js, *coq)
    # the file, then Hypothesis's 2, then those added to tell the usual wrong loops apart
    assert status == 0 and json.loads(stdout)["examples"] >= 3
    # Iris's decimals (5.1 ...) are not exact in float64: a numpy candidate cannot take them.
    status, _, stderr = cli(
        "perceptron/gormley-online", "--candidate", candidate("gormley_lists"), *coq
    )
    assert status == 2 and "iris_data_set: not exact in float64" in stderr


def test_the_json_contract_new_keys_diagnosis_equivalence_and_seven_coverage_keys() -> None:
    args = ("perceptron/gormley-online", "--candidate", candidate("eta_001"), "--format", "json")
    status, stdout, _ = cli(*args)
    report = json.loads(stdout)
    assert status == 0 and report["verdict"] == "agree"
    assert report["equivalence"] == {"learning_rate": "1/100"}
    assert "learning-rate" in report["diagnosis"]
    assert [e["code"] for e in report["evidence"]] == report["diagnosis"]
    coverage = ["data_sets", "max_examples", "max_dimension", "max_abs_coordinate",
                "zero_scores", "near_zero_scores", "max_epochs"]  # fmt: skip
    assert list(report["coverage"]) == coverage
    assert report["coverage"]["data_sets"] == report["examples"] == sum(report["regimes"].values())
    assert Fraction(report["coverage"]["max_abs_coordinate"]) >= 2**19
    assert cli(*args)[1] == stdout  # byte-identical
    status, stdout, _ = cli(*args[:3], "--eta", "0.01", "--format", "json")
    assert status == 0 and json.loads(stdout)["equivalence"] is None  # it was told 1/100


def test_the_text_report_explains_each_diagnosis_and_ends_with_the_coverage() -> None:
    status, stdout, _ = cli("perceptron/gormley-online", "--candidate", candidate("eta_001"))
    lines = stdout.splitlines()
    assert status == 0 and "diagnosis:" in lines
    assert any(line.startswith("  learning-rate: on every data set") for line in lines)
    assert lines[-1].startswith("coverage: ") and "up to n = 5000 examples, d = 784" in lines[-1]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--eta", "0"),
        ("--eta", "-1/2"),
        ("--eta", "abc"),
        ("--dimension", "0"),
        ("--dimension", "x"),
        ("--budget", "0"),
        ("--budget", "nan"),
    ],
)
def test_bad_new_options_are_one_line_usage_errors(option: str, value: str) -> None:
    status, _, stderr = cli("perceptron/blum", "--candidate", "sklearn", option, value)
    assert status == 2 and stderr.count("\n") <= 2 and "Traceback" not in stderr
    assert option in stderr


def test_the_eta_a_python_candidate_is_told_reaches_it_exactly() -> None:
    status, stdout, _ = cli(
        "perceptron/gormley-online", "--candidate", candidate("eta_told"), "--eta", "1/10",
        "--format", "json",
    )  # fmt: skip
    report = json.loads(stdout)
    assert status == 0 and report["equivalence"] is None
    assert "learning-rate" not in report["diagnosis"]


@pytest.mark.parametrize(
    ("row", "kind"),
    [
        ((2**31 - 1, -(2**31) + 1), np.int64),  # every |x| < 2**31: int64
        ((2**31, 0), object),  # one |x| = 2**31: Python ints
        ((-(2**31), 0), object),
        ((-(2**63), 1), object),  # int64's least value: |x| does not fit int64
        ((2**70, 1), object),  # beyond int64
    ],
)
def test_integer_data_are_replayed_in_int64_only_below_2_to_the_31(
    row: tuple[int, int], kind: type
) -> None:
    # The replay's integers: int64 only where its sums cannot come near 2**63, the same
    # values either way, with the bias column D = 1 first when asked.
    for bias in (False, True):
        s = scaled((row, (1, 2)), (1, -1), bias=bias)
        assert s.X.dtype == kind and s.D == 1 and s.y.tolist() == [1, -1]
        assert s.X.tolist() == [[1] * bias + list(row), [1] * bias + [1, 2]]
