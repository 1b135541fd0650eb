"""Feedback a student can act on: the counterexample runs as typed and gives back the data, every
rational is shown exactly with its decimal (or, too long, as a decimal), the first divergent
step in words, the conventions in words, hints from diagnoses, no internal names."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.report.results import Report
from perceptron_ref.grading import feedback
from tests.hostile import CANDIDATES

fractions = st.fractions(max_denominator=10**30).filter(lambda q: abs(q) < 10**40)
data = st.integers(1, 4).flatmap(
    lambda d: st.lists(st.lists(fractions, min_size=d, max_size=d), min_size=1, max_size=5)
)


def typed_back(code: str) -> tuple[Any, Any]:
    """Run the counterexample as the student would, with a train() that keeps its arguments."""
    got: dict[str, Any] = {}
    exec(code, {"train": lambda X, y: got.update(X=X, y=y)})
    return got["X"], got["y"]


@given(data, st.data())
def test_the_counterexample_as_typed_gives_back_the_data(
    X: list[list[Fraction]], draw: st.DataObject
) -> None:
    y = draw.draw(st.lists(st.sampled_from([1, -1]), min_size=len(X), max_size=len(X)))
    exact_X, exact_y = typed_back(feedback.as_typed(X, y, "fractions", "train"))
    assert exact_X == X and exact_y == y
    floats = [[Fraction(float(v)) for v in x] for x in X]  # what a float candidate is sent
    array, labels = typed_back(feedback.as_typed(floats, y, "numpy", "train"))
    assert array.dtype == np.float64 and [[Fraction(v) for v in x] for x in array] == floats
    assert labels.tolist() == y
    lists, _ = typed_back(feedback.as_typed(floats, y, "lists", "train"))
    assert [[Fraction(v) for v in x] for x in lists] == floats


def test_the_counterexample_is_typed_as_the_call_was_made_and_the_labels_as_sent() -> None:
    X, y = [[Fraction(1)], [Fraction(-2)]], [1, -1]
    # the step it was told, which its function may require, and a class's own call
    for call in ("train(X, y, eta=0.5)", "Perceptron(eta=0.5, n_iter=2).fit(X, y)"):
        assert feedback.as_typed(X, y, "lists", "train", called=call).endswith("\n" + call)
    # descriptions Python cannot run give the plain call
    for said in ("train(X, y, w0=zeros(d))", "Perceptron().fit(X, y) once per pass",
                 "copy of model", "w (it writes)", ""):  # fmt: skip
        assert feedback.as_typed(X, y, "lists", "train", called=said).endswith("\ntrain(X, y)")
    # labels sent 0/1: -1 is written 0, and the snippet gives back what the code was sent
    typed = feedback.as_typed(X, y, "numpy", "train", labels01=True)
    assert "y = np.array([1, 0])" in typed
    assert typed_back(typed)[1].tolist() == [1, 0]


@given(fractions)
def test_a_number_is_shown_exactly_with_its_decimal_or_short_when_too_long(q: Fraction) -> None:
    shown = feedback.number(q)
    exact, _, approx = shown.partition(" ")
    if len(str(q)) <= feedback.LONG:
        assert Fraction(exact) == q
        if q.denominator != 1:
            sign, decimal = approx.split(" ")
            assert (sign == "=") == (Fraction(decimal) == q)
            assert abs(float(decimal) - q) <= abs(q) * 1e-5
    else:
        assert shown.startswith("≈ ") and str(q) not in shown
        assert abs(float(shown.split()[1]) - q) <= abs(q) * 1e-5
    assert all(len(run) <= feedback.LONG for run in re.findall(r"[\d/]+", shown))


def test_plain_drops_internal_names_and_shortens_long_numbers() -> None:
    long = str(Fraction(10**40 + 1, 3))
    said = feedback.plain(
        f"crash: exited with status 1 on data set 2; differs (final weights on data set 3)"
        f", spec line gormley-online.3; w·x = {long}"
    )
    assert not re.search(r"data set \d", said) and "spec line" not in said and long not in said
    assert said.startswith("crash: exited with status 1; differs (in the final weights)")


def test_a_wrong_candidate_gets_the_data_the_step_in_words_and_decimals() -> None:
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'wrong_margin.py'}:train", examples=10)
    text = feedback.text(report)
    assert "import numpy as np\n    X = np.array([[" in text and "    train(X, y)" in text
    assert "expected w = (" in text and "your w     = (" in text
    assert "First difference at step 1" in text
    assert "that is a mistake, so w must change, but yours did not" in text
    for internal in ("spec line", ".txt", "mehta.7", "_candidate"):
        assert internal not in text, internal
    assert not re.search(r"data set \d", text)


def test_the_conventions_are_said_in_words() -> None:
    target = f"{CANDIDATES / 'blum_trace.py'}:train"
    report = crosscheck("perceptron/mehta", target, input="fractions", examples=20)
    text = feedback.text(report, kind="fractions")
    assert "from fractions import Fraction as F" in text
    assert (
        "Your code computes perceptron/blum instead: there a zero score w·x = 0 predicts -1; "
        "in perceptron/mehta, a zero score w·x = 0 predicts +1."
    ) in text


def test_an_agreeing_candidate_is_told_so() -> None:
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'mehta_numpy.py'}:train", examples=3)
    n = report.examples  # 3, and those added to tell the usual wrong loops apart
    assert n > 3 and feedback.text(report) == (
        f"Your train agrees with perceptron/mehta on all {n} data sets."
    )


def test_every_diagnosis_code_is_a_hint_with_its_evidence() -> None:
    evidence = "your weights are 1/100 × the expected ones (data set 2)"
    for code in feedback.HINTS:
        said = feedback.hint(code, evidence)
        assert said.startswith("Hint: your weights are 1/100 × the expected ones"), code
        assert not re.search(r"data set \d", said) and said.endswith((".", "?")), code
        assert "(data set" not in said and "2)" not in said, code
    assert feedback.hint("something-new", "w differs") == "Hint: w differs."


def _report(diagnosis: tuple[Diagnosis, ...], equivalence: Fraction | None) -> Report:
    return Report("perceptron/blum", "c.py:train", "agree", "", 3, ("perceptron/blum",), None,
                  diagnosis, equivalence)  # fmt: skip


def test_a_report_s_diagnosis_and_learning_rate_become_hints() -> None:
    report = _report((Diagnosis("initial-weights", "w starts at (1, 0)"),), Fraction(1, 100))
    assert feedback.hints(report) == [
        "Hint: w starts at (1, 0): w must start at the zero vector.",
        "Hint: your weights are 1/100 = 0.01 × the expected ones: a learning rate (step size) "
        "other than 1?",
    ]
    named = _report((Diagnosis("learning-rate", "w is 2 × the expected"),), Fraction(2))
    assert len(feedback.hints(named)) == 1
    assert feedback.hints(_report((), None)) == []


def test_a_real_crosscheck_s_diagnosis_reaches_the_student_as_a_hint() -> None:
    report = crosscheck(
        "perceptron/gormley-online", f"{CANDIDATES / 'init_random.py'}:train", examples=12
    )
    assert report.verdict == "disagree"
    said = feedback.hints(report)
    assert any(h.endswith("w must start at the zero vector.") for h in said), said
    assert not any("data set" in h for h in said), said


def test_code_accepted_up_to_a_learning_rate_is_told_so_without_a_hint_to_change() -> None:
    report = _report(
        (Diagnosis("learning-rate", "w is 1/100 × the reference's"),), Fraction(1, 100)
    )
    said = feedback.text(report)
    assert said.startswith("Your train agrees with perceptron/blum on all 3 data sets, up to a "
                           "learning rate of 1/100 = 0.01.\n")  # fmt: skip
    assert "Note: w is 1/100 × the reference's." in said and "Hint" not in said
    assert feedback.text(_report((), None)) == (
        "Your train agrees with perceptron/blum on all 3 data sets."
    )


def test_a_halving_counterexample_runs_as_shown_with_the_hypotheses_it_was_told() -> None:
    # Halving's function takes the cover too (``hypotheses``): the snippet defines it and
    # passes it as the candidate was given it, so run with the student's own code it gives
    # back the surviving hypotheses the feedback says were returned.
    path = CANDIDATES / "halving_npsign.py"
    report = crosscheck("halving/cover", f"{path}:train", examples=8, input="fractions")
    assert report.verdict == "disagree" and report.counterexample is not None
    shown = report.counterexample.shown
    assert shown is not None and [name for name, _ in shown.told] == ["hypotheses"]
    said = feedback.text(report, kind="fractions", entry="train")
    snippet = said.split("\n\n")[1]
    code = "\n".join(line.removeprefix("    ") for line in snippet.splitlines())
    assert "hypotheses = [[F(" in code and code.endswith("train(X, y, hypotheses=hypotheses)")
    namespace: dict[str, Any] = {}
    exec(path.read_text(), namespace)  # the student's module, then the snippet beside it
    *definitions, call = code.splitlines()
    exec("\n".join(definitions), namespace)
    returned = eval(call, namespace)
    assert [[str(v) for v in w] for w in returned] == shown.got, (code, shown.got)
    assert shown.got != shown.expected
