"""Resource bounds (issue 7): exact arithmetic stops at a documented size limit, with one clear
line, instead of filling memory; runs far from the limit are unaffected.  Each limit (max_bits,
the repeat-test budget REPEAT_BUDGET · max_bits) is also checked at its exact boundary, under
each engine.

The adversarial inputs below have closed forms, so each test knows independently at which
step, and with how many bits, the limit must be crossed:

- *rotating data*: x₁ = (1, 0), then x_{t+1} = R(w_t)/p, w_t rotated a quarter turn and
  divided by a prime p.  Every score is w_t·x_{t+1} = 0 (a mistake for the tie-mistake
  learners) and w_{t+1} = w_t + x_{t+1}, i.e. w_t = (1 + i/p)^(t−1) as a complex number: its
  denominator grows by a factor p at every step.
- *Winnow promotions*: w₁ = (1 + ε)^k after k promotions, with ε = 1/q.
- *a polynomial kernel*: K((2), (2)) = 4^degree.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Generator, Iterator
from fractions import Fraction
from itertools import count, islice
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import cli, run
from perceptron_ref.campaign import CORE
from perceptron_ref.errors import InputError
from perceptron_ref.limits import (
    MAX_BITS,
    REPEAT_BUDGET,
    SizeLimitError,
    check_max_bits,
    check_repeat_budget,
    check_size,
    measured,
)
from perceptron_ref.perceptron.multiclass import run_multiclass
from perceptron_ref.runner import AUTO_WORK as AUTO_SIZE
from perceptron_ref.testing import SeparableData, separable_data
from perceptron_ref.trace import Step
from perceptron_ref.vectors import Label, Vector, dot
from tests.helpers import BATCH, RULE, is_mistake
from tests.test_input import run_refused
from tests.test_run import BLUM_X, BLUM_Y

MERSENNE_61 = 2**61 - 1


def size(q: Fraction) -> int:
    """Bits of the longer of q's numerator and denominator (written here, not imported)."""
    return max(len(bin(abs(q.numerator))) - 2, len(bin(q.denominator)) - 2)


def w_closed_form(p: int) -> Iterator[tuple[Fraction, Fraction]]:
    """w₁, w₂, …: w_t = (1 + i/p)^(t−1) = (p + i)^(t−1) / p^(t−1), by Gaussian-integer powers."""
    a, b, q = 1, 0, 1
    while True:
        yield Fraction(a, q), Fraction(b, q)
        a, b, q = a * p - b, a + b * p, q * p  # (a + bi)(p + i)


def rotating(p: int, n: int) -> tuple[list[Vector], list[Label]]:
    """n examples, all labelled +1: x₁ = (1, 0), x_{t+1} = (−Im w_t, Re w_t)/p."""
    X: list[Vector] = [(Fraction(1), Fraction(0))]
    for re_w, im_w in islice(w_closed_form(p), n - 1):
        X.append((-im_w / p, re_w / p))
    return X, [1] * n


def first_over(p: int, max_bits: int) -> tuple[int, int]:
    """The first step t whose w_t has a number over max_bits, and that number's size."""
    for t, w in enumerate(w_closed_form(p), 1):
        if (bits := max(map(size, w))) > max_bits:
            return t, bits
    raise AssertionError("unreachable: w_closed_form is endless")


def message(what: str, where: str, bits: int, max_bits: int) -> str:
    return (
        f"exact arithmetic exceeded the size limit: {what} {where} has a number of {bits} bits, "
        f"over max_bits = {max_bits} (raise it with --max-bits)"
    )


TIE_MISTAKE = (
    "perceptron/gormley-online",
    "perceptron/ssbd",
    "perceptron/voted",
    "perceptron/averaged",
)


@pytest.mark.parametrize("algorithm", TIE_MISTAKE)
@pytest.mark.parametrize(("p", "max_bits"), [(3, 64), (3, 200), (MERSENNE_61, 1000)])
def test_rotating_data_cross_the_limit_at_the_step_the_closed_form_predicts(
    algorithm: str, p: int, max_bits: int
) -> None:
    t, bits = first_over(p, max_bits)
    X, y = rotating(p, t + 5)
    with pytest.raises(SizeLimitError) as raised:
        run(algorithm, X, y, max_bits=max_bits)
    assert str(raised.value) == message("w", f"after epoch 1, example {t - 1}", bits, max_bits)


