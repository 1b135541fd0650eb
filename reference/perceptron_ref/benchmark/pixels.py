"""One pass against scikit-learn (issue 15's target 6, issue 30's target 4), weights compared.

scikit-learn's ``Perceptron(fit_intercept=False, shuffle=False, tol=None)`` is the same
algorithm (update iff y·s ≤ 0, w += y·x, in order); on integers below 2**53 its float64
arithmetic is exact, so its weights must equal the engine's exactly.  The engine's time is
the whole ``run(...)`` call (the trace's exact Fractions included), its compiled kernels
loaded first (:func:`perceptron_ref.engine.load`, as any long session has them); the
scikit-learn model gets float64 data, its own type, converted outside its timing.  Both run
on one thread, and both are timed in CPU seconds (``time.process_time``): a millisecond
pass is otherwise at the mercy of whatever else the machine runs.

Issue 30 asks the same of the loops that a process runs before it has loaded the compiled
kernels (:func:`numpy_rows`: never slower than scikit-learn): the C loops where they were
built at install, the numpy blocks elsewhere; and of a program that calls ``run`` many
times on one-pass jobs (:func:`many_rows`, in a fresh process: the passes of all its runs
count towards loading the kernels).
"""

from __future__ import annotations

import json
import subprocess
import time
import warnings
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from perceptron_ref import Trace, run
from perceptron_ref.benchmark.common import ALGORITHM, PYTHON, Row, median, timed
from perceptron_ref.benchmark.data import normal, pixels, wide

SHAPES = [(60000, d) for d in (98, 196, 392, 784, 1568)] + [(10000, 784), (120000, 784)]
WIDE = [(60000, 196), (60000, 784)]
"""The numpy loop's shapes of int16 rows (:func:`~perceptron_ref.benchmark.data.wide`), past
the float64 certificate, scored within a margin: no slower than scikit-learn there either."""
REPEAT = 7
"""Pairs timed a shape: the engine and scikit-learn in turn, the median of the ratios."""


