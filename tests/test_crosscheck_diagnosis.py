"""crosscheck names the cause of a disagreement only when evidence shows it: nondeterminism
(fresh processes that differ), state kept between calls, another order, initial weights
(never blamed on the zero-score rule), another number of passes (the answers are the
reference's own run with that many, checked with ``run(epochs=m)``), weights printed with
fewer than 17 digits (the answers are the exact weights formatted with ``%.{k}g``), and each
code's sentence carries its numbers.
The codes that come with the wrong candidates of issue 12 (threshold, overflow,
float-rounding, dimension) are asserted in test_crosscheck_rejects_wrong_code.py, the
accepted ones (learning-rate, bias-last) in test_crosscheck_accepts_equivalent_code.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data, Outcome, Returned
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.explain import diagnosis, verdicts
from perceptron_ref.crosscheck.explain.diagnosis import CODES, Diagnosis
from perceptron_ref.crosscheck.explain.probes import _read
from perceptron_ref.crosscheck.judge.equivalence import Reading
from perceptron_ref.crosscheck.judge.oracle import Oracle
from perceptron_ref.crosscheck.report import reporting
from perceptron_ref.perceptron.multiclass import run_multiclass

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def target(name: str) -> str:
    return f"{CANDIDATES / name}.py:train"


def codes(report: Report) -> set[str]:
    return {d.code for d in report.diagnosis}


def shows_a_real_difference(report: Report) -> None:
    """A DISAGREE never shows an answer equal to the expected one, and the expected one is
    the reference's on the counterexample."""
    c = reporting.counterexample_json(report)
    assert c is not None and c["got"] != c["expected"]
    assert c["expected"] == [str(v) for v in run(report.algorithm, c["X"], c["y"]).weights]


@pytest.mark.parametrize(
    ("name", "algorithm"),
    [
        ("shuffle_unseeded", "perceptron/gormley-online"),
        ("random_pick", "perceptron/gormley-batch"),
        ("fork_race", "perceptron/gormley-online"),
    ],
)
def test_nondeterministic_code_is_named_and_never_shown_with_the_expected_answer(
    name: str, algorithm: str
) -> None:
    report = crosscheck(algorithm, target(name))
    assert report.verdict == "disagree" and "nondeterministic" in codes(report)
    shows_a_real_difference(report)
    # its answers are not compared with the zero-score rules: no variant is blamed
    assert report.agrees_with == () and "differs from" not in report.reason


class Processes:
    """A stand-in for a candidate's calls: ``answer(process, call, data)`` is what the
    ``call``-th call of the ``process``-th fresh process returns on ``data``."""

    def __init__(self, answer: Callable[[int, int, Data], Fraction]) -> None:
        self.answer, self.started = answer, 0

    def fresh(self, datasets: Sequence[Data], *, repeat: int = 1) -> list[Outcome]:
        self.started += 1
        calls = [d for d in datasets for _ in range(repeat)]
        return [Returned((self.answer(self.started, k, d),)) for k, d in enumerate(calls)]


class Wrong:
    ok = False


def repeated(
    answer: Callable[[int, int, Data], Fraction], sets: int, kind: str = "python"
) -> list[Diagnosis]:
    """What :func:`verdicts.repeat` finds on the first of ``sets`` failing data sets, for a
    candidate of ``kind``."""
    data: list[Data] = [((tuple(Fraction(n) for _ in range(n + 1)),), (1,)) for n in range(sets)]
    trial: Any = SimpleNamespace(
        call=Processes(answer), judge=lambda *a, **k: Wrong(), candidate=SimpleNamespace(kind=kind)
    )
    first = Returned((answer(0, 0, data[0]),))
    return verdicts.repeat(trial, data[0], first, "wrong", Reading(), 1, data)


def coin_on(size: int) -> Callable[[int, int, Data], Fraction]:
    """A random choice seen only on the data set of ``size`` features: fresh processes
    alternate between two answers there, and agree everywhere else."""

    def answer(process: int, call: int, d: Data) -> Fraction:
        return Fraction(process % 2 if len(d[0][0]) == size else 0)

    return answer


