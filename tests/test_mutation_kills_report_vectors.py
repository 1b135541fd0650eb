"""Kill the surviving mutants of report.py, testing.py, testing_targets.py, campaign.py and
testvectors.py (issue 7).  Every expected value is worked out by hand from the spec lines
(``spec/algorithms/**.md``), the notes or the docstrings, as each comment says; none is the
current output pinned."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from perceptron_ref import run
from perceptron_ref.campaign import CORE, campaign, check
from perceptron_ref.report import dumps, format_text, trace_to_json
from perceptron_ref.testing import SeparableData, rationals, separable_data, unit_vectors
from perceptron_ref.testing_targets import BooleanTarget, disjunctions, sqrt_above
from perceptron_ref.testvectors import Case, _large, case, to_text, write
from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Label, dot, norm2

VECTORS = Path(__file__).resolve().parent.parent / "spec" / "vectors"

# ---------------------------------------------------------------------------------------------
# report.py
#
# Mehta's Algorithm 1 (spec/algorithms/perceptron/mehta.md) with the bias and eta = 1/2 on
# x = 2 (+1) and x = 0 (-1): the learner sees (1, 2) and (1, 0) ([runner]: the bias is a
# constant 1 prepended FIRST).  sgn(0) = +1 ([mehta.5]); a mistake adds eta·y·x ([mehta.8]).
#   epoch 1: (1,2): s = 0, ŷ = +1 = y, no update, w = (0, 0)
#            (1,0): s = 0, ŷ = +1 ≠ -1, w = (0,0) - 1/2·(1,0) = (-1/2, 0)
#   epoch 2: (1,2): s = -1/2, ŷ = -1 ≠ +1, w = (-1/2,0) + 1/2·(1,2) = (0, 1)
#            (1,0): s = 0, ŷ = +1 ≠ -1, w = (0,1) - 1/2·(1,0) = (-1/2, 1)
#   epoch 3: (1,2): s = -1/2 + 2 = 3/2, ŷ = +1 = y;  (1,0): s = -1/2, ŷ = -1 = y: a clean pass.
# 3 mistakes, 3 epochs, converged; the dimension is that of the vectors learnt (2, bias included).
# ---------------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------------
# testing.py
# ---------------------------------------------------------------------------------------------


def test_augmented_prepends_the_constant_one_only_with_the_bias() -> None:
    X = ((F(2), F(-1, 3)), (F(0), F(5)))
    plain = SeparableData(X, (1, -1), (F(1), F(0)), F(2), F(82, 9))
    assert plain.augmented() == X
    biased = SeparableData(X, (1, -1), (F(0), F(1), F(0)), F(2), F(82, 9) + 1, bias=True)
    assert biased.augmented() == ((F(1), F(2), F(-1, 3)), (F(1), F(0), F(5)))


def test_rationals_stay_within_their_documented_range() -> None:
    # rationals(): n/q with |n| ≤ 10 and 1 ≤ q ≤ 4, so |value| ≤ 10 and (reduced) q ≤ 4.
    with pytest.raises(NoSuchExample):
        find(rationals(), lambda q: abs(q) > 10 or q.denominator > 4, settings=SEARCH)
    with pytest.raises(NoSuchExample):
        find(rationals(3, 2), lambda q: abs(q) > 3 or q.denominator > 2, settings=SEARCH)


SEARCH = settings(max_examples=300, database=None, derandomize=True)


@pytest.mark.parametrize(
    "value",
    # 10 and -10 need n = ±10 over q = 1 (2n/2 would need |n| = 20); 7 needs q = 1 too; 3/4
    # needs q = 4.  All are n/q with |n| ≤ 10 and 1 ≤ q ≤ 4, so rationals() reaches them.
    [F(10), F(-10), F(7), F(3, 4), F(-9, 4)],
)
def test_rationals_reach_the_ends_of_their_range(value: F) -> None:
    assert find(rationals(), lambda q: q == value, settings=SEARCH) == value


@settings(max_examples=40, database=None, deadline=None)
@given(st.integers(1, 5).flatmap(unit_vectors))
def test_unit_vectors_have_norm_exactly_one(u: tuple[F, ...]) -> None:
    assert norm2(u) == 1


def test_unit_vectors_reach_points_off_the_axes() -> None:
    # The inverse stereographic image of t = (1/2) is (2t/(t²+1), (t²-1)/(t²+1)) = (4/5, -3/5):
    # a Pythagorean triple, exact.
    point = (F(4, 5), F(-3, 5))
    assert find(unit_vectors(2), lambda u: u == point, settings=SEARCH) == point


@settings(max_examples=30, database=None, deadline=None)
@given(separable_data(max_dimension=3, max_size=6, bias=True))
def test_separable_data_with_bias_certifies_the_augmented_vectors(data: SeparableData) -> None:
    seen = data.augmented()
    assert all(len(a) == len(data.w_star) == len(data.X[0]) + 1 and a[0] == 1 for a in seen)
    assert norm2(data.w_star) == 1
    assert data.gamma == min(t * dot(data.w_star, a) for a, t in zip(seen, data.y, strict=True))
    assert data.R_squared == max(norm2(a) for a in seen)


# ---------------------------------------------------------------------------------------------
# testing_targets.py
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("q", "r"),
    [
        # 64r = isqrt(4096q) + 1: q = 4: isqrt(16384) = 128, r = 129/64 (√4 = 2 = 128/64).
        (F(4), F(129, 64)),
        # q = 2: 4096·2 = 8192, isqrt = 90 (90² = 8100 ≤ 8192 < 8281), r = 91/64.
        (F(2), F(91, 64)),
        # q = 1/9: ⌊4096/9⌋ = 455, isqrt = 21 (441 ≤ 455 < 484), r = 22/64 = 11/32.
        (F(1, 9), F(11, 32)),
        # q = 10⁶: isqrt(4096·10⁶) = 64000, r = 64001/64 (√q = 1000).
        (F(10**6), F(64001, 64)),
    ],
)
def test_sqrt_above_is_the_next_multiple_of_1_64_above_the_root(q: F, r: F) -> None:
    assert sqrt_above(q) == r
    assert r * r >= q and (r - F(1, 64)) ** 2 <= q  # √q ≤ r ≤ √q + 1/64


def is_disjunction(t: BooleanTarget) -> bool:
    """w* ∈ {0, 1}ⁿ with some 1, c = γ = 1, and y = +1 iff some relevant x_i is 1."""
    return (
        len(t.w_star) == t.n
        and set(t.w_star) <= {0, 1}
        and t.r >= 1
        and t.c == t.gamma == 1
        and all(
            len(x) == t.n and (y == 1) == any(x[i] == 1 for i in t.relevant)
            for x, y in zip(t.X, t.y, strict=True)
        )
    )


@settings(max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_disjunctions_are_disjunctions_within_the_sizes_asked(data: st.DataObject) -> None:
    # The strategy is built inside the test (not at import), so each run builds it afresh.
    t = data.draw(disjunctions(max_n=5, max_size=3))
    assert is_disjunction(t)
    assert 1 <= t.n <= 5 and 1 <= len(t.X) <= 3


def test_disjunctions_by_default_stay_within_24_variables_and_40_examples() -> None:
    # Each default checked with the other size small, so that each example is cheap.
    with pytest.raises(NoSuchExample):
        find(disjunctions(max_size=1), lambda t: t.n > 24, settings=SEARCH)
    with pytest.raises(NoSuchExample):
        find(disjunctions(max_n=1), lambda t: len(t.X) > 40, settings=SEARCH)


def test_disjunctions_can_have_irrelevant_variables() -> None:
    # "a monotone disjunction of r ≥ 1 of the n variables": r < n must be reachable.
    assert find(disjunctions(max_n=3), lambda t: t.r < t.n, settings=SEARCH).r < 3


# ---------------------------------------------------------------------------------------------
# campaign.py
# ---------------------------------------------------------------------------------------------


def test_campaign_check_counts_mistakes_and_accepts_tight_invariants() -> None:
    # Mehta (sgn(0) = +1) on (1,0) -1, (0,1) +1: s = 0, ŷ = +1, a mistake, w = (-1, 0); then
    # s = 0, ŷ = +1 = y.  w* = (-3/5, 4/5): margins 3/5 and 4/5, so γ = 3/5, R² = 1.  After the
    # mistake ⟨w, w*⟩ = 3/5 = 1·γ and ‖w‖² = 1 = 1·R²: both invariants hold with equality.
    X = ((F(1), F(0)), (F(0), F(1)))
    y: tuple[Label, ...] = (-1, 1)
    data = SeparableData(X, y, (F(-3, 5), F(4, 5)), F(3, 5), F(1))
    trace = run("perceptron/mehta", X, y)
    assert [s.mistake for s in trace.steps] == [True, False]
    assert check(trace, data) == 2


def test_campaign_check_accepts_a_run_that_meets_the_bound_exactly() -> None:
    # Gormley online (tie-mistake) on (1, 0) +1: one mistake; w* = (1, 0), γ = 1, R² = 1,
    # R²/γ² = 1: k = 1 = the bound.  The invariants hold with R² = 2 as well (a looser R).
    X = ((F(1), F(0)),)
    y: tuple[Label, ...] = (1,)
    trace = run("perceptron/gormley-online", X, y)
    assert check(trace, SeparableData(X, y, (F(1), F(0)), F(1), F(1))) == 1
    # ‖w‖² = 1 ≤ 1·R² for R² = 2, but not ≤ 1/R² = 1/2.
    assert check(trace, SeparableData(X, y, (F(1), F(0)), F(1), F(2))) == 1
    # And a norm the invariant must refuse: w = (2, 0) after one mistake with eta = 2.
    doubled = run("perceptron/gormley-online", X, y, eta=2)
    with pytest.raises(AssertionError):
        check(doubled, SeparableData(X, y, (F(1), F(0)), F(1), F(3)))


def test_a_seeded_campaign_is_reproducible() -> None:
    first = campaign(examples=3, random_seed=11)
    again = campaign(examples=3, random_seed=11)
    assert sorted(first) == sorted(CORE)
    assert first == again  # Tally is a dataclass: equal counts, steps and worst ratios


def test_campaign_checks_400_data_sets_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # The default the demo documents ("generated data sets in the campaign (default 400)"):
    # with one variant and a cheap data strategy (a fixed tiny separable set, drawn from an
    # unbounded space so that Hypothesis never runs out of examples) every example is counted.
    import perceptron_ref.campaign as module

    tiny = SeparableData(((F(1),),), (1,), (F(1),), F(1), F(1))
    monkeypatch.setattr(module, "CORE", ("perceptron/mehta",))
    monkeypatch.setattr(module, "separable_data", lambda **_: st.integers().map(lambda _: tiny))
    tally = campaign()
    assert list(tally) == ["perceptron/mehta"]
    assert (tally["perceptron/mehta"].data_sets, tally["perceptron/mehta"].steps) == (400, 400)


# ---------------------------------------------------------------------------------------------
# testvectors.py
# ---------------------------------------------------------------------------------------------


def test_a_case_reads_its_numbers_and_labels_exactly_with_the_documented_defaults() -> None:
    # case() is called at import to build CASES; called here, its defaults are checked: no
    # bias, eta = 1, one pass, no cap, no flags.  "1/2" and "-0.25" are read exactly.
    got = case("c", [(1, "1/2"), ("-0.25", 0)], [1, -1])
    assert got == Case(
        "c",
        ((F(1), F(1, 2)), (F(-1, 4), F(0))),
        (1, -1),
        False,
        F(1),
        1,
        None,
        frozenset(),
    )
    assert got.eta.denominator == 1 and type(got.y[0]) is int
    options = case("d", [(3,)], [-1], bias=True, eta="5/2", epochs="converge", max_epochs=4)
    assert options[3:] == (True, F(5, 2), "converge", 4, frozenset())
    assert case("e", [(0,)], [1], flags=["Cycle", "Cycle"]).flags == frozenset({"Cycle"})


@pytest.mark.parametrize(
    ("value", "text"),
    [
        # A list that fits in WIDTH = 100 columns stays on one line: '["' + 96 x + '"]' is 100.
        (["x" * 96], '["' + "x" * 96 + '"]'),
        # One column more and it takes one item a line, indented by 2.
        (["x" * 97], '[\n  "' + "x" * 97 + '"\n]'),
        # Inside an object the key counts: 2 (indent) + 5 ('"a": ') + 93 = 100 fits ...
        ({"k": {}, "a": ["y" * 89]}, '{\n  "k": {},\n  "a": ["' + "y" * 89 + '"]\n}'),
        # ... and 94 does not.
        (
            {"k": {}, "a": ["y" * 90]},
            '{\n  "k": {},\n  "a": [\n    "' + "y" * 90 + '"\n  ]\n}',
        ),
        # Text is written as itself (the files are UTF-8), keys included.
        ({"é": ["ü", "§"]}, '{"é": ["ü", "§"]}'),
        ({"é": {"ü": 1}}, '{\n  "é": {"ü": 1}\n}'),
        # An object holding no object is one line; a list holding (deep down) an object is not.
        ([[{"a": 1}]], '[\n  [\n    {"a": 1}\n  ]\n]'),
        ({"a": {"b": {"c": 1}}}, '{\n  "a": {\n    "b": {"c": 1}\n  }\n}'),
        # Empty containers print as [] and {}.
        ([], "[]"),
        ({"a": [], "b": {}}, '{\n  "a": [],\n  "b": {}\n}'),
    ],
)
def test_vector_files_are_laid_out_as_the_to_text_docstring_says(value: object, text: str) -> None:
    assert to_text(value) == text
    assert json.loads(text) == value


def test_write_makes_missing_folders_and_writes_utf8_with_unix_line_ends(tmp_path: Path) -> None:
    outdir = tmp_path / "new" / "deeper"
    paths = write(outdir, ["perceptron/blum", "perceptron/mehta"])
    assert paths == [outdir / "perceptron" / "blum.json", outdir / "perceptron" / "mehta.json"]
    for path, name in zip(paths, ["perceptron/blum", "perceptron/mehta"], strict=True):
        raw = path.read_bytes()
        assert b"\r" not in raw and raw.endswith(b"}\n")
        doc = json.loads(raw.decode("utf-8"))
        assert doc["algorithm"] == name
        assert "§" in raw.decode("utf-8")  # "Press §4 ...": a non-ASCII comment, in UTF-8
    # Writing again into the same folders is fine (the files are replaced, byte for byte).
    assert write(outdir, ["perceptron/blum"]) == paths[:1]
    assert paths[0].read_bytes() == (VECTORS / "perceptron" / "blum.json").read_bytes()


def test_written_files_are_utf8_whatever_the_locale(tmp_path: Path) -> None:
    # Under the C locale with UTF-8 mode off, Python's default encoding is ASCII: the files must
    # still be the same UTF-8 bytes (byte-identical output whatever the machine).
    write(tmp_path / "here", ["perceptron/blum"])  # in-process too (mutmut sees the call)
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    env["PYTHONCOERCECLOCALE"] = "0"
    code = (
        "import sys; from perceptron_ref.testvectors import write; write(sys.argv[1], sys.argv[2:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "c"), "perceptron/blum"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "c" / "perceptron" / "blum.json").read_bytes()
    assert written == (VECTORS / "perceptron" / "blum.json").read_bytes()


@pytest.mark.parametrize(
    ("X", "eta", "large"),
    [
        # NOTES["LargeNumbers"]: "a numerator or denominator of 2^64 or more" (in X or eta).
        ([(2**64 - 1, 1)], "1", False),
        ([(2**64, 1)], "1", True),
        ([(-(2**64), 1)], "1", True),
        ([(f"1/{2**64}", 1)], "1", True),
        ([(f"-1/{2**64 - 1}", 200)], "1", False),
        ([(1, 2)], str(2**64), True),
        ([(1, 2)], f"{2**64 - 1}/{2**64 - 3}", False),
    ],
)
def test_large_numbers_flag_starts_at_2_to_the_64(
    X: list[tuple[int | str, ...]], eta: str, large: bool
) -> None:
    assert _large(case("c", X, [1] * len(X), eta=eta)) is large
