"""Kills for mutants of ``perceptron_ref.engine`` (``__init__``, ``driver``, ``kernel``) that
``make mutation`` found alive or untested (issue 7).

Each test states an independent fact: a trace worked out by hand from the spec lines
(``spec/algorithms/perceptron/*.md``: the zero-score rule, the update w ← w + η·y·x, the stop
rules) and the runner's documented contract (bias is the FIRST weight, ``cycled`` names the
two epochs whose end-of-pass w are equal, epoch 0 being the initial w = 0); the fast engine's
trace equal to the literal reference's (two independent routes: Fraction loops against
integer scaling and compiled passes), compared as Trace values AND as the CLI's JSON and text
(which tells an int from a float, a bool from 1.0); the engine's documented choices (``auto``
at :data:`AUTO_SIZE` numbers and above) and error texts; the int64/int32 certificates at
their exact boundary.  Expected values are worked out in the comments, never by re-running
the code under test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from perceptron_ref import run
from perceptron_ref.engine import AUTO_SIZE, chosen, scaled
from perceptron_ref.engine.driver import rule_of
from perceptron_ref.engine.kernel import (
    INT32_MAX,
    INT64_MAX,
    TIE_MISTAKE,
    TIE_NEGATIVE,
    TIE_POSITIVE,
    certified,
    certified_int32,
    compiled_pass,
    python_pass,
)
from perceptron_ref.engine.scaled import from_rows
from perceptron_ref.errors import InputError
from perceptron_ref.report import dumps, format_text
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector
from tests.helpers import BATCH, CORE

F = Fraction
SIX = (
    "perceptron/blum, perceptron/mehta, perceptron/gormley-online, "
    "perceptron/gormley-batch, perceptron/press, perceptron/ssbd"
)  # the notes' six perceptrons, in issue 2's order (registry.PERCEPTRONS)


def q(v: Vector) -> list[str]:
    """A vector's rationals as text: an exact value, and no float passes for one."""
    return [str(a) for a in v]


def steps_of(trace: Trace) -> list[tuple[int, int, str, int, int, bool, list[str]]]:
    """Each step as (epoch, index, score, prediction, label, mistake, w), rationals as text."""
    return [
        (
            s.epoch,
            s.index,
            str(s.score),
            s.prediction,
            s.label,
            s.mistake,
            list(map(str, s.weights)),
        )
        for s in trace.steps
    ]


# --- hand-worked traces --------------------------------------------------------------------


def test_press_xor_on_the_fast_engine_is_the_notes_worked_cycle() -> None:
    # spec/algorithms/perceptron/press.md, "Worked example: XOR": (−1,−1) −, (1,1) −,
    # (−1,1) +, (1,−1) +.  Tie → positive ([press.5]: y = −1 and w•x ≥ 0 is a mistake).
    # Step 0: w = 0, s = 0, predicts +1, y = −1: mistake, w = (1, 1).
    # Step 1: s = 1 + 1 = 2, predicts +1, y = −1: mistake, w = (0, 0).
    # Steps 2, 3: s = 0, predicts +1 = y: no mistake.  w at the end of pass 1 is the
    # initial 0 (epoch 0): status cycled, cycle (0, 1), 2 mistakes, 1 epoch.
    X = [(-1, -1), (1, 1), (-1, 1), (1, -1)]
    y = [-1, -1, 1, 1]
    t = run("perceptron/press", X, y, engine="fast")
    assert (t.status, t.cycle, t.mistakes, t.epochs, t.dimension) == ("cycled", (0, 1), 2, 1, 2)
    assert q(t.weights) == ["0", "0"] and t.record == "full"
    assert steps_of(t) == [
        (1, 0, "0", 1, -1, True, ["1", "1"]),
        (1, 1, "2", 1, -1, True, ["0", "0"]),
        (1, 2, "0", 1, 1, False, ["0", "0"]),
        (1, 3, "0", 1, 1, False, ["0", "0"]),
    ]
    kept = run("perceptron/press", X, y, engine="fast", record="mistakes")
    assert steps_of(kept) == steps_of(t)[:2]
    assert run("perceptron/press", X, y, engine="fast", record="summary").steps == ()


