"""No verdict resting on a false cause (issue 25): each bug the issue names, in a candidate of
its own, at the defaults (50 data sets, seed 0), is caught with the cause the evidence shows
and not another: an update that writes weights whose feature is 0 is not blamed on the
start, an answer c × the reference's is not shown as the counterexample while others show
the bug, int32 and int64 casts of integer-valued input and a loop over batches that drops
the last one at multiples of its size are reached, a tolerance around 0 is named as one and
a float16 score as the number type; and the data reach what those bugs need."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data, Returned
from perceptron_ref.crosscheck.check import _draw
from perceptron_ref.crosscheck.data.datasets import ROUND_SIZES, Needs
from perceptron_ref.crosscheck.explain import diagnosis
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.explain.verdicts import scaled
from perceptron_ref.crosscheck.judge.equivalence import Reading
from perceptron_ref.crosscheck.judge.oracle import Oracle
from perceptron_ref.crosscheck.report.results import Report

CANDIDATES = Path(__file__).resolve().parent / "candidates"
AS_WRITTEN = CANDIDATES / "as_written"  # code as it is written: untyped, unlinted
F = Fraction


def check(name: str, algorithm: str = "perceptron/gormley-online") -> Report:
    report = crosscheck(algorithm, f"{AS_WRITTEN / name}.py:train")
    assert report.verdict == "disagree", report.reason
    assert report.reason.startswith("wrong weights"), report.reason
    return report


def codes(report: Report) -> set[str]:
    return {d.code for d in report.diagnosis}


def test_an_update_that_writes_a_weight_whose_feature_is_zero_is_not_the_start() -> None:
    report = check("slice_bias_step")
    assert "initial-weights" not in codes(report)
    c = report.counterexample
    assert c is not None and c.divergence is not None  # the step that differs is shown
    assert report.agrees_with == ()


def test_a_count_of_passes_of_its_own_is_named_not_a_divergent_step() -> None:
    """A global EPOCHS = 10 the number asked never reaches: its answers are the reference's
    after 10 passes, not a step that updated "to different weights"."""
    report = check("global_epochs")
    assert codes(report) == {"passes"}, report.diagnosis
    (said,) = [d.evidence for d in report.diagnosis]
    assert "after 10 passes, not the 1 asked: 10 passes whatever the number asked" in said
    assert "first divergent step" not in report.reason


def test_a_start_that_is_not_zero_is_still_named_from_a_probe() -> None:
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'init_ones'}.py:train")
    assert codes(report) == {"initial-weights"}


@pytest.mark.parametrize("name", ["tie_half_step", "lms_rule"])
def test_the_counterexample_is_not_a_multiple_of_the_expected_answer(name: str) -> None:
    report = check(name)
    c = report.counterexample
    assert c is not None and not isinstance(c.got, Exception)
    got, expected = c.got.weights, c.expected.weights  # type: ignore[union-attr]
    ratios = {g / e for g, e in zip(got, expected, strict=True) if e}
    zeros_kept = all(g == 0 for g, e in zip(got, expected, strict=True) if e == 0)
    assert not (zeros_kept and len(ratios) == 1 and next(iter(ratios)) > 0), (got, expected)


def test_an_answer_that_is_a_multiple_names_the_factor_and_what_breaks_it() -> None:
    """When the counterexample's answer is c × the expected one, the diagnosis says c and
    the data set on which no such factor holds."""
    one: Data = (((F(1),),), (1,))  # the reference's w: (1)
    three: Data = (((F(1),), (F(1),), (F(-1),)), (1, -1, 1))  # the reference's w: (-1)
    trial = SimpleNamespace(
        oracle=Oracle("perceptron/gormley-online", bias=False, epochs=1, eta=F(1)),
        floats=False,
        q=F(1),
        cases=[SimpleNamespace(data=one), SimpleNamespace(data=three)],
    )
    half, other = Returned((F(1, 2),)), Returned((F(3),))
    found = scaled(trial, one, half, Reading(), [0, 1], [half, other])  # type: ignore[arg-type]
    assert isinstance(found, Diagnosis) and found.code == "learning-rate"
    assert "its answer is 1/2 × the reference's" in found.evidence
    assert "on data set 2 (3 examples) its weights are not a multiple" in found.evidence
    assert scaled(trial, one, other, Reading(), [0], [other]) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "bits"), [("int32_cast", 32), ("int64_cast", 64)])
def test_a_cast_of_the_input_to_an_integer_type_is_caught_and_named(name: str, bits: int) -> None:
    report = check(name)
    (found,) = [d for d in report.diagnosis if d.code == "overflow"]
    assert f"cast to int{bits}" in found.evidence and "(or wider" not in found.evidence
    assert "threshold" not in codes(report)


def test_weights_kept_in_an_int_array_are_the_number_type_not_a_threshold() -> None:
    """``w = np.zeros(d, dtype=int)`` then ``w[j] += y * x[j]``: every fractional update is cut
    toward 0.  It was put down to a threshold (the probes see a small score decided
    otherwise) or shown as a step "the candidate did not" make: it did, and w was cut."""
    report = check("int_weights")
    assert codes(report) == {"overflow"}, report.diagnosis
    (found,) = report.diagnosis
    assert "weights kept in int64" in found.evidence and "cut toward 0" in found.evidence
    assert "first divergent step" not in report.reason
    c = report.counterexample
    assert c is not None and c.divergence is None  # no rule's line blamed


def test_the_default_data_reach_scores_past_two_to_the_63_in_float_exact_data() -> None:
    needs = Needs(False, False, True, True)
    found = _draw("perceptron/gormley-online", 1, needs, 50, 0)
    top = F(0)
    for case in found:
        if case.regime == "long" and case.size <= 20_000:
            steps = run("perceptron/gormley-online", *case.data).steps
            top = max([top, *(abs(F(s.score)) for s in steps if s.score is not None)])
    assert top > 2**63
    needs = Needs(False, True, True, True)  # separable: runs to convergence
    found = _draw("perceptron/gormley-batch", "converge", needs, 50, 0)
    values = [abs(F(v)) for c in found if c.regime == "long" for x in c.data[0] for v in x]
    assert max(values) > 2**30


def test_the_default_data_have_n_at_and_beside_round_numbers() -> None:
    found = _draw("perceptron/gormley-online", 1, Needs(False, False, True, True), 50, 0)
    sizes = {len(c.data[0]) for c in found if c.regime == "round-sizes"}
    assert sizes == set(ROUND_SIZES[:5]) == {3200, 3199, 2560, 1000, 1001}
    assert all(3200 % b == 0 for b in (8, 10, 32, 64, 100, 128)) and 2560 % 256 == 0


def test_a_loop_that_drops_the_last_batch_at_multiples_of_its_size_is_caught() -> None:
    report = check("minibatch_drop")
    c = report.counterexample
    assert c is not None and len(c.data[0]) == 32  # one batch: a prefix of round length


def test_a_tolerance_around_zero_is_named_as_one_not_as_an_order() -> None:
    report = check("isclose_tie")
    assert "order" not in codes(report)
    (found,) = [d for d in report.diagnosis if d.code == "threshold"]
    assert "a tolerance around 0" in found.evidence and "1/134217728" in found.evidence


def test_a_margin_is_named_as_one_with_the_scores_that_bracket_it() -> None:
    # y·w·x < 1: probed after w = (1), every score in (-1, 1) is a step for either label
    report = check("hinge_margin", "perceptron/ssbd")
    (found,) = [d for d in report.diagnosis if d.code == "threshold"]
    assert "below a margin between 1/2 and 1" in found.evidence
    assert "y·w·x < 1 or y·w·x ≤ 1/2" in found.evidence and "tolerance" not in found.evidence


def test_a_strict_margin_is_a_model_of_its_own() -> None:
    # answers of "update when y·w·x < 1", by hand: (1) then 3/4 < 1 moves w to 7/4; (1) then
    # a score of exactly 1 does not move it; (1) then -1/2 with y = -1 (1/2 < 1) moves it to
    # 3/2.  "≤ 1" moves the second too, a threshold "predicts + iff w·x ≥ 1" not the third.
    one = Fraction(1)
    pairs: list[tuple[Data, tuple[Fraction, ...]]] = [
        ((((one,), (Fraction(3, 4),)), (1, 1)), (Fraction(7, 4),)),
        ((((one,), (one,)), (1, 1)), (one,)),
        ((((one,), (Fraction(-1, 2),)), (1, -1)), (Fraction(3, 2),)),
    ]
    oracle = Oracle("perceptron/ssbd", bias=False, epochs=1, eta=one)
    found = diagnosis.threshold(pairs[0], pairs, oracle, one)
    assert found is not None and "updates when y·(w·x) < t" in found.evidence
    assert "with t = 1 " in found.evidence


def test_a_float16_score_is_named_as_the_number_type_not_a_threshold() -> None:
    report = check("float16_score")
    assert "threshold" not in codes(report)
    (found,) = [d for d in report.diagnosis if d.code == "float-rounding"]
    assert "float16" in found.evidence and "the number type" in found.evidence


def test_a_loop_that_never_reaches_the_second_example_is_no_threshold() -> None:
    # T counts steps and is filled as the passes: one example only.  The probe after
    # w = (1) sees no step at any score, for either label: no threshold t decides so
    report = crosscheck("perceptron/gormley-online", f"{CANDIDATES / 'wrong_first1'}.py:train")
    assert report.verdict == "disagree" and report.reason.startswith("wrong weights")
    assert not codes(report) & {"threshold", "overflow"}, report.diagnosis
    c = report.counterexample
    assert c is not None and len(c.data[0]) == 2  # the second example shows it
