"""``run``: validate the arguments, drive a learner, and keep its trace.

The learners in ``perceptron/`` are the notes' loops and nothing else.  This module does
what the notes leave to the reader: it converts the caller's numbers exactly, adds the
bias coordinate (Gormley's trick, slide 16: a constant 1 *first*), feeds online learners
as many passes as asked, and stops a run at an epoch boundary when ``max_epochs`` is
reached or when w repeats there.  A repeat is a proof that the run cycles for ever: the
learners are deterministic, so the passes after the first occurrence repeat exactly.
On rational data every perceptron run that does not converge does repeat (w stays bounded,
Block & Levin 1970, and lies on a lattice).

Every step passes through :func:`~perceptron_ref.limits.measured` (the size limit
``max_bits``), and a run without ``max_epochs`` keeps at most ``REPEAT_BUDGET · max_bits``
bits of epoch-end weights for its repeat test (:mod:`perceptron_ref.limits`): so every run
ends, in bounded memory, after at most ``REPEAT_BUDGET · max_bits / d`` passes when uncapped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import count
from typing import Literal

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.limits import (
    MAX_BITS,
    check_degree,
    check_max_bits,
    check_repeat_budget,
    check_trace,
    measured,
    size,
)
from perceptron_ref.numbers import to_fraction, to_label
from perceptron_ref.trace import Example, Model, Record, Status, Step, Trace
from perceptron_ref.vectors import Label, Vector, zeros

Epochs = int | Literal["converge"]
Engine = Literal["literal", "fast", "auto"]
ONE = Fraction(1)


def examples_from(
    X: Iterable[Iterable[object]], y: Iterable[object]
) -> tuple[tuple[Vector, ...], tuple[Label, ...]]:
    """Convert a caller's data exactly (see :mod:`perceptron_ref.numbers`) and check its shape."""
    rows = [tuple(to_fraction(v) for v in _sequence(row, f"example {i}")) for i, row in
            enumerate(_sequence(X, "X"))]  # fmt: skip
    labels: tuple[Label, ...] = tuple(1 if to_label(v) == 1 else -1 for v in _sequence(y, "y"))
    if not rows:
        raise InputError("no examples")
    if len(rows) != len(labels):
        raise InputError(f"{len(rows)} examples but {len(labels)} labels")
    d = len(rows[0])
    if d == 0:
        raise InputError("examples have no features (d = 0)")
    for i, row in enumerate(rows):
        if len(row) != d:
            raise InputError(f"example {i} has {len(row)} features, example 0 has {d}")
    return tuple(rows), labels


def _sequence(value: object, what: str) -> Iterable[object]:
    """``value`` if it is a sequence; a string is refused, or "12" would be the example (1, 2)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InputError(f"{what} must be a sequence, got {type(value).__name__} {value!r:.40}")
    return value


def check_options(eta: object, epochs: object, max_epochs: object) -> tuple[Fraction, Epochs]:
    """Validate ``eta`` (a positive rational), ``epochs`` and ``max_epochs``."""
    step = to_fraction(eta)
    if step <= 0:
        raise InputError(f"eta must be positive, got {step}")
    if epochs != "converge" and (type(epochs) is not int or epochs < 1):
        raise InputError(f"epochs must be a positive integer or 'converge', got {epochs!r}")
    if max_epochs is not None and (type(max_epochs) is not int or max_epochs < 1):
        raise InputError(f"max_epochs must be a positive integer, got {max_epochs!r}")
    assert epochs == "converge" or isinstance(epochs, int)
    return step, epochs


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
    perceptrons only, the same trace) or ``"auto"`` (fast on large data when it can).
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
    if engine != "literal":  # "fast" | "auto": perceptron_ref.engine, the same trace
        from perceptron_ref import engine as fast  # imported here: numba loads only if asked

        if fast.chosen(algorithm, X, engine):
            trace = fast.run_checked(
                algorithm, X, y, bias=bias, eta=step, epochs=passes, max_epochs=max_epochs,
                record=record,
            )  # fmt: skip
            check_trace(trace, max_bits)  # the same limit, on what the engine's trace holds
            return trace
    rows, labels = examples_from(X, y)
    if bias:
        rows = tuple((ONE, *x) for x in rows)  # Gormley slide 16: the bias is the FIRST weight
    d, n = len(rows[0]), len(rows)

    steps: Iterator[Step]
    start = zeros(d)
    if isinstance(algo, BatchAlgorithm):
        steps = algo.learn(tuple(zip(rows, labels, strict=True)), eta=step)
        cycles = True
    else:
        passes_ = count(1) if passes == "converge" else range(1, passes + 1)
        stream = (
            Example(e, i, x, t)
            for e in passes_
            for i, (x, t) in enumerate(zip(rows, labels, strict=True))
        )
        steps = algo.learn(stream, d=d, eta=step)
        cycles = passes == "converge"
        start = algo.start(d)
    return _drive(
        algorithm,
        measured(steps, max_bits),
        start,
        n=n,
        d=d,
        bias=bias,
        eta=step,
        cycles=cycles,
        max_epochs=max_epochs,
        record=record,
        max_bits=max_bits,
    )


def _drive(
    algorithm: str,
    steps: Iterator[Step],
    start: Vector,
    *,
    n: int,
    d: int,
    bias: bool,
    eta: Fraction,
    cycles: bool,
    max_epochs: int | None,
    record: Record,
    max_bits: int,
) -> Trace:
    """Consume a learner's steps, stopping at an epoch boundary when the run is decided."""
    kept: list[Step] = []
    w, k, epoch, clean = start, 0, 0, True
    seen: dict[Vector, int] = {w: 0}  # w at the end of each epoch (epoch 0: the initial w)
    held = 0  # the bits of the vectors in seen, bounded when no max_epochs bounds the epochs
    status: Status = "converged" if cycles else "online"
    cycle: tuple[int, int] | None = None
    model: Model | None = None
    for s in steps:
        w, k, epoch, model = s.weights, k + s.mistake, s.epoch, s.model
        clean = clean and not s.mistake
        if record == "full" or (record == "mistakes" and s.mistake):
            kept.append(s)
        if s.index != n - 1 or not cycles:
            continue
        # The end of a pass.
        if clean:
            status = "converged"
            break
        clean = True
        if w in seen:
            status, cycle = "cycled", (seen[w], epoch)
            break
        seen[w] = epoch
        if max_epochs is None:  # no cap bounds the epochs: the budget bounds the memory
            held += sum(map(size, w))
            check_repeat_budget(held, epoch, max_bits)
        if max_epochs is not None and epoch >= max_epochs:
            status = "max_epochs"
            break
    close = getattr(steps, "close", None)  # a generator left at an epoch boundary
    if close is not None:
        close()
    return Trace(
        algorithm, d, bias, eta, k, epoch, status, w, tuple(kept), record, cycle, model=model
    )
