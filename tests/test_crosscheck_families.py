"""crosscheck of the families beyond the core six (crosscheck/family.py): for each family, the
right candidates in the usual styles agree (naming the reference's variant), and a candidate
for each known difference is judged wrong with the variant it runs and the code of its cause;
the graded parts follow.  Every candidate is a file of tests/candidates/ run in the sandbox."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.report import reporting
from perceptron_ref.errors import InputError

CANDIDATES = Path(__file__).resolve().parent / "candidates"

# (candidate, algorithm, options, verdict, the variant it agrees with, diagnosis codes, parts)
Case = tuple[str, str, dict[str, Any], str, str, tuple[str, ...], dict[str, bool]]
CASES: list[Case] = [
    # averaged: right ones, then each way real code averages or trains differently
    ("averaged_numpy", "perceptron/averaged", {}, "agree", "perceptron/averaged (after)", (),
     {"average": True, "training": True}),
    ("averaged_fractions", "perceptron/averaged", {"input": "fractions", "epochs": 2}, "agree",
     "perceptron/averaged (after)", (), {"average": True}),
    ("averaged_model", "perceptron/averaged", {}, "agree", "perceptron/averaged (after)", (),
     {"prediction": True}),
    ("averaged_before", "perceptron/averaged", {}, "disagree", "perceptron/averaged (before)",
     ("average-span",), {"average": False, "training": True}),
    ("averaged_daume", "perceptron/averaged", {"input": "lists"}, "disagree",
     "perceptron/averaged (all)", ("average-span",), {"average": False}),
    ("averaged_updates", "perceptron/averaged", {}, "disagree",
     "perceptron/averaged (at updates)", ("average-updates",), {"average": False}),
    ("averaged_divide_updates", "perceptron/averaged", {}, "disagree",
     "perceptron/averaged (÷ updates)", ("average-divisor",), {"average": False}),
    ("averaged_sum", "perceptron/averaged", {}, "disagree", "perceptron/averaged (sum)",
     ("average-divisor",), {"average": False}),
    ("averaged_sign_ge", "perceptron/averaged", {}, "disagree",
     "perceptron/averaged (after, tie → positive)", ("training-tie",),
     {"average": True, "training": False}),
    ("averaged_n_features:AveragedPerceptron", "perceptron/averaged", {"epochs": 2}, "agree",
     "perceptron/averaged (after)", (), {"average": True}),
    ("averaged_last_and_mean:AveragedPerceptron", "perceptron/averaged", {"epochs": 2}, "agree",
     "perceptron/averaged (after)", (), {"average": True}),
    ("averaged_own_bias", "perceptron/averaged", {}, "agree", "perceptron/averaged (after)", (),
     {"average": True, "training": True}),
    # voted
    ("voted_own_bias", "perceptron/voted", {}, "disagree", "perceptron/voted (count 0)",
     ("vote-count",), {"vectors": True, "counts": False}),
    ("voted_numpy", "perceptron/voted", {}, "agree", "perceptron/voted (count 1)", (),
     {"vectors": True, "counts": True}),
    ("voted_fractions", "perceptron/voted", {"input": "fractions", "epochs": 2}, "agree",
     "perceptron/voted (count 1)", (), {"vectors": True, "counts": True}),
    ("voted_model", "perceptron/voted", {}, "agree", "perceptron/voted (count 1)", (),
     {"vote": True}),
    ("voted_count0", "perceptron/voted", {}, "disagree", "perceptron/voted (count 0)",
     ("vote-count",), {"vectors": True, "counts": False}),
    # a class without predict: its answer read from its attributes
    ("voted_attributes:VotedPerceptron", "perceptron/voted", {}, "agree",
     "perceptron/voted (count 1)", (), {"vectors": True, "counts": True}),
    ("voted_attributes_count0:VotedPerceptron", "perceptron/voted", {}, "disagree",
     "perceptron/voted (count 0)", ("vote-count",), {"vectors": True, "counts": False}),
    ("voted_sign_ge", "perceptron/voted", {}, "disagree",
     "perceptron/voted (count 1, tie → positive)", ("training-tie",), {"vectors": False}),
    ("voted_npsign", "perceptron/voted", {}, "disagree",
     "perceptron/voted (count 1, sign(0) = 0)", ("vote-tie",), {"vote": False}),
    # kernel
    ("kernel_numpy", "perceptron/kernel", {}, "agree", "perceptron/kernel (x·x')", (),
     {"kernel": True, "training": True}),
    ("kernel_numpy", "perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": 1,
     "epochs": 2}, "agree", "perceptron/kernel ((x·x' + 1)^2)", (), {"kernel": True}),
    ("kernel_counts", "perceptron/kernel", {}, "agree", "perceptron/kernel (x·x')",
     ("alpha-counts",), {"kernel": True}),
    ("kernel_swapped", "perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": 1},
     "disagree", "perceptron/kernel ((x·x' + 2)^1 (p and c swapped))", ("kernel-swapped",),
     {"kernel": False, "training": True}),
    ("kernel_sklearn", "perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": 1},
     "disagree", "perceptron/kernel ((x·x'/d + 1)^2 (scikit-learn's gamma = 1/d))",
     ("kernel-scaled",), {"kernel": False}),
    ("kernel_attributes:KernelPerceptron", "perceptron/kernel", {}, "agree",
     "perceptron/kernel (x·x')", (), {"kernel": True, "training": True}),
    ("kernel_bias", "perceptron/kernel", {}, "disagree",
     "perceptron/kernel (x·x' + 1 (the bias as Σ αy))", ("kernel-bias",), {"kernel": False}),
    ("kernel_no_offset", "perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": 1},
     "disagree", "perceptron/kernel ((x·x')^2 (c left out))", ("kernel-offset",),
     {"kernel": False}),
    ("kernel_cs229", "perceptron/kernel", {}, "disagree",
     "perceptron/kernel (x·x', tie → positive)", ("training-tie",),
     {"training": False, "kernel": True}),
    ("kernel_function_default:KernelPerceptron", "perceptron/kernel",
     {"kernel": "polynomial", "degree": 3, "c": 1}, "agree", "perceptron/kernel ((x·x' + 1)^3)",
     (), {"prediction": True}),
    ("kernel_named:kernel_perceptron", "perceptron/kernel",
     {"kernel": "polynomial", "degree": 2, "c": 1}, "agree", "perceptron/kernel ((x·x' + 1)^2)",
     (), {"kernel": True, "training": True}),
    # multiclass
    ("multiclass_numpy", "perceptron/structured", {}, "agree", "perceptron/structured (first)",
     (), {"tie": True, "update": True}),
    ("multiclass_dict", "perceptron/structured", {"input": "lists"}, "agree",
     "perceptron/structured (first)", (), {"tie": True, "update": True}),
    ("multiclass_model", "perceptron/structured", {}, "agree", "perceptron/structured (first)",
     (), {"tie": True}),
    # told its number of classes K (each data set's), as num_classes or K; W as d × K, or a
    # fitted object's K × d rows
    ("multiclass_num_classes", "perceptron/structured", {}, "agree",
     "perceptron/structured (first)", ("rows-transposed",), {"tie": True, "update": True}),
    ("multiclass_k_class:Multiclass", "perceptron/structured", {}, "agree",
     "perceptron/structured (first)", (), {"tie": True, "update": True}),
    ("multiclass_last", "perceptron/structured", {}, "disagree", "perceptron/structured (last)",
     ("argmax-tie",), {"tie": False, "update": True}),
    ("multiclass_true_only", "perceptron/structured", {}, "disagree",
     "perceptron/structured (first, true row only)", ("update-true-only",),
     {"tie": True, "update": False}),
    ("multiclass_half", "perceptron/structured", {}, "disagree",
     "perceptron/structured (first, ½ on the predicted row)", ("half-step",), {"update": False}),
    ("multiclass_predicted_only", "perceptron/structured", {}, "disagree",
     "perceptron/structured (first, predicted row only)", ("update-predicted-only",),
     {"tie": True, "update": False}),
    # Berkeley CS 188's classifier: legalLabels in its constructor, train(data, labels),
    # the weights a {label: row} dict; and its argMax written with a sort (the last wins)
    ("multiclass_cs188:PerceptronClassifier", "perceptron/structured", {}, "agree",
     "perceptron/structured (first)", (), {"tie": True, "update": True}),
    ("multiclass_cs188_last", "perceptron/structured", {}, "disagree",
     "perceptron/structured (last)", ("argmax-tie",), {"tie": False, "update": True}),
    # Winnow
    ("winnow_theta_pair", "winnow/disjunction", {}, "agree", "winnow/disjunction (θ = n)", (),
     {"threshold": True, "tie": True, "demotion": True}),
    ("winnow_lists", "winnow/disjunction", {"input": "lists"}, "agree",
     "winnow/disjunction (θ = n)", (), {"threshold": True, "tie": True, "demotion": True}),
    ("winnow_k_of_r", "winnow/k-of-r", {"input": "fractions", "k": 2}, "agree",
     "winnow/k-of-r (θ = n)", (), {"demotion": True}),
    ("winnow_numpy", "winnow/ltf", {"epsilon": "1/2"}, "agree", "winnow/ltf (θ = n)", (),
     {"demotion": True}),
    ("winnow_half_threshold", "winnow/disjunction", {"input": "lists"}, "disagree",
     "winnow/disjunction (θ = n/2)", ("winnow-threshold",), {"threshold": False}),
    ("winnow_strict", "winnow/disjunction", {}, "disagree",
     "winnow/disjunction (θ = n, − at w·x = θ)", ("winnow-tie",), {"tie": False}),
    ("winnow2", "winnow/disjunction", {"input": "lists", "examples": 20}, "disagree",
     "winnow/disjunction (θ = n, halved)", ("winnow-demotion",), {"demotion": False}),
    ("winnow_scaled", "winnow/disjunction", {"input": "fractions"}, "disagree", "",
     ("scaled-weights",), {}),
    # labels coded 0/1 inside the update (a negative example never moves w): none of the
    # variants, the cause named by the family's run with that coding
    ("averaged_labels01", "perceptron/averaged", {}, "disagree", "", ("label-coding",), {}),
    ("voted_labels01", "perceptron/voted", {}, "disagree", "", ("label-coding",), {}),
    ("kernel_labels01", "perceptron/kernel", {}, "disagree", "", ("label-coding",), {}),
    # told 0/1, code written for -1/+1 that uses the 0 as it comes (y·(w·x) <= 0, w += y·x);
    # w += (y − ŷ)·x with a sign() ŷ = ±1 on 0/1 labels; and a 0/1 loop whose test is its
    # 0/1 prediction (ŷ = 1 if w·x > 0 else 0): a negative predicted 1 is a new vote
    ("voted_told01_as_is", "perceptron/voted", {"labels": "01"}, "disagree", "",
     ("label-coding",), {}),
    ("averaged_sign01", "perceptron/averaged", {"labels": "01"}, "disagree", "",
     ("label-coding",), {}),
    ("voted_predicted01", "perceptron/voted", {}, "disagree", "", ("label-coding",), {}),
    # as written: (V, c) as two arrays with the initial (0, 0) kept; Winnow as a class with
    # predict
    ("voted_two_arrays", "perceptron/voted", {}, "agree", "perceptron/voted (count 1)", (),
     {"vectors": True, "counts": True}),
    ("winnow_predict_class:Winnow", "winnow/disjunction", {}, "agree",
     "winnow/disjunction (θ = n)", (), {}),
    # an average of w at the end of each pass: none of the variants, and no cause claimed
    ("averaged_epoch_ends", "perceptron/averaged", {"epochs": 2}, "disagree", "", (), {}),
    # new hand-ins as courses write them: right ...
    ("voted_utah:voted_perceptron", "perceptron/voted", {}, "agree", "perceptron/voted (count 1)",
     (), {"vectors": True, "counts": True}),
    ("averaged_utah_model:AveragedPerceptron", "perceptron/averaged", {}, "agree",
     "perceptron/averaged (after)", (), {"prediction": True}),
    ("averaged_shuffle_off", "perceptron/averaged", {}, "agree", "perceptron/averaged (after)",
     (), {"average": True, "training": True}),
    ("kernel_gram:kernel_perceptron", "perceptron/kernel",
     {"kernel": "polynomial", "degree": 2, "c": 1}, "agree", "perceptron/kernel ((x·x' + 1)^2)",
     ("alpha-counts",), {"kernel": True, "training": True}),
    ("winnow_class_alpha:Winnow", "winnow/disjunction", {}, "agree", "winnow/disjunction (θ = n)",
     (), {"threshold": True, "tie": True, "demotion": True}),
    ("averaged_daume_c0:averaged_perceptron", "perceptron/averaged",
     {"input": "lists", "epochs": 2}, "agree", "perceptron/averaged (after)", (),
     {"average": True, "training": True}),
    ("kernel_state_right", "perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": 1},
     "agree", "perceptron/kernel ((x·x' + 1)^2)", (), {"prediction": True}),
    ("voted_utah_class:VotedPerceptron", "perceptron/voted", {"epochs": 2}, "agree",
     "perceptron/voted (count 1)", (), {"vote": True}),
    # ... and wrong, each with its cause
    ("averaged_utah_sum:averaged_perceptron", "perceptron/averaged", {}, "disagree",
     "perceptron/averaged (sum)", ("average-divisor",), {"average": False, "training": True}),
    ("averaged_heaviside", "perceptron/averaged", {}, "disagree",
     "perceptron/averaged (after, tie → negative)", ("training-tie",),
     {"average": True, "training": False}),
    ("voted_cs5350_error", "perceptron/voted", {}, "disagree",
     "perceptron/voted (count 1, tie → negative)", ("training-tie",), {}),
    ("kernel_cs229_state", "perceptron/kernel", {}, "disagree",
     "perceptron/kernel (x·x', tie → positive)", ("training-tie",), {}),
    ("winnow_ltf_times", "winnow/ltf", {"epsilon": "1/2"}, "disagree",
     "winnow/ltf (θ = n, × (1 − ε))", ("winnow-demotion",),
     {"threshold": True, "demotion": False}),
    ("winnow_promote3:winnow", "winnow/disjunction", {}, "disagree", "", ("winnow-promotion",),
     {"threshold": True, "tie": True, "demotion": True}),
    # Halving
    ("halving_fractions", "halving/cover", {"input": "fractions"}, "agree",
     "halving/cover (sgn(0) = +1)", (), {"sign": True}),
    ("halving_indices", "halving/cover", {"input": "fractions"}, "agree",
     "halving/cover (sgn(0) = +1)", (), {"sign": True}),
    ("halving_attributes:Halving", "halving/cover", {"input": "fractions"}, "agree",
     "halving/cover (sgn(0) = +1)", (), {"sign": True}),
    ("halving_npsign", "halving/cover", {"input": "fractions"}, "disagree",
     "halving/cover (sgn(0) = 0)", ("sign-zero",), {"sign": False}),
    ("halving_model", "halving/cover", {"input": "fractions"}, "disagree",
     "halving/cover (sgn(0) = +1, a tie predicts −1)", ("majority-tie",),
     {"sign": True, "vote": False}),
]  # fmt: skip


def check(name: str, algorithm: str, **options: Any) -> Report:
    """A crosscheck small enough for CI: 8 data sets (unless ``examples`` says otherwise)."""
    options = {"examples": 8} | options
    file, _, entry = name.partition(":")  # the entry is train unless named
    return crosscheck(algorithm, f"{CANDIDATES / file}.py:{entry or 'train'}", timeout=60.0,
                      **options)  # fmt: skip


@pytest.mark.parametrize(
    ("name", "algorithm", "options", "verdict", "variant", "codes", "parts"),
    CASES,
    ids=[f"{c[0]}-{c[1]}" for c in CASES],
)
def test_each_candidate_is_judged_with_its_variant_and_cause(
    name: str,
    algorithm: str,
    options: dict[str, Any],
    verdict: str,
    variant: str,
    codes: tuple[str, ...],
    parts: dict[str, bool],
) -> None:
    report = check(name, algorithm, **options)
    assert report.verdict == verdict, report.reason
    if variant:
        assert report.agrees_with[0] == variant, report.agrees_with
    else:
        assert report.agrees_with == ()
    assert set(codes) <= {d.code for d in report.diagnosis}, report.diagnosis
    aspects = {a.name: a.ok for a in report.aspects}
    assert {k: aspects.get(k) for k in parts} == parts
    if verdict == "disagree":
        c = reporting.counterexample_json(report)
        assert c is not None and c["expected"] != c["got"]


@pytest.mark.parametrize(
    "name",
    [
        "voted_model_last_vote:VotedPerceptron",  # the last (v, c) left out of the vote
        "voted_model_score_sum",  # sign(Σ c·v·x): the averaged perceptron's prediction
    ],
)
def test_a_voted_model_whose_vote_is_none_of_the_variants_is_blamed_on_the_vote(name: str) -> None:
    """Judged by its predictions, its training cannot be seen: the reference's step at the
    first wrong prefix (a zero score, voted.3) is no evidence.  No variant predicts as it
    does on the prefixes and the data sets it got wrong, so the line blamed is the vote's."""
    report = check(name, "perceptron/voted")
    assert report.verdict == "disagree" and report.agrees_with == ()
    assert "predictions" in report.compared
    c = reporting.counterexample_json(report)
    assert c is not None and c["first_divergent_step"] is not None
    assert c["first_divergent_step"]["spec_line"] == "voted.8", c["first_divergent_step"]