def sklearn_fit(X: Any, y: Any, epochs: int) -> Any:
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    model = Perceptron(fit_intercept=False, shuffle=False, max_iter=epochs, tol=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return model.fit(X, y)


def identical(model: Any, trace: Trace) -> bool:
    return bool([int(v) for v in trace.weights] == model.coef_[0].tolist())


def engine(X: Any, y: Any, epochs: Any) -> Trace:
    return run(ALGORITHM, X, y, epochs=epochs, record="summary", engine="fast")


def numpy_engine(X: Any, y: Any, epochs: Any, kernel: str = "numpy") -> Trace:
    """``engine`` with every pass made by the numpy loop, as a process that has not loaded
    the compiled kernels makes it where the C loops were not built (``kernel``: or by the
    C loops, ``c``, or numba's kernels, ``compiled``)."""
    from perceptron_ref import engine as fast
    from perceptron_ref import registry

    return fast.run_checked(registry.get(ALGORITHM), X, y, bias=False, eta=Fraction(1),
                            epochs=epochs, max_epochs=None, record="summary",
                            kernel=kernel)  # fmt: skip


def against_sklearn(ours: Callable[[Any, Any, Any], Trace], who: str, at_least: float,
                    label: str = "", shapes: list[tuple[int, int]] = SHAPES,
                    make: Callable[[int, int], tuple[Any, Any]] = pixels) -> list[Row]:  # fmt: skip
    """One pass of ``ours`` against scikit-learn's on ``make(n, d)`` at each of ``shapes``:
    the median of :data:`REPEAT` ratios, each of one pass of each (CPU time)."""
    rows = []
    for n, d in shapes:
        X, y = make(n, d)
        Xf = X.astype(np.float64)  # scikit-learn's own type, converted outside its timing
        ours(X, y, 1)  # the kernel for this shape chosen (timed once a process)
        pairs, same = [], True
        for _ in range(REPEAT):
            t_eng, trace = timed(partial(ours, X, y, 1), clock=time.process_time)
            t_sk, model = timed(partial(sklearn_fit, Xf, y, 1), clock=time.process_time)
            pairs.append((t_eng, t_sk))
            same = same and identical(model, trace)
        ratio = median([s / e for e, s in pairs])
        t_eng, t_sk = median([p[0] for p in pairs]), median([p[1] for p in pairs])
        rows.append(Row(
            f"one pass {n}x{d} vs scikit-learn{label}", f"{who} {t_eng * 1e3:.1f} ms, sklearn "
            f"{t_sk * 1e3:.0f} ms (CPU), weights {'identical' if same else 'DIFFERENT'}",
            f"{ratio:.1f}x", f">= {at_least:g}x, identical", ratio >= at_least and same,
        ))  # fmt: skip
        del X, Xf
    return rows


def sklearn_rows() -> list[Row]:
    """Issue 15's target 6: the compiled kernels (loaded first) at least 10 times faster."""
    from perceptron_ref.engine import load

    load()
    return against_sklearn(engine, "engine", 10)


def numpy_rows() -> list[Row]:
    """Issue 30's target 4: the loops that run where the kernels are not loaded, never
    slower than scikit-learn: the C loops (where built) and the numpy blocks, on pixels,
    whose passes are exact in float64, and on int16 rows past that, scored within a margin."""
    from perceptron_ref.engine import native

    rows = []
    for loop in ("c", "numpy") if native.loops() is not None else ("numpy",):
        ours = partial(numpy_engine, kernel=loop)
        who = "C" if loop == "c" else loop
        rows += against_sklearn(ours, who, 1, f", {who} loop")
        rows += against_sklearn(ours, who, 1, f", {who} loop, int16", WIDE, wide)
    return rows


FLOATS = [(60000, 98), (60000, 784)]
"""Shapes of standard normal float64 rows (:func:`given_rows`)."""
LISTS = (60000, 196)
"""The shape of the rows given as Python lists (:func:`given_rows`)."""
LOOPS = ("numpy", "c", "compiled")
"""The loops :func:`given_rows` times: the numpy blocks, the C loops (which a fresh process
runs where they were built) and numba's kernels (loaded)."""


def given_rows() -> list[Row]:
    """Issue 30's target 4 on data as a library caller has it: a float64 array of standard
    normal floats, and rows as Python lists (of pixel ints, and of those floats).  One pass
    from the caller's data (its exact conversion included) against scikit-learn's on the
    same data, CPU time, the median of :data:`REPEAT` ratios.  scikit-learn's float64
    weights are not exact on the floats, so the check is that they are the exact weights
    to within a relative 1e-9 (the same mistakes, rounded).

    The numpy loop runs only where no C compiler built the C loops at install
    (:mod:`~perceptron_ref.engine.native`): a fresh process runs the C ones."""
    from perceptron_ref.engine import native

    cases = [(f"{n}x{d} float64 (normal)", *normal(n, d)) for n, d in FLOATS]
    X, y = pixels(*LISTS)
    cases.append((f"{LISTS[0]}x{LISTS[1]} lists of ints", X.tolist(), y.tolist()))
    X, y = normal(*LISTS)
    cases.append((f"{LISTS[0]}x{LISTS[1]} lists of floats", X.tolist(), y.tolist()))
    loops = [loop for loop in LOOPS if loop != "c" or native.loops() is not None]
    rows = []
    for label, X, y in cases:
        for loop in loops:
            ours = partial(numpy_engine, X, y, 1, loop)
            ours()  # the kernels for these rows read from numba's cache
            pairs, same = [], True
            for _ in range(REPEAT):
                t_eng, trace = timed(ours, clock=time.process_time)
                t_sk, model = timed(partial(sklearn_fit, X, y, 1), clock=time.process_time)
                pairs.append((t_eng, t_sk))
                exact = np.array([float(v) for v in trace.weights])
                same = same and bool(np.allclose(model.coef_[0], exact, rtol=1e-9, atol=0))
            ratio = median([s / e for e, s in pairs])
            t_eng, t_sk = median([p[0] for p in pairs]), median([p[1] for p in pairs])
            agree = "within 1e-9" if same else "DIFFERENT"
            loop = "C" if loop == "c" else loop
            rows.append(Row(
                f"one pass {label} vs scikit-learn, {loop} loop", f"{loop} {t_eng * 1e3:.0f} "
                f"ms, sklearn {t_sk * 1e3:.0f} ms (CPU), weights {agree}", f"{ratio:.2f}x",
                ">= 1x, within 1e-9", ratio >= 1 and same,
            ))  # fmt: skip
        del X, y
    return rows


RUNS, MANY = 1000, (2000, 784)
"""A program's one-pass runs (:func:`many_rows`), and the shape of their data."""


def many_runs() -> None:
    """In a fresh process (the kernels not loaded): :data:`RUNS` one-pass runs, then as many
    scikit-learn fits, CPU time; prints both, the first run made in the compiled kernels
    (None: none) and whether the last weights agree, as JSON."""
    from perceptron_ref.engine import driver

    X, y = pixels(*MANY)
    Xf = X.astype(np.float64)
    sklearn_fit(Xf[:50], y[:50], 1)  # scikit-learn imported and warm, as in a program using it
    first, start = None, time.process_time()
    for i in range(RUNS):
        trace = engine(X, y, 1)
        first = i if first is None and driver.loaded() else first
    ours = time.process_time() - start
    start = time.process_time()
    for _ in range(RUNS):
        model = sklearn_fit(Xf, y, 1)
    theirs = time.process_time() - start
    print(json.dumps({"ours": ours, "theirs": theirs, "first": first,
                      "same": identical(model, trace)}))  # fmt: skip


def many_rows() -> list[Row]:
    """Issue 30's target 4: a program that calls ``run`` :data:`RUNS` times on one-pass jobs
    runs compiled: in the C loops where they were built, else it ends up on numba's kernels
    (the rent-or-buy rule counts its numpy time over all runs); and it takes no longer than
    as many scikit-learn fits."""
    from perceptron_ref.engine import native

    code = "from perceptron_ref.benchmark.pixels import many_runs; many_runs()"
    done = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    ratio, first = got["theirs"] / got["ours"], got["first"]
    rented = "C" if native.loops() is not None else "numpy"
    switch = f"{rented} for runs 1-{first}, then numba" if first is not None else f"{rented} only"
    n, d = MANY
    return [Row(
        f"{RUNS} one-pass runs {n}x{d} in one process vs scikit-learn",
        f"ours {got['ours']:.1f} s ({switch}), sklearn {got['theirs']:.1f} s (CPU), weights "
        f"{'identical' if got['same'] else 'DIFFERENT'}", f"{ratio:.1f}x",
        ">= 1x, compiled, identical",
        ratio >= 1 and (first is not None or rented == "C") and got["same"],
    )]  # fmt: skip