@pytest.mark.parametrize("size", [2, 3, verdicts.OTHERS - 1, 40])
def test_a_random_choice_is_seen_on_any_other_failing_data_set(size: int) -> None:
    # the first data set (1 feature) gets the same answer from every fresh process
    (found,) = repeated(coin_on(size), sets=40)
    assert found.code == "nondeterministic" and "each in a fresh process" in found.evidence


def test_only_the_smallest_other_data_sets_and_the_largest_are_run_again() -> None:
    assert repeated(coin_on(verdicts.OTHERS + 1), sets=40) == []
    assert repeated(coin_on(2), sets=1) == []  # not there: nothing to see


def test_a_command_candidate_is_run_again_on_fewer_data_sets() -> None:
    # a process a data set: the smallest OTHERS_CMD - 1 others and the largest
    cap = verdicts.OTHERS_CMD
    (found,) = repeated(coin_on(cap), sets=40, kind="cmd")
    assert found.code == "nondeterministic"
    assert repeated(coin_on(40), sets=40, kind="cmd")[0].code == "nondeterministic"
    assert repeated(coin_on(cap + 1), sets=40, kind="cmd") == []
    assert repeated(coin_on(cap + 1), sets=40)[0].code == "nondeterministic"


def test_state_kept_between_calls_answers_the_sequences_of_two_fresh_processes_alike() -> None:
    def counting(process: int, call: int, d: Data) -> Fraction:
        return Fraction(call)  # depends on the earlier calls of its process only

    assert all(f.code != "nondeterministic" for f in repeated(counting, sets=5))


def test_the_questions_go_to_two_fresh_processes_each_asked_the_same_sequence() -> None:
    # a fresh process's start is most of a Python candidate's cost: two, not one a question
    asked: list[list[int]] = []

    class Counted(Processes):
        def fresh(self, datasets: Sequence[Data], *, repeat: int = 1) -> list[Outcome]:
            asked.append([len(d[0][0]) for d in datasets for _ in range(repeat)])
            return super().fresh(datasets, repeat=repeat)

    data: list[Data] = [((tuple(Fraction(n) for _ in range(n + 1)),), (1,)) for n in range(5)]
    trial: Any = SimpleNamespace(
        call=Counted(lambda *_: Fraction(0)),
        judge=lambda *a, **k: Wrong(),
        candidate=SimpleNamespace(kind="file"),
    )
    assert (
        verdicts.repeat(trial, data[0], Returned((Fraction(0),)), "wrong", Reading(), 1, data) == []
    )
    assert asked == [[1, 1, 2, 3, 4, 5]] * 2  # the data set twice, then the others in order


def test_an_unseeded_shuffle_is_also_seen_to_follow_another_order() -> None:
    report = crosscheck("perceptron/gormley-online", target("shuffle_unseeded"))
    assert codes(report) == {"nondeterministic", "order"}
    (found,) = [d for d in report.diagnosis if d.code == "nondeterministic"]
    assert "each in a fresh process" in found.evidence
    (order,) = [d for d in report.diagnosis if d.code == "order"]
    assert "the reference's with the examples taken in the order" in order.evidence


def test_a_seeded_shuffle_is_named_as_another_order_with_the_order() -> None:
    report = crosscheck("perceptron/gormley-online", target("shuffle_seeded"))
    assert report.verdict == "disagree" and codes(report) == {"order"}
    shows_a_real_difference(report)
    (found,) = report.diagnosis
    assert "taken in the order 2, 1 (not 1, 2)" in found.evidence


def test_state_kept_between_calls_is_named_from_a_fresh_process() -> None:
    report = crosscheck("perceptron/gormley-online", target("stateful_global"))
    assert report.verdict == "disagree" and "stateful" in codes(report)
    assert "nondeterministic" not in codes(report)
    shows_a_real_difference(report)
    assert report.counterexample is not None
    assert report.counterexample.note == "in the process that had answered earlier calls"