def test_a_wrong_answer_in_an_accepted_form_is_shown_in_that_form() -> None:
    """α as mistake counts, of a kernel none of the variants computes: with no reading that
    fits every data set, its answers are still read as counts, so that the counterexample is
    a real difference, not counts shown as signed α (1 for -1 on one negative example)."""
    report = check("kernel_cubic_counts", "perceptron/kernel", kernel="polynomial", degree=2, c=1)
    assert report.verdict == "disagree" and report.agrees_with == ()
    c = reporting.counterexample_json(report)
    assert c is not None
    assert [abs(Fraction(a)) for a in c["got"]["alpha"]] != [
        abs(Fraction(a)) for a in c["expected"]["alpha"]
    ], c


def test_a_counterexample_is_the_reference_runs_and_its_divergent_step_is_the_variants() -> None:
    """voted with counts from 0: the minimal counterexample's expected votes are those of the
    reference's own run, and the first divergent step is blamed on voted.6."""
    report = check("voted_count0", "perceptron/voted")
    c = reporting.counterexample_json(report)
    assert c is not None
    trace = run("perceptron/voted", c["X"], c["y"])
    assert trace.model is not None
    expected = [
        {"weights": [str(a) for a in v], "count": n}
        for v, n in trace.model.perceptrons  # type: ignore[attr-defined]
        if n or any(v)
    ]
    assert c["expected"] == expected
    step = c["first_divergent_step"]
    assert step is not None and step["spec_line"] == "voted.6"


