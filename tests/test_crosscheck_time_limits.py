"""A crosscheck's time is bounded: a candidate that hangs settles the verdict at its first
hang (one timeout, not one per data set), and ``--budget`` caps the whole run, the report
saying what it left unchecked and covering only what was checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import candidates, crosscheck
from perceptron_ref.crosscheck.report import reporting

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def test_a_command_that_hangs_is_run_once_and_settles_the_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[Any] = []
    real = candidates._call_command

    def counting(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(candidates, "_call_command", counting)
    hang = "cmd:python3 -c 'import time; time.sleep(60)'"
    report = crosscheck("perceptron/blum", hang, examples=10, timeout=1.0)
    assert report.verdict == "disagree" and report.reason.startswith("hang:")
    assert len(calls) == 1  # not once more per data set, nor while shrinking


def test_a_python_candidate_that_hangs_is_not_asked_again() -> None:
    report = crosscheck(
        "perceptron/mehta", f"{CANDIDATES / 'hostile_loop'}.py:train", examples=10, timeout=1.0
    )
    assert report.reason.startswith("hang: no result within the time limit (killed) on data set 1")
    assert report.counterexample is not None and report.counterexample.divergence is None


def test_the_budget_caps_the_run_and_the_report_says_what_was_not_checked() -> None:
    for budget in (4, 8, 16):  # a loaded machine may spend 4 s before the first data set
        report = crosscheck(
            "perceptron/mehta", f"{CANDIDATES / 'slow_mehta'}.py:train", budget=budget
        )
        if report.examples:
            break
    assert report.verdict == "agree" and 1 <= report.examples < 50
    assert "not checked (not run: the --budget was spent)" in report.reason
    assert report.coverage.data_sets == report.examples
    assert "coverage: " in reporting.format_text(report)


def test_a_budget_spent_before_any_data_set_is_no_agreement() -> None:
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'slow_mehta'}.py:train", budget=0.01)
    assert (report.verdict, report.examples, report.agrees_with) == ("disagree", 0, ())
    assert report.reason.startswith("budget: no data set was checked")


def test_a_batch_of_answers_stops_at_the_budget_not_one_timeout_per_answer() -> None:
    # 0.2 s a call, a batch of 23 small data sets: the budget of 3 s cuts the batch itself.
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'slow_mehta'}.py:train", budget=3)
    assert 1 <= report.examples <= 3 / 0.2  # (before: 46 of 48, one 10 s timeout per answer)


def test_a_disagreement_found_within_the_budget_is_shown_with_a_real_counterexample() -> None:
    report = crosscheck(
        "perceptron/blum", f"{CANDIDATES / 'mehta_numpy'}.py:train", budget=30, examples=20
    )
    assert report.verdict == "disagree"
    c = reporting.counterexample_json(report)
    assert c is not None
    assert c["expected"] == [str(v) for v in run("perceptron/blum", c["X"], c["y"]).weights]
    assert c["got"] != c["expected"]
