"""The engine's outer loop: passes, stopping rules and the trace, as the literal loops have them.

:func:`drive` runs one of the notes' perceptrons on :class:`~perceptron_ref.engine.scaled.Scaled`
data and returns the :class:`~perceptron_ref.trace.Trace` that the literal loops return,
field for field: the same steps (kept per ``record``), totals, status and cycle.  Each pass
runs in int64 when :func:`~perceptron_ref.engine.passes.certified` proves it cannot
overflow, and in Python integers otherwise (once a run has left int64 it stays there):
scored in float64 within a proven bound where float64 holds the rows exactly and no score
is kept (:mod:`~perceptron_ref.engine.dyadic`: data given as floats, and int8 to int32
rows whose weights have grown past int64's certificate; for floats, compiled, in C where it
was built at install, else in numba where the kernels run:
:mod:`~perceptron_ref.engine.dyadic_compiled`), else in Python integers alone.
Cycle detection compares the integer W at epoch ends: w = η·W/D with η/D > 0 fixed, so w
repeats exactly when W does (:mod:`~perceptron_ref.engine.cycles`).

Which loop makes a certified pass is a matter of time only (:class:`Passes`): the C loops
(:mod:`~perceptron_ref.engine.native`, where they were built at install) and numpy blocks
(:func:`~perceptron_ref.engine.passes.block_pass`, elsewhere) need nothing loaded; numba's
compiled kernels (:mod:`~perceptron_ref.engine.kernel`) make many passes a call but cost
about a second to load.  A run starts in C (or numpy) and switches once the process has
spent :data:`LOAD_COST` there, over all its runs (:data:`RENT`; the passes over floats
count too), or when this run's passes still to make would take longer than that (rent, then
buy): small data never waits for numba, long runs are compiled, and so are the later runs of
a program that makes many short ones.  Without numba (no ``[fast]`` extra) the passes stay
in C (or numpy), the same trace, and one line on stderr says so.

>>> from fractions import Fraction
>>> from perceptron_ref.engine.scaled import from_rows
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> data = from_rows([tuple(map(Fraction, x)) for x in X], [-1, 1, 1, -1, -1, 1])
>>> t = drive("perceptron/gormley-batch", "tie-positive", True, data, bias=False,
...           eta=Fraction(1), epochs=1, max_epochs=None, record="summary")
>>> [str(v) for v in t.weights], t.mistakes, t.epochs, t.status
(['3', '1'], 3, 2, 'converged')
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from perceptron_ref import extras
from perceptron_ref.algorithm import ZeroRule
from perceptron_ref.engine import dyadic_compiled, native
from perceptron_ref.engine.blas import blas_pass, margin
from perceptron_ref.engine.cycles import Brent, State, copy, fingerprint, first_repeat, same
from perceptron_ref.engine.dyadic import dyadic_pass, exact
from perceptron_ref.engine.passes import (
    block_pass,
    c_pass,
    certified,
    certified_int32,
    python_pass,
)
from perceptron_ref.engine.rational import rational, steps_of
from perceptron_ref.engine.rules import RULES
from perceptron_ref.engine.scaled import Scaled, bounds, coarse_bounds
from perceptron_ref.errors import InputError
from perceptron_ref.extras import MissingExtra
from perceptron_ref.limits import check_trace
from perceptron_ref.trace import Record, Status, Step, Trace

Kernel = Literal["auto", "numpy", "c", "compiled"]
"""Which loop makes the certified passes: chosen (``auto``: the C loops where they were built,
else numpy, until rent-or-buy says numba), or forced: the numpy blocks, the C loops
(:mod:`~perceptron_ref.engine.native`), or numba's kernels."""

LOAD_COST = 1.0
"""Seconds of numpy passes, over all the runs of a process (:data:`RENT`), after which its
runs load the compiled kernels (numba and its cache take about that long to load): the
rent-or-buy rule, never more than about twice the better choice's time."""

Kept = list[tuple[int, bool]] | None


class Rent:
    """The seconds of numpy passes this process has made, over all its runs: what it has
    paid for not loading the compiled kernels."""

    def __init__(self) -> None:
        self.seconds = 0.0


RENT = Rent()
"""This process's rent (a run adds the time of each numpy pass it makes)."""

ENDLESS = 2**62
"""Passes asked of :meth:`Passes.advance` by a run to convergence: as many as it takes."""


def loaded() -> bool:
    """Whether the compiled kernels are loaded in this process already (then they cost
    nothing more to use): by :func:`perceptron_ref.engine.load` (perhaps in another thread,
    while a file was read), or by a run that needed them."""
    return bool(getattr(sys.modules.get("perceptron_ref.engine.kernel"), "LOADED", False))