@pytest.mark.parametrize(
    ("name", "algorithm", "options", "parts"),
    [
        # the model a cause names gives every answer: each dimension as that model has it
        ("averaged_labels01", "perceptron/averaged", {}, {"average": True, "training": True}),
        ("averaged_sign01", "perceptron/averaged", {"labels": "01"},
         {"average": True, "training": False}),
        ("multiclass_lr_true_row", "perceptron/structured", {}, {"tie": True, "update": False}),
        # no model: right only where every data set that shows it is right (the boundary
        # data show sgn(0); it restarts only on the noise, where no hypothesis fits)
        ("halving_restart", "halving/cover", {"input": "fractions"}, {"sign": True}),
        # wrong everywhere a part shows: each part wrong
        ("averaged_epoch_ends", "perceptron/averaged", {"epochs": 2},
         {"average": False, "training": False}),
    ],
)  # fmt: skip
def test_a_candidate_that_is_no_variant_is_graded_part_by_part(
    name: str, algorithm: str, options: dict[str, Any], parts: dict[str, bool]
) -> None:
    """Agreeing with no variant, a part is right only on evidence no chance fit gives: the
    model of a named cause that gives every answer, or the reference's answer on every data
    set that shows the part; a wrong part names no value that no model gives."""
    report = check(name, algorithm, **options)
    assert report.verdict == "disagree" and report.agrees_with == (), report.reason
    aspects = {a.name: a for a in report.aspects}
    assert {k: aspects[k].ok for k in parts} == parts, report.aspects
    if not report.diagnosis:  # no model: a wrong part names no variant's value
        from perceptron_ref.crosscheck.judge.families.averaged import TRAINING

        for a in report.aspects:
            assert a.ok is not False or "none of the" in a.evidence, a
            assert not any(value in a.evidence for value in TRAINING[1:]), a