@pytest.mark.parametrize(
    ("name", "algorithm", "start"),
    [
        ("init_random", "perceptron/gormley-online", "0.00126"),
        ("init_ones", "perceptron/mehta", "1"),
    ],
)
def test_nonzero_initial_weights_are_named_and_not_blamed_on_the_zero_score_rule(
    name: str, algorithm: str, start: str
) -> None:
    report = crosscheck(algorithm, target(name))
    assert report.verdict == "disagree" and codes(report) == {"initial-weights"}
    shows_a_real_difference(report)
    assert report.agrees_with == () and "differs from" not in report.reason
    assert "w·x = 0" not in report.reason and report.counterexample is not None
    assert report.counterexample.divergence is None
    (found,) = report.diagnosis
    assert f"returned {start} there" in found.evidence


def test_every_code_is_one_of_the_contracts_thirteen_and_the_text_explains_each() -> None:
    report = crosscheck("perceptron/gormley-online", target("stateful_global"))
    text = reporting.format_text(report)
    for d in report.diagnosis:
        assert d.code in CODES and f"  {d.code}: {d.evidence}" in text
    assert len(CODES) == 13


# -- the rules of evidence, on constructed data ----------------------------------------------


def test_dimension_needs_agreement_below_failures_above_and_a_counterexample_that_needs_d() -> None:
    low = [(d, True) for d in (1, 1, 2, 2, 3)]
    found = diagnosis.dimension([*low, (9, False), (9, True)], needed=9)
    assert isinstance(found, Diagnosis) and "d ≤ 3" in found.evidence
    assert diagnosis.dimension([*low, (9, False)], needed=2) is None  # a 2-d counterexample
    assert diagnosis.dimension([*low[:3], (9, False)], needed=9) is None  # too few below
    assert diagnosis.dimension([*low, (2, False), (9, False)], needed=9) is None


def test_initial_weights_need_a_feature_that_no_example_touches() -> None:
    data: Data = (((Fraction(1), Fraction(0)),), (1,))
    assert diagnosis.initial_weights(data, (Fraction(1), Fraction(0)), bias=False) is None
    found = diagnosis.initial_weights(data, (Fraction(1), Fraction(1, 4)), bias=False)
    assert found is not None and "feature 2" in found.evidence and "1/4" in found.evidence


def test_probes_read_a_threshold_a_magnitude_limit_or_nothing() -> None:
    values = [Fraction(2) ** k for k in range(-3, 4)]
    spec = {a * s: (a * s < 0, a * s > 0) for a in values for s in (1, -1)}
    assert _read(spec, Fraction(1)) is None
    near = spec | {Fraction(1, 8): (True, False), Fraction(1, 4): (True, False)}
    found = _read(near, Fraction(1))
    assert found is not None and found.code == "threshold"
    assert "at w·x = 1/4 it decides -" in found.evidence and "at 1/2 as the spec" in found.evidence
    far = spec | {Fraction(8): (True, True), Fraction(-8): (True, True)}
    found = _read(far, Fraction(1))
    assert found is not None and found.code == "overflow" and "up to |w·x| = 4" in found.evidence
    scattered = spec | {Fraction(1, 8): (True, False), Fraction(2): (True, False)}
    assert _read(scattered, Fraction(1)) is None  # no single change: no code


def test_a_shuffle_before_every_pass_is_named_as_another_order() -> None:
    report = crosscheck("perceptron/gormley-batch", target("shuffle_each_pass"))
    assert report.verdict == "disagree" and codes(report) == {"order"}
    shows_a_real_difference(report)


def int_loop(data: Data, dtype: type[np.integer[Any]]) -> tuple[Fraction, ...]:
    """Gormley's online rule in a fixed-width integer type (numpy wraps it)."""
    X = np.array(data[0], dtype=np.int64).astype(dtype)
    w = np.zeros(X.shape[1], dtype=dtype)
    with np.errstate(all="ignore"):
        for x, t in zip(X, data[1], strict=True):
            if t * int(w @ x) <= 0:
                w = (w + dtype(t) * x).astype(dtype)
    return tuple(Fraction(int(v)) for v in w)


