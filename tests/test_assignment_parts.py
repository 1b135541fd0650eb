"""Parts checked on their own (``grading/parts.py``, ``crosscheck/candidates/calls.py``,
``call_harness.py``, ``crosscheck/judge/dual.py``): a step function on the reference's own
states, a predict function on the reference's own weights, a state API over one pass.

The independent facts: the dual run with the linear kernel is the primal run of the note
whose rule it uses (``perceptron/mehta``, ``perceptron/blum``; ``perceptron/kernel`` for
tie-mistake), step by step; and CS4780- and CS229-style hand-ins whose mistake is known
(``tests/candidates/assignments/``): a wrong loop costs the loop's points and not the step's,
a wrong step the step's and not the loop's."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.crosscheck.candidates import calls as C
from perceptron_ref.crosscheck.judge import dual
from perceptron_ref.grading import assignment as A
from perceptron_ref.grading import parts

HERE = Path(__file__).parent / "candidates" / "assignments"
CS4780 = A.read(A.example("cornell-cs4780")).override(examples=6)
CS229 = A.read(A.example("stanford-cs229")).override(examples=8)

rows = st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=1, max_size=8)


@given(rows, st.data())
def test_the_dual_run_with_the_linear_kernel_is_the_notes_primal_run(
    X: list[tuple[int, int]], data: st.DataObject
) -> None:
    y: list[Literal[-1, 1]] = data.draw(
        st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X))
    )
    for algorithm, rule, zero in (
        ("perceptron/mehta", "tie-positive", 1),
        ("perceptron/blum", "tie-negative", -1),
    ):
        d = dual.run(X, y, degree=1, c=Fraction(0), eta=Fraction(1), rule=rule, zero=zero)  # type: ignore[arg-type]
        trace = run(algorithm, X, y)
        assert list(d.online) == [s.prediction for s in trace.steps]
        w = tuple(
            sum((a * x[j] for a, x in zip(d.alpha, X, strict=True)), Fraction(0)) for j in range(2)
        )
        assert w == trace.weights
    d = dual.run(X, y, degree=2, c=Fraction(1), eta=Fraction(1), rule="tie-mistake", zero=1)
    kernel = run("perceptron/kernel", X, y, kernel="polynomial", degree=2, c=1)
    assert d.alpha == kernel.weights


def test_calls_read_what_a_function_returns_and_name_what_is_missing() -> None:
    with C.Calls(HERE / "cs4780" / "update_always.py") as session:
        got = session.call("perceptron_update", [[C.vector([1, 2]), C.label(-1), C.vector([0, 1])]])
        assert got == [["-1", "-1"]]
        missing = session.call("nope", [[C.vector([1])]])
        assert missing[0].kind == "missing" and "nope()" in missing[0].detail


def _grade(a: A.Assignment, name: str) -> dict[str, parts.Result]:
    results = parts.grade(a, HERE / name, None)
    return {r.part.check: r for r in results}


@pytest.mark.parametrize("name", ["cs4780/update_checks.py", "cs4780/update_always.py"])
def test_a_step_function_may_test_for_the_mistake_or_not(name: str) -> None:
    got = _grade(CS4780, name)
    assert got["step"].passed and got["train"].passed, got["step"].output
    assert got["step"].output.startswith("Right on all ")


def test_a_wrong_loop_does_not_cost_the_steps_points() -> None:
    got = _grade(CS4780, "cs4780/wrong_loop.py")
    assert got["step"].passed and not got["train"].passed


def test_a_wrong_step_costs_only_the_step_and_says_why() -> None:
    got = _grade(CS4780, "cs4780/wrong_step.py")
    assert got["train"].passed and not got["step"].passed
    said = got["step"].output
    assert said.startswith("Your perceptron_update(x, y, w) returns a different w on:")
    assert "import numpy as np\n    perceptron_update(np.array([" in said
    assert "in perceptron/gormley-online that is a mistake, so w must move." in said
    assert got["step"].causes == ("tie-rule",)
    assert "Hint: yours did not update at a zero score w·x = 0" in said


def test_a_missing_function_costs_its_part_only() -> None:
    got = _grade(CS4780, "cs4780/only_perceptron.py")
    assert got["train"].passed
    assert not got["step"].passed and not got["step"].ran
    assert got["step"].output == "Not graded: no function perceptron_update() in the hand-in."


def test_an_on_mistake_step_must_not_update_without_a_mistake() -> None:
    strict = A.parse(
        CS4780.text.replace('update = "either"', 'update = "on-mistake"'), "s.toml"
    ).override(examples=6)
    got = _grade(strict, "cs4780/update_always.py")
    assert not got["step"].passed and got["train"].passed
    assert "that is no mistake, so w must stay" in got["step"].output


PREDICT = """\
algorithm = "perceptron/blum"
bias = true
examples = 6
[[parts]]
name = "predict"
check = "predict"
function = "classify"
arguments = ["X", "w", "b"]
returns = "labels"
points = 1
"""


def test_a_predict_function_is_judged_on_the_references_own_weights(tmp_path: Path) -> None:
    a = A.parse(PREDICT, "p.toml")
    body = (
        "import numpy as np\n\ndef classify(X, w, b):\n    return np.where(X @ w + b {} 0, 1, -1)\n"
    )
    (tmp_path / "right.py").write_text(body.format(">"))
    (tmp_path / "wrong.py").write_text(body.format(">="))
    right = parts.grade(a, tmp_path / "right.py", None)[0]
    assert right.passed, right.output
    assert "predictions at a zero score w·x = 0" in right.output
    wrong = parts.grade(a, tmp_path / "wrong.py", None)[0]
    assert not wrong.passed and wrong.causes == ("zero-label",)
    assert "Hint: yours predicts +1 at a zero score, the assignment -1" in wrong.output
    # the labels as the expected line writes them, not the list that carried them
    yours = re.search(r"\nyours    (.*)\n", wrong.output)
    assert yours is not None and re.fullmatch(r"-?1(, -?1)*", yours[1]), wrong.output


def test_a_right_state_api_gets_every_part() -> None:
    got = _grade(CS229, "cs229/right.py")
    assert all(r.passed for r in got.values()), [r.output for r in got.values()]


def test_a_zero_score_predicted_0_costs_every_state_part_with_the_cause() -> None:
    got = _grade(CS229, "cs229/sign0.py")
    assert not any(r.passed for r in got.values())
    initial = got["state-initial"]
    assert initial.causes == ("zero-label",)
    assert initial.output.startswith(
        "From initial_state(), every score is 0, so predict must "
        "give 1 for every point; yours gave 0 for point 1."
    )
    assert "kernel K(a, b) = a·b, learning rate 1/2 = 0.5" in initial.output


def test_an_update_without_a_mistake_test_keeps_the_initial_states_point() -> None:
    got = _grade(CS229, "cs229/update_always.py")
    assert got["state-initial"].passed
    assert not got["state-pass"].passed and not got["state-test"].passed


# -- A family's predict part: Winnow, the voted and the multiclass perceptron ---------------

FAMILY_PREDICT = """\
algorithm = "{algorithm}"
epochs = 2
examples = 6
{extra}
[[parts]]
name = "predict"
check = "predict"
function = "predict"
arguments = {arguments}
returns = "{returns}"
points = 2
"""

# (algorithm, extra keys, arguments, returns, the right code with {op} at the tie, the right
# op, the wrong one, the cause, the tie's words): each hand-in written here, from the notes'
# rule, not from the grader's code
FAMILY_CASES = {
    "winnow": (
        "winnow/k-of-r",
        "[options]\nk = 2",
        '["x", "w"]',
        "label",
        "import numpy as np\n\n"
        "def predict(x, w):\n    return 1 if np.dot(w, x) {op} len(w) else -1\n",
        ">=",
        ">",
        "winnow-tie",
        "at w·x = θ",
    ),
    "winnow, bias apart, -1 at θ": (
        "winnow/disjunction",
        'bias = true\nzero_label = "-1"\ninput = "lists"',
        '["x", "w", "b"]',
        "label",
        "def predict(x, w, b):\n"
        "    s = b + sum(a * v for a, v in zip(w, x))\n"
        "    return 1 if s {op} len(w) + 1 else -1\n",
        ">",
        ">=",
        "winnow-tie",
        "at w·x = θ",
    ),
    "voted, bias": (
        "perceptron/voted",
        "bias = true",
        '["x", "votes"]',
        "label",
        "import numpy as np\n\n"
        "def sign(s):\n    return 1 if s {op} 0 else -1\n\n"
        "def predict(x, votes):\n"
        "    x = np.concatenate([[1.0], x])\n"
        "    return sign(sum(c * sign(np.dot(v, x)) for v, c in votes))\n",
        ">=",
        ">",
        "vote-tie",
        "at a zero score",
    ),
    "multiclass, batch": (
        "perceptron/structured",
        "",
        '["X", "W"]',
        "labels",
        "import numpy as np\n\n"
        "def predict(X, W):\n"
        "    S = np.asarray(X) @ np.asarray(W).T\n"
        "    return [max(range(len(s)), key=lambda k: (s[k], {op}k)) for s in S]\n",
        "-",  # the first of the tied classes: np.argmax's
        "",  # the last
        "argmax-tie",
        "at a tie in the argmax",
    ),
}


@pytest.mark.parametrize("case", sorted(FAMILY_CASES))
def test_a_familys_predict_is_judged_on_the_references_own_model_at_its_ties(
    case: str, tmp_path: Path
) -> None:
    algorithm, extra, arguments, returns, code, right, wrong, cause, tie = FAMILY_CASES[case]
    text = FAMILY_PREDICT.format(
        algorithm=algorithm, extra=extra, arguments=arguments, returns=returns
    )
    a = A.parse(text, "p.toml")
    (tmp_path / "right.py").write_text(code.format(op=right))
    (tmp_path / "wrong.py").write_text(code.format(op=wrong))
    got = parts.grade(a, tmp_path / "right.py", None)[0]
    assert got.passed and got.score == 2, got.output
    asked = re.search(rf"Right on all (\d+) predictions, .* \((\d+) {tie}\)", got.output)
    assert asked is not None, got.output
    assert int(asked[2]) > 0  # the ties were asked
    bad = parts.grade(a, tmp_path / "wrong.py", None)[0]
    assert not bad.passed and bad.score == 0
    assert bad.causes == (cause,) and bad.behaviour == f"predict: {cause}", bad.output
    assert bad.output.startswith("Your predict(") and "\nHint: yours is wrong only " in bad.output
    assert "\n    predict(" in bad.output  # the call to reproduce it


def test_the_voted_perceptrons_votes_reach_the_function_as_a_list_of_pairs(
    tmp_path: Path,
) -> None:
    a = A.parse(
        FAMILY_PREDICT.format(
            algorithm="perceptron/voted", extra="", arguments='["x", "votes"]', returns="label"
        ),
        "v.toml",
    )
    (tmp_path / "shape.py").write_text(
        "import numpy as np\n\n"
        "def predict(x, votes):\n"
        "    assert isinstance(votes, list) and votes\n"
        "    for v, c in votes:\n"
        "        assert isinstance(v, np.ndarray) and v.shape == x.shape\n"
        "        assert isinstance(c, int) and c >= 1\n"
        "    return 1 if sum(c * (1 if v @ x >= 0 else -1) for v, c in votes) >= 0 else -1\n"
    )
    got = parts.grade(a, tmp_path / "shape.py", None)[0]
    assert got.passed, got.output
    # the call shown to a student is the list of (v, c) pairs, as Python writes it
    shown = parts._call_text(
        a.parts[0], [C.vector([1, 0]), C.votes([((Fraction(1, 2), 0), 2)])], "numpy"
    )
    assert shown.endswith("predict(np.array([1.0, 0.0]), [(np.array([0.5, 0.0]), 2)])"), shown


STEP01 = """\
algorithm = "perceptron/blum"
bias = true
labels = "01"
examples = 6
[[parts]]
name = "update"
check = "step"
function = "update"
arguments = ["w", "b", "x", "y"]
returns = "w, b"
update = "on-mistake"
points = 1
"""


def test_a_step_with_b_apart_and_labels_0_1_is_told_in_the_assignments_terms(
    tmp_path: Path,
) -> None:
    a = A.parse(STEP01, "s.toml")
    body = (
        "import numpy as np\n\ndef update(w, b, x, y):\n"
        "    if (1 if np.dot(w, x) + b > 0 else 0) != y:\n"
        "        return np.asarray(w, float) + {t} * np.asarray(x, float), b + {t}\n"
        "    return w, b\n"
    )
    (tmp_path / "right.py").write_text(body.format(t="(2 * y - 1)"))
    (tmp_path / "raw.py").write_text(body.format(t="y"))  # y = 0 adds nothing
    right = parts.grade(a, tmp_path / "right.py", None)[0]
    assert right.passed, right.output
    wrong = parts.grade(a, tmp_path / "raw.py", None)[0]
    assert not wrong.passed and wrong.causes == ("label-coding",), wrong.output
    said = wrong.output
    # b is shown first, beside w, and the score is w·x + b; y as the function was given it
    assert "expected (b, w) = (" in said and "your (b, w)     = (" in said
    assert "There w·x + b = " in said and "and y = 0 (the -1 class):" in said
    assert "Hint: yours did not update at a mistake on y = 0: turn the labels" in said


BOOLS = """\
algorithm = "winnow/disjunction"
labels = "01"
input = "lists"
examples = 6
[[parts]]
name = "h"
check = "predict"
function = "h"
arguments = ["w", "x"]
returns = "label"
points = 1
"""


@pytest.mark.parametrize(
    ("body", "passed"),
    [
        ("return sum(a * b for a, b in zip(w, x)) >= len(x)", True),
        ("import numpy as np\n    return np.dot(w, x) >= len(x)", True),  # a numpy bool
        ("return sum(a * b for a, b in zip(w, x)) > len(x)", False),  # the other tie
    ],
)
def test_a_prediction_written_as_a_comparison_is_its_0_or_1(
    tmp_path: Path, body: str, passed: bool
) -> None:
    a = A.parse(BOOLS, "b.toml")
    (tmp_path / "h.py").write_text(f"def h(w, x):\n    {body}\n")
    got = parts.grade(a, tmp_path / "h.py", None)[0]
    assert got.passed == passed, got.output
    assert "not a number" not in got.output and got.failure == ""


def test_a_script_with_a_demo_at_its_top_level_is_called_as_the_train_part_loads_it(
    tmp_path: Path,
) -> None:
    """A top level that asks input(), loads a file the grader does not have and trains: the
    step and predict parts hung on input() (the train part leaves such lines out)."""
    a = A.parse(STEP01 + PREDICT.split("examples = 6\n")[1], "sp.toml")
    (tmp_path / "hw.py").write_text(
        "import numpy as np\n"
        "name = input('your name: ')\n"
        "data = np.loadtxt('data.csv', delimiter=',')\n\n"
        "def update(w, b, x, y):\n"
        "    if (1 if np.dot(w, x) + b > 0 else 0) != y:\n"
        "        return np.asarray(w, float) + (2 * y - 1) * np.asarray(x, float), b + 2 * y - 1\n"
        "    return w, b\n\n"
        "def classify(X, w, b):\n"
        "    return np.where(X @ w + b > 0, 1, 0)\n\n"
        "print(update(np.zeros(2), 0.0, data[0], 1))\n"
    )
    got = {r.part.check: r for r in parts.grade(a, tmp_path / "hw.py", None)}
    assert set(got) == {"step", "predict"}
    for r in got.values():
        assert r.passed and r.failure == "", r.output


PREDICT_X = """\
algorithm = "perceptron/blum"
examples = 6
[[parts]]
name = "predict"
check = "predict"
function = "predict"
arguments = ["x", "w"]
returns = "label"
points = 1
"""

VOTED01 = """\
algorithm = "perceptron/voted"
bias = true
epochs = 2
labels = "01"
examples = 6
[[parts]]
name = "predict"
check = "predict"
function = "predict"
arguments = ["x", "votes"]
returns = "label"
points = 1
"""

VOTE = (
    "import numpy as np\n\ndef predict(x, votes):\n"
    "    x = np.concatenate([[1.0], np.asarray(x, float)])\n"
    "    s = sum(c * {inner} for v, c in votes)\n"
    "    return {outer}\n"
)


@pytest.mark.parametrize(
    ("text", "body", "causes"),
    [
        # wrong everywhere, first at w = 0: not a zero-score slip
        (
            PREDICT_X,
            "def predict(x, w):\n    return -1 if sum(a * b for a, b in zip(w, x)) > 0 else 1\n",
            (),
        ),
        # wrong only at a zero score: named so
        (
            PREDICT_X,
            "def predict(x, w):\n    return 1 if sum(a * b for a, b in zip(w, x)) >= 0 else -1\n",
            ("zero-label",),
        ),
        (
            VOTED01,
            VOTE.format(inner="(1 if v @ x >= 0 else -1)", outer="1 if s >= 0 else -1"),
            ("label-values",),
        ),
        (VOTED01, VOTE.format(inner="np.sign(v @ x)", outer="1 if s >= 0 else 0"), ("vote-tie",)),
        (VOTED01, VOTE.format(inner="(1 if v @ x >= 0 else -1)", outer="0 if s >= 0 else 1"), ()),
    ],
)
def test_a_predict_hint_names_the_tie_only_when_every_wrong_answer_is_at_one(
    tmp_path: Path, text: str, body: str, causes: tuple[str, ...]
) -> None:
    a = A.parse(text, "p.toml")
    (tmp_path / "p.py").write_text(body)
    got = parts.grade(a, tmp_path / "p.py", None)[0]
    assert not got.passed and got.causes == causes, got.output
    assert ("Hint: " in got.output) == bool(causes)


TRAIN01 = """\
algorithm = "perceptron/mehta"
epochs = 5
eta = "1/2"
labels = "01"
input = "lists"
examples = 8
[[parts]]
name = "train"
check = "train"
function = "train_perceptron"
arguments = ["X", "y", "eta"]
returns = "w"
points = 1
"""

TRAIN01_CODE = """\
def train_perceptron(X, y, eta):
    w = [0] * len(X[0])
    for _ in range(5):
        for x, label in zip(X, y):
            predicted = 1 if sum(a * b for a, b in zip(w, x)) >= 0 else 0
            if predicted != label:
                step = {step}
                w = [a + eta * step * b for a, b in zip(w, x)]
    return w
"""


def test_a_train_part_is_sent_the_labels_the_file_says_and_shown_the_call_it_got(
    tmp_path: Path,
) -> None:
    a = A.parse(TRAIN01, "t.toml")
    (tmp_path / "right.py").write_text(TRAIN01_CODE.format(step="1 if label == 1 else -1"))
    right = parts.grade(a, tmp_path / "right.py", None)[0]
    assert right.passed, right.output
    assert right.report is not None and any("0/1" in s for s in right.report.calling)
    # the label as sent in the update: a negative example adds 0·x, so w never leaves 0
    (tmp_path / "wrong.py").write_text(TRAIN01_CODE.format(step="label"))
    wrong = parts.grade(a, tmp_path / "wrong.py", None)[0]
    assert not wrong.passed and wrong.causes == ("label-coding",), wrong.output
    assert "\n    train_perceptron(X, y, eta=0.5)\n" in wrong.output  # it needs its eta
    shown = re.search(r"\n    y = \[([^\]]*)\]\n", wrong.output)
    assert shown is not None and set(shown.group(1).split(", ")) <= {"0", "1"}, wrong.output
    assert "-1" not in shown.group(1)
