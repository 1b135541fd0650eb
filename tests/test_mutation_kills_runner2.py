"""Kills for mutants of ``runner.py``, ``vectors.py``, ``numbers.py``, ``limits.py``,
``errors.py`` and ``registry.py`` that ``make mutation`` found alive (issue 7, second pass).

Each test states an independent fact: the documented error format (``FILE:LINE: problem``,
one line), a boundary of a documented limit, or a tiny run whose trace is worked out by hand
in the comments from the spec lines in ``spec/algorithms/**.md``, never by re-running the
code under test.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from collections.abc import Generator
from decimal import Decimal
from fractions import Fraction
from itertools import count
from pathlib import Path

import numpy as np
import pytest
import sympy

from perceptron_ref import registry
from perceptron_ref.data import parse_csv
from perceptron_ref.engine import AUTO_SIZE
from perceptron_ref.errors import InputError
from perceptron_ref.limits import (
    REPEAT_BUDGET,
    SizeLimitError,
    check_max_bits,
    check_repeat_budget,
    check_size,
    measured,
)
from perceptron_ref.numbers import MAX_DIGITS, MAX_EXPONENT, parse_rational, to_fraction, to_label
from perceptron_ref.runner import run
from perceptron_ref.trace import Step
from perceptron_ref.vectors import add, dot, norm2, show


def test_a_line_without_a_file_reads_line_n_never_a_bare_colon() -> None:
    # errors.py: source and line say where; with no file the place is "line N" (a message
    # ":3: problem" would name an empty file), with neither the problem stands alone.
    assert str(InputError("bad", line=3)) == "line 3: bad"
    assert str(InputError("bad", source="", line=3)) == "line 3: bad"
    assert str(InputError("bad", source="f.csv")) == "f.csv: bad"
    assert str(InputError("bad")) == "bad"
    # The parts stay readable: a reader re-raises a field's problem with its file and line.
    error = InputError("bad", source="f.csv", line=3)
    assert (error.problem, error.source, error.line) == ("bad", "f.csv", 3)
    with pytest.raises(InputError) as caught:
        parse_csv(["1,1", "x,1"], source="d.csv")
    assert str(caught.value) == "d.csv:2: 'x' is not a number (integer, decimal or p/q)"
    assert (caught.value.source, caught.value.line) == ("d.csv", 2)
    # The same rule through a reader given an empty source name: line 2 has no label.
    with pytest.raises(InputError) as caught:
        parse_csv(["1,2,1", "1"], source="")
    assert str(caught.value).startswith("line 2: ")


# ---------------------------------------------------------------------------------------------
# registry.get: the known IDs are the spec files' names; an option is named when refused.

SPEC = Path(__file__).resolve().parent.parent / "spec" / "algorithms"


def test_an_unknown_algorithm_lists_every_id_the_spec_directory_names() -> None:
    # Every algorithm has its spec file spec/algorithms/<ID>.md (the project's naming rule),
    # so the known IDs are those file names, sorted, joined by ", ".
    ids = sorted(str(p.relative_to(SPEC).with_suffix("")) for p in SPEC.rglob("*.md"))
    assert "perceptron/blum" in ids
    with pytest.raises(InputError) as caught:
        registry.get("perceptron/nope")
    assert str(caught.value) == f"unknown algorithm 'perceptron/nope' (known: {', '.join(ids)})"


def test_options_an_algorithm_does_not_take_are_named_in_sorted_order() -> None:
    # Blum's perceptron takes no option: both given options are named, sorted, comma-joined.
    with pytest.raises(InputError) as caught:
        run("perceptron/blum", [(1,)], [1], k=2, epsilon="1/2")
    assert str(caught.value) == "perceptron/blum takes no option epsilon, k"


# ---------------------------------------------------------------------------------------------
# numbers: what a caller's value converts to, exactly, and the one line for what it cannot.


def refused(value: object) -> str:
    with pytest.raises(InputError) as caught:
        to_fraction(value)
    return str(caught.value)


def test_caller_values_convert_exactly_by_their_kind() -> None:
    # A sympy Rational is a numbers.Rational: p/q kept, not p or q alone.
    assert to_fraction(sympy.Rational(3, 4)) == Fraction(3, 4)
    assert to_fraction(Decimal("0.1")) == Fraction(1, 10)  # a Decimal is exact decimal text
    # float32(0.1) is 13421773 · 2^-27 (the nearest 24-bit significand), widened exactly.
    assert to_fraction(np.float32(0.1)) == Fraction(13421773, 2**27)
    assert to_fraction(np.int8(-3)) == Fraction(-3)


def test_values_that_are_not_finite_real_numbers_are_refused_in_one_line() -> None:
    assert refused(True) == "True is a boolean, not a number"
    assert refused(float("inf")) == "inf is not a finite number"
    assert refused(float("-nan")) == "nan is not a finite number"
    assert refused(Decimal("NaN")) == "Decimal('NaN') is not a finite number"
    assert refused(Decimal("-Infinity")) == "Decimal('-Infinity') is not a finite number"
    assert refused(complex(1, 2)) == "(1+2j) (complex) is not a real number"
    assert refused(None) == "None (NoneType) is not a real number"


def test_a_label_is_minus_one_or_one_exactly_and_nothing_else() -> None:
    assert [to_label(v) for v in (1, -1, 1.0, Fraction(-1), np.int8(-1))] == [1, -1, 1, -1, -1]
    for bad in (True, False, 2, -2, 0, "1", Fraction(1, 2)):
        with pytest.raises(InputError) as caught:
            to_label(bad)
        assert str(caught.value) == f"label {bad!r} is not -1 or 1"


def test_the_exponent_limit_is_inclusive() -> None:
    # MAX_EXPONENT = 10,000 is the largest |exponent| accepted: 1e10000 is 10^10000 exactly.
    assert parse_rational("1e10000") == 10**MAX_EXPONENT
    assert parse_rational("1E-10000") == Fraction(1, 10**MAX_EXPONENT)
    with pytest.raises(InputError) as caught:
        parse_rational("1e10001")
    assert str(caught.value) == "'1e10001': exponent beyond ±10000"


def test_the_length_limit_is_inclusive() -> None:
    # MAX_DIGITS characters are accepted (after strip); one more is refused, naming both.
    ones = "1" * MAX_DIGITS
    assert parse_rational(f" {ones} ") == (10**MAX_DIGITS - 1) // 9
    with pytest.raises(InputError) as caught:
        parse_rational(ones + "1")
    assert str(caught.value) == f"number too long ({MAX_DIGITS + 1} characters; limit {MAX_DIGITS})"


def test_a_fraction_of_integers_past_python_int_digit_limit_is_exact() -> None:
    # p/q with a 5000-digit p and a 4500-digit q: both past int()'s 4300-digit guard, read
    # exactly all the same (integer(): "of any length up to MAX_DIGITS").
    p, q = -(10**5000 - 1), (10**4500 - 1) // 9
    assert parse_rational("-" + "9" * 5000 + "/" + "1" * 4500) == Fraction(p, q)
    assert parse_rational("1e-" + "0" * 4500 + "3") == Fraction(1, 1000)  # a long exponent


def test_a_zero_denominator_is_refused_and_a_unit_one_is_not() -> None:
    assert parse_rational("-7/1") == -7
    assert parse_rational("6/-4") == Fraction(-3, 2)
    with pytest.raises(InputError) as caught:
        parse_rational("3/0")
    assert str(caught.value) == "'3/0' has a zero denominator"


# ---------------------------------------------------------------------------------------------
# runner.run: the argument checks, each with its one line.


def run_refused(*args: object, **options: object) -> str:
    with pytest.raises(InputError) as caught:
        run(*args, **options)  # type: ignore[arg-type]
    return str(caught.value)


ONE_POINT = ([(1,)], [1])


def test_each_bad_option_is_refused_with_its_own_line() -> None:
    X, y = ONE_POINT
    assert run_refused("perceptron/blum", X, y, eta=0) == "eta must be positive, got 0"
    assert run_refused("perceptron/blum", X, y, eta="-1/2") == "eta must be positive, got -1/2"
    for bad in (0, -1, 1.5, "3", True):
        assert run_refused("perceptron/blum", X, y, epochs=bad) == (
            f"epochs must be a positive integer or 'converge', got {bad!r}"
        )
    for bad in (0, -2, 2.0, "2", True):
        assert run_refused("perceptron/blum", X, y, epochs="converge", max_epochs=bad) == (
            f"max_epochs must be a positive integer, got {bad!r}"
        )
    assert run_refused("perceptron/blum", X, y, record="all") == (
        "record must be 'full', 'mistakes' or 'summary', got 'all'"
    )
    assert run_refused("perceptron/blum", X, y, epochs=2, max_epochs=3) == (
        "max_epochs caps 'converge' runs; with a number of epochs it is unused"
    )
    assert run_refused("perceptron/gormley-batch", X, y, epochs=2) == (
        "perceptron/gormley-batch is a batch algorithm: it takes no epochs"
    )
    assert run_refused("perceptron/kernel", X, y, epochs="converge") == (
        "perceptron/kernel with epochs='converge' needs max_epochs"
    )
    assert run_refused("perceptron/blum", X, y, engine="bogus") == (
        "engine must be 'literal', 'fast' or 'auto', got 'bogus'"
    )


def test_the_data_shape_is_checked_with_its_own_line() -> None:
    assert run_refused("perceptron/blum", [], []) == "no examples"
    assert run_refused("perceptron/blum", [(), ()], [1, -1]) == "examples have no features (d = 0)"
    assert run_refused("perceptron/blum", [(1,), (2,)], [1]) == "2 examples but 1 labels"
    assert run_refused("perceptron/blum", [(1,)], [1, -1]) == "1 examples but 2 labels"
    assert run_refused("perceptron/blum", [(1, 2), (3, 4), (5,)], [1, 1, 1]) == (
        "example 2 has 1 features, example 0 has 2"
    )
    assert run_refused("perceptron/blum", [(1,), (1, 2)], [1, 1]) == (
        "example 1 has 2 features, example 0 has 1"
    )


def test_one_epoch_is_a_valid_cap_and_ends_the_run_there() -> None:
    # Blum on x = (1), y = +1: score 0 predicts -1 ([blum.2]), a mistake, w = (1) ([blum.3]).
    # The pass had a mistake and (1) is new, so with max_epochs = 1 the run stops: max_epochs.
    trace = run("perceptron/blum", [(1,)], [1], epochs="converge", max_epochs=1)
    assert (trace.status, trace.epochs, trace.mistakes) == ("max_epochs", 1, 1)
    assert trace.weights == (Fraction(1),)


def test_a_run_keeps_its_bias_and_eta_in_the_trace() -> None:
    # Blum with the bias (a 1 first) and eta = 1/2 on x = (1), y = +1: the row is (1, 1),
    # score 0, a mistake, w = 1/2 · (1, 1).
    trace = run("perceptron/blum", [(1,)], [1], bias=True, eta="1/2")
    assert (trace.bias, trace.eta, trace.dimension) == (True, Fraction(1, 2), 2)
    assert trace.weights == (Fraction(1, 2), Fraction(1, 2))
    plain = run("perceptron/blum", [(1,)], [1])
    assert (plain.bias, plain.eta, plain.dimension) == (False, Fraction(1), 1)


# Two copies of x = (1) with opposite labels: every update is undone by the next one.
TWIN_X, TWIN_Y = [(1,), (1,)], [-1, 1]


def test_a_batch_run_that_comes_back_to_w_zero_cycles_from_epoch_zero() -> None:
    # Gormley's batch loop, sign(0) = +1 (slide 18): x0, y = -1: score 0 predicts +1, a
    # mistake, w = 0 - (1) = (-1); x1, y = +1: score -1 predicts -1, a mistake, w = (0).
    # After pass 1, w = 0 = the initial w (epoch 0): a repeat, cycle (0, 1).
    trace = run("perceptron/gormley-batch", TWIN_X, TWIN_Y)
    assert (trace.status, trace.cycle, trace.epochs, trace.mistakes) == ("cycled", (0, 1), 1, 2)
    assert trace.weights == (Fraction(0),)


def test_an_online_run_that_comes_back_to_w_zero_cycles_from_epoch_zero() -> None:
    # Blum, labels +1 then -1 on x = (1): score 0 predicts -1, a mistake, w = (1); score 1
    # predicts +1, a mistake, w = (0) = the initial w: cycle (0, 1) after one pass.
    trace = run("perceptron/blum", TWIN_X, [1, -1], epochs="converge")
    assert (trace.status, trace.cycle, trace.epochs, trace.mistakes) == ("cycled", (0, 1), 1, 2)


# ---------------------------------------------------------------------------------------------
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
    # As in test_mutation_kills_runner.py, Blum on x = e_1 of dimension d = 1001, y = +1:
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


# ---------------------------------------------------------------------------------------------
# vectors: mismatched dimensions are refused; the empty inner product is the exact Fraction 0.


def test_dot_and_add_refuse_vectors_of_different_dimensions() -> None:
    # <(1), (1, 2)> and (1) + (1, 2) have no meaning: the internal invariant names the problem.
    with pytest.raises(AssertionError, match=r"^dimension mismatch$"):
        dot((Fraction(1),), (Fraction(1), Fraction(2)))
    with pytest.raises(AssertionError, match=r"^dimension mismatch$"):
        add((Fraction(1),), (Fraction(1), Fraction(2)))


@pytest.mark.parametrize("operation", ["dot", "add"])
def test_different_dimensions_are_refused_even_without_asserts(operation: str) -> None:
    # Under python -O the asserts are gone; zip(..., strict=True) still refuses (ValueError)
    # instead of truncating (1) and (1, 2) to one coordinate.  The subprocess inherits this
    # environment.  The in-process calls first (equal dimensions: <(1), (2)> = 2 and
    # (1) + (2) = (3)) let mutmut's per-test coverage see that this test reaches the function.
    one, two = (Fraction(1),), (Fraction(2),)
    assert dot(one, two) == 2
    assert add(one, two) == (Fraction(3),)
    code = (
        "from fractions import Fraction as F\n"
        f"from perceptron_ref.vectors import {operation}\n"
        "try:\n"
        f"    print({operation}((F(1),), (F(1), F(2))))\n"
        "except ValueError:\n"
        "    print('refused')\n"
    )
    result = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "refused\n"


def test_the_empty_inner_product_is_the_fraction_zero() -> None:
    # Σ over no coordinates is 0, and dot returns a Fraction (exact arithmetic throughout).
    assert repr(dot((), ())) == "Fraction(0, 1)"
    assert repr(norm2(())) == "Fraction(0, 1)"


# ---------------------------------------------------------------------------------------------
# run() hands every option to the algorithm it configures.


def test_run_hands_the_average_convention_to_the_averaged_perceptron() -> None:
    # One example x = (1), y = +1: w0 = 0, score 0 is a mistake (tie-mistake), w1 = (1).
    # The averaged vectors (averaged.py): "after" w1 -> (1); "before" w0 -> (0);
    # "all" (w0 + w1)/2 -> (1/2).
    means = {
        average: run("perceptron/averaged", [(1,)], [1], average=average).model.mean  # type: ignore[union-attr]
        for average in ("after", "before", "all")
    }
    assert means == {
        "after": (Fraction(1),),
        "before": (Fraction(0),),
        "all": (Fraction(1, 2),),
    }


def test_run_hands_kernel_degree_and_c_to_the_kernel_perceptron() -> None:
    # Two copies of x with y = +1: step 0 has score 0, a mistake (tie-mistake), alpha_0 = 1;
    # step 1's score is alpha_0 * y_0 * K(x, x) = K(x, x), the kernel's own value.
    def second_score(x: int, **options: object) -> Fraction:
        trace = run("perceptron/kernel", [(x,), (x,)], [1, 1], **options)  # type: ignore[arg-type]
        return trace.steps[1].score

    assert second_score(1, kernel="polynomial", degree=3, c=2) == 27  # (1·1 + 2)^3
    assert second_score(2, kernel="polynomial") == 16  # degree 2, c = 0: (2·2)^2
    assert second_score(2, kernel="linear") == 4  # 2·2
    assert second_score(1, degree=3, c=2) == 27  # a degree or a c asks for the polynomial


def test_a_kernel_run_to_convergence_is_allowed_with_max_epochs() -> None:
    # The kernel perceptron (linear) on x = (1), y = +1: pass 1 scores 0, a mistake
    # (tie-mistake), alpha = (1); pass 2 scores K(1, 1) = 1 > 0: clean, converged at epoch 2.
    trace = run("perceptron/kernel", [(1,)], [1], epochs="converge", max_epochs=5)
    assert (trace.status, trace.epochs, trace.mistakes) == ("converged", 2, 1)


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


def test_a_literal_run_never_loads_the_fast_engine() -> None:
    # runner.run imports perceptron_ref.engine only for engine "fast" or "auto" ("numba loads
    # only if asked"): a literal run in a fresh interpreter leaves numba unloaded.  The
    # in-process run first lets mutmut's per-test coverage see that this test reaches run().
    assert run("perceptron/blum", [(1,)], [1], engine="literal").mistakes == 1
    code = (
        "import sys\n"
        "from perceptron_ref import run\n"
        "run('perceptron/blum', [(1,)], [1], engine='literal')\n"
        "print([m for m in ('numba', 'perceptron_ref.engine') if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]\n"


# ---------------------------------------------------------------------------------------------
# engine="fast" and "auto": run() hands every option to the engine and checks its trace.

BLUM_X, BLUM_Y = [(0, 1), (1, 1), (1, 0)], [-1, 1, 1]


def test_the_fast_engine_is_given_every_option_of_the_run() -> None:
    # Blum's own example (blum.py): (0,1) -: score 0 predicts -, right; (1,1) +: score 0
    # predicts -, a mistake, w = (1, 1) ([blum.3]); (1,0) +: score 1, right.
    full = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast")
    assert [(s.index, str(s.score), s.mistake, show(s.weights)) for s in full.steps] == [
        (0, "0", False, "(0, 0)"),
        (1, "0", True, "(1, 1)"),
        (2, "1", False, "(1, 1)"),
    ]
    mistakes = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", record="mistakes")
    assert [s.index for s in mistakes.steps] == [1]
    assert run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", record="summary").steps == ()
    # A second pass: (0,1) - now scores 1 > 0, a mistake, w = (1, 1) - (0, 1) = (1, 0); then
    # (1,1) + and (1,0) + both score 1: right.
    twice = run("perceptron/blum", BLUM_X, BLUM_Y, engine="fast", epochs=2)
    assert [(s.epoch, s.mistake) for s in twice.steps][3:] == [(2, True), (2, False), (2, False)]
    assert show(twice.weights) == "(1, 0)"
    # The bias (a 1 first) and eta = 1/2 on x = (1), y = +1: w = 1/2 · (1, 1).
    biased = run("perceptron/blum", [(1,)], [1], engine="fast", bias=True, eta="1/2")
    assert (biased.bias, biased.eta, biased.dimension) == (True, Fraction(1, 2), 2)
    assert biased.weights == (Fraction(1, 2), Fraction(1, 2))
    # converge with max_epochs = 1 stops after pass 1 (a mistake, w = (1) new); uncapped,
    # pass 2 is clean: converged after 2 epochs.
    capped = run("perceptron/blum", [(1,)], [1], engine="fast", epochs="converge", max_epochs=1)
    assert (capped.status, capped.epochs) == ("max_epochs", 1)
    free = run("perceptron/blum", [(1,)], [1], engine="fast", epochs="converge")
    assert (free.status, free.epochs) == ("converged", 2)


def test_the_fast_engine_refuses_an_algorithm_it_does_not_run() -> None:
    assert run_refused("winnow/disjunction", [(1, 0)], [1], engine="fast") == (
        "the fast engine runs only the perceptrons (perceptron/blum, perceptron/mehta, "
        "perceptron/gormley-online, perceptron/gormley-batch, perceptron/press, "
        "perceptron/ssbd), not 'winnow/disjunction': use engine 'literal' or 'auto'"
    )


def test_auto_on_large_data_is_the_fast_engine_and_is_held_to_the_same_size_limit() -> None:
    # AUTO_SIZE numbers or more go to the engine under "auto".  Blum on x = (2, 0), y = +1:
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


# ---------------------------------------------------------------------------------------------
# runner._drive: how a run ends, and what its trace keeps.


def test_a_clean_first_pass_converges_at_epoch_one() -> None:
    # Blum on x = (1), y = -1: score 0 predicts -1 ([blum.2]): right.  Pass 1 is clean.
    trace = run("perceptron/blum", [(1,)], [-1], epochs="converge")
    assert (trace.status, trace.epochs, trace.mistakes, trace.cycle) == ("converged", 1, 0, None)


def test_the_record_option_keeps_every_step_the_mistakes_or_none() -> None:
    # Blum's example (see above): one pass, one mistake, at index 1.
    kept = {
        record: run("perceptron/blum", BLUM_X, BLUM_Y, record=record)
        for record in ("full", "mistakes", "summary")
    }
    assert [s.index for s in kept["full"].steps] == [0, 1, 2]
    assert [s.index for s in kept["mistakes"].steps] == [1]
    assert kept["summary"].steps == ()
    for record, trace in kept.items():
        # A fixed number of epochs is an "online" run: no convergence test, whatever happens.
        assert (trace.algorithm, trace.record, trace.status) == (
            "perceptron/blum",
            record,
            "online",
        )
        assert (trace.epochs, trace.mistakes, show(trace.weights)) == (1, 1, "(1, 1)")


def test_a_cycle_names_the_epoch_where_w_was_first_seen() -> None:
    # Blum on x = (1) twice, labels -1 then +1.  Pass 1: score 0 predicts -1 (right), then
    # score 0 for y = +1: a mistake, w = (1).  Pass 2: score 1 for y = -1, a mistake, w = 0;
    # score 0 for y = +1, a mistake, w = (1): the w of the end of epoch 1, so cycle (1, 2).
    trace = run("perceptron/blum", TWIN_X, TWIN_Y, epochs="converge")
    assert (trace.status, trace.cycle, trace.epochs, trace.mistakes) == ("cycled", (1, 2), 2, 3)


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