def test_answers_of_a_wrapping_integer_run_are_named_overflow_with_the_width() -> None:
    rng = np.random.default_rng(1)
    oracle = Oracle("perceptron/gormley-online", bias=False, epochs=1, eta=Fraction(1))
    sets: list[Data] = []
    for _ in range(6):
        X = rng.integers(-(2**20), 2**20, size=(30, 3))
        y = np.where(X @ np.array([1, -2, 3]) > 0, 1, -1)
        sets.append((tuple(map(tuple, X.tolist())), tuple(y.tolist())))
    pairs = [(d, int_loop(d, np.int32)) for d in sets]
    assert any(g != run("perceptron/gormley-online", *d).weights for d, g in pairs)
    found = diagnosis.overflow(
        pairs[0], pairs, oracle, run("perceptron/gormley-online", *sets[0]).weights
    )
    assert found is not None and found.code == "overflow" and "32-bit integers" in found.evidence
    exact = [(d, run("perceptron/gormley-online", *d).weights) for d in sets]
    assert diagnosis.overflow(exact[0], exact, oracle, exact[0][1]) is None  # nothing wraps


def test_a_batch_threshold_is_found_by_replaying_the_thresholds_tried() -> None:
    oracle = Oracle("perceptron/gormley-batch", bias=False, epochs="converge", eta=Fraction(1))
    data: Data = (((Fraction(1),), (Fraction(1, 8),), (Fraction(-1),)), (1, 1, -1))

    def threshold_run(d: Data, t: Fraction) -> tuple[Fraction, ...]:
        w = [Fraction(0)] * len(d[0][0])
        for _ in range(100):
            clean = True
            for x, y in zip(*d, strict=True):
                if (1 if sum(a * b for a, b in zip(w, x, strict=True)) >= t else -1) != y:
                    w, clean = [a + y * b for a, b in zip(w, x, strict=True)], False
            if clean:
                break
        return tuple(w)

    got = threshold_run(data, Fraction(1, 4))
    assert got != run("perceptron/gormley-batch", *data).weights
    found = diagnosis.threshold((data, got), [(data, got)], oracle, Fraction(1))
    assert found is not None and found.code == "threshold" and "t = 1/4" in found.evidence


def test_a_run_that_wraps_at_64_bits_is_named_overflow_not_a_traceback() -> None:
    # the int64 model must wrap as the candidate's int64 does: the exact replay's guard
    # (restart on Python integers near 2^63) is for exact runs only
    rng = np.random.default_rng(2)
    oracle = Oracle("perceptron/gormley-online", bias=False, epochs=1, eta=Fraction(1))
    sets: list[Data] = []
    for _ in range(4):
        X = rng.integers(-(2**40), 2**40, size=(12, 3))
        y = np.where(X[:, 0] > 0, 1, -1)
        sets.append((tuple(map(tuple, X.tolist())), tuple(y.tolist())))
    pairs = [(d, int_loop(d, np.int64)) for d in sets]
    expected = [run("perceptron/gormley-online", *d).weights for d in sets]
    assert any(g != e for (_, g), e in zip(pairs, expected, strict=True))
    counter = next(p for p, e in zip(pairs, expected, strict=True) if p[1] != e)
    found = diagnosis.overflow(
        counter, pairs, oracle, run("perceptron/gormley-online", *counter[0]).weights
    )
    assert found is not None and found.code == "overflow" and "64-bit integers" in found.evidence


# -- passes and printed digits: the reference's own runs, another number of passes or fewer digits


def one_pass_tie_positive(X: Sequence[Sequence[Fraction]], y: Sequence[int]) -> list[Fraction]:
    """One pass of the loop that predicts + iff w·x ≥ 0 (Gormley's batch rule), by hand."""
    w = [Fraction(0)] * len(X[0])
    for x, label in zip(X, y, strict=True):
        if (1 if sum(a * b for a, b in zip(w, x, strict=True)) >= 0 else -1) != label:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
    return w


