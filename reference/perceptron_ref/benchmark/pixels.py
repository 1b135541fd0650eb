"""One pass against scikit-learn (issue 15's target 6), in one process, weights compared.

scikit-learn's ``Perceptron(fit_intercept=False, shuffle=False, tol=None)`` is the same
algorithm (update iff y·s ≤ 0, w += y·x, in order); on integers below 2**53 its float64
arithmetic is exact, so its weights must equal the engine's exactly.  The engine's time is
the whole ``run(...)`` call (the trace's exact Fractions included), its compiled kernels
loaded first (:func:`perceptron_ref.engine.load`, as any long session has them); the
scikit-learn model gets float64 data, its own type, converted outside its timing.  Both run
on one thread, and both are timed in CPU seconds (``time.process_time``): a millisecond
pass is otherwise at the mercy of whatever else the machine runs.
"""

from __future__ import annotations

import time
import warnings
from functools import partial
from typing import Any

import numpy as np

from perceptron_ref import Trace, run
from perceptron_ref.benchmark.common import ALGORITHM, Row, median, timed
from perceptron_ref.benchmark.data import pixels

SHAPES = [(60000, d) for d in (98, 196, 392, 784, 1568)] + [(10000, 784), (120000, 784)]
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


def sklearn_rows() -> list[Row]:
    from perceptron_ref.engine import load

    load()
    rows = []
    for n, d in SHAPES:
        X, y = pixels(n, d)
        Xf = X.astype(np.float64)  # scikit-learn's own type, converted outside its timing
        engine(X, y, 1)  # the kernel for this shape chosen (timed once a process)
        pairs, same = [], True
        for _ in range(REPEAT):
            t_eng, trace = timed(partial(engine, X, y, 1), clock=time.process_time)
            t_sk, model = timed(partial(sklearn_fit, Xf, y, 1), clock=time.process_time)
            pairs.append((t_eng, t_sk))
            same = same and identical(model, trace)
        ratio = median([s / e for e, s in pairs])
        t_eng, t_sk = median([p[0] for p in pairs]), median([p[1] for p in pairs])
        rows.append(Row(
            f"one pass {n}x{d} vs scikit-learn", f"engine {t_eng * 1e3:.1f} ms, sklearn "
            f"{t_sk * 1e3:.0f} ms (CPU), weights {'identical' if same else 'DIFFERENT'}",
            f"{ratio:.1f}x", ">= 10x, identical", ratio >= 10 and same,
        ))  # fmt: skip
        del X, Xf
    return rows