def test_few_data_sets_still_hold_one_whose_answer_float32_cannot_hold() -> None:
    """With 8 data sets a multiclass loop in float32 agreed on all of them (every row was
    small integers); the smallest data set whose reference answer holds a number float32
    cannot is now added, and a right float64 loop still agrees there."""
    wrong = check("multiclass_float32", "perceptron/structured")
    assert wrong.verdict == "disagree" and wrong.examples == 9, wrong.reason
    right = check("multiclass_numpy", "perceptron/structured")
    assert right.verdict == "agree" and right.examples == 9, right.reason


def test_the_0_1_coded_loops_are_run_as_written() -> None:
    """runs.run(coded=...), by hand on x = (1, 2), (-1, 0), (2, -1) with y = +1, -1, -1: the
    sign() loop moves w by 2x on the positive mistake (a zero score), then +x on each
    negative it predicts -1 (w·x = -2, then -2); the loop whose test is its 0/1 prediction
    counts a negative as a mistake only where it predicts 1, and never moves w there."""
    from perceptron_ref.crosscheck.judge.families.runs import run as coded_run

    X, y = [(1, 2), (-1, 0), (2, -1)], [1, -1, -1]
    sign = coded_run(X, y, bias=False, epochs=1, rule="tie-mistake", coded="sign")
    assert [tuple(map(int, v)) for v, _ in sign.votes] == [(0, 0), (2, 4), (1, 4), (3, 3)]
    # with x₃ = (1, 1) instead, w = (1, 4) predicts +1 there (w·x = 5): w − x = (0, 3)
    wrong_way = coded_run([*X[:2], (1, 1)], y, bias=False, epochs=1, rule="tie-mistake",
                          coded="sign")  # fmt: skip
    assert tuple(map(int, wrong_way.w)) == (0, 3)
    # predicted: (1, 2) moves w; x₂ has w·x = -1 (predicted 0: no mistake), x₃ = (1, 1) has
    # w·x = 3 (predicted 1: a new vote, w unchanged)
    predicted = coded_run([*X[:2], (1, 1)], y, bias=False, epochs=1, rule="tie-negative",
                          coded="predicted")  # fmt: skip
    assert [(tuple(map(int, v)), c) for v, c in predicted.votes] == [
        ((0, 0), 0),
        ((1, 2), 2),
        ((1, 2), 1),
    ]