@pytest.mark.parametrize(
    ("name", "algorithm", "epochs", "made", "words"),
    [
        ("wrong_passes_short", "perceptron/gormley-online", 3, 2, "one pass too few"),
        ("wrong_passes_short", "perceptron/gormley-online", 2, 1, "one pass too few"),
        ("wrong_passes_extra", "perceptron/blum", 1, 2, "one pass too many"),
        ("wrong_passes_extra", "perceptron/blum", 4, 5, "one pass too many"),
    ],
)
def test_a_wrong_number_of_passes_is_named_with_the_passes_its_answers_are(
    name: str, algorithm: str, epochs: int, made: int, words: str
) -> None:
    report = crosscheck(algorithm, target(name), epochs=epochs)
    assert report.verdict == "disagree" and codes(report) == {"passes"}, report.diagnosis
    (found,) = report.diagnosis
    assert f"after {made} pass" in found.evidence and f"not the {epochs} asked" in found.evidence
    assert words in found.evidence
    # no rule of the loop is blamed: not a variant, not a spec line
    assert "spec line" not in report.reason and "differs from" not in report.reason
    # the answer shown is the reference's own run with the other number of passes
    c = reporting.counterexample_json(report)
    assert c is not None
    assert c["expected"] == [str(v) for v in run(algorithm, c["X"], c["y"], epochs=epochs).weights]
    assert c["got"] == [str(v) for v in run(algorithm, c["X"], c["y"], epochs=made).weights]


def test_a_batch_run_that_stops_after_one_pass_is_named_so() -> None:
    report = crosscheck("perceptron/gormley-batch", target("wrong_batch_one_pass"))
    assert report.verdict == "disagree" and codes(report) == {"passes"}, report.diagnosis
    assert "after 1 pass, not passes until one makes no mistake" in report.diagnosis[0].evidence
    c = reporting.counterexample_json(report)
    assert c is not None
    X = [[Fraction(v) for v in x] for x in c["X"]]
    assert c["got"] == [str(v) for v in one_pass_tie_positive(X, c["y"])] != c["expected"]


def test_right_loops_and_other_bugs_are_not_put_down_to_the_passes() -> None:
    oracle = Oracle("perceptron/gormley-online", bias=False, epochs=2, eta=Fraction(1))
    data: Data = (((Fraction(-4),), (Fraction(1),)), (-1, -1))
    W = {m: run("perceptron/gormley-online", *data, epochs=m).weights for m in (1, 2, 3)}
    assert len(set(W.values())) == 3  # the counterexample tells the three apart
    found = diagnosis.passes((data, W[1]), [], [], oracle, Fraction(1), floats=False)
    assert found is not None and "after 1 pass, not the 2 asked" in found.evidence
    found = diagnosis.passes((data, W[3]), [], [], oracle, Fraction(1), floats=False)
    assert found is not None and "after 3 passes" in found.evidence
    # no pass at all is a loop that never updates, not a count of passes
    zero = (Fraction(0),)
    assert zero not in W.values()
    assert diagnosis.passes((data, zero), [], [], oracle, Fraction(1), floats=False) is None
    # a data set it got right where one pass more ends elsewhere refutes the extra pass
    other: Data = (((Fraction(-3),), (Fraction(1),)), (-1, -1))
    assert (
        run("perceptron/gormley-online", *other, epochs=3).weights
        != run("perceptron/gormley-online", *other, epochs=2).weights
    )
    assert diagnosis.passes((data, W[3]), [], [other], oracle, Fraction(1), floats=False) is None


@pytest.mark.parametrize(("name", "digits"), [("wrong_printed15", 15), ("wrong_printed_g", 6)])
def test_weights_printed_with_fewer_than_17_digits_are_named_with_the_digits(
    name: str, digits: int
) -> None:
    report = crosscheck("perceptron/mehta", target(name))
    assert report.verdict == "disagree" and codes(report) == {"printed-digits"}, report.diagnosis
    (found,) = report.diagnosis
    assert f"rounded to {digits} significant digits" in found.evidence
    assert "%.17g" in found.evidence and "spec line" not in report.reason
    # the answer shown is the exact run's float64 weights printed with that many digits
    c = reporting.counterexample_json(report)
    assert c is not None
    W = run("perceptron/mehta", c["X"], c["y"]).weights
    assert c["got"] == [str(Fraction(float(f"{float(v):.{digits}g}"))) for v in W]
    assert c["got"] != c["expected"]


