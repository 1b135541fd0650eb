"""The reports (``perceptron_ref.report``): a trace as JSON (``trace_to_json``, ``dumps``) and as
the text table (``format_text``), exactly as the README and the JSON contract give them.

Every expected value is worked out by hand from the spec lines (``spec/algorithms/**.md``) as
each comment says, never the current output pinned: the keys and their order, rationals as
exact text, the totals line in the singular and the plural, a cycle's two epochs, what a record
that keeps fewer steps says, the models of the voted and Halving learners, and the extra fields
of a step in order.  (The CLI's JSON contract end to end: ``test_input``.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any

import pytest

from perceptron_ref import run
from perceptron_ref.report import dumps, format_text, trace_to_json
from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Label

# Mehta's Algorithm 1 (spec/algorithms/perceptron/mehta.md) with the bias and eta = 1/2 on
# x = 2 (+1) and x = 0 (-1): the learner sees (1, 2) and (1, 0) ([runner]: the bias is a
# constant 1 prepended FIRST).  sgn(0) = +1 ([mehta.5]); a mistake adds eta·y·x ([mehta.8]).
#   epoch 1: (1,2): s = 0, ŷ = +1 = y, no update, w = (0, 0)
#            (1,0): s = 0, ŷ = +1 ≠ -1, w = (0,0) - 1/2·(1,0) = (-1/2, 0)
#   epoch 2: (1,2): s = -1/2, ŷ = -1 ≠ +1, w = (-1/2,0) + 1/2·(1,2) = (0, 1)
#            (1,0): s = 0, ŷ = +1 ≠ -1, w = (0,1) - 1/2·(1,0) = (-1/2, 1)
#   epoch 3: (1,2): s = -1/2 + 2 = 3/2, ŷ = +1 = y;  (1,0): s = -1/2, ŷ = -1 = y: a clean pass.
# 3 mistakes, 3 epochs, converged; the dimension is that of the vectors learnt (2, bias included).

MEHTA_STEPS = [
    # epoch, index, score, prediction, label, mistake, weights after the step
    (1, 0, "0", 1, 1, False, ["0", "0"]),
    (1, 1, "0", 1, -1, True, ["-1/2", "0"]),
    (2, 0, "-1/2", -1, 1, True, ["0", "1"]),
    (2, 1, "0", 1, -1, True, ["-1/2", "1"]),
    (3, 0, "3/2", 1, 1, False, ["-1/2", "1"]),
    (3, 1, "-1/2", -1, -1, False, ["-1/2", "1"]),
]


STEP_KEYS = ("epoch", "index", "score", "prediction", "label", "mistake", "weights")


def mehta_bias_trace(record: str = "full") -> Trace:
    return run(
        "perceptron/mehta",
        [(2,), (0,)],
        [1, -1],
        bias=True,
        eta="1/2",
        epochs="converge",
        record=record,  # type: ignore[arg-type]
    )


def test_json_trace_of_a_hand_worked_run_is_exactly_the_contract() -> None:
    expected = {
        "algorithm": "perceptron/mehta",
        "dimension": 2,
        "bias": True,
        "eta": "1/2",
        "mistakes": 3,
        "epochs": 3,
        "status": "converged",
        "weights": ["-1/2", "1"],
        "steps": [dict(zip(STEP_KEYS, s, strict=True)) for s in MEHTA_STEPS],
    }
    t = mehta_bias_trace()
    assert trace_to_json(t) == expected
    # dumps: one line of JSON that reads back to the same object, keys in contract order.
    text = dumps(t)
    assert "\n" not in text
    back = json.loads(text)
    assert back == expected and list(back) == list(expected)
    assert [list(s) for s in back["steps"]] == [list(STEP_KEYS)] * 6


def test_text_trace_of_a_hand_worked_run_is_exactly_the_table() -> None:
    # The columns: epoch, index, score, prediction, label right-aligned to the widest cell
    # (the header's, here), "*" on a mistake left-aligned under "mistake", then w.  A +1
    # prediction prints as "1", as the label does.
    assert format_text(mehta_bias_trace()) == "\n".join(
        [
            "epoch  index  score  prediction  label  mistake  w",
            "    1      0      0           1      1           (0, 0)",
            "    1      1      0           1     -1  *        (-1/2, 0)",
            "    2      0   -1/2          -1      1  *        (0, 1)",
            "    2      1      0           1     -1  *        (-1/2, 1)",
            "    3      0    3/2           1      1           (-1/2, 1)",
            "    3      1   -1/2          -1     -1           (-1/2, 1)",
            "",
            "perceptron/mehta: 3 mistakes in 3 epochs (converged); d = 2 with bias, eta = 1/2",
            "w = (-1/2, 1)",
        ]
    )


def test_text_trace_keeping_the_mistakes_only_says_how_many_steps_it_kept() -> None:
    assert format_text(mehta_bias_trace("mistakes")) == "\n".join(
        [
            "epoch  index  score  prediction  label  mistake  w",
            "    1      1      0           1     -1  *        (-1/2, 0)",
            "    2      0   -1/2          -1      1  *        (0, 1)",
            "    2      1      0           1     -1  *        (-1/2, 1)",
            "",
            "(record = mistakes: 3 steps kept)",
            "perceptron/mehta: 3 mistakes in 3 epochs (converged); d = 2 with bias, eta = 1/2",
            "w = (-1/2, 1)",
        ]
    )


# Press §4 / Mehta on XOR: (-1,-1) -, (1,1) -, (-1,1) +, (1,-1) +.  From w = 0: s = 0, ŷ = +1,
# a mistake, w = (1, 1); s = 2, ŷ = +1 ≠ -1, w = (1,1) - (1,1) = (0, 0); then s = 0, ŷ = +1 = y
# twice.  w after epoch 1 is w after epoch 0: a cycle (0, 1), 2 mistakes in 1 epoch.
XOR = ([(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1])


XOR_TOTALS = (
    "perceptron/mehta: 2 mistakes in 1 epoch (cycled: w after epoch 1 equals w after epoch 0); "
    "d = 2, eta = 1"
)


def test_text_trace_of_a_cycle_names_both_epochs() -> None:
    assert format_text(run("perceptron/mehta", *XOR, epochs="converge")) == "\n".join(
        [
            "epoch  index  score  prediction  label  mistake  w",
            "    1      0      0           1     -1  *        (1, 1)",
            "    1      1      2           1     -1  *        (0, 0)",
            "    1      2      0           1      1           (0, 0)",
            "    1      3      0           1      1           (0, 0)",
            "",
            XOR_TOTALS,
            "w = (0, 0)",
        ]
    )


def test_text_trace_without_steps_is_the_record_line_and_the_totals() -> None:
    t = run("perceptron/mehta", *XOR, epochs="converge", record="summary")
    assert format_text(t) == "\n".join(
        ["(record = summary: 0 steps kept)", XOR_TOTALS, "w = (0, 0)"]
    )


@pytest.mark.parametrize(
    ("X", "y", "epochs", "totals"),
    [
        # Gormley online, tie-mistake: x = (1, 0), y = +1 scores 0 at w = 0: one mistake,
        # w = (1, 0); one pass.  Two passes: the second scores 1, no mistake.
        ([(1, 0)], [1], 1, "1 mistake in 1 epoch (online)"),
        ([(1, 0)], [1], 2, "1 mistake in 2 epochs (online)"),
        # (1, 0) then (0, 1), both +1: each scores 0 when seen (w = 0, then w = (1, 0) ⊥ (0, 1)).
        ([(1, 0), (0, 1)], [1, 1], 1, "2 mistakes in 1 epoch (online)"),
    ],
)
def test_text_totals_line_counts_in_the_singular_and_the_plural(
    X: list[tuple[int, ...]], y: list[int], epochs: int, totals: str
) -> None:
    lines = format_text(run("perceptron/gormley-online", X, y, epochs=epochs)).splitlines()
    assert lines[-2] == f"perceptron/gormley-online: {totals}; d = 2, eta = 1"


def test_text_totals_line_says_no_mistakes_in_the_plural() -> None:
    # Mehta (tie-positive) on one positive example: s = 0 at w = 0, ŷ = +1 = y: no mistake.
    lines = format_text(run("perceptron/mehta", [(1,)], [1], epochs=3)).splitlines()
    assert lines[-2] == "perceptron/mehta: 0 mistakes in 3 epochs (online); d = 1, eta = 1"


# The voted perceptron (spec/algorithms/perceptron/voted.md) on x = 1 then x = 2, both +1, two
# passes: the first step scores 0, a mistake (tie-mistake), v = (1) with c = 1 after the old
# v = (0) with c = 0 ([voted.5], [voted.6]); the three steps after it are right, c = 4.
VOTED = ("perceptron/voted", [(1,), (2,)], [1, 1])


def test_json_trace_carries_the_model_of_the_voted_perceptron() -> None:
    doc = trace_to_json(run(*VOTED, epochs=2))
    assert list(doc) == [
        "algorithm",
        *("dimension", "bias", "eta", "mistakes", "epochs", "status", "weights"),
        "votes",
        "steps",
    ]
    assert doc["votes"] == [{"weights": ["0"], "count": 0}, {"weights": ["1"], "count": 4}]
    assert (doc["mistakes"], doc["weights"], doc["status"]) == (1, ["1"], "online")


def test_text_trace_ends_with_the_model_of_the_voted_perceptron() -> None:
    text = format_text(run(*VOTED, epochs=2))
    assert text.splitlines()[-3:] == [
        "perceptron/voted: 1 mistake in 2 epochs (online); d = 1, eta = 1",
        "w = (1)",
        "votes: (0) × 0, (1) × 4",
    ]


# halving/cover's docstring (Mehta, Lecture 3, §1): over the 1/2-cover of the circle the
# version space holds 4, then 2, then 2 classifiers after the three steps.
COVER = ("halving/cover", [(-1, 2), (2, 1), (1, -1)], [-1, 1, 1])


def test_halving_steps_carry_the_version_space_in_json_and_text() -> None:
    t = run(*COVER, epsilon="1/2")
    steps = trace_to_json(t)["steps"]
    assert [s["version_space"] for s in steps] == [4, 2, 2]
    assert all(list(s) == [*STEP_KEYS, "version_space"] for s in steps)
    rows = format_text(t).splitlines()[1:4]
    assert [r.rsplit("  ", 1)[1] for r in rows] == ["version_space = 4", *["version_space = 2"] * 2]
    # ‖weights‖ = |C| (cover.py): the w column is the step's weights, before the extra field.
    assert all(r.split("  version_space")[0].endswith(")") for r in rows)


@dataclass(frozen=True, slots=True)
class TwoExtras(Step):
    """A learner's Step with two fields of its own (as halving/cover adds one)."""

    a: int = 0
    b: str = ""