def test_the_json_report_names_what_was_compared_and_the_parts() -> None:
    report = check("multiclass_last", "perceptron/structured")
    found = reporting.to_json(report)
    assert found["compared"] == "its class rows W"
    assert found["aspects"]["tie"] == {"ok": False, "evidence": found["aspects"]["tie"]["evidence"]}
    assert "last of the tied classes" in found["aspects"]["tie"]["evidence"]
    assert found["counterexample"]["compared"] == "class rows W"
    text = reporting.format_text(report)
    assert "expected W = " in text and "graded parts: tie wrong; update right" in text


def test_a_fitted_model_is_judged_by_its_predictions_at_probe_points() -> None:
    report = check("voted_npsign", "perceptron/voted")
    assert report.compared.startswith("the predictions of its fitted model at ")
    c = reporting.counterexample_json(report)
    assert c is not None and "0" in c["got"] and len(c["probes"]) == len(c["got"])


@pytest.mark.parametrize(
    ("name", "algorithm", "read_from"),
    [
        ("winnow_attr:Winnow", "winnow/disjunction", "w"),  # w, not its θ: a number beside it
        ("averaged_attr:AveragedPerceptron", "perceptron/averaged", "weights"),
    ],
)
def test_a_fitted_object_without_predict_has_its_weights_read_as_the_cores_are(
    name: str, algorithm: str, read_from: str
) -> None:
    report = check(name, algorithm)
    assert report.verdict == "agree", report.reason
    assert f"weights read from {read_from}" in report.calling


