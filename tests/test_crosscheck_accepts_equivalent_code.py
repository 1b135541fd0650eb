"""crosscheck accepts right code in the shapes real code has, and names what it accepted:
a learning rate (exact, or float64 within a rigorous error bound), the step it was told,
the bias last or apart (scikit-learn's shapes, a model object), labels 0/1 inside, numbers
of any exact kind, and code written for one dimension when asked to check only that one."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.report import reporting

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def target(name: str) -> str:
    return f"{CANDIDATES / name}.py:train"


RIGHT: list[tuple[str, str, dict[str, Any], Fraction | None, set[str]]] = [
    # (candidate, algorithm, options, learning rate named (None: none), codes)
    ("eta_001", "perceptron/gormley-online", {}, Fraction(1, 100), {"learning-rate"}),
    ("eta_target_output", "perceptron/mehta", {}, Fraction(1, 5), {"learning-rate"}),
    (
        "eta_third_exact",
        "perceptron/blum",
        {"input": "fractions"},
        Fraction(1, 3),
        {"learning-rate"},
    ),
    ("eta_001", "perceptron/gormley-online", {"eta": "1/100"}, None, set()),
    ("eta_told", "perceptron/gormley-online", {}, None, set()),
    ("eta_told", "perceptron/gormley-online", {"eta": "1/10"}, None, set()),
    ("eta_told", "perceptron/gormley-online", {"epochs": 3}, None, set()),
    ("bias_last", "perceptron/gormley-online", {"bias": True}, None, {"bias-last"}),
    ("sklearn_shape", "perceptron/gormley-online", {"bias": True}, None, set()),
    ("column_vector", "perceptron/gormley-online", {}, None, set()),
    ("model_object", "perceptron/gormley-online", {"bias": True}, None, set()),
    ("labels01_inside", "perceptron/blum", {}, None, set()),
    ("decimal_weights", "perceptron/gormley-online", {}, None, set()),
    ("sympy_weights", "perceptron/blum", {"input": "fractions"}, None, set()),
    ("two_d_only", "perceptron/mehta", {"dimension": 2}, None, set()),
]


@pytest.mark.parametrize(
    ("name", "algorithm", "options", "rate", "codes"),
    RIGHT,
    ids=[f"{r[0]}-{'-'.join(map(str, r[2].values())) or 'defaults'}" for r in RIGHT],
)
def test_right_code_agrees_and_what_was_accepted_is_named(
    name: str,
    algorithm: str,
    options: dict[str, Any],
    rate: Fraction | None,
    codes: set[str],
) -> None:
    report = crosscheck(algorithm, target(name), **options)
    assert report.verdict == "agree", report.reason
    assert report.counterexample is None
    assert report.equivalence == rate
    assert {d.code for d in report.diagnosis} - {"float-rounding"} == codes, report.diagnosis
    assert algorithm in report.agrees_with
    if rate is not None:
        assert f"up to its learning rate {rate}" in report.reason
        assert reporting.to_json(report)["equivalence"] == {"learning_rate": str(rate)}
    else:
        assert reporting.to_json(report)["equivalence"] is None


def test_a_float_learning_rate_is_compared_within_a_bound_computed_from_the_exact_run() -> None:
    report = crosscheck("perceptron/gormley-online", target("eta_001"))
    assert "rigorous forward-error bound" in report.reason and "no tolerance" in report.reason
    rounded = [d for d in report.diagnosis if d.code == "float-rounding"]
    # where rounding decided a zero score the other way, it says so, and does not blame it
    assert rounded and "decided a score" in rounded[0].evidence
    assert "not held against it" in rounded[0].evidence


def test_a_learning_rate_that_is_not_one_number_is_not_accepted() -> None:
    # eta = 1/n: each data set's weights are a multiple of the reference's, but not one multiple
    report = crosscheck("perceptron/blum", target("eta_per_data_set"), input="fractions")
    assert report.verdict == "disagree" and report.equivalence is None
    (rate,) = [d for d in report.diagnosis if d.code == "learning-rate"]
    assert "not one learning rate" in rate.evidence


def test_checking_at_one_dimension_says_so_and_tries_only_that_dimension() -> None:
    report = crosscheck("perceptron/mehta", target("two_d_only"), dimension=2)
    assert "checked at d = 2 only" in report.reason
    assert report.dimension == 2 and report.coverage.max_dimension == 2
    assert json.loads(reporting.dumps(report))["dimension"] == 2


def test_code_that_ignores_the_epochs_it_is_told_is_caught() -> None:
    report = crosscheck("perceptron/gormley-online", target("eta_001"), epochs=3, examples=12)
    assert report.verdict == "disagree"
    assert report.coverage.max_epochs == 3


@pytest.mark.parametrize(
    ("name", "algorithm", "options", "named"),
    [
        ("sklearn_shape", "perceptron/gormley-online", {"bias": True}, "coef_ (1, d), intercept_"),
        ("column_vector", "perceptron/gormley-online", {}, "a column, shape (d, 1)"),
        ("bias_last", "perceptron/gormley-online", {"bias": True}, "agrees"),
        ("decimal_weights", "perceptron/gormley-online", {}, "vectors of decimal.Decimal"),
        ("sympy_weights", "perceptron/blum", {"input": "fractions"}, "sympy.Rational"),
    ],
)
def test_the_shape_and_number_types_an_answer_came_in_are_named(
    name: str, algorithm: str, options: dict[str, Any], named: str
) -> None:
    report = crosscheck(algorithm, target(name), **options)
    assert report.verdict == "agree"
    assert named in report.reason
    read = (*report.shapes, *report.kinds)  # the same, as fields (the class report counts them)
    assert all(r in report.reason for r in read)
    if name == "bias_last":  # a flat list of plain numbers: nothing to name
        assert "read exactly as" not in report.reason and read == ()
    else:
        assert named.removeprefix("vectors of ") in " ".join(read)


def test_its_own_rate_is_allowed_when_naming_the_variant_it_follows(tmp_path: Path) -> None:
    # Mehta's rule with a step of 2, checked against Blum's: wrong for Blum, and it follows
    # Mehta's zero-score rule; "agrees with no variant" would be a false statement.
    code = tmp_path / "mehta_step2.py"
    code.write_text(
        "import numpy as np\n\ndef train(X, y):\n    w = np.zeros(X.shape[1])\n"
        "    for x, t in zip(X, y):\n        if (1 if w @ x >= 0 else -1) != t:\n"
        "            w = w + 2 * t * x\n    return w\n"
    )
    report = crosscheck("perceptron/blum", f"{code}:train", examples=20)
    assert report.verdict == "disagree"
    assert report.agrees_with == ("perceptron/mehta",), report.reason
    # ... and the rate it follows that variant at is named with it.
    assert (
        "perceptron/mehta (tie-positive) at its learning rate 2 by perceptron/step-invariance"
        in report.reason
    ), report.reason


def test_no_rate_is_named_for_a_variant_followed_at_the_rate_told(tmp_path: Path) -> None:
    # Mehta's rule at the step told (1), checked against Blum's: the variant is named bare.
    code = tmp_path / "mehta.py"
    code.write_text(
        "import numpy as np\n\ndef train(X, y):\n    w = np.zeros(X.shape[1])\n"
        "    for x, t in zip(X, y):\n        if (1 if w @ x >= 0 else -1) != t:\n"
        "            w = w + t * x\n    return w\n"
    )
    report = crosscheck("perceptron/blum", f"{code}:train", examples=20)
    assert report.verdict == "disagree"
    assert report.agrees_with == ("perceptron/mehta",), report.reason
    assert "at its learning rate" not in report.reason, report.reason