def test_just_below_the_limit_the_same_data_run_to_the_end() -> None:
    """The limit is a bound on size, not on steps: the steps before it are the closed form's."""
    t, _ = first_over(3, 200)
    X, y = rotating(3, t - 1)
    trace = run("perceptron/gormley-online", X, y, max_bits=200)
    assert trace.mistakes == t - 1 and all(s.score == 0 for s in trace.steps)
    assert trace.weights == next(islice(w_closed_form(3), t - 2, None))


@pytest.mark.parametrize("algorithm", ["perceptron/gormley-online", "perceptron/ssbd"])
def test_the_fast_engine_ends_in_the_same_error_with_a_full_record(algorithm: str) -> None:
    t, bits = first_over(3, 200)
    X, y = rotating(3, t + 5)
    expected = message("w", f"after epoch 1, example {t - 1}", bits, 200)
    for engine in ("literal", "fast"):
        with pytest.raises(SizeLimitError, match=re.escape(expected)):
            run(algorithm, X, y, max_bits=200, engine=engine)


def test_the_fast_engine_checks_the_final_weights_of_a_summary() -> None:
    X, y = rotating(3, 150)
    final = max(map(size, next(islice(w_closed_form(3), 149, None))))
    with pytest.raises(SizeLimitError) as raised:
        run("perceptron/gormley-online", X, y, max_bits=200, engine="fast", record="summary")
    assert str(raised.value) == message("w", "at the end of epoch 1", final, 200)


def test_the_fast_engine_checks_a_summary_whose_weights_eta_makes_large() -> None:
    # w = η·W/D: one mistake on x = 1, y = -1 with η = 2**70 gives w = -2**70, 71 bits,
    # from W = -1.  The engine's shortcut (skip the check when every η·W_j/D is surely
    # small) must count η's numerator, not only W and D.
    with pytest.raises(SizeLimitError) as raised:
        run(
            "perceptron/mehta", [[1]], [-1], eta=2**70, max_bits=64, engine="fast", record="summary"
        )
    assert str(raised.value) == message("w", "at the end of epoch 1", 71, 64)
    at_limit = run("perceptron/mehta", [[1]], [-1], eta=2**63, max_bits=64, engine="fast")
    assert at_limit.weights == (Fraction(-(2**63)),)  # 64 bits: within the limit


@pytest.mark.slow
def test_the_default_limit_is_crossed_where_the_closed_form_says() -> None:
    p = 2**521 - 1  # a Mersenne prime: 521 more bits a step, 192 steps to 100,000
    t, bits = first_over(p, MAX_BITS)
    X, y = rotating(p, t + 1)
    with pytest.raises(SizeLimitError) as raised:
        run("perceptron/gormley-online", X, y, record="summary")
    assert str(raised.value) == message("w", f"after epoch 1, example {t - 1}", bits, MAX_BITS)


@pytest.mark.parametrize("k", [1, 3, 4])
def test_winnow_promotions_by_one_plus_a_rational_epsilon_cross_the_limit(k: int) -> None:
    """w₁ = (1 + ε)^j after j promotions (ε = 1/q), and w₁ < 2 = n keeps them coming."""
    q = MERSENNE_61
    growth = [size((1 + Fraction(1, q)) ** j) for j in range(1, 10)]
    max_bits = growth[k - 1]  # the k-th promotion fits exactly; the next one does not
    X, y = [(Fraction(1), Fraction(0))] * 10, [1] * 10
    with pytest.raises(SizeLimitError) as raised:
        run("winnow/ltf", X, y, epsilon=Fraction(1, q), max_bits=max_bits)
    assert str(raised.value) == message("w", f"after epoch 1, example {k}", growth[k], max_bits)


def test_a_polynomial_kernel_score_over_the_limit_is_refused() -> None:
    """α₀ = 1 after the first step (a zero score is a mistake); then s = K(2, 2) = 4^40."""
    X, y = [(Fraction(2),), (Fraction(2),)], [1, 1]
    with pytest.raises(SizeLimitError) as raised:
        run("perceptron/kernel", X, y, kernel="polynomial", degree=40, max_bits=64)
    bits = size(Fraction(4) ** 40)
    assert bits == 81
    assert str(raised.value) == message("the score", "at epoch 1, example 1", bits, 64)


