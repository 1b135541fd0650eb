"""Kills for mutants of ``perceptron_ref.runner`` that ``make mutation`` found alive (issue 7).

Each test states an independent fact: the repeat-test memory budget documented in the
runner's module docstring ("a run without ``max_epochs`` keeps at most
``REPEAT_BUDGET · max_bits`` bits of epoch-end weights") and in
:func:`perceptron_ref.limits.check_repeat_budget` ("over REPEAT_BUDGET · max_bits, the run
is stopped"), taken at its exact boundary.  Expected values are worked out by hand in the
comments from ``spec/algorithms/perceptron/blum.md``, never by re-running the code under test.
(The ``vectors.add`` and ``vectors.dot`` dimension checks are in ``test_mutation_kills_runner2``.)
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from perceptron_ref.errors import InputError
from perceptron_ref.limits import REPEAT_BUDGET, SizeLimitError
from perceptron_ref.runner import run


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


def test_run_refuses_empty_data_with_one_clear_line() -> None:
    # No rows: there is nothing to learn from; the error names the problem exactly.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [], [])
    assert str(caught.value) == "no examples"


def test_run_refuses_examples_without_features() -> None:
    # One row of dimension 0: w would live in R^0; refused, naming d = 0.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [()], [1])
    assert str(caught.value) == "examples have no features (d = 0)"
