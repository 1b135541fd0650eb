"""The literal loops: the notes' learners, driven pass by pass, their trace kept.

The learners in ``perceptron/``, ``winnow/`` and ``halving/`` are the notes' loops and
nothing else.  This module does what the notes leave to the reader: it converts the
caller's numbers exactly (:mod:`perceptron_ref.inputs`), adds the bias coordinate
(Gormley's trick, slide 16: a constant 1 *first*), feeds online learners as many passes as
asked, and stops a run at an epoch boundary when ``max_epochs`` is reached or when w
repeats there.  A repeat is a proof that the run cycles for ever: the learners are
deterministic, so the passes after the first occurrence repeat exactly.  On rational data
every perceptron run that does not converge does repeat (w stays bounded, Block & Levin
1970, and lies on a lattice).

Every step passes through :func:`~perceptron_ref.limits.measured` (the size limit
``max_bits``), and a run without ``max_epochs`` keeps at most ``REPEAT_BUDGET · max_bits``
bits of epoch-end weights for its repeat test (:mod:`perceptron_ref.limits`): so every run
ends, in bounded memory, after at most ``REPEAT_BUDGET · max_bits / d`` passes when uncapped.

:func:`perceptron_ref.run` checks the options and calls :func:`run_literal`:

>>> from fractions import Fraction
>>> from perceptron_ref import registry
>>> t = run_literal(registry.get("perceptron/blum"), [(1, 0), (0, 1)], [1, -1], bias=True,
...                 eta=Fraction(1), epochs=1, max_epochs=None, record="full", max_bits=64)
>>> t.dimension, t.mistakes, [str(v) for v in t.weights]
(3, 2, ['0', '1', '-1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import count

from perceptron_ref.algorithm import Algorithm, BatchAlgorithm
from perceptron_ref.inputs import Epochs, examples_from
from perceptron_ref.limits import check_repeat_budget, measured, size
from perceptron_ref.trace import Example, Model, Record, Status, Step, Trace
from perceptron_ref.vectors import Vector, zeros

ONE = Fraction(1)


def run_literal(
    algo: Algorithm,
    X: Iterable[Iterable[object]],
    y: Iterable[object],
    *,
    bias: bool,
    eta: Fraction,
    epochs: Epochs,
    max_epochs: int | None,
    record: Record,
    max_bits: int,
) -> Trace:
    """Run ``algo`` on the examples (options already checked by :func:`perceptron_ref.run`)."""
    rows, labels = examples_from(X, y)
    if bias:
        rows = tuple((ONE, *x) for x in rows)  # Gormley slide 16: the bias is the FIRST weight
    d, n = len(rows[0]), len(rows)

    steps: Iterator[Step]
    start = zeros(d)
    if isinstance(algo, BatchAlgorithm):
        steps = algo.learn(tuple(zip(rows, labels, strict=True)), eta=eta)
        cycles = True
    else:
        passes = count(1) if epochs == "converge" else range(1, epochs + 1)
        stream = (
            Example(e, i, x, t)
            for e in passes
            for i, (x, t) in enumerate(zip(rows, labels, strict=True))
        )
        steps = algo.learn(stream, d=d, eta=eta)
        cycles = epochs == "converge"
        start = algo.start(d)
    return _drive(
        algo.id,
        measured(steps, max_bits),
        start,
        n=n,
        d=d,
        bias=bias,
        eta=eta,
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