def compiled() -> bool:
    """Whether the compiled kernels can be had here: numba, the fast extra, is installed."""
    return extras.has("numba")


def _rented() -> str:
    """The loop that needs nothing loaded: ``c`` where the C loops were built, else ``numpy``."""
    return "c" if native.loops() is not None else "numpy"


def _bought() -> str:
    """``compiled`` where numba is installed; else the rented loop (the same passes), said
    once."""
    if compiled():
        return "compiled"
    extras.note("numba", f"the compiled kernels need numba ({extras.hint('fast')}): long runs "
                "make their passes in the C loops (or numpy), the same trace")  # fmt: skip
    return _rented()


class Passes:
    """The passes of one run over ``data``: the certificate, and the loop that makes each."""

    def __init__(self, data: Scaled, b: int, rule: int, kernel: Kernel) -> None:
        self.data, self.b, self.rule, self.kernel = data, b, rule, kernel
        self.column_max, self.row_max = coarse_bounds(data, b)
        self.exact = False  # whether the bounds come from a sweep of X (else its type)
        self.spent, self.numpy_passes = 0.0, 0  # this run's numpy passes: seconds, number
        self.w_max = 0  # max |W_j| when way() last looked
        self.labels: list[int] = []  # the labels as Python ints, for Python passes

    def zero(self) -> State:
        d = self.data.X.shape[1] + (self.b != 0)
        return np.zeros(d, dtype=np.int64) if self.data.fits else [0] * d

    def way(self, W: State, left: int | None) -> str:
        """``python``, ``numpy``, ``c`` or ``compiled`` for the next passes from W (``left``:
        how many more the run will make, None if unknown)."""
        if not isinstance(W, np.ndarray):
            return "python"
        w_max = self.w_max = int(np.abs(W).max())
        if not self.exact and not certified(w_max, self.column_max, self.row_max):
            self.column_max, self.row_max = bounds(self.data, self.b)  # a sweep, if needed
            self.exact = True
        if not certified(w_max, self.column_max, self.row_max):
            return "python"
        return self._loop(left)

    def _loop(self, left: int | None) -> str:
        """``numpy``, ``c`` or ``compiled``: the kernel forced, or rent-or-buy (renting the
        C loops where they were built, else numpy)."""
        if self.kernel != "auto":
            if self.kernel == "compiled" and not compiled():
                raise MissingExtra("fast", what="the compiled kernels (numba)")
            if self.kernel == "c" and native.loops() is None:
                raise InputError("the C loops were not built at install (no C compiler)")
            return self.kernel
        if loaded() or RENT.seconds >= LOAD_COST:
            return _bought()
        if (
            left is not None
            and self.numpy_passes
            and left * self.spent > LOAD_COST * self.numpy_passes
        ):
            return _bought()  # the rented passes to come would outlast the load
        return _rented()

    def one(self, W: State, keep: bool, left: int | None = None, way: str | None = None,
            since: float | None = None) -> tuple[State, int, Kept]:  # fmt: skip
        """One pass from W: (W after it, its mistakes, its (score, mistake) pairs if kept);
        ``way``: the loop :meth:`way` chose for it, if it was asked already, at ``since``
        (``time.perf_counter``: a rented pass's rent counts from then)."""
        since = time.perf_counter() if since is None else since
        way = way or self.way(W, left)
        X, y, b = self.data.X, self.data.y, self.b
        if way == "python":
            W = W.tolist() if isinstance(W, np.ndarray) else W  # Python ints from here on
            unit = float(self.data.scale) if X.dtype.kind == "f" else 1.0  # X·unit: integers
            if not keep and exact(X):  # rows float64 holds: scored in it, within a bound
                return W, self._dyadic(W, unit, left), None
            self.labels = self.labels or y.tolist()
            kept: Kept = [] if keep else None
            return W, python_pass(X, self.labels, W, b, self.rule, kept, unit), kept
        if way == "c":  # the C loops: the numpy blocks' pass, a row at a time, 4 to 5 times
            k, scores, flags = c_pass(X, y, W, b, self.rule, keep=keep)  # as fast (pixels)
            self._paid(since)  # rent all the same, the choice of the loop included: on small
            # rows (rocks_and_mines) that is most of a pass, which numba's kernels do not pay
        elif way == "numpy":
            # float64 scores while W and X are exact in it: exact ones, or (counting mistakes
            # only) within a margin, a row that close scored again exactly; else int64 blocks
            off = margin(self.w_max, self.column_max, self.row_max, X.shape[1] + (b != 0))
            if off == 0 or (off is not None and not keep):
                k, scores, flags = blas_pass(X, y, W, b, self.rule, keep=keep, margin=off)
            else:
                k, scores, flags = block_pass(X, y, W, b, self.rule, keep=keep)
            self._paid(since)
        else:
            from perceptron_ref.engine import kernel  # numba: loaded only for long runs

            narrow = certified_int32(self.w_max, self.column_max)  # W's, as way() saw it
            n = len(y) if keep else 0
            scores, flags = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
            kind = kernel.fastest(X, y, b, narrow)
            k = kernel.compiled_pass(X, y, W, b, self.rule, keep, scores, flags, narrow, kind)
            kernel.LOADED = True
        return (
            W,
            int(k),
            (list(zip(scores.tolist(), flags.tolist(), strict=True)) if keep else None),
        )

    def _dyadic(self, W: list[int], unit: float, left: int | None) -> int:
        """A pass scored in float64 within a proven bound (:mod:`~perceptron_ref.engine.dyadic`):
        compiled where the rows are float64 (data given as floats): in C where :meth:`_loop`
        says so (under ``auto``, wherever they were built: they load in a millisecond), in
        numba where it says the kernels run; else in numpy, its time counted as rent."""
        X, y, b = self.data.X, self.data.y, self.b
        # Under auto, C's wherever built: faster than numba's on floats (measured: 39 ms and
        # 44 on 60000×784), and asking the rent-or-buy rule would only say numba is missing.
        auto_c = self.kernel == "auto" and native.loops() is not None
        loop = "c" if auto_c else self._loop(left)
        if X.dtype == np.float64 and loop != "numpy":
            kind: dyadic_compiled.Loops = "c" if loop == "c" else "numba"
            return dyadic_compiled.compiled_dyadic_pass(X, y, W, b, self.rule, unit,
                                                        self.data.bits, kind)  # fmt: skip
        start = time.perf_counter()
        k = dyadic_pass(X, y, W, b, self.rule, unit, self.data.bits)
        self._paid(start)
        return k

    def _paid(self, start: float) -> None:
        """A numpy pass begun at ``start`` (``time.perf_counter``) has ended: its time is
        this run's and this process's rent."""
        seconds = time.perf_counter() - start
        self.spent, self.numpy_passes = self.spent + seconds, self.numpy_passes + 1
        RENT.seconds += seconds

    def advance(self, W: State, passes: int, brent: Brent | None = None,
                stop_clean: bool = False) -> tuple[State, int, int, str]:  # fmt: skip
        """Up to ``passes`` passes from W, no step kept: (W, passes made, mistakes, how it
        stopped: ``limit``, ``clean`` (a clean pass, with ``stop_clean``) or ``repeat``
        (``brent`` saw W repeat))."""
        made, mistakes = 0, 0
        while made < passes:
            left = passes - made if passes < ENDLESS else None  # the passes still to make
            since = time.perf_counter()
            way = self.way(W, left)
            if way == "compiled":
                W, done, k, stop = self._compiled(W, passes - made, brent, stop_clean)
                made, mistakes = made + done, mistakes + k
                if stop != "limit":
                    return W, made, mistakes, stop
                continue  # the certified passes are made: certify again
            W, k, _ = self.one(W, False, left, way, since)
            made, mistakes = made + 1, mistakes + k
            if stop_clean and k == 0:
                return W, made, mistakes, "clean"
            if brent is not None and brent.repeated(W):
                return W, made, mistakes, "repeat"
        return W, made, mistakes, "limit"

    def _compiled(self, W: Any, passes: int, brent: Brent | None,
                  stop_clean: bool) -> tuple[State, int, int, str]:  # fmt: skip
        """Compiled passes while certified: every pass moves a weight by at most
        column_max, so ``room`` passes from w_max stay certified."""
        from perceptron_ref.engine import kernel

        w_max, column_max = int(np.abs(W).max()), max(self.column_max, 1)
        room = (kernel.INT64_MAX // max(self.row_max, 1) - w_max) // column_max
        narrow_room = (kernel.INT32_MAX - w_max) // column_max
        limit = max(1, min(passes, room, narrow_room if narrow_room >= 1 else room))
        kind = kernel.fastest(self.data.X, self.data.y, self.b, narrow_room >= 1)
        T = brent.T if brent is not None else W
        state = np.array([brent.power, brent.lam, 0] if brent else [0, 0, 0], dtype=np.int64)
        made, outcome = kernel.epochs(
            kind, self.data.X, self.data.y, W, self.b, self.rule, limit,
            stop_clean=stop_clean, T=T, state=state,
        )  # fmt: skip
        if brent is not None:
            brent.power, brent.lam = int(state[0]), int(state[1])
        kernel.LOADED = True
        return W, made, int(state[2]), ("limit", "clean", "repeat")[outcome]


def drive(
    algorithm: str,
    zero_score: ZeroRule,
    batch: bool,
    data: Scaled,
    *,
    bias: bool,
    eta: Fraction,
    epochs: int | str,
    max_epochs: int | None,
    record: Record,
    max_bits: int | None = None,
    kernel: Kernel = "auto",
) -> Trace:
    """Run the perceptron (options already checked by :func:`perceptron_ref.run`), its
    trace held to the size limit ``max_bits`` (None: none) as the literal loops hold theirs
    (:func:`~perceptron_ref.limits.check_trace`)."""
    rule, keep = RULES[zero_score], record != "summary"
    b = data.scale if bias else 0
    run = _Run(Passes(data, b, rule, kernel), keep, record, eta)
    if not batch and epochs != "converge":
        assert isinstance(epochs, int)
        for epoch in range(1, epochs + 1):
            run.step(epochs - epoch + 1)
        status: Status = "online"
    elif max_epochs is None:
        status = run.brent()
    else:
        status = run.capped(max_epochs)
    W = run.W
    trace = Trace(
        algorithm, len(W), bias, eta, run.k, run.epoch, status, rational(W, run.w_scale),
        tuple(run.steps), record, run.cycle,
    )  # fmt: skip
    if max_bits is not None and (run.steps or _bits(W, run.w_scale) > max_bits):
        check_trace(trace, max_bits)  # else every number of w = η·W/D is within the limit
    return trace


def _bits(W: State, scale: tuple[int, int]) -> int:
    """A bound on the size of every η·W_j/D in lowest terms: its numerator divides W_j·p,
    its denominator q."""
    top = int(np.abs(W).max()) if isinstance(W, np.ndarray) else max(map(abs, W))
    return max((top * scale[0]).bit_length(), scale[1].bit_length())


class _Run:
    """A run's state between passes: W, the epoch, the mistakes, the steps kept."""

    def __init__(self, passes: Passes, keep: bool, record: Record, eta: Fraction) -> None:
        self.passes, self.keep, self.record = passes, keep, record
        self.W, self.k, self.epoch = passes.zero(), 0, 0
        self.steps: list[Step] = []
        self.cycle: tuple[int, int] | None = None
        D = passes.data.scale
        self.w_scale = (eta.numerator, eta.denominator * D)  # w = η·W/D
        self.s_scale = (eta.numerator, eta.denominator * D * D)  # ⟨w, x⟩ = η·⟨W, X⟩/D²

    def step(self, left: int | None = None) -> int:
        """One pass, its steps kept per ``record``; its mistakes."""
        start = (self.W.tolist() if isinstance(self.W, np.ndarray) else list(self.W)) if (
            self.keep) else []  # fmt: skip
        self.W, mistakes, kept = self.passes.one(self.W, self.keep, left)
        self.epoch, self.k = self.epoch + 1, self.k + mistakes
        if kept is not None:
            p = self.passes
            self.steps += steps_of(p.data, self.epoch, start, kept, p.b, p.rule, self.w_scale,
                                   self.s_scale, self.record)  # fmt: skip
        return mistakes

    def brent(self) -> Status:
        """To convergence without a cap: Brent's test, then the first repeat exactly."""
        brent = Brent(self.W)
        if self.keep:
            while True:
                if self.step() == 0:
                    return "converged"
                if brent.repeated(self.W):
                    break
        else:
            self.W, self.epoch, self.k, stop = self.passes.advance(self.W, ENDLESS, brent, True)
            if stop == "clean":
                return "converged"
        mu, self.k, self.W = first_repeat(self.passes.zero(), brent.lam, self._advance)
        self.epoch, self.cycle = mu + brent.lam, (mu, mu + brent.lam)
        self.steps = [s for s in self.steps if s.epoch <= self.epoch]
        return "cycled"

    def capped(self, max_epochs: int) -> Status:
        """To convergence, at most ``max_epochs`` passes: a fingerprint of each W, a match
        confirmed by re-running to the earlier epoch."""
        seen = {fingerprint(self.W): [0]}
        while True:
            if self.step() == 0:
                return "converged"
            key = fingerprint(self.W)
            for earlier in seen.get(key, []):
                if same(self._advance(self.passes.zero(), earlier)[0], self.W):
                    self.cycle = (earlier, self.epoch)
                    return "cycled"
            seen.setdefault(key, []).append(self.epoch)
            if self.epoch >= max_epochs:
                return "max_epochs"

    def _advance(self, W: State, passes: int) -> tuple[State, int]:
        W, _, mistakes, _ = self.passes.advance(copy(W), passes)
        return W, mistakes