def test_blum_with_bias_and_eta_one_half_on_rational_data_by_hand() -> None:
    # spec/algorithms/perceptron/blum.md: tie → negative (s = 0 predicts −1), w ← w + η·y·x.
    # bias=True prepends 1 FIRST: rows (1, 1/2) with y = +1 and (1, 1) with y = −1; η = 1/2.
    # Epoch 1.  Step 0: w = (0, 0), s = 0 → −1 ≠ +1: mistake, w = (1/2, 1/4).
    #           Step 1: s = 1/2 + 1/4 = 3/4 > 0 → +1 ≠ −1: mistake, w = (0, −1/4).
    # Epoch 2.  Step 0: s = −1/8 → −1 ≠ +1: mistake, w = (1/2, 0).
    #           Step 1: s = 1/2 → +1 ≠ −1: mistake, w = (0, −1/2).
    t = run("perceptron/blum", [(F(1, 2),), (1,)], [1, -1], bias=True, eta=F(1, 2), epochs=2,
            engine="fast")  # fmt: skip
    assert (t.status, t.mistakes, t.epochs, t.dimension, t.bias, t.eta, t.cycle) == (
        "online",
        4,
        2,
        2,
        True,
        F(1, 2),
        None,
    )
    assert q(t.weights) == ["0", "-1/2"]
    assert steps_of(t) == [
        (1, 0, "0", -1, 1, True, ["1/2", "1/4"]),
        (1, 1, "3/4", 1, -1, True, ["0", "-1/4"]),
        (2, 0, "-1/8", -1, 1, True, ["1/2", "0"]),
        (2, 1, "1/2", 1, -1, True, ["0", "-1/2"]),
    ]


def test_zero_score_prediction_follows_each_rule_on_the_fast_engine() -> None:
    # One example x = (1,), its label y, one pass: s = 0 at w = 0.  Blum (tie → negative)
    # predicts −1; Mehta (tie → positive) +1; Gormley online (tie → mistake, update iff
    # y·s ≤ 0) reports −y, a mistake whatever y.
    for algorithm, y, prediction, mistake in [
        ("perceptron/blum", 1, -1, True),
        ("perceptron/blum", -1, -1, False),
        ("perceptron/mehta", 1, 1, False),
        ("perceptron/mehta", -1, 1, True),
        ("perceptron/gormley-online", 1, -1, True),
        ("perceptron/gormley-online", -1, 1, True),
        ("perceptron/ssbd", -1, 1, True),
    ]:
        (step,) = run(algorithm, [(1,)], [y], engine="fast").steps
        assert (str(step.score), step.prediction, step.mistake) == ("0", prediction, mistake)


def test_gormley_batch_converges_in_two_epochs_on_the_fast_engine() -> None:
    # spec gormley-batch (tie → positive), data x = (1, 0) +, (0, 1) −, (1, 1) +.
    # Epoch 1: s = 0 → +1 = y (no mistake); s = 0 → +1 ≠ −1: mistake, w = (0, −1);
    # s = −1 → −1 ≠ +1: mistake, w = (1, 0).  Epoch 2: x₁: s = 1 → +1, no mistake; x₂:
    # s = 0 → +1 ≠ −1: mistake, w = (1, −1); x₃: s = 0 → +1: no mistake.  Epoch 3:
    # s = 1 (+), −1 (−), 0 (+): clean, converged after 3 epochs with 3 mistakes.
    t = run("perceptron/gormley-batch", [(1, 0), (0, 1), (1, 1)], [1, -1, 1], engine="fast")
    assert (t.status, t.mistakes, t.epochs, t.cycle) == ("converged", 3, 3, None)
    assert q(t.weights) == ["1", "-1"]
    assert [str(s.score) for s in t.steps] == ["0", "0", "-1", "1", "0", "0", "1", "-1", "0"]
    capped = run("perceptron/gormley-batch", [(1, 0), (0, 1), (1, 1)], [1, -1, 1], max_epochs=1,
                 engine="fast", record="summary")  # fmt: skip
    assert (capped.status, capped.mistakes, capped.epochs) == ("max_epochs", 2, 1)
    assert q(capped.weights) == ["1", "0"]


# --- the engine against the literal reference ----------------------------------------------