def test_printed_digits_need_every_wrong_answer_to_be_the_reference_rounded() -> None:
    oracle = Oracle("perceptron/mehta", bias=False, epochs=1, eta=Fraction(1))
    tiny: Data = (((Fraction(1, 2**22),),), (-1,))
    (w,) = run("perceptron/mehta", *tiny).weights
    assert len(repr(float(w)).split("e")[0].replace(".", "").strip("-")) == 16
    printed = (Fraction(float(f"{float(w):.15g}")),)
    found = diagnosis.printed_digits((tiny, printed), [], [printed], oracle, Fraction(1))
    assert found is not None and "rounded to 15 significant digits" in found.evidence
    # the fewest digits that write every answer: one printed with 12 shows 12
    twelve = (Fraction(float(f"{float(w):.12g}")),)
    found = diagnosis.printed_digits((tiny, twelve), [], [twelve], oracle, Fraction(1))
    assert found is not None and "rounded to 12 significant digits" in found.evidence
    # a 15-digit number that is not the reference's rounded: another bug
    off = (Fraction(float(f"{float(w) * 1.001:.15g}")),)
    assert diagnosis.printed_digits((tiny, off), [], [off], oracle, Fraction(1)) is None
    # a wrong answer that needs 17 digits was not printed short
    long = (w * (1 + Fraction(1, 2**50)),)
    assert diagnosis.printed_digits((tiny, long), [], [long], oracle, Fraction(1)) is None
    # another data set's wrong answer that is not the reference's rounded refutes it
    ones: Data = (((Fraction(1),),), (-1,))
    assert run("perceptron/mehta", *ones).weights == (Fraction(-1),)
    wrong = [(ones, (Fraction(-2),))]
    assert diagnosis.printed_digits((tiny, printed), wrong, [printed], oracle, Fraction(1)) is None
    # the right answer itself is no rounding
    assert diagnosis.printed_digits((tiny, (w,)), [], [(w,)], oracle, Fraction(1)) is None


def test_a_family_s_extra_pass_is_named_and_no_spec_line_blamed() -> None:
    report = crosscheck("perceptron/structured", target("wrong_multiclass_extra_pass"))
    assert report.verdict == "disagree" and codes(report) == {"passes"}, report.diagnosis
    assert "after 2 passes, not the 1 asked" in report.diagnosis[0].evidence
    assert "spec line" not in report.reason
    c = reporting.counterexample_json(report)
    assert c is not None
    # α after two passes of the reference's own run, one row of d weights per class
    alpha = run_multiclass(c["X"], c["y"], epochs=2).weights
    d = len(c["X"][0])
    rows = [[str(v) for v in alpha[k : k + d]] for k in range(0, len(alpha), d)]
    assert c["got"] == rows != c["expected"]


# -- labels 0/1 in the update: a negative example never moves w ----------------------------------

LABELS_01 = """\
import numpy as np


def train(X, y):
    X = np.asarray(X, dtype=float)
    w = np.zeros(X.shape[1])
    for _ in range({epochs}):
        for x, label in zip(X, y):
            t = 1 if label == 1 else 0  # the labels coded 0/1, used as they are
            if (1 if w @ x {op} 0 else 0) != t:
                w = w + t * x
    return w
"""


@pytest.mark.parametrize(
    ("algorithm", "op", "epochs"),
    [
        ("perceptron/blum", ">", 1),
        ("perceptron/blum", ">", 3),
        ("perceptron/gormley-online", ">", 2),
    ],
)
def test_labels_coded_0_1_in_the_update_are_named_and_not_put_down_to_the_order(
    tmp_path: Path, algorithm: str, op: str, epochs: int
) -> None:
    (tmp_path / "labels01.py").write_text(LABELS_01.format(op=op, epochs=epochs))
    report = crosscheck(algorithm, f"{tmp_path / 'labels01.py'}:train", epochs=epochs,
                        examples=12)  # fmt: skip
    assert report.verdict == "disagree" and codes(report) == {"label-coding"}, report.diagnosis
    (found,) = report.diagnosis
    assert "negative examples never move w" in found.evidence
    assert "see the diagnosis: label-coding" in report.reason
    shows_a_real_difference(report)


