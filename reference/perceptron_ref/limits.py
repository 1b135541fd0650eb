"""The size limit of exact arithmetic (issue 7): no run may outgrow memory unannounced.

Fractions never overflow; they grow.  A perceptron's w = η·Σ y·x stays within the data's
denominators and log₂(k) more bits of numerator, but other updates compound: Winnow
multiplies by 1 + ε at every promotion, a polynomial kernel raises to a power, and data can
be built so that every step brings a new prime into a denominator.  So the literal loops
(:mod:`perceptron_ref.literal`) pass every step through :func:`measured`: a score or a new
w with a numerator or denominator over ``max_bits`` bits ends the run with
:class:`SizeLimitError`, one line naming the step.  The literal learners stay literal: the
one check is here, at the boundary every step crosses.

>>> from perceptron_ref import run
>>> run("winnow/ltf", [(1, 0)] * 4, [1] * 4, epsilon="1/1000", max_bits=25)
Traceback (most recent call last):
...
perceptron_ref.limits.SizeLimitError: exact arithmetic exceeded the size limit: w after \
epoch 1, example 2 has a number of 30 bits, over max_bits = 25 (raise it with --max-bits)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Protocol, TypeVar

from perceptron_ref.errors import InputError
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Vector

MAX_BITS = 100_000
"""The default size limit: no weight or score of a run may have a numerator or denominator of
more than this many bits (≈ 30,000 decimal digits; one operation on such numbers takes
tens of milliseconds).  Generated campaigns run the same under a hundredth of it
(``tests/test_resource_bounds.py``)."""

REPEAT_BUDGET = 1000
"""A run without ``max_epochs`` may keep ``REPEAT_BUDGET · max_bits`` bits of epoch-end weights
for its repeat test (12.5 MB of digits by default): a run that neither converges nor
cycles within that many is stopped by :class:`SizeLimitError` instead of filling memory."""


class SizeLimitError(InputError):
    """A run's exact numbers outgrew ``max_bits``: ``str()`` names the step and the sizes."""


def size(q: Fraction) -> int:
    """The size of q: the bit length of its numerator or its denominator, the longer.

    >>> size(Fraction(-255, 256)), size(Fraction(0))
    (9, 1)
    """
    return max(abs(q.numerator).bit_length(), q.denominator.bit_length())


def check_size(what: str, values: Iterable[Fraction], where: str, max_bits: int) -> None:
    """Raise :class:`SizeLimitError` if a value's numerator or denominator exceeds ``max_bits``.

    >>> check_size("w", (Fraction(1, 2**64),), "after epoch 3, example 1", max_bits=64)
    Traceback (most recent call last):
    ...
    perceptron_ref.limits.SizeLimitError: exact arithmetic exceeded the size limit: w after \
epoch 3, example 1 has a number of 65 bits, over max_bits = 64 (raise it with --max-bits)
    """
    values = tuple(values)
    if not values:
        return
    # max over q of size(q), with one bit_length each side: bit_length is monotone
    top = max(abs(q.numerator) for q in values).bit_length()
    bits = max(top, max(q.denominator for q in values).bit_length())
    if bits > max_bits:
        raise SizeLimitError(
            f"exact arithmetic exceeded the size limit: {what} {where} has a number of {bits} "
            f"bits, over max_bits = {max_bits} (raise it with --max-bits)"
        )


class Measurable(Protocol):
    """What :func:`measured` reads of a step: a :class:`Step`, or a structured one."""

    @property
    def epoch(self) -> int: ...
    @property
    def index(self) -> int: ...
    @property
    def score(self) -> Fraction: ...
    @property
    def weights(self) -> Vector: ...


S = TypeVar("S", bound=Measurable)


def check_max_bits(max_bits: object) -> int:
    """Validate ``max_bits``: a positive integer."""
    if type(max_bits) is not int or max_bits < 1:
        raise InputError(f"max_bits must be a positive integer, got {max_bits!r}")
    return max_bits


def measured(steps: Iterator[S], max_bits: int) -> Iterator[S]:
    """The learner's steps, each checked against the size limit before it is passed on: its
    score, and its w when w changed (a step without an update yields the same tuple)."""
    w: Vector | None = None
    try:
        for s in steps:
            check_size("the score", (s.score,), f"at epoch {s.epoch}, example {s.index}", max_bits)
            if s.weights is not w:
                w = s.weights
                check_size("w", w, f"after epoch {s.epoch}, example {s.index}", max_bits)
            yield s
    finally:  # a run stopped at an epoch boundary, or refused: close the learner now
        close = getattr(steps, "close", None)
        if close is not None:
            close()


def check_repeat_budget(held: int, epoch: int, max_bits: int) -> None:
    """The repeat test of a run without ``max_epochs`` holds ``held`` bits after ``epoch``
    epochs: over :data:`REPEAT_BUDGET` · ``max_bits``, the run is stopped."""
    if held > REPEAT_BUDGET * max_bits:
        raise SizeLimitError(
            f"exact arithmetic exceeded the size limit: no convergence and no cycle in {epoch} "
            f"epochs, whose final weights take {held} bits in all, over {REPEAT_BUDGET} × "
            f"max_bits = {REPEAT_BUDGET * max_bits} (give --max-epochs, or raise --max-bits)"
        )


def check_degree(degree: object, max_bits: int) -> None:
    """A polynomial kernel's degree p over ``max_bits``: one value (x·x' + c)^p would
    exceed the limit before any step could be measured, so the run is refused at once."""
    if type(degree) is int and degree > max_bits:
        raise InputError(
            f"degree {degree} is over max_bits = {max_bits}: (x·x' + c)^{degree} exceeds "
            f"2^{max_bits} unless x·x' + c is -1, 0 or 1 (raise it with --max-bits)"
        )


def check_trace(trace: Trace, max_bits: int) -> None:
    """The fast engine's trace, checked on what it holds: every step kept, the final w.

    The engine's own numbers cannot blow up (w = η·W/D with integers W that grow by at most
    max|D·x| a mistake), so this is for agreement: with ``record="full"`` it raises exactly
    the error the literal run raises; with less kept, the final w is measured.
    """
    for _ in measured(iter(trace.steps), max_bits):
        pass
    check_size("w", trace.weights, f"at the end of epoch {trace.epochs}", max_bits)