DATA: dict[str, tuple[Any, list[int]]] = {
    # small integers with zero rows and zero scores
    "ties": ([(0, 1), (1, 0), (0, 0), (1, 1), (-1, 0)], [1, -1, 1, -1, 1]),
    # denominators 2, 3, 6: the common scale D = 6, b = 6 with a bias
    "rational": ([(F(1, 2), F(-1, 3)), (F(2, 3), F(1)), (F(-1, 6), F(0))], [1, -1, 1]),
    # beyond int64: Python integers from the start (the big-integer pass only)
    "huge": ([(2**70 + 1, -(2**69)), (3, 2**71), (-(2**70), F(5, 2**65))], [1, -1, -1]),
    # int64 entries whose scores pass 2**63: numpy rows in the big-integer pass
    "wide": (
        np.array([[2**40 + 1, -(2**41)], [3, 2**40], [-(2**40), 7]], dtype=np.int64),
        [1, -1, -1],
    ),
    # near the int64 bound: certified passes first, Python integers later
    "crossing": (
        np.array([[2**30, -(2**30) + 1], [2**30 - 1, 2**30], [-(2**30), 3]], dtype=np.int64),
        [1, -1, 1],
    ),
    # uint8 rows of one 8-byte word: the int32 byte loop
    "pixels": (
        np.array([[0, 255, 3, 0, 1, 2, 200, 9], [255, 0, 0, 7, 1, 1, 1, 1], [5] * 8], np.uint8),
        [1, -1, -1],
    ),
    # int32 rows (not certified by the type alone): the exact bounds' compiled sweep
    "int32": (np.array([[7, -3, 0], [-2, 5, 1], [0, 0, -4], [1, 1, 1]], np.int32), [-1, 1, 1, -1]),
    # 64 int32 rows: the exact bounds' sweep of a taller matrix
    "int32-tall": (
        np.array([[v, 1 - v % 3] for v in range(-32, 32)], np.int32),
        [1 if v % 5 < 3 else -1 for v in range(64)],
    ),
    # a float matrix: converted exactly, as the literal reference converts it
    "floats": (np.array([[0.5, -1.25], [2.0, 0.75]]), [1, -1]),
}

OPTIONS_ONLINE: list[dict[str, Any]] = [
    {"record": "full"},
    {"epochs": 2, "bias": True, "eta": F(1, 2), "record": "mistakes"},
    {"epochs": 3, "eta": 3, "record": "full"},
    {"epochs": "converge", "max_epochs": 3, "bias": True, "eta": 3, "record": "full"},
    {"epochs": "converge", "max_epochs": 5, "eta": F(7, 3), "record": "summary"},
]
OPTIONS_BATCH: list[dict[str, Any]] = [
    {"record": "full", "max_epochs": 6},
    {"bias": True, "eta": F(1, 2), "max_epochs": 1, "record": "mistakes"},
    {"bias": True, "eta": 3, "max_epochs": 3, "record": "full"},
    {"eta": F(7, 3), "max_epochs": 4, "record": "summary"},
]


@pytest.mark.parametrize("name", DATA)
@pytest.mark.parametrize("algorithm", CORE)
def test_engine_trace_json_and_text_equal_the_literal_reference(name: str, algorithm: str) -> None:
    X, y = DATA[name]
    for options in OPTIONS_BATCH if algorithm in BATCH else OPTIONS_ONLINE:
        literal = run(algorithm, X, y, **options)
        fast = run(algorithm, X, y, engine="fast", **options)
        assert fast == literal, options
        assert dumps(fast) == dumps(literal), options
        assert format_text(fast) == format_text(literal), options


def test_engine_finds_the_same_cycle_as_the_reference_when_w_returns_to_zero() -> None:
    # x = (1,) with y = +1 and again with y = −1, Mehta (tie → positive), epochs "converge":
    # step 0: s = 0 → +1 = y, no mistake; step 1: s = 0 → +1 ≠ −1, mistake, w = (−1);
    # epoch 2: s = −1 → −1 ≠ +1: mistake, w = 0; s = 0 → +1 ≠ −1: mistake, w = (−1), the w
    # that ended epoch 1: cycle (1, 2).  Press (batch, same rule) the same; the literal
    # reference agrees.
    for algorithm in ("perceptron/mehta", "perceptron/press"):
        options: dict[str, Any] = {} if algorithm in BATCH else {"epochs": "converge"}
        fast = run(algorithm, [(1,), (1,)], [1, -1], engine="fast", **options)
        assert (fast.status, fast.cycle, fast.mistakes) == ("cycled", (1, 2), 3)
        assert q(fast.weights) == ["-1"]
        assert fast == run(algorithm, [(1,), (1,)], [1, -1], **options)


# --- choosing the engine --------------------------------------------------------------------