@pytest.mark.parametrize(
    ("name", "verdict", "read_from"),
    [
        # it holds the last w and w_avg: the average is read (it was "holds no numbers")
        ("as_written/averaged_closure", "agree", "w_avg of the function it returned (predict)"),
        # it holds the last w only: that is read, and is not the average (it was blamed on
        # "its average differs after a zero score", the training's tie)
        ("as_written/averaged_closure_last", "disagree", "w of the function it returned"),
    ],
)
def test_an_averaged_predict_returned_is_read_from_what_its_closure_holds(
    name: str, verdict: str, read_from: str
) -> None:
    report = check(name, "perceptron/averaged")
    assert report.verdict == verdict, report.reason
    assert any(f"weights read from {read_from}" in said for said in report.calling)
    if verdict == "disagree":
        assert report.agrees_with == ("perceptron/averaged (last)",), report.agrees_with
        (found,) = report.diagnosis
        assert found.code == "average-span" and "the last w, w_N, not the average" in (
            found.evidence
        )


def test_weights_no_table_names_are_said_missing_and_taken_from_weights_attr() -> None:
    report = check("winnow_unnamed:Winnow", "winnow/disjunction")
    assert report.verdict == "disagree"
    assert report.reason.startswith(
        "crash: raised AttributeError: cannot find the weights of the fitted Winnow: none of "
        "coef_, w_, weights_, weights, w, W, ... (name them with --weights-attr)"
    ), report.reason
    named = check("winnow_unnamed:Winnow", "winnow/disjunction", weights_attr="strengths")
    assert named.verdict == "agree", named.reason
    assert "weights read from strengths" in named.calling


