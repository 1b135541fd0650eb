"""``run()``, the one entry point: how a run ends (converged, cycled, capped, online), what its
trace keeps (every step, the mistakes, or none; the bias and η), and that each option reaches
the algorithm it configures; a literal run never loads the fast engine.

Each test is a tiny run whose trace is worked out by hand in the comments from the spec lines in
``spec/algorithms/**.md`` and the runner's documented contract (``cycled`` names the two epochs
whose end-of-pass w are equal, epoch 0 being the initial w = 0), never by re-running the code
under test.  The refusals of bad arguments are in ``test_input``; the size limits in
``test_resource_bounds``; the fast engine's traces in ``test_engine``.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

from perceptron_ref.runner import run
from perceptron_ref.vectors import show

# Blum's own example (blum.py): (0,1) -: score 0 predicts -, right; (1,1) +: score 0 predicts
# -, a mistake, w = (1, 1) ([blum.3]); (1,0) +: score 1, right.  A second pass: (0,1) - scores 1,
# a mistake, w = (1, 0); then both + score 1: right; the third pass is clean.
BLUM_X, BLUM_Y = [(0, 1), (1, 1), (1, 0)], [-1, 1, 1]

# Two copies of x = (1) with opposite labels: every update is undone by the next one.
TWIN_X, TWIN_Y = [(1,), (1,)], [-1, 1]


# --- how a run ends, and what its trace keeps -----------------------------------------------------


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


# --- run() hands every option to the algorithm it configures ---------------------------------


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
