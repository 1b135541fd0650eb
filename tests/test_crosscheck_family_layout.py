"""The layout of a family's candidate (crosscheck/family_check.py): the label coding of a
two-class one, found by probing when not told, so that code written for labels 0/1 (the
textbook Winnow, an averaged perceptron with its labels turned into ±1 inside) is judged on
what it computes, a wrong one with its real cause; X as d × n (MIT 6.036's style), found or
told; each said in the report (found or told); ``--label-coding`` and ``--orientation`` still
force; a ±1 candidate taking rows, a program and the multiclass family's labels are not
affected."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.crosscheck import crosscheck, family_check
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.report import reporting
from perceptron_ref.errors import InputError

CANDIDATES = Path(__file__).resolve().parent / "candidates"
FOUND = "labels 0/1 (-1 sent as 0) (found by probing"


def laid(report: Report) -> tuple[str, ...]:
    """What the report says of the layout (the call itself aside: test_crosscheck_families)."""
    return tuple(said for said in report.calling if not said.startswith("called as "))


def check(target: str, algorithm: str, **options: Any) -> Report:
    """A crosscheck small enough for CI (12 data sets)."""
    return crosscheck(algorithm, f"{CANDIDATES / target}", examples=12, timeout=60.0, **options)


@pytest.mark.parametrize(
    ("target", "algorithm", "variant"),
    [
        ("winnow01_course.py:winnow", "winnow/disjunction", "winnow/disjunction (θ = n)"),
        (
            "averaged01_numpy.py:averaged_perceptron",
            "perceptron/averaged",
            "perceptron/averaged (after)",
        ),
        # a fitted model predicting 0/1: its 0 read as -1
        ("averaged01_numpy.py:AveragedPerceptron", "perceptron/averaged", ""),
    ],
)
def test_a_right_candidate_coded_0_1_agrees_and_the_report_says_the_coding_was_found(
    target: str, algorithm: str, variant: str
) -> None:
    report = check(target, algorithm)
    assert report.verdict == "agree", report.reason
    assert variant in report.agrees_with or not variant, report.agrees_with
    assert laid(report) == (f"{FOUND})",)
    text = reporting.format_text(report)
    assert "how it was called:\n" in text and f"\n  {FOUND})\n" in text
    assert reporting.to_json(report)["calling"][-1:] == [f"{FOUND})"]


@pytest.mark.parametrize(
    ("target", "algorithm", "variant", "code", "line"),
    [
        # a variant's difference: its variant and code, as for a candidate coded ±1
        (
            "winnow01_half_threshold.py:train",
            "winnow/disjunction",
            "winnow/disjunction (θ = n/2)",
            "winnow-threshold",
            "",
        ),
        (
            "averaged01_error.py:train",
            "perceptron/averaged",
            "perceptron/averaged (after, tie → positive)",
            "training-tie",
            "",
        ),
        # none of the variants' (the factor 3): its labels found by fitting more probes
        # given 0/1, and the step blamed is the promotion, never a demotion it does not make
        ("winnow01_triple.py:winnow", "winnow/disjunction", "", "", "winnow-disjunction.3"),
    ],
)
def test_a_wrong_candidate_coded_0_1_gets_its_real_cause(
    target: str, algorithm: str, variant: str, code: str, line: str
) -> None:
    report = check(target, algorithm)
    assert report.verdict == "disagree"
    assert laid(report) and laid(report)[0].startswith(FOUND), laid(report)
    if variant:
        assert report.agrees_with[0] == variant, report.agrees_with
        assert code in {d.code for d in report.diagnosis}, report.diagnosis
    else:
        assert report.agrees_with == ()
        assert "more of its answers" in laid(report)[0]
    c = reporting.counterexample_json(report)
    assert c is not None and c["expected"] != c["got"]
    if line:
        assert c["first_divergent_step"]["spec_line"] == line


@pytest.mark.parametrize(
    ("target", "algorithm"),
    [
        ("winnow_lists.py:train", "winnow/disjunction"),
        ("averaged_numpy.py:train", "perceptron/averaged"),
    ],
)
def test_a_candidate_coded_pm1_is_judged_as_when_told_pm1(target: str, algorithm: str) -> None:
    probed = check(target, algorithm)
    told = check(target, algorithm, labels="pm1")
    assert probed.verdict == "agree" and laid(probed) == ()
    assert laid(told) == ("labels -1/+1 (told: --label-coding pm1)",)
    assert reporting.to_json(probed) | {"calling": []} == reporting.to_json(told) | {"calling": []}


def test_label_coding_still_forces() -> None:
    target = "winnow01_course.py:winnow"
    forced = check(target, "winnow/disjunction", labels="pm1")
    assert forced.verdict == "disagree"
    told = check(target, "winnow/disjunction", labels="01")
    assert told.verdict == "agree", told.reason
    assert laid(told) == ("labels 0/1 (-1 sent as 0) (told: --label-coding 01)",)
    averaged = check("averaged01_numpy.py:averaged_perceptron", "perceptron/averaged", labels="pm1")
    assert averaged.verdict == "disagree"


def test_programs_and_the_multiclass_family_are_not_probed() -> None:
    # a program reads -1/+1 (spec/protocol/): nothing probed, nothing said
    report = crosscheck(
        "perceptron/voted",
        f"cmd:{sys.executable} {CANDIDATES / 'voted_cmd.py'}",
        input="fractions",
        examples=6,
        timeout=60.0,
    )
    assert report.verdict == "agree" and laid(report) == ()
    multiclass = check("multiclass_numpy.py:train", "perceptron/structured")
    assert multiclass.verdict == "agree" and laid(multiclass) == ()
    for algorithm, target in (
        ("perceptron/structured", "multiclass_numpy.py:train"),
        ("perceptron/voted", f"cmd:{sys.executable} {CANDIDATES / 'voted_cmd.py'}"),
    ):
        where = target if target.startswith("cmd:") else f"{CANDIDATES / target}"
        with pytest.raises(InputError, match="two-class Python candidate"):
            crosscheck(algorithm, where, labels="01")


def fickle(tmp_path: Path, cutoff: int) -> str:
    """A Winnow right on labels 0/1 for its first ``cutoff`` calls given 0/1 (state kept
    across calls, as a shuffle's), that returns w = 1 untouched otherwise."""
    code = tmp_path / f"fickle{cutoff}.py"
    code.write_text(
        "seen = 0\n\n"
        "def train(X, y):\n"
        "    global seen\n"
        "    n = len(X[0])\n"
        "    w = [1.0] * n\n"
        "    if min(y) < 0:\n"
        "        return w\n"
        "    seen += 1\n"
        f"    if seen > {cutoff}:\n"
        "        return w\n"
        "    for x, t in zip(X, y):\n"
        "        guess = 1 if sum(a * b for a, b in zip(w, x)) >= n else 0\n"
        "        if guess != t:\n"
        "            w = [(2 * a if t == 1 else 0.0) if b == 1 else a for a, b in zip(w, x)]\n"
        "    return w\n"
    )
    return f"{code}:train"


def test_a_coding_that_fits_once_by_chance_is_not_taken(tmp_path: Path) -> None:
    """Right given 0/1 on the first probe only: asked again it does not fit, and -1/+1 is
    kept; the same code right on every call is found coded 0/1."""
    options: dict[str, Any] = {"examples": 12, "timeout": 60.0}
    once = crosscheck("winnow/disjunction", fickle(tmp_path, family_check.PROBES), **options)
    assert once.verdict == "disagree" and laid(once) == ()
    always = crosscheck("winnow/disjunction", fickle(tmp_path, 10**9), **options)
    assert always.verdict == "agree" and laid(always) == (f"{FOUND})",)


def test_a_candidate_that_hangs_given_pm1_is_asked_0_1() -> None:
    report = crosscheck(
        "winnow/disjunction",
        f"{CANDIDATES / 'winnow01_until_no_mistakes.py'}:winnow",
        examples=12,
        epochs="converge",
        timeout=3.0,
    )
    assert report.verdict == "agree", report.reason
    assert laid(report) == (f"{FOUND})",)


def test_x_as_d_by_n_is_found_by_probing_or_told() -> None:
    """MIT 6.036's style: X as d × n, y a 1 × n row, (θ, θ₀) returned."""
    target = "averaged_columns.py:averaged_perceptron"
    found = check(target, "perceptron/averaged", bias=True)
    assert found.verdict == "agree", found.reason
    assert laid(found) == (
        "X as d × n (one example per column), y as a 1 × n row (found by probing)",
    )
    told = check(target, "perceptron/averaged", bias=True, orientation="columns")
    assert told.verdict == "agree", told.reason
    assert laid(told) == (
        "X as d × n (one example per column), y as a 1 × n row (told: --orientation columns)",
    )
    rows = check(target, "perceptron/averaged", bias=True, orientation="rows")
    assert rows.verdict == "disagree"
    # a candidate taking rows is not given columns, and a program never is
    plain = check("averaged_numpy.py:train", "perceptron/averaged")
    assert plain.verdict == "agree" and laid(plain) == ()
    with pytest.raises(InputError, match="Python candidate only"):
        crosscheck(
            "perceptron/voted",
            f"cmd:{sys.executable} {CANDIDATES / 'voted_cmd.py'}",
            orientation="columns",
        )


def test_the_multiclass_family_takes_x_as_d_by_n_too() -> None:
    report = check("multiclass_columns.py:train", "perceptron/structured")
    assert report.verdict == "agree", report.reason
    assert report.agrees_with[0] == "perceptron/structured (first)"
    assert laid(report) == (
        "X as d × n (one example per column), y as a 1 × n row (found by probing)",
    )


def test_a_params_dict_is_filled_with_the_keys_its_source_reads() -> None:
    """MIT 6.036's averaged perceptron: d × n data, the passes as ``params.get("T", 100)``:
    the dict is given the keys it reads (else it would make its own 100 passes)."""
    report = check("averaged_mit.py:averaged_perceptron", "perceptron/averaged", bias=True,
                   epochs=2)  # fmt: skip
    assert report.verdict == "agree", report.reason
    assert "called as averaged_perceptron(X, y, params={'T': 2})" in report.calling
    assert any(said.startswith("X as d × n") for said in laid(report)), report.calling
