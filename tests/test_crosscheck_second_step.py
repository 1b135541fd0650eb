"""A candidate that takes a step is told η = 1/2 too (crosscheck/judge/step.py): at η = 1 a
step applied to part of the update only is the reference's loop, so only a second step can
tell it apart; a failure at the second step is reported, not held against it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.explain import diagnosis
from perceptron_ref.crosscheck.judge.oracle import Oracle
from perceptron_ref.vectors import Vector

CANDIDATES = Path(__file__).resolve().parent / "candidates"
ALGORITHM = "perceptron/gormley-online"


def target(name: str) -> str:
    return f"{CANDIDATES / name}.py:train"


@pytest.mark.parametrize(
    ("name", "parameter", "part"),
    [
        ("eta_bias_only", "learning_rate", "the bias only"),
        ("eta_weights_only", "alpha", "the weights only"),
    ],
)
def test_a_step_applied_to_part_of_the_update_is_caught_at_the_defaults(
    name: str, parameter: str, part: str
) -> None:
    report = crosscheck(ALGORITHM, target(name))
    assert report.verdict == "disagree"
    assert report.reason.startswith(f"told {parameter} = 0.5: wrong weights")
    assert f"told {parameter} = 1 it agrees on all 48 data sets" in report.reason
    assert f"called as train(X, y, {parameter}=0.5, bias=True)" in report.calling
    (cause,) = [d for d in report.diagnosis if d.code == "learning-rate"]
    assert part in cause.evidence
    # the counterexample is the reference's run at η = 1/2 against its answer there
    counter = report.counterexample
    assert counter is not None and counter.expected.weights != counter.got.weights  # type: ignore[union-attr]
    assert all(v.denominator in (1, 2) for v in counter.expected.weights)


def test_the_same_cause_is_named_when_the_step_is_asked() -> None:
    report = crosscheck(ALGORITHM, target("eta_bias_only"), eta="1/4")
    assert report.verdict == "disagree" and not report.reason.startswith("told")
    (cause,) = [d for d in report.diagnosis if d.code == "learning-rate"]
    assert "η = 1/4 applied to the bias only" in cause.evidence


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("eta_told", "told eta = 0.5 too, on 8 data sets: agrees"),
        ("eta_ignored", "agrees, at the same learning rate as at eta = 1, 1 (it does not use eta)"),
        ("eta_integer_weights", "(not held against it: the step asked is 1)"),
        # η·(y − ŷ) with ŷ = ±1: a learning rate of 2η, which follows the step it is told
        ("as_written/class_raschka_style", "at a learning rate of 1 (2 × eta, as at eta = 1)"),
    ],
)  # fmt: skip
def test_right_code_at_the_step_asked_still_agrees_and_the_second_step_is_reported(
    name: str, said: str
) -> None:
    if name.startswith("as_written/"):
        report = crosscheck("perceptron/mehta", f"{CANDIDATES / name}.py:Perceptron")
    else:
        report = crosscheck(ALGORITHM, target(name))
    assert report.verdict == "agree", report.reason
    (line,) = [c for c in report.calling if c.startswith("told eta = 0.5 too")]
    assert line.endswith(said) if name == "eta_told" else said in line
    if name == "eta_integer_weights":
        assert "eta must be a whole number" in line


def test_no_second_step_without_a_step_parameter_or_when_the_step_is_chosen() -> None:
    mine = crosscheck(ALGORITHM, target("eta_001"))  # its own η = 0.01, no parameter
    told = crosscheck(ALGORITHM, target("eta_told"), eta="1/10")
    for report in (mine, told):
        assert report.verdict == "agree"
        assert not any(c.startswith("told ") for c in report.calling)


def test_the_cause_is_a_replay_that_gives_every_wrong_answer_and_only_those() -> None:
    oracle = Oracle(ALGORITHM, bias=True, epochs=1, eta=Fraction(1, 2))
    data: Data = ((Fraction(1),), (Fraction(-2),)), (1, 1)
    # by hand: x = 1 is a mistake (0 ≤ 0); the bias only moves by η: (b, w) = (1/2, 1); then
    # -2·1 + 1/2 < 0 is one again: (1, -1).  The reference moves both by η: (1/2, 1/2), then
    # (1, -1/2).
    assert oracle.told(data).weights == (Fraction(1), Fraction(-1, 2))
    bias_only: Vector = (Fraction(1), Fraction(-1))
    found = diagnosis.step_part((data, bias_only), [], [], oracle, floats=False)
    assert found is not None and "the bias only" in found.evidence
    others: list[Vector] = [(Fraction(1), Fraction(-1, 2)), (Fraction(1, 2), Fraction(-1))]
    for other in others:
        assert diagnosis.step_part((data, other), [], [], oracle, floats=False) is None
    # not at η = 1, where both parts are the reference's loop
    one = Oracle(ALGORITHM, bias=True, epochs=1, eta=Fraction(1))
    assert diagnosis.step_part((data, bias_only), [], [], one, floats=False) is None


# -- the families whose step is an equivalence (averaged, voted, kernel, multiclass) ----------


@pytest.mark.parametrize(
    ("name", "algorithm", "parameter", "part", "bias"),
    [
        ("averaged_eta_bias_only", "perceptron/averaged", "learning_rate", "the bias only", True),
        ("voted_eta_weights_only", "perceptron/voted", "alpha", "the weights only", True),
        ("multiclass_eta_bias_only", "perceptron/structured", "lr", "the biases only", True),
        ("multiclass_lr_true_row", "perceptron/structured", "lr", "the true class's row only",
         False),
    ],
)  # fmt: skip
def test_a_familys_step_applied_to_part_of_the_update_is_caught_at_the_defaults(
    name: str, algorithm: str, parameter: str, part: str, bias: bool
) -> None:
    """At η = 1 each is the reference's loop (it agreed on every data set before the family
    had a second step); at η = 1/2 its answers are wrong, and for the averaged and voted
    and multiclass perceptrons the cause is the part of the update the step reaches."""
    report = crosscheck(algorithm, target(name), bias=bias, examples=8)
    assert report.verdict == "disagree", report.reason
    assert report.reason.startswith(f"told {parameter} = 0.5: wrong"), report.reason
    assert f"told {parameter} = 1 it agrees on all" in report.reason
    assert any(f"{parameter}=0.5" in c for c in report.calling), report.calling
    causes = [d for d in report.diagnosis if d.code == "learning-rate"]
    (cause,) = causes
    assert f"η = 1/2 applied to {part}" in cause.evidence
    counter = report.counterexample
    assert counter is not None and counter.divergence is not None
    assert counter.divergence.spec_line.endswith(".5")  # the update's, not a zero score's


@pytest.mark.parametrize(
    ("name", "algorithm", "bias", "parameter"),
    [
        ("averaged_eta_class:AveragedPerceptron", "perceptron/averaged", True, "eta"),
        ("kernel_eta_class:KernelPerceptron", "perceptron/kernel", False, "eta"),
        ("multiclass_lr_class:MulticlassPerceptron", "perceptron/structured", True,
         "learning_rate"),
    ],
)  # fmt: skip
def test_a_right_family_class_that_takes_its_step_agrees_at_the_second_one(
    name: str, algorithm: str, bias: bool, parameter: str
) -> None:
    file, _, entry = name.partition(":")
    report = crosscheck(algorithm, f"{CANDIDATES}/{file}.py:{entry}", bias=bias, examples=8)
    assert report.verdict == "agree", report.reason
    (line,) = [c for c in report.calling if c.startswith(f"told {parameter} = 0.5 too")]
    assert line.endswith(": agrees")


def test_a_bias_step_of_its_own_is_the_run_whose_bias_moves_by_it() -> None:
    """runs.run(bias_step=η): the loop b ← b + η·y, w ← w + y·x (the averaged and voted
    families' model of a step on the bias only)."""
    from perceptron_ref.crosscheck.judge.families.runs import run

    data = [(Fraction(1),), (Fraction(-2),)], [1, 1]
    # by hand, as above: (b, w) = (1/2, 1) after x = 1, then (1, -1) after x = -2
    r = run(*data, bias=True, epochs=1, rule="tie-mistake", bias_step=Fraction(1, 2))
    assert r.w == (Fraction(1), Fraction(-1)) and r.mistakes == 2
    half, one = Fraction(1, 2), Fraction(1)
    assert [v for v, _ in r.votes] == [(0 * one, 0 * one), (half, one), (one, -one)]
    whole = run(*data, bias=True, epochs=1, rule="tie-mistake")
    assert whole.w == (2 * one, -one)  # the step 1 on both: (1, 1), then (2, -1)
