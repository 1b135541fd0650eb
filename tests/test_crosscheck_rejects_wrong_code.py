"""crosscheck rejects wrong code at its defaults: every subtle bug of issue 12 (and more of
each kind) is a DISAGREE with a real counterexample, and named where the evidence shows it.

Each candidate in ``tests/candidates/`` is run exactly as a user would run it: the default
50 data sets, seed 0, no option but the algorithm (and ``--input fractions`` for the exact
ones).  The counterexample is checked against the reference independently: the reference's
w on it is the expected one, and the candidate's differs from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.report import reporting

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def target(name: str) -> str:
    return f"{CANDIDATES / name}.py:train"


def check_counterexample(report: Report, **options: Any) -> dict[str, Any]:
    """The counterexample is real: the reference's w on it is the expected one, and the
    candidate's answer differs from it (a DISAGREE never shows expected = got)."""
    c = reporting.counterexample_json(report)
    assert c is not None
    trace = run(report.algorithm, c["X"], c["y"], **options)
    assert [str(v) for v in trace.weights] == c["expected"] != c["got"]
    return c


WRONG = [
    # (candidate, algorithm, extra options, diagnosis codes the evidence must show)
    ("wrong_float32", "perceptron/gormley-online", {}, {"float-rounding"}),
    ("wrong_float16", "perceptron/gormley-online", {}, {"float-rounding"}),
    ("wrong_int8", "perceptron/gormley-online", {}, set()),
    ("wrong_int16", "perceptron/gormley-online", {}, set()),
    ("wrong_int32", "perceptron/gormley-online", {}, set()),
    ("wrong_float_score", "perceptron/blum", {"input": "fractions"}, {"float-rounding"}),
    ("wrong_round1", "perceptron/gormley-online", {}, set()),
    ("wrong_dead_bias", "perceptron/gormley-online", {}, set()),
    ("wrong_first10", "perceptron/gormley-online", {}, set()),
    ("wrong_first20", "perceptron/gormley-online", {}, set()),
    ("wrong_first1000", "perceptron/gormley-online", {}, set()),
    ("wrong_first2000", "perceptron/gormley-online", {}, set()),
    ("wrong_features8", "perceptron/gormley-online", {}, {"dimension"}),
    ("wrong_features100", "perceptron/gormley-online", {}, {"dimension"}),
    ("wrong_rule_d5", "perceptron/gormley-online", {}, {"dimension"}),
    ("wrong_rule_d100", "perceptron/gormley-online", {}, {"dimension"}),
    ("wrong_batch_cap3", "perceptron/gormley-batch", {}, set()),
    ("wrong_batch_cap9", "perceptron/gormley-batch", {}, set()),
    ("wrong_threshold_02", "perceptron/blum", {}, {"threshold"}),
    ("wrong_threshold_micro", "perceptron/blum", {}, {"threshold"}),
    ("wrong_threshold_nano", "perceptron/blum", {}, {"threshold"}),
    ("wrong_above_million", "perceptron/gormley-online", {}, {"overflow"}),
    ("wrong_above_trillion", "perceptron/gormley-online", {}, {"overflow"}),
]


@pytest.mark.parametrize(
    ("name", "algorithm", "options", "codes"), WRONG, ids=[w[0] for w in WRONG]
)
def test_wrong_code_is_judged_disagree_at_the_defaults(
    name: str, algorithm: str, options: dict[str, Any], codes: set[str]
) -> None:
    report = crosscheck(algorithm, target(name), **options)
    assert report.verdict == "disagree", report.reason
    assert report.reason.startswith("wrong weights"), report.reason
    check_counterexample(report)
    assert codes <= {d.code for d in report.diagnosis}, report.diagnosis
    assert report.examples >= 45 and report.coverage.max_examples >= 5000


def test_a_loop_that_sees_only_1000_examples_shrinks_to_1000_zero_examples_and_one_more() -> None:
    report = crosscheck("perceptron/gormley-online", target("wrong_first1000"))
    c = check_counterexample(report)
    assert len(c["y"]) == 1001 and len(c["X"][0]) == 1  # no fewer examples can show it
    assert all(x == ["0"] for x in c["X"][:1000]) and c["X"][1000] != ["0"]
    step = c["first_divergent_step"]
    assert step is not None and step["step"] == 1000  # the 1001st example is the first step off
    text = reporting.format_text(report)
    assert "x = (0), y = +1   (examples 1-1000, 1000 equal)" in text


def test_a_threshold_is_bracketed_by_the_probes_around_it() -> None:
    report = crosscheck("perceptron/blum", target("wrong_threshold_02"))
    (threshold,) = [d for d in report.diagnosis if d.code == "threshold"]
    assert (
        "at w·x = 1/8 it decides -" in threshold.evidence
        and "at 1/4 as the spec" in threshold.evidence
    )


def test_a_magnitude_limit_is_bracketed_by_the_probes_around_it() -> None:
    report = crosscheck("perceptron/gormley-online", target("wrong_above_million"))
    (limit,) = [d for d in report.diagnosis if d.code == "overflow"]
    assert "up to |w·x| = 524288 and otherwise from 1048576 on" in limit.evidence


def test_a_bias_returned_but_never_used_is_not_read_as_a_count() -> None:
    # (w, b, mistakes) with b outside the score: (w, ...) would read w alone, right
    report = crosscheck("perceptron/gormley-online", target("wrong_dead_bias"), examples=12)
    assert report.verdict == "disagree", report.reason
    from perceptron_ref.crosscheck.candidates.outcomes import Failure, interpret

    data = (((1,),), (-1,))
    said = interpret([["1"], "-1", "1"], data, False, extras=True)  # type: ignore[arg-type]
    assert isinstance(said, Failure) and "it learns a bias" in said.detail
    counted = interpret([["1"], "3"], data, False, extras=True)  # type: ignore[arg-type]
    assert not isinstance(counted, Failure)
    # a count first, (k, w), is read; a negative number first is no count: a bias
    ahead = interpret(["3", ["1"]], data, False, extras=True)  # type: ignore[arg-type]
    assert not isinstance(ahead, Failure) and ahead.shape == "(k, w)"
    signed = interpret(["-1", ["1"]], data, False, extras=True)  # type: ignore[arg-type]
    assert isinstance(signed, Failure) and "no count" in signed.detail