def test_every_extra_field_of_a_step_is_printed_after_w_in_order() -> None:
    step = TwoExtras(1, 0, F(0), 1, 1, False, (F(1, 2),), a=7, b="x")
    t = Trace("my/learner", 1, False, F(1), 0, 1, "online", (F(1, 2),), (step,))
    assert trace_to_json(t)["steps"][0] == {
        "epoch": 1,
        "index": 0,
        "score": "0",
        "prediction": 1,
        "label": 1,
        "mistake": False,
        "weights": ["1/2"],
        "a": 7,
        "b": "x",
    }
    assert (
        format_text(t).splitlines()[1]
        == "    1      0      0           1      1           (1/2)  a = 7  b = x"
    )


@dataclass(frozen=True)
class Classes:
    """A model naming its classes, as multiclass/structured traces do (``"classes": [...]``)."""

    classes: tuple[str, ...]

    def predict(self, x: tuple[F, ...]) -> Label:
        return 1

    def to_json(self) -> dict[str, Any]:
        return {"classes": list(self.classes)}

    def to_text(self) -> str:
        return "classes: " + ", ".join(self.classes)


def test_json_text_is_utf8_characters_as_the_multiclass_trace_prints_them() -> None:
    # The CLI's JSON is UTF-8 text with every character as itself (as multiclass.dumps prints
    # a class named "été"), never a \\u escape: a trace whose model names such a class.
    model = Classes(("été", "chat"))
    t = Trace(
        "perceptron/structured",
        2,
        False,
        F(1),
        0,
        1,
        "online",
        (F(0), F(0)),
        (),
        model=model,
    )
    text = dumps(t)
    assert '"classes": ["été", "chat"]' in text
    assert json.loads(text)["classes"] == ["été", "chat"]
    assert "\\u" not in text
