"""Compiled passes (numba), for long runs: one pass, or many passes with the cycle test inside.

The loop is :func:`~perceptron_ref.engine.passes.python_pass`'s, compiled: for each
example in order the score s = W·X_i (plus W[0]·b with a bias value b > 0), the zero-score
rule, and on a mistake W += y_i·X_i (and W[0] += y_i·b).  It runs only on a pass that
:func:`~perceptron_ref.engine.passes.certified` proves cannot leave int64.  Three
kernels compute the same pass, and :func:`fastest` picks one by timing them on the data
(which is fastest depends on d, the data's type and the machine, not on d being a
multiple of 8): ``PLAIN`` (int64 weights), ``NARROW`` (int32 weights, 32×32 → 64-bit
products; only when :func:`~perceptron_ref.engine.passes.certified_int32` holds),
``WORDS`` (uint8 rows read 8 bytes at a time, :mod:`~perceptron_ref.engine.words`; int32
weights too) and ``PAIRS`` (one-byte rows against weights in two int16 halves, int32
sums, :mod:`~perceptron_ref.engine.pairs`; it falls back to int64 by itself, so the int64
certificate is all it needs).  :func:`epochs` runs many passes in one call and applies
Brent's cycle test at each pass's end (see :mod:`~perceptron_ref.engine.cycles`).

numba compiles these loops on a machine's first long run (then reads them from its cache),
so they are written to compile once and quickly: one compiled entry point for one pass and
many, each kernel called with arguments of one type (a literal ``0`` or ``False`` is a type
of its own, and a second compilation), the word and pair passes compiled for the rows that
use them only, and no slice assignment (numba compiles its shape-mismatch error message,
seconds of work).  So a first run to convergence on rocks_and_mines compiles for about 3 s,
not 12 (``make bench``).

>>> import numpy as np
>>> X = np.array([[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], dtype=np.int8)
>>> y = np.array([-1, 1, 1, -1, -1, 1], dtype=np.int8)
>>> W = np.zeros(2, dtype=np.int64)
>>> int(compiled_pass(X, y, W, 0, 0, False, NO_SCORES, NO_FLAGS)), W.tolist()
(3, [3, 1])
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from perceptron_ref.engine.pairs import by_pairs, pairs_if_bytes
from perceptron_ref.engine.passes import (
    INT32_MAX,
    INT64_MAX,
    NO_FLAGS,
    NO_SCORES,
    certified,
    certified_int32,
    python_pass,
)
from perceptron_ref.engine.rules import TIE_MISTAKE, TIE_NEGATIVE, TIE_POSITIVE, is_mistake
from perceptron_ref.engine.words import by_words, words_if_bytes, words_of

__all__ = [
    "INT32_MAX",
    "INT64_MAX",
    "NARROW",
    "NO_FLAGS",
    "NO_SCORES",
    "PAIRS",
    "PLAIN",
    "TIE_MISTAKE",
    "TIE_NEGATIVE",
    "TIE_POSITIVE",
    "WORDS",
    "announced",
    "by_pairs",
    "certified",
    "certified_int32",
    "compiled_pass",
    "epochs",
    "fastest",
    "python_pass",
]

PLAIN, NARROW, WORDS, PAIRS = 0, 1, 2, 3

LOADED = False
"""Set once a compiled kernel has run in this process (numba and its cache are loaded)."""
LIMIT, CLEAN, REPEAT = 0, 1, 2
"""How :func:`epochs` stopped: the passes asked for were made, a pass was clean, or W
equalled Brent's checkpoint T at a pass's end."""

_is_mistake = numba.njit(inline="always")(is_mistake)


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _plain(
    X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any, start: int
) -> int:
    # The pass from row ``start`` on (0, or where the pair pass stopped).
    n, m = X.shape
    off = 1 if b != 0 else 0
    # The feature weights (W[0] is the bias weight) in an array of their own: measured, a
    # pass runs about 10 % faster so than through a view of W, whose W[0] it reads and writes.
    V = W[off:].copy()
    k = 0
    for i in range(start, n):
        x = X[i]
        s: Any = W[0] * b if b != 0 else np.int64(0)
        for j in range(m):
            s += V[j] * np.int64(x[j])
        yi: Any = np.int64(y[i])
        mistake = _is_mistake(rule, s, yi)
        if mistake:
            k += 1
            if b != 0:
                W[0] += yi * b
            for j in range(m):
                V[j] += yi * np.int64(x[j])
        if keep:
            S[i], F[i] = s, mistake
    for j in range(m):
        W[off + j] = V[j]
    return k


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _narrow(X: Any, y: Any, W: Any, b: int, rule: int, keep: bool, S: Any, F: Any) -> int:
    # Every weight stays in int32 (certified by the caller): held as int32 during the pass,
    # a product is a 32x32 -> 64-bit multiply, faster than a 64-bit one on some machines.
    n, m = X.shape
    off = 1 if b != 0 else 0
    V = W[off:].astype(np.int32)
    k = 0
    for i in range(n):
        x = X[i]
        s: Any = W[0] * b if b != 0 else np.int64(0)
        for j in range(m):
            s += np.int64(V[j]) * np.int64(x[j])
        yi: Any = np.int64(y[i])
        mistake = _is_mistake(rule, s, yi)
        if mistake:
            k += 1
            if b != 0:
                W[0] += yi * b
            for j in range(m):
                V[j] += np.int32(yi) * np.int32(x[j])
        if keep:
            S[i], F[i] = s, mistake
    for j in range(m):
        W[off + j] = V[j]
    return k


@numba.njit(cache=True, nogil=True)
def _pass(kind: int, X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, keep: bool,
          S: Any, F: Any) -> int:  # fmt: skip
    # Each kernel is called at one place, with arguments of one type (no literal 0 or
    # False): numba compiles a callee once per type signature, and a literal is a type.
    if kind == WORDS:  # (only ever asked on uint8 rows)
        return words_if_bytes(X, Xw, y, W, b, rule, keep, S, F)
    if kind == NARROW:
        return _narrow(X, y, W, b, rule, keep, S, F)
    done, k = 0, 0
    if kind == PAIRS:  # up to the pair pass's limit, and the rest (if any) in int64
        done, k = pairs_if_bytes(X, y, W, b, rule, keep, S, F)
    return k + _plain(X, y, W, b, rule, keep, S, F, done)


@numba.njit(cache=True, nogil=True)
def _epochs(kind: int, X: Any, Xw: Any, y: Any, W: Any, b: int, rule: int, limit: int,
            stop_clean: bool, T: Any, state: Any, keep: bool, S: Any, F: Any,
            ) -> tuple[int, int]:  # fmt: skip
    # state = [power, lam, mistakes]: Brent's counters (power 0: no cycle test), and the
    # mistakes made by these passes.  The one entry point from Python, for one pass too
    # (limit 1, its steps kept if ``keep``): every kernel is compiled once, inside it.
    passes = 0
    while passes < limit:
        k = _pass(kind, X, Xw, y, W, b, rule, keep, S, F)
        passes += 1
        state[2] += k
        if stop_clean and k == 0:
            return passes, CLEAN
        if state[0] > 0:
            same = True
            for j in range(len(W)):
                if W[j] != T[j]:
                    same = False
                    break
            if same:
                return passes, REPEAT
            if state[0] == state[1]:  # a new checkpoint: T = W, the window doubles
                for j in range(len(W)):  # (a loop: a slice assignment costs seconds to compile)
                    T[j] = W[j]
                state[0] *= 2
                state[1] = 0
            state[1] += 1
    return passes, LIMIT


def compiled_pass(
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    keep: bool,
    scores: npt.NDArray[np.int64],
    flags: npt.NDArray[np.bool_],
    narrow: bool = False,
    kind: int | None = None,
) -> int:
    """One pass in int64, W updated in place; the caller has certified it.

    With ``keep`` each score and mistake flag is written to ``scores``/``flags``.
    ``narrow``: the caller has also certified (:func:`certified_int32`) that every weight
    stays within int32 during the pass, so the int32 kernels may run (``kind``: one of
    PLAIN, NARROW, WORDS, PAIRS; default WORDS when the rows are whole 8-byte words, else
    NARROW).  Returns the number of mistakes.
    """
    if kind is None:
        kind = (WORDS if by_words(X) else NARROW) if narrow else PLAIN
    assert kind in (PLAIN, PAIRS) or narrow, "an int32 kernel needs the int32 certificate"
    assert kind != PAIRS or by_pairs(X), "the pair kernel reads one-byte rows"
    Xw = words_of(X) if kind == WORDS else _NO_WORDS
    state = np.zeros(3, dtype=np.int64)  # no cycle test; the mistakes
    if X.dtype.str in _SEEN:  # the usual case: no context manager to enter
        _epochs(kind, X, Xw, y, W, b, rule, 1, False, W, state, keep, scores, flags)
    else:
        with announced(X.dtype.str):
            _epochs(kind, X, Xw, y, W, b, rule, 1, False, W, state, keep, scores, flags)
    return int(state[2])


def epochs(
    kind: int,
    X: npt.NDArray[np.integer[Any]],
    y: npt.NDArray[np.int8],
    W: npt.NDArray[np.int64],
    b: int,
    rule: int,
    limit: int,
    *,
    stop_clean: bool,
    T: npt.NDArray[np.int64],
    state: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """Up to ``limit`` certified passes, W in place: (passes made, LIMIT | CLEAN | REPEAT).

    ``state`` = [power, lam, mistakes] and ``T`` carry Brent's test between calls (power 0:
    no test); the mistakes of these passes are added to ``state[2]``.
    """
    Xw = words_of(X) if kind == WORDS else _NO_WORDS
    with announced(X.dtype.str):
        passes, outcome = _epochs(kind, X, Xw, y, W, b, rule, limit, stop_clean, T, state,
                                  False, NO_SCORES, NO_FLAGS)  # fmt: skip
    return int(passes), int(outcome)


_SEEN: set[str] = set()
NOTICE = 1.0
"""Seconds a first call may take before a terminal user is told that numba is compiling."""


@contextmanager
def announced(key: str) -> Iterator[None]:
    """The first call of a kernel on a type of rows: numba reads its cache (a fraction of a
    second), or compiles (seconds, once per machine).  If that takes longer than
    :data:`NOTICE`, one line on stderr says so, when stderr is a terminal."""
    if key in _SEEN or not sys.stderr.isatty():
        _SEEN.add(key)
        yield
        return
    _SEEN.add(key)
    line = "perceptron-ref: compiling the engine's kernels for these data (once; cached after)"
    timer = threading.Timer(NOTICE, lambda: print(line, file=sys.stderr, flush=True))
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


_NO_WORDS: npt.NDArray[np.uint64] = np.zeros((0, 0), dtype=np.uint64)

_FASTEST: dict[tuple[str, int, bool, bool], int] = {}

ROUNDS = 5
"""Timed passes of each kernel in :func:`fastest`."""
SAMPLE = 2**25
"""Bytes of rows that :func:`fastest` times each kernel on: 32 MiB, more than a core's share of
the cache, so that the rows come from memory as in a real pass (a few ms a pass).  Measured
on 60000×784 pixels, 16 MiB was too little: there the int64 loop and the pair pass took
about the same time, while over all 45 MiB of rows the pair pass is 25 % faster; from 32 MiB
on the difference shows.  Timing costs about a tenth of a second, once a process and shape."""


def fastest(X: npt.NDArray[np.integer[Any]], y: npt.NDArray[np.int8], b: int, narrow: bool) -> int:
    """The fastest kernel for X, measured once per row type, width and bias in a process:
    each candidate makes passes from W = 0 over the first rows (about :data:`SAMPLE` bytes)
    with their labels, in turn, :data:`ROUNDS` times, and the second slowest of each one's
    passes counts (the result is unused).  A pass is made once, so a kernel fast only some of
    the time should lose to one that is always a little slower, and one outlier (the machine
    busy elsewhere) should not decide.  Measured on 60000×784 pixels: the int64 loop's pass
    took 4.9 to 5.7 ms from run to run, the pair pass's 4.1 every time, yet the int64 loop's
    best on the sample beat the pair pass's.  Rows of more than a few MiB are read from
    memory, not from the cache, in a real pass: so before each timed pass the cache is
    filled with something else."""
    key = (X.dtype.str, X.shape[1], narrow, b != 0)
    if key not in _FASTEST:
        kinds = [PLAIN] + ([NARROW] + ([WORDS] if by_words(X) else []) if narrow else [])
        kinds += [PAIRS] if by_pairs(X) else []
        rows = max(1, min(len(X), SAMPLE // max(1, X.itemsize * X.shape[1])))
        sample, labels = X[:rows], y[:rows]
        other = np.zeros(SAMPLE * 2, dtype=np.uint8) if sample.nbytes > 2**22 else None
        times: dict[int, list[float]] = {kind: [] for kind in kinds}
        W = np.zeros(X.shape[1] + (b != 0), dtype=np.int64)
        for _ in range(ROUNDS):
            for kind in kinds:
                W[:] = 0
                if other is not None:
                    other += 1  # twice the sample through the cache: the sample is out of it
                start = time.perf_counter()
                compiled_pass(sample, labels, W, b, TIE_MISTAKE, False, NO_SCORES, NO_FLAGS,
                              narrow, kind)  # fmt: skip
                times[kind].append(time.perf_counter() - start)
        _FASTEST[key] = min(kinds, key=lambda kind: sorted(times[kind])[-2])
    return _FASTEST[key]