def test_a_kernel_degree_over_the_limit_is_refused_before_any_step() -> None:
    X, y = [(Fraction(1),), (Fraction(-1),)], [1, -1]
    at_limit = run("perceptron/kernel", X, y, kernel="polynomial", degree=64, max_bits=64)
    assert at_limit.mistakes >= 1  # (x·x')^64 = ±1 here: the degree alone is not refused
    with pytest.raises(InputError, match=r"^degree 65 is over max_bits = 64: "):
        run("perceptron/kernel", X, y, kernel="polynomial", degree=65, max_bits=64)


def drifting(d: int) -> tuple[list[Vector], list[Label]]:
    """Winnow on (1, …, 1) → −1 and (0, 1, …, 1) → +1: w₁ is divided, never multiplied, so
    w never repeats, never separates the data, and its denominators grow a bit or so a pass."""
    one, zero = Fraction(1), Fraction(0)
    return [(one,) * d, (zero,) + (one,) * (d - 1)], [-1, 1]


@pytest.mark.parametrize("d", [2, 3])
def test_a_run_that_neither_converges_nor_cycles_is_stopped_by_the_repeat_budget(d: int) -> None:
    max_bits = 4000
    X, y = drifting(d)
    with pytest.raises(SizeLimitError) as raised:
        run("winnow/k-of-r", X, y, epochs="converge", record="summary", max_bits=max_bits)
    found = re.fullmatch(
        r"exact arithmetic exceeded the size limit: no convergence and no cycle in (\d+) epochs, "
        r"whose final weights take (\d+) bits in all, over 1000 × max_bits = (\d+) "
        r"\(give --max-epochs, or raise --max-bits\)",
        str(raised.value),
    )
    assert found, str(raised.value)
    epochs, held, budget = map(int, found.groups())
    assert budget == REPEAT_BUDGET * max_bits < held
    assert epochs <= REPEAT_BUDGET * max_bits // d  # each epoch's w takes at least d bits
    # With a cap the caller bounds the epochs: the budget does not apply, the cap ends the run.
    capped = run("winnow/k-of-r", X, y, epochs="converge", max_epochs=epochs + 1, max_bits=max_bits)
    assert capped.status == "max_epochs" and capped.epochs == epochs + 1


@given(data=separable_data(max_size=20))
def test_campaign_runs_converge_within_a_hundredth_of_the_default_limit(
    data: SeparableData,
) -> None:
    """The campaigns' data (``perceptron-ref demo``) never come near the limit: under
    max_bits/100 every core run still converges, and its w fits every example."""
    for algorithm in CORE:
        options: dict[str, Any] = {} if algorithm in BATCH else {"epochs": "converge"}
        t = run(algorithm, data.X, data.y, max_bits=MAX_BITS // 100, record="summary", **options)
        assert t.status == "converged"
        assert not any(
            is_mistake(RULE[algorithm], dot(t.weights, x), label)
            for x, label in zip(data.X, data.y, strict=True)
        )


@given(data=separable_data(max_size=12), eta=st.fractions(Fraction(1, 50), 50))
def test_perceptron_weights_outgrow_the_data_by_at_most_log2_of_the_mistakes(
    data: SeparableData, eta: Fraction
) -> None:
    """w = η·Σ y·x: its denominator divides η's times the lcm D of the data's, its numerator
    is at most η's times k·max|D·x| (the bound the fast engine's integers W obey)."""
    D = 1
    for x in data.X:
        for v in x:
            D = math.lcm(D, v.denominator)
    x_max = max(abs(v * D) for x in data.X for v in x)
    trace = run("perceptron/gormley-online", data.X, data.y, eta=eta, epochs="converge")
    k = 0
    for s in trace.steps:
        k += s.mistake
        for v in s.weights:
            assert (eta.denominator * D) % v.denominator == 0
            assert abs(v.numerator) <= eta.numerator * k * x_max


def test_the_cli_names_the_file_and_exits_2(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "promotions.csv"
    path.write_text("1,0,1\n" * 3)
    q = MERSENNE_61
    growth = [size((1 + Fraction(1, q)) ** j) for j in (2, 3)]
    argv = ["run", "winnow/ltf", str(path), "--epsilon", f"1/{q}", "--max-bits", str(growth[0])]
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    where = "after epoch 1, example 2"
    assert err == f"perceptron-ref: error: {path}: {message('w', where, growth[1], growth[0])}\n"
    assert cli.main([*argv[:-2], "--max-bits", str(growth[1])]) == 0
    assert "3 mistakes in 1 epoch (online)" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["0", "-5", "many"])
def test_the_cli_refuses_a_max_bits_that_is_not_a_positive_integer(
    bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        cli.main(["run", "perceptron/blum", "any.csv", "--max-bits", bad])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--max-bits" in err and "positive integer" in err


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "100"])
def test_run_refuses_a_max_bits_that_is_not_a_positive_integer(bad: object) -> None:
    with pytest.raises(InputError, match="max_bits must be a positive integer"):
        run("perceptron/blum", [(1,)], [1], max_bits=bad)  # type: ignore[arg-type]


