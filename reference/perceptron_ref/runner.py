"""``run``: the one public way to run an algorithm: check everything, then dispatch.

:func:`run` validates the algorithm and every option, then hands the run to one of two
executors that sit below it and never import each other:

- :mod:`perceptron_ref.literal`: the notes' loops in exact Fractions, for every algorithm;
- :mod:`perceptron_ref.engine`: the six perceptrons on scaled integers, the same trace.

Both convert the caller's data with :mod:`perceptron_ref.inputs`; the algorithms are
looked up in :mod:`perceptron_ref.registry`, the one list of them.  ``engine="auto"``
chooses by the work (see :func:`choose`): small runs stay in the literal loops, which need
no numpy, and long ones go to the engine.  Without numpy (the core install, no ``[fast]``)
every run goes through the literal loops, the same trace, and one line on stderr says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import Literal

from perceptron_ref import extras, registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.inputs import Epochs, check_options
from perceptron_ref.limits import MAX_BITS, check_degree, check_max_bits
from perceptron_ref.literal import run_literal
from perceptron_ref.trace import Record, Trace

__all__ = ["AUTO_WORK", "ENGINES", "Engine", "Epochs", "choose", "run"]

Engine = Literal["literal", "fast", "auto"]
ENGINES = ("literal", "fast", "auto")

AUTO_WORK = 20_000
"""``engine="auto"`` gives the engine a run of at least this much work: numbers visited,
n·d a pass.  Below it the literal loops take milliseconds and need no numpy."""


def run(
    algorithm: str,
    X: Iterable[Iterable[object]],
    y: Iterable[object],
    *,
    bias: bool = False,
    eta: object = 1,
    epochs: Epochs = 1,
    max_epochs: int | None = None,
    record: Record = "full",
    k: int | None = None,
    epsilon: object = None,
    average: object = None,
    kernel: object = None,
    degree: object = None,
    c: object = None,
    engine: Engine = "literal",
    max_bits: int = MAX_BITS,
) -> Trace:
    """Run ``algorithm`` on the examples ``X`` with labels ``y`` and return its trace.

    ``X`` is a sequence of rows (ints, Fractions, decimal strings, floats taken at their
    exact binary value, or a numpy array); ``y`` holds −1/+1.  ``epochs`` (online
    algorithms) is a number of passes or ``"converge"``: passes until one is clean.
    ``max_epochs`` caps any run that cycles (batch algorithms and ``"converge"``).
    ``record`` keeps every step (``"full"``), the mistakes only, or no step.
    ``engine``: ``"literal"`` (these loops), ``"fast"`` (:mod:`perceptron_ref.engine`, the
    perceptrons only, the same trace) or ``"auto"`` (fast when the work is large).
    ``k`` and ``epsilon`` are the options of the algorithms that take them
    (``winnow/k-of-r``: k; ``winnow/ltf``: ε; ``halving/cover``: the cover radius ε).
    ``average`` (``perceptron/averaged``: which vectors are averaged), ``kernel``,
    ``degree`` and ``c`` (``perceptron/kernel``: linear, or polynomial (x·x' + c)^degree).
    ``max_bits`` bounds the size of every w and score (:mod:`perceptron_ref.limits`): a run
    whose numbers outgrow it raises ``SizeLimitError``, an :class:`InputError`.

    >>> t = run("perceptron/blum", [(1, 0), (0, 1)], [1, -1], bias=True)
    >>> t.dimension, t.mistakes, [str(v) for v in t.weights]
    (3, 2, ['0', '1', '-1'])
    """
    algo = registry.get(
        algorithm, k=k, epsilon=epsilon, average=average, kernel=kernel, degree=degree, c=c
    )
    step, passes = check_options(eta, epochs, max_epochs)
    check_max_bits(max_bits)
    check_degree(degree, max_bits)
    if record not in ("full", "mistakes", "summary"):
        raise InputError(f"record must be 'full', 'mistakes' or 'summary', got {record!r}")
    if isinstance(algo, BatchAlgorithm) and passes != 1:
        raise InputError(f"{algorithm} is a batch algorithm: it takes no epochs")
    if not isinstance(algo, BatchAlgorithm) and passes != "converge" and max_epochs is not None:
        raise InputError("max_epochs caps 'converge' runs; with a number of epochs it is unused")
    dual = not isinstance(algo, BatchAlgorithm) and algo.dual
    if dual and passes == "converge" and max_epochs is None:  # α only grows: no cycle is seen
        raise InputError(f"{algorithm} with epochs='converge' needs max_epochs")
    cycles = isinstance(algo, BatchAlgorithm) or passes == "converge"
    way = choose(algorithm, X, engine, passes=None if cycles else int(passes))
    if way == "trial":  # unknown length, small data: the literal loops for a while
        trial = max(1, AUTO_WORK // (_size(X) or 1))  # passes
        last = trial if max_epochs is None else min(trial, max_epochs)
        trace = run_literal(
            algo, X, y, bias=bias, eta=step, epochs=passes, max_epochs=last, record=record,
            max_bits=max_bits,
        )  # fmt: skip
        if trace.status != "max_epochs" or last == max_epochs:
            return trace
        way = "fast"  # not over after AUTO_WORK: the engine runs it (again, from the start)
    if way == "fast" and not extras.has("numpy"):  # the core alone: the same trace, slower
        extras.note("numpy", f"the fast engine needs numpy ({extras.hint('fast')}): "
                    "running the literal loops instead, the same trace")  # fmt: skip
        way = "literal"
    if way == "fast":
        from perceptron_ref import engine as fast  # imported here: numpy loads only if used

        return fast.run_checked(  # the same size limit, on what the engine's trace holds
            algo, X, y, bias=bias, eta=step, epochs=passes, max_epochs=max_epochs,
            record=record, max_bits=max_bits,
        )  # fmt: skip
    return run_literal(
        algo, X, y, bias=bias, eta=step, epochs=passes, max_epochs=max_epochs, record=record,
        max_bits=max_bits,
    )  # fmt: skip


def choose(algorithm: str, X: object, engine: str, *, passes: int | None) -> str:
    """Where a run goes: ``"literal"``, ``"fast"``, or ``"trial"`` (the literal loops for
    up to :data:`AUTO_WORK` of work, then the engine if the run is not over).

    ``fast`` always (an InputError if the engine does not run ``algorithm``); ``auto``: the
    engine for one of the perceptrons when its work, n·d times the passes (``None``:
    unknown, a run to convergence), is at least :data:`AUTO_WORK`.  Data given as an
    iterator are not counted (that would consume them): they stay in the literal loops.
    """
    if engine not in ENGINES:
        raise InputError(f"engine must be 'literal', 'fast' or 'auto', got {engine!r}")
    if engine == "fast":
        if algorithm not in registry.PERCEPTRONS:
            raise InputError(
                f"the fast engine runs only the perceptrons ({', '.join(registry.PERCEPTRONS)})"
                f", not {algorithm!r}: use engine 'literal' or 'auto'"
            )
        return "fast"
    size = _size(X)
    if engine == "literal" or algorithm not in registry.PERCEPTRONS or size is None:
        return "literal"
    if passes is None:
        return "fast" if size >= AUTO_WORK else "trial"
    return "fast" if size * passes >= AUTO_WORK else "literal"


def _size(X: object) -> int | None:
    """n·d, or None for data that cannot be counted without consuming them."""
    shape = getattr(X, "shape", None)  # a numpy array, or the engine's Scaled data
    if isinstance(shape, tuple) and len(shape) == 2:
        return int(shape[0]) * int(shape[1])
    if isinstance(X, Sized) and len(X) > 0 and hasattr(X, "__getitem__"):
        first = X[0]
        return len(X) * len(first) if isinstance(first, Sized) else None
    return None
