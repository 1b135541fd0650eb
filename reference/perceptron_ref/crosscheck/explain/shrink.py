"""Shrink a failing data set to a minimal one that still fails the same way.

Greedy, in the manner of Hypothesis's shrinker (which cannot be used directly here: the
failing data set came from a batch, and each try is a sandboxed process): try the
simplifications of the current data set in order, simplest first, keep the first that
still fails, and start again; stop when none does.  The order: keep a prefix of a round
length (8, 10, 16, 32, ...: a loop over batches may fail only at a multiple of its batch
size), drop blocks of examples (halves, quarters, ... single examples), then blocks of
features, then make blocks of examples zero and labels +1, then simplify single numbers
(toward 0: small integers, fewer bits, coarser fractions).  The result is minimal: no
example or feature can be removed and no number simplified.  The tries of a round go to the
candidate together, ``chunk`` at a time (one request to a Python candidate), identical
tries once.  Deterministic: the same
failure shrinks to the same data set.

>>> X = ((Fraction(3), Fraction(1, 2)), (Fraction(1), Fraction(1)))
>>> fails = lambda tries: [any(x[0] == 3 for x in d[0]) for d in tries]
>>> shrink((X, (1, -1)), fails, lambda d: True)
(((Fraction(3, 1),),), (1,))
>>> shrink((((7, 5),), (-1,)), lambda tries: [sum(d[0][0]) >= 3 for d in tries], lambda d: True)
(((3,),), (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.vectors import Label

MAX_ROUNDS = 400
NUMBERS = 200_000
"""About this many numbers go to the candidate in one request of tries (at least one try)."""


def _blocks(n: int, level: int) -> list[tuple[int, int]]:
    """The [start, stop) blocks of size about n / 2^level (none once that is below 1)."""
    size = n >> level
    if size < 1:
        return []
    return [(start, min(start + size, n)) for start in range(0, n, size)]


def simplifications(data: Data, first: int = 1) -> Iterator[tuple[int, Data]]:
    """Simpler data sets than ``data``, each with its level: coarse steps before fine ones
    (halves of the examples, halves of the features, then quarters, ...; from level
    ``first`` on, the coarser levels after them), then labels and single numbers (level 0)."""
    X, y = data
    n, d = len(X), len(X[0])
    top = max(n, d).bit_length()
    if first == 1:
        for prefix in _prefixes(data):
            yield 1, prefix
    for level in [*range(first, top + 1), *range(1, min(first, top + 1))]:
        for t in _level(data, level):
            yield level, t
    for a in range(n):
        if y[a] != 1:
            labels: tuple[Label, ...] = (*y[:a], 1, *y[a + 1 :])
            yield 0, (X, labels)
    for i, x in enumerate(X):
        for j, v in enumerate(x):
            for simpler in _simpler(Fraction(v)):
                u = int(simpler) if simpler.denominator == 1 else simpler
                yield 0, ((*X[:i], (*x[:j], u, *x[j + 1 :]), *X[i + 1 :]), y)


ROUND = (8, 10, 16, 32, 64, 100, 128, 256, 1000)
"""Prefixes of these lengths are tried first: a loop over batches of a round size may fail
only when n is a multiple of it, and halving never keeps n one."""


def _prefixes(data: Data) -> Iterator[Data]:
    X, y = data
    for m in ROUND:
        if m < len(X):
            yield X[:m], y[:m]


def _level(data: Data, level: int) -> Iterator[Data]:
    """Remove blocks of examples or of features of size n / 2^level; make blocks of examples
    0 (labelled +1), or copies of the example before them."""
    X, y = data
    n, d = len(X), len(X[0])
    zero = (0,) * d  # ints: they hash fast (tries are compared by hash)
    for a, b in _blocks(n, level):
        if b - a < n:
            yield X[:a] + X[b:], y[:a] + y[b:]
    for a, b in _blocks(d, level):
        if b - a < d:
            yield tuple(x[:a] + x[b:] for x in X), y
    for a, b in _blocks(n, level - 1 if n == 1 else level):
        if any(any(x) for x in X[a:b]):
            positive: tuple[Label, ...] = tuple(1 for _ in range(b - a))
            yield X[:a] + (zero,) * (b - a) + X[b:], y[:a] + positive + y[b:]
            if a > 0 and any(x != X[a - 1] for x in X[a:b]):
                same = (X[a - 1],) * (b - a), (y[a - 1],) * (b - a)
                yield X[:a] + same[0] + X[b:], y[:a] + same[1] + y[b:]


def _simpler(v: Fraction) -> list[Fraction]:
    """Simpler numbers than v (smaller, fewer bits, smaller denominators), simplest first."""
    if v == 0:
        return []
    sign = 1 if v > 0 else -1
    out = {Fraction(0), Fraction(sign), Fraction(int(v))}
    if v.denominator == 1:
        m = abs(v.numerator)
        out |= {sign * Fraction(m - (1 << k)) for k in range(m.bit_length()) if m >> k & 1}
        out |= {sign * Fraction(m >> k) for k in range(1, m.bit_length())}
        out.add(v - sign)
    else:
        q = v.denominator
        out |= {v.limit_denominator(max(1, q >> k)) for k in range(1, q.bit_length())}
        if q & (q - 1) == 0:  # dyadic: one bit of grain at a time, or a power of two
            for k in range(q.bit_length() - 1):
                out |= {Fraction(round(v * 2**k), 2**k), sign * Fraction(1, 2**k)}
    simple = [u for u in out if u != v and _simplicity(u) < _simplicity(v)]
    return sorted(simple, key=_simplicity)


def _simplicity(v: Fraction) -> tuple[int, int]:
    return (v.denominator, abs(v.numerator))


def shrink(
    data: Data,
    fails: Callable[[list[Data]], list[bool]],
    valid: Callable[[Data], bool],
    *,
    chunk: int = 1000,
    stop: Callable[[], bool] = lambda: False,
) -> Data:
    """The smallest data set reached from ``data`` on which ``fails`` holds.

    ``fails`` runs the candidate on a list of data sets and says which still fail the
    same way (it may stop at the first that does: only the first True counts); ``valid``
    rejects data the comparison cannot use (see ``datasets``);
    ``stop()`` ends the search early (the run's budget is spent)."""
    level = 1  # ddmin's granularity: a round starts where the last one succeeded
    for _ in range(MAX_ROUNDS):
        size = len(data[0]) * len(data[0][0])
        most = max(1, min(chunk, NUMBERS // max(size, 1)))
        per_request = 1  # doubling: the first tries often succeed, then none is wasted
        found: tuple[int, Data] | None = None
        seen: set[Data] = set()
        batch: list[tuple[int, Data]] = []
        for lt in simplifications(data, level):
            if lt[1] in seen or not valid(lt[1]):
                continue
            seen.add(lt[1])
            batch.append(lt)
            if len(batch) == per_request:
                found = _first(batch, fails)
                batch, per_request = [], min(2 * per_request, most)
                if found is not None or stop():
                    break
        if found is None and batch and not stop():
            found = _first(batch, fails)
        if found is None:
            return data
        level, data = max(found[0], 1), found[1]
    return data


def _first(
    batch: list[tuple[int, Data]], fails: Callable[[list[Data]], list[bool]]
) -> tuple[int, Data] | None:
    verdicts = fails([t for _, t in batch])
    return next((lt for lt, bad in zip(batch, verdicts, strict=True) if bad), None)