def test_a_multiclass_run_is_measured_too(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first example is a mistake (all scores 0, the tie goes to class a): α gets ±x."""
    X, y = [(Fraction(1000),), (Fraction(-1),)], ["b", "a"]
    assert size(Fraction(1000)) == 10
    expected = message("w", "after epoch 1, example 0", 10, 9)
    with pytest.raises(SizeLimitError) as raised:
        run_multiclass(X, y, max_bits=9)
    assert str(raised.value) == expected
    assert run_multiclass(X, y, max_bits=10).mistakes >= 1
    path = tmp_path / "classes.csv"
    path.write_text("1000,b\n-1,a\n")
    assert cli.main(["run", "perceptron/structured", str(path), "--max-bits", "9"]) == 2
    assert capsys.readouterr().err == f"perceptron-ref: error: {path}: {expected}\n"


# --- each limit at its exact boundary, worked by hand ---------------------------------------------
# The repeat-test budget (a run without max_epochs keeps at most REPEAT_BUDGET · max_bits bits of
# epoch-end weights), max_bits, a score or a w over the limit under each engine, and measured()'s
# closing of the learner; the expected values are worked out by hand from
# spec/algorithms/perceptron/blum.md.


def test_the_repeat_budget_stops_a_run_only_over_it() -> None:
    # limits.check_repeat_budget: "over REPEAT_BUDGET · max_bits, the run is stopped", so a run
    # holding exactly 1000 · 8 = 8000 bits goes on and one holding 8001 is stopped.
    check_repeat_budget(REPEAT_BUDGET * 8, epoch=5, max_bits=8)
    with pytest.raises(SizeLimitError, match=r"in 5 epochs, .* take 8001 bits in all"):
        check_repeat_budget(REPEAT_BUDGET * 8 + 1, epoch=5, max_bits=8)


def e1(d: int) -> tuple[int, ...]:
    """The first unit vector of dimension d."""
    return (1,) + (0,) * (d - 1)


def test_repeat_budget_allows_exactly_repeat_budget_times_max_bits_bits() -> None:
    # Blum's perceptron (zero score predicts -1, tie-negative) on the single example
    # x = e_1, y = +1, with max_bits = 1.  Pass 1: w = 0, score 0, prediction -1: a mistake,
    # w = 0 + 1·e_1 = e_1.  The pass had a mistake and e_1 was not seen (only 0 was), so the
    # runner stores e_1: every coordinate is 0 or 1, of size 1, so it holds d bits.  With
    # d = REPEAT_BUDGET = 1000 that is exactly REPEAT_BUDGET · max_bits = 1000 bits: allowed
    # ("at most"), so pass 2 runs: score ⟨e_1, e_1⟩ = 1 > 0, no mistake, the run converged.
    # (Scores 0 and 1 and weights in {0, 1} all fit in max_bits = 1.)
    d = REPEAT_BUDGET
    trace = run("perceptron/blum", [e1(d)], [1], epochs="converge", max_bits=1)
    assert trace.status == "converged"
    assert trace.mistakes == 1
    assert trace.epochs == 2
    assert trace.weights == tuple(Fraction(v) for v in e1(d))


def test_repeat_budget_stops_one_bit_over() -> None:
    # The same run with d = 1001: after pass 1 the stored e_1 holds 1001 bits, one over
    # REPEAT_BUDGET · max_bits = 1000, so the run is stopped after epoch 1 with the message of
    # check_repeat_budget (epoch 1, 1001 bits, 1000 × 1 = 1000).
    d = REPEAT_BUDGET + 1
    with pytest.raises(SizeLimitError) as caught:
        run("perceptron/blum", [e1(d)], [1], epochs="converge", max_bits=1)
    assert str(caught.value) == (
        "exact arithmetic exceeded the size limit: no convergence and no cycle in 1 epochs, "
        "whose final weights take 1001 bits in all, over 1000 × max_bits = 1000 "
        "(give --max-epochs, or raise --max-bits)"
    )


# limits: the size limit's checks at their boundaries.


def test_max_bits_is_a_positive_integer_and_one_is_allowed() -> None:
    for bad in (0, -1, True, 1.0, "8"):
        with pytest.raises(InputError) as caught:
            check_max_bits(bad)
        assert str(caught.value) == f"max_bits must be a positive integer, got {bad!r}"
    assert check_max_bits(1) == 1
    # Blum on x = (1), y = +1: scores 0, 1 and weights 0, 1 all have size 1 (size(0) = 1).
    trace = run("perceptron/blum", [(1,)], [1], epochs="converge", max_bits=1)
    assert (trace.status, trace.mistakes) == ("converged", 1)


def test_the_repeat_budget_scales_with_max_bits() -> None:
    # As in test_repeat_budget_stops_one_bit_over, Blum on x = e_1 of dimension d = 1001, y = +1:
    # after pass 1 the runner holds w = e_1, d = 1001 bits.  With max_bits = 2 the budget is
    # REPEAT_BUDGET · 2 = 2000 bits: allowed, and pass 2 is clean (score 1 > 0): converged.
    d = REPEAT_BUDGET + 1
    trace = run("perceptron/blum", [(1,) + (0,) * (d - 1)], [1], epochs="converge", max_bits=2)
    assert (trace.status, trace.epochs, trace.mistakes) == ("converged", 2, 1)
    # check_repeat_budget itself: 2000 bits are allowed, 2001 are not.
    check_repeat_budget(2000, 7, 2)
    with pytest.raises(SizeLimitError) as caught:
        check_repeat_budget(2001, 7, 2)
    assert "in 7 epochs, whose final weights take 2001 bits in all" in str(caught.value)
    assert "over 1000 × max_bits = 2000 (give --max-epochs" in str(caught.value)


def test_a_score_over_the_limit_is_named_with_its_step() -> None:
    # Blum on x = (1, 1) twice, y = +1, max_bits = 1: step 0 scores 0, a mistake, w = (1, 1)
    # (numbers of 1 bit); step 1 scores <(1, 1), (1, 1)> = 2 = 0b10, 2 bits: over the limit.
    with pytest.raises(SizeLimitError) as caught:
        run("perceptron/blum", [(1, 1), (1, 1)], [1, 1], max_bits=1)
    assert str(caught.value) == (
        "exact arithmetic exceeded the size limit: the score at epoch 1, example 1 has a "
        "number of 2 bits, over max_bits = 1 (raise it with --max-bits)"
    )


def test_no_values_have_no_size_to_exceed() -> None:
    # max over nothing is 0 bits, which exceeds no positive limit: check_size returns quietly.
    check_size("w", (), "after epoch 1, example 0", 1)
    with pytest.raises(SizeLimitError):
        check_size("w", (Fraction(2),), "after epoch 1, example 0", 1)  # 2 = 0b10: 2 bits


def test_measured_closes_the_learner_as_soon_as_it_is_closed() -> None:
    # limits.measured: "a run stopped at an epoch boundary, or refused: close the learner
    # now" -- even while someone else still holds the learner (so no garbage collection).
    finished: list[str] = []

    def learner() -> Generator[Step, None, None]:
        try:
            for i in count():
                yield Step(1, i, Fraction(0), 1, 1, False, (Fraction(0),))
        finally:
            finished.append("closed")

    inner = learner()
    outer = measured(inner, 8)
    assert isinstance(outer, Generator)
    next(outer)
    assert finished == []
    outer.close()
    assert finished == ["closed"]
    assert inspect.getgeneratorstate(inner) == "GEN_CLOSED"  # finished, not merely unreferenced


def test_a_kernel_degree_equal_to_max_bits_is_allowed_and_one_more_is_refused() -> None:
    # x = (1) and (-1): x·x' = ±1, so (x·x')^p = ±1 for every p: the run itself stays at
    # size 1 (score 0, then 1·1·(1·(-1))^3 = -1, not a mistake for y = -1).
    X, y = [(1,), (-1,)], [1, -1]
    trace = run("perceptron/kernel", X, y, kernel="polynomial", degree=3, max_bits=3)
    assert [s.score for s in trace.steps] == [0, -1]
    assert run_refused("perceptron/kernel", X, y, kernel="polynomial", degree=4, max_bits=3) == (
        "degree 4 is over max_bits = 3: (x·x' + c)^4 exceeds 2^3 unless x·x' + c is -1, 0 or 1 "
        "(raise it with --max-bits)"
    )


def test_auto_on_large_data_is_the_fast_engine_and_is_held_to_the_same_size_limit() -> None:
    # AUTO_SIZE = AUTO_WORK numbers go to the engine under "auto".  Blum on x = (2, 0), y = +1:
    # step 0 is a mistake and w = (2, 0), whose 2 = 0b10 has 2 bits, over max_bits = 1.  The
    # literal run stops at that step; the engine (record "summary" keeps no step) measures its
    # final w: the message names the end of epoch 1 -- the same under "fast" and "auto".
    X = np.tile(np.array([2, 0], dtype=np.int64), (AUTO_SIZE // 2, 1))
    y = np.ones(AUTO_SIZE // 2, dtype=np.int64)
    over = (
        "exact arithmetic exceeded the size limit: w {} has a number of 2 bits, over max_bits = 1"
    )
    for engine, where in (
        ("literal", "after epoch 1, example 0"),
        ("fast", "at the end of epoch 1"),
        ("auto", "at the end of epoch 1"),
    ):
        with pytest.raises(SizeLimitError) as caught:
            run("perceptron/blum", X, y, record="summary", max_bits=1, engine=engine)  # type: ignore[arg-type]
        assert str(caught.value) == over.format(where) + " (raise it with --max-bits)"


def test_the_repeat_budget_counts_every_epoch_end_weight_kept() -> None:
    # Blum's example padded with zeros to dimension d: pass 1 ends at w = (1, 1, 0, ...), pass 2
    # at (1, 0, 0, ...) (see above), pass 3 is clean.  Scores and weights are all 0 or 1, of
    # size 1, so max_bits = 1 holds them, and the runner keeps d bits per epoch end: d after
    # epoch 1, 2d after epoch 2 -- against REPEAT_BUDGET · 1 = 1000 bits.
    # d = 500: 1000 bits, allowed: converged in 3 epochs.
    def padded(d: int) -> list[tuple[int, ...]]:
        return [x + (0,) * (d - 2) for x in BLUM_X]

    trace = run("perceptron/blum", padded(500), BLUM_Y, epochs="converge", max_bits=1)
    assert (trace.status, trace.epochs, trace.mistakes) == ("converged", 3, 2)
    # d = 600: 600 bits after epoch 1 (allowed), 1200 after epoch 2: stopped there.
    with pytest.raises(SizeLimitError) as caught:
        run("perceptron/blum", padded(600), BLUM_Y, epochs="converge", max_bits=1)
    assert str(caught.value) == (
        "exact arithmetic exceeded the size limit: no convergence and no cycle in 2 epochs, "
        "whose final weights take 1200 bits in all, over 1000 × max_bits = 1000 "
        "(give --max-epochs, or raise --max-bits)"
    )
    # With max_epochs the epochs are bounded, so no budget applies: capped at 2, no error.
    capped = run(
        "perceptron/blum", padded(600), BLUM_Y, epochs="converge", max_epochs=2, max_bits=1
    )
    assert (capped.status, capped.epochs) == ("max_epochs", 2)