def test_labels_coded_0_1_that_never_move_w_are_the_tie_rules_not_the_labels(
    tmp_path: Path,
) -> None:
    # under tie → positive, from w = 0 every positive example is right and a negative one
    # adds 0·x: w never moves, as a loop with y·(w·x) < 0 (tests/candidates/grading/carol)
    (tmp_path / "labels01.py").write_text(LABELS_01.format(op=">=", epochs=2))
    report = crosscheck("perceptron/mehta", f"{tmp_path / 'labels01.py'}:train", epochs=2,
                        examples=12)  # fmt: skip
    assert report.verdict == "disagree" and codes(report) == {"threshold"}, report.diagnosis
    assert report.counterexample is not None
    assert set(report.counterexample.got.weights) == {Fraction(0)}  # type: ignore[union-attr]


def test_a_zero_score_never_a_mistake_is_named_a_threshold_at_zero() -> None:
    # tests/candidates/grading/carol: `if label * (w @ x) < 0`, so from w = 0 nothing moves
    for algorithm in ("perceptron/gormley-online", "perceptron/mehta", "perceptron/blum"):
        report = crosscheck(algorithm, f"{CANDIDATES / 'grading' / 'carol.py'}:train",
                            examples=12)  # fmt: skip
        assert report.verdict == "disagree" and codes(report) == {"threshold"}, report.diagnosis
        (found,) = report.diagnosis
        assert "never a mistake" in found.evidence and "t = 0" in found.evidence
        assert "w·x = 0" in report.reason  # the first divergent step: an update at a tie


def test_a_threshold_at_zero_needs_every_answer_zero_where_the_reference_moves() -> None:
    oracle = Oracle("perceptron/gormley-online", bias=False, epochs=1, eta=Fraction(1))
    data: Data = (((Fraction(1),),), (1,))  # the reference: a mistake at w·x = 0, w = (1)
    zero = (Fraction(0),)
    found = diagnosis.never_moved((data, zero), [(data, zero)], oracle)
    assert found is not None and found.code == "threshold"
    other: Data = (((Fraction(2),),), (1,))
    assert diagnosis.never_moved((data, zero), [(other, (Fraction(2),))], oracle) is None
    # a run of the reference that leaves w = 0 too (a label its start already predicts)
    mehta = Oracle("perceptron/mehta", bias=False, epochs=1, eta=Fraction(1))
    assert diagnosis.never_moved((data, zero), [(data, zero)], mehta) is None


def test_the_label_coding_needs_a_negative_mistake_and_every_answer() -> None:
    oracle = Oracle("perceptron/blum", bias=False, epochs=1, eta=Fraction(1))
    data: Data = (((Fraction(1),), (Fraction(1),)), (1, -1))
    # (1) then (0): the negative example moves w
    assert run("perceptron/blum", *data).weights == (Fraction(0),)
    got = (Fraction(1),)  # the negative example left w alone
    found = diagnosis.label_coding((data, got), [(data, got)], oracle, Fraction(1))
    assert found is not None and found.code == "label-coding"
    # an answer elsewhere that the model does not give: not this cause
    other: Data = (((Fraction(2),),), (1,))
    elsewhere = [(other, (Fraction(3),))]
    assert diagnosis.label_coding((data, got), elsewhere, oracle, Fraction(1)) is None
    # no negative mistake on the counterexample: nothing tells it apart
    only: Data = (((Fraction(1),),), (1,))
    ones = (Fraction(1),)
    assert diagnosis.label_coding((only, ones), [(only, ones)], oracle, Fraction(1)) is None
    # w never moved (a strict y·(w·x) < 0 from w = 0 under a rule where the positive example
    # at score 0 is no mistake): the model gives these zeros too, but they show no labels
    mehta = Oracle("perceptron/mehta", bias=False, epochs=1, eta=Fraction(1))
    neg: Data = (((Fraction(1),),), (-1,))
    nothing = (Fraction(0),)
    assert diagnosis.label_coding((neg, nothing), [(neg, nothing)], mehta, Fraction(1)) is None