def test_auto_counts_the_numbers_of_every_kind_of_data() -> None:
    # "auto" runs the engine on data of AUTO_SIZE numbers (n·d) or more: a list of n rows
    # of d numbers holds n·d of them, a Scaled its matrix's, an ndarray its size.
    mehta = "perceptron/mehta"
    assert chosen(mehta, [(0,) * 200] * (AUTO_SIZE // 200), "auto")
    assert not chosen(mehta, [(0,) * 199] * (AUTO_SIZE // 200), "auto")
    assert chosen(mehta, [(0,) * AUTO_SIZE], "auto")  # one row of AUTO_SIZE numbers
    assert not chosen(mehta, [(0,) * (AUTO_SIZE - 1)], "auto")
    assert chosen(mehta, [(0,) * AUTO_SIZE, (0,)], "auto")  # the first row's length counts
    assert not chosen(mehta, [(0,), (0,) * AUTO_SIZE], "auto")
    assert not chosen(mehta, [], "auto")  # nothing to count: the reference reports it
    assert not chosen(mehta, iter([(0,)] * AUTO_SIZE), "auto")  # an iterator is not counted
    assert not chosen(mehta, [iter((0,) * AUTO_SIZE)], "auto")  # nor rows without a length
    assert not chosen(mehta, {(0,) * AUTO_SIZE}, "auto")  # a set has no first row
    big = from_rows([(F(0),)] * AUTO_SIZE, [1] * AUTO_SIZE)
    assert chosen(mehta, big, "auto")
    assert not chosen(mehta, from_rows([(F(0),)] * (AUTO_SIZE - 1), [1] * (AUTO_SIZE - 1)), "auto")
    assert chosen(mehta, np.zeros((2, AUTO_SIZE // 2)), "auto")
    assert not chosen(mehta, np.zeros((1, AUTO_SIZE - 1)), "auto")
    assert not chosen(mehta, np.zeros((1, AUTO_SIZE)), "literal")
    assert not chosen("winnow/k-of-r", np.zeros((1, AUTO_SIZE)), "auto")


def test_fast_is_always_chosen_for_a_perceptron_and_refused_for_others() -> None:
    for algorithm in CORE:
        assert chosen(algorithm, [(1,)], "fast")
        assert not chosen(algorithm, [(1,)], "literal")
    with pytest.raises(InputError) as caught:
        chosen("winnow/k-of-r", [(1,)], "fast")
    assert str(caught.value) == (
        f"the fast engine runs only the perceptrons ({SIX}), not 'winnow/k-of-r': "
        "use engine 'literal' or 'auto'"
    )
    with pytest.raises(InputError) as caught:
        chosen("perceptron/blum", [(1,)], "quick")
    assert str(caught.value) == "engine must be 'literal', 'fast' or 'auto', got 'quick'"


def test_rule_of_gives_each_perceptrons_zero_score_rule_and_kind() -> None:
    # The spec files' "Zero score" rows (tests/helpers.RULE) and "Kind" rows.
    assert rule_of("perceptron/blum") == (TIE_NEGATIVE, False)
    assert rule_of("perceptron/mehta") == (TIE_POSITIVE, False)
    assert rule_of("perceptron/gormley-online") == (TIE_MISTAKE, False)
    assert rule_of("perceptron/gormley-batch") == (TIE_POSITIVE, True)
    assert rule_of("perceptron/press") == (TIE_POSITIVE, True)
    assert rule_of("perceptron/ssbd") == (TIE_MISTAKE, False)


def test_scaled_data_take_the_labels_given_and_keep_their_scale() -> None:
    # A Scaled (read by engine.coq, say) is run with the labels passed, not its own: x = 1/3
    # and 2/3 (scale 3) labelled −1, −1 although the Scaled holds +1, +1.  Blum: s = 0
    # predicts −1 = y (no mistake); s = 0 again: no mistake; w stays 0.  With labels +1, −1:
    # mistake, w = (1/3); s = 2/9 > 0 → +1 ≠ −1: mistake, w = (1/3 − 2/3) = (−1/3).
    data = from_rows([(F(1, 3),), (F(2, 3),)], [1, 1])
    same = scaled(data, [-1, -1])
    assert (same.X.tolist(), same.y.tolist(), same.scale) == ([[1], [2]], [-1, -1], 3)
    t = run("perceptron/blum", data, [1, -1], engine="fast")
    assert [str(s.score) for s in t.steps] == ["0", "2/9"]
    assert t.weights == (F(-1, 3),)
    with pytest.raises(InputError) as caught:
        scaled(from_rows([(F(1), F(2), F(3))], [1]), [1, 1, 1])  # 1 row of 3 numbers
    assert str(caught.value) == "1 examples but 3 labels"


def test_numpy_string_arrays_are_read_as_the_reference_reads_them() -> None:
    # An array of decimal strings is not an integer array: each entry is parsed exactly.
    X = np.array([["1/2", "-3"], ["0.25", "1"]])
    assert run("perceptron/mehta", X, [1, -1], engine="fast") == run("perceptron/mehta", X, [1, -1])


# --- the kernel's certificates and big-integer pass -----------------------------------------


def test_int64_certificate_holds_exactly_up_to_int64_max() -> None:
    # certified: (w_max + column_max)·max(row_max, 1) ≤ INT64_MAX.  INT64_MAX = 2**63 − 1
    # = 7·(2**63 − 1)/7, and 7 divides it (2**3 ≡ 1 mod 7).
    q = INT64_MAX // 7
    assert 7 * q == INT64_MAX
    assert certified(q - 5, 5, 7)  # equality: certified
    assert not certified(q - 4, 5, 7)  # one over
    assert certified(INT64_MAX - 1, 1, 0)  # no row: the factor is 1
    assert certified(INT64_MAX - 1, 1, 1)
    assert not certified(INT64_MAX, 1, 1)
    assert not certified(2**62, 2**62, 1)  # (2**62 + 2**62)·1 = 2**63 > INT64_MAX
    assert not certified(0, 2**62, 2)


def test_int32_certificate_holds_exactly_up_to_int32_max() -> None:
    assert certified_int32(INT32_MAX - 10, 10)
    assert not certified_int32(INT32_MAX - 9, 10)
    assert not certified_int32(2**30, 2**30)  # 2**31 > INT32_MAX
    assert certified_int32(0, INT32_MAX)


def test_python_pass_with_a_bias_of_one_by_hand() -> None:
    # Tie → positive (rule 0), b = 1 (bias weight W[0]), rows x = (2, −1) y = −1, (1, 1)
    # y = +1, from W = (0, 0, 0).  Step 0: s = 0 → +1 ≠ −1: mistake, W = (−1, −2, 1).
    # Step 1: s = −1·1 + (−2)·1 + 1·1 = −2 → −1 ≠ +1: mistake, W = (0, −1, 2).
    W = [0, 0, 0]
    kept: list[tuple[int, bool]] = []
    assert python_pass([[2, -1], [1, 1]], [-1, 1], W, 1, TIE_POSITIVE, kept) == 2
    assert (W, kept) == ([0, -1, 2], [(0, True), (-2, True)])
    # Without a bias (b = 0) and from W = (3, 0): s = 6 → +1 ≠ −1: mistake, W = (1, 1);
    # s = 2 → +1 = y: no mistake.  Tie → mistake (rule 2) changes nothing here.
    W = [3, 0]
    kept = []
    rows = np.array([[2, -1], [1, 1]], dtype=np.int64)  # numpy rows: Python ints inside
    assert python_pass(rows, [-1, 1], W, 0, TIE_MISTAKE, kept) == 1
    assert (W, kept) == ([1, 1], [(6, True), (2, False)])
    assert python_pass([[2, -1]], [1], [0, 0], 0, TIE_NEGATIVE, None) == 1


def test_compiled_pass_holds_the_weights_in_int64_unless_told_narrow() -> None:
    # compiled_pass's narrow defaults to False: W is held as int64.  Tie → positive (rule 0),
    # x = (1,), y = +1, W = (−2**40,): s = −2**40 < 0 predicts −1 ≠ +1, a mistake, and
    # W = −2**40 + 1.  (Held as int32, −2**40 would not survive: it is not an int32.)
    X = np.array([[1]], dtype=np.int8)
    W = np.array([-(2**40)], dtype=np.int64)
    scores, flags = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.bool_)
    assert compiled_pass(X, np.array([1], np.int8), W, 0, TIE_POSITIVE, True, scores, flags) == 1
    assert (W.tolist(), scores.tolist(), flags.tolist()) == ([-(2**40) + 1], [-(2**40)], [True])


def test_an_eta_beyond_int64_stays_exact_on_the_fast_engine() -> None:
    # η = 2**64 + 1 (no machine integer holds it), Blum (tie → negative), x = (1,) then
    # (−1,), both y = +1.  Step 0: s = 0 predicts −1 ≠ +1: mistake, w = η·1 = (η).
    # Step 1: s = η·(−1) = −η < 0 predicts −1 ≠ +1: mistake, w = η − η = (0).
    # Epoch 2: s = 0, mistake, w = (η); s = −η, mistake, w = (0).
    eta = 2**64 + 1
    t = run("perceptron/blum", [(1,), (-1,)], [1, 1], eta=eta, epochs=2, engine="fast")
    assert steps_of(t) == [
        (1, 0, "0", -1, 1, True, [str(eta)]),
        (1, 1, str(-eta), -1, 1, True, ["0"]),
        (2, 0, "0", -1, 1, True, [str(eta)]),
        (2, 1, str(-eta), -1, 1, True, ["0"]),
    ]
    assert (t.mistakes, q(t.weights), str(t.eta)) == (4, ["0"], str(eta))
    one = run("perceptron/blum", [(1,)], [1], eta=eta, engine="fast", record="summary")
    assert q(one.weights) == [str(eta)]
