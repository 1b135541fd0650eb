"""Kills for mutants of the core (``numbers.py``, the six perceptrons) that ``make mutation``
found alive (issue 7).  Each test states an independent fact: a rule of the notes or of the
documented error format, with the expected value worked out by hand in the comment.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from itertools import islice

import pytest

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.limits import REPEAT_BUDGET, SizeLimitError, check_repeat_budget
from perceptron_ref.numbers import parse_rational
from perceptron_ref.vectors import Label, Vector

ONE = Fraction(1)


def problem(text: str) -> str:
    with pytest.raises(InputError) as error:
        parse_rational(text)
    return str(error.value)


def test_a_bad_number_is_quoted_whole_up_to_40_characters_and_cut_to_37_and_dots_after() -> None:
    # The message quotes at most 40 characters of the field: a 40-character field whole, a
    # longer one as its first 37 characters and "..." (37 + 3 = 40).
    assert problem("x" * 40) == repr("x" * 40) + " is not a number (integer, decimal or p/q)"
    assert (
        problem("y" * 41) == repr("y" * 37 + "...") + " is not a number (integer, decimal or p/q)"
    )
    assert problem("1/" + "0" * 50).startswith(repr("1/" + "0" * 35 + "..."))


# Gormley slide 15's data, separable: Press's PLA and Gormley's batch loop converge after two
# passes (w = (3, 1) after pass 1, no mistake in pass 2; tests/test_worked_examples.py).
POINTS = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
LABELS: list[Label] = [-1, 1, 1, -1, -1, 1]
GORMLEY: tuple[tuple[Vector, Label], ...] = tuple(
    ((Fraction(a), Fraction(b)), y) for (a, b), y in zip(POINTS, LABELS, strict=True)
)


@pytest.mark.parametrize("algorithm", ["perceptron/press", "perceptron/gormley-batch"])
def test_a_batch_learner_itself_stops_after_its_first_clean_pass(algorithm: str) -> None:
    # Press's do-while "until no mistake in a pass" ([press.8]) and Gormley's "while not
    # converged" ([gormley-batch.2]) end the loop themselves: 2 passes of 6 examples = 12 steps,
    # whatever the runner does.  (The runner stops at a clean pass too, so only the learner
    # alone shows it.)
    learner = registry.get(algorithm)
    assert isinstance(learner, BatchAlgorithm)
    steps = list(islice(learner.learn(GORMLEY, eta=ONE), 100))
    assert len(steps) == 12
    assert [s.epoch for s in steps] == [1] * 6 + [2] * 6
    assert not any(s.mistake for s in steps[6:])


def test_long_integers_parse_exactly_under_pythons_default_digit_guard() -> None:
    # int(str) refuses more than 4300 digits by default (sys.get_int_max_str_digits); the CLI
    # lifts that guard for its own process, so a library caller who never ran the CLI must still
    # get an exact value.  "1" * 5000 / 9 is (10^5000 - 1)/81, and -9 * 5000 is -(10^5000 - 1).
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)  # Python's default
    try:
        assert parse_rational("1" * 5000 + "/9") == Fraction(10**5000 - 1, 81)
        assert parse_rational("-" + "9" * 5000) == -(10**5000 - 1)
    finally:
        sys.set_int_max_str_digits(old)


def test_the_repeat_budget_stops_a_run_only_over_it() -> None:
    # limits.check_repeat_budget: "over REPEAT_BUDGET · max_bits, the run is stopped", so a run
    # holding exactly 1000 · 8 = 8000 bits goes on and one holding 8001 is stopped.
    check_repeat_budget(REPEAT_BUDGET * 8, epoch=5, max_bits=8)
    with pytest.raises(SizeLimitError, match=r"in 5 epochs, .* take 8001 bits in all"):
        check_repeat_budget(REPEAT_BUDGET * 8 + 1, epoch=5, max_bits=8)