@pytest.mark.parametrize(
    ("algorithm", "weights_attr", "message"),
    [
        ("perceptron/voted", "w", "its answer is no weight vector"),
        ("halving/cover", "w", "its answer is no weight vector"),
        ("winnow/disjunction", "w,b", "b would be a bias, and winnow/disjunction is checked "),
    ],
)
def test_weights_attr_is_refused_where_the_family_reads_no_such_weights(
    algorithm: str, weights_attr: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        check("winnow_attr:Winnow", algorithm, weights_attr=weights_attr)


@pytest.mark.parametrize(
    ("algorithm", "options", "message"),
    [
        ("halving/cover", {}, "--input fractions"),
        ("perceptron/averaged", {"average": "middle"}, "average must be one of"),
        ("perceptron/kernel", {"degree": 0}, "degree must be a positive integer"),
        ("winnow/k-of-r", {"k": 0}, "k must be a positive integer"),
        ("perceptron/mehta", {"average": "after"}, "perceptron/mehta takes no option average"),
        ("perceptron/voted", {"max_epochs": 3}, "max_epochs caps 'converge' runs"),
    ],
)
def test_options_are_checked_as_run_checks_them(
    algorithm: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        check("averaged_numpy", algorithm, **options)


def test_the_library_adapters_stay_with_the_core() -> None:
    with pytest.raises(InputError, match="runs the core perceptrons"):
        crosscheck("perceptron/voted", "sklearn", examples=2)


def test_a_cmd_candidate_of_a_family_speaks_the_family_schemas() -> None:
    """A program reads family-input.schema.json's object and writes family-output's; the
    request crosscheck sends for each family fits the input schema."""
    import json
    import sys

    from jsonschema import Draft202012Validator

    from perceptron_ref.crosscheck.candidates import (
        CORE_OPTIONS,
        DERIVED,
        _dataset_json,
        _unwrapped,
    )
    from perceptron_ref.crosscheck.family import of, options
    from perceptron_ref.crosscheck.judge.family_trial import Calls

    report = crosscheck(
        "perceptron/voted",
        f"cmd:{sys.executable} {CANDIDATES / 'voted_cmd.py'}",
        input="fractions",
        examples=6,
        timeout=60.0,
        eta="1/2",
    )
    assert report.verdict == "agree", report.reason
    protocol = CANDIDATES.parents[1] / "spec" / "protocol"
    schema = json.loads((protocol / "family-input.schema.json").read_text())
    validator = Draft202012Validator(schema)
    data: Data = (((1, 0), (0, 2)), (1, -1))
    for algorithm, settings in (
        ("halving/cover", {}),
        ("perceptron/kernel", {"kernel": "polynomial", "degree": 2, "c": "1/2"}),
        ("winnow/k-of-r", {"k": 2}),
    ):
        chosen = options(algorithm, **settings)
        family = of(algorithm)
        extra = Calls(family, chosen, family.judge.told_for(chosen)).extra(data)
        request = _dataset_json(data) | {"bias": False, "epochs": 1}
        request["options"] = {
            k: _unwrapped(v)
            for k, v in extra["told"].items()
            if k not in CORE_OPTIONS and k not in DERIVED  # as Runner's request leaves them
        }
        request["probes"] = extra["probes"]
        assert validator.is_valid(json.loads(json.dumps(request))), request


@pytest.mark.parametrize(
    ("name", "verdict"), [("AveragedPerceptron", "agree"), ("AveragedBefore", "disagree")]
)
def test_a_class_is_constructed_with_the_options_it_names_fitted_and_judged_by_predict(
    name: str, verdict: str
) -> None:
    # before: called as AveragedPerceptron(X, y, epochs=1), a TypeError (multiple values)
    report = crosscheck(
        "perceptron/averaged",
        f"{CANDIDATES / 'averaged_class'}.py:{name}",
        examples=8,
        timeout=60.0,
    )
    assert report.verdict == verdict, report.reason
    aspects = {a.name: a.ok for a in report.aspects}
    assert aspects["average"] == (verdict == "agree") and aspects["prediction"]


def test_a_familys_options_fill_the_names_real_code_gives_them(tmp_path: Path) -> None:
    # n_iter for the passes (a function), T and lr in a constructor: filled as the core's are.
    code = tmp_path / "averaged_names.py"
    code.write_text(
        "import numpy as np\n\n"
        "def train(X, y, n_iter=10):\n"
        "    w = np.zeros(X.shape[1]); total = np.zeros(X.shape[1])\n"
        "    for _ in range(n_iter):\n        for x, t in zip(X, y):\n"
        "            if t * (w @ x) <= 0:\n                w = w + t * x\n"
        "            total += w\n    return total / (n_iter * len(y))\n\n"
        "class Averaged:\n    def __init__(self, T=10, lr=0.5):\n        self.T, self.lr = T, lr\n"
        "    def fit(self, X, y):\n        self.coef_ = train(X, y, self.T) * self.lr\n"
        "        return self.coef_\n"
    )
    for name in ("train", "Averaged"):
        report = crosscheck("perceptron/averaged", f"{code}:{name}", examples=12, epochs=2)
        assert report.verdict == "agree", (name, report.reason)


def test_an_object_without_predict_or_a_readable_attribute_is_told_what_was_looked_for() -> None:
    report = check("kernel_attributes_unnamed:KernelPerceptron", "perceptron/kernel")
    assert report.verdict == "disagree"
    assert report.reason.startswith(
        "unparsable: output: returned a KernelPerceptron with no predict(), and none of its "
        "attributes (epochs) is the coefficients α, one per example"
    ), report.reason


def test_the_report_says_how_a_family_candidate_was_called() -> None:
    """What the worker filled, in the report's "how it was called" (a plain NAME(X, y) is
    not said): a class's constructor and fitting method, a function's keyword arguments."""
    model = check("kernel_function_default:KernelPerceptron", "perceptron/kernel",
                  kernel="polynomial", degree=3, c=1)  # fmt: skip
    assert model.calling[0] == (
        "called as KernelPerceptron(kernel=<the kernel asked, as a function>, T=1).fit(X, y)"
    )
    # the linear kernel is told too, as degree 1 and c 0, to a class whose defaults are another
    linear = check("kernel_degree_default:KernelPerceptron", "perceptron/kernel")
    assert linear.verdict == "agree", linear.reason
    assert "called as KernelPerceptron(degree=1, c=0, epochs=1).fit(X, y)" in linear.calling
    told = check("winnow01_course:winnow", "winnow/disjunction", epochs=2)
    assert "called as winnow(X, y, epochs=2)" in told.calling, told.calling
    plain = check("averaged_sum", "perceptron/averaged")
    assert not any(said.startswith("called as") for said in plain.calling), plain.calling
    assert "called as" in reporting.format_text(model)


@pytest.mark.parametrize(
    "name",
    [
        "averaged_own_bias",
        "voted_own_bias",
        "averaged_last_and_mean:AveragedPerceptron",
        "averaged_model_own_bias:AveragedCoef",  # intercept_ ≠ 0 beside coef_
    ],
)
def test_a_bias_of_its_own_untold_is_found_by_its_answers(name: str) -> None:
    # (w̄, b̄), (w, b, c), self.b_avg ≠ 0: unreadable as d numbers, so asked again with a
    # bias and read so
    algorithm = "perceptron/" + name.split("_")[0]
    report = check(name, algorithm)
    assert not report.reason.startswith("unparsable"), report.reason
    assert "it learns a bias of its own" in "\n".join(report.calling)
    told = check(name, algorithm, bias=False)  # told none: unreadable, as told
    assert told.verdict == "disagree" and told.reason.startswith("unparsable"), told.reason


def test_an_averaged_objects_average_is_read_before_its_last_w() -> None:
    report = check("averaged_last_and_mean:AveragedPerceptron", "perceptron/averaged")
    assert report.verdict == "agree", report.reason
    assert "weights read from w_avg and b_avg" in report.calling


def test_a_model_with_a_bias_of_its_own_untold_agrees_by_its_predictions_with_one() -> None:
    name = "averaged_model_own_bias:AveragedPerceptron"
    report = check(name, "perceptron/averaged")
    assert report.verdict == "agree", report.reason
    assert "predictions" in report.compared
    assert "its predictions agree so" in "\n".join(report.calling)
    told = check(name, "perceptron/averaged", bias=False)  # told none: its predictions differ
    assert told.verdict == "disagree"
