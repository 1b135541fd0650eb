"""Library adapters: scikit-learn's and river's perceptrons set up to run the notes' algorithm.

Loaded by the worker in the candidate's sandboxed process (it imports nothing from
``perceptron_ref``).  What ``../shared/peers.md`` measured, and how each adapter meets it:

scikit-learn ``Perceptron``
    ``shuffle=False`` (it would shuffle before every epoch, the first included),
    ``tol=None`` (it would stop after 5 epochs without improving a float loss),
    ``eta0`` = eta (1 unless ``--eta``), ``penalty=None`` (plain sequential float64: exact on
    the data sent),
    ``fit_intercept`` per ``bias`` on dense X (intercept decay 1.0; it is 0.01 on sparse X),
    ``max_iter`` = epochs.  There is no "until a clean pass": for ``converge`` it makes
    ``CONVERGE_CAP`` passes, which gives the same w on separable data (after a clean pass
    no rule of "tie → mistake" changes w again).  It updates iff y·s ≤ 0 (tie → mistake);
    tie → positive and tie → negative cannot be set.
river ``linear_model.Perceptron``
    labels must be 0/1 or bool (−1 is silently read as a negative *and* wrong): we pass
    ``y == 1``; it always learns an intercept: without ``bias`` its learning rate is set to
    0 so it stays 0; one ``learn_one`` per example, in order, ``epochs`` times (``learn_many``
    takes one mean step per batch instead); ``--eta`` sets its SGD step and intercept step.
    It updates iff y·s ≤ 0 (tie → mistake); its prediction goes through a sigmoid, which we
    never use.

Both return ``(w, b)`` with ``bias`` (the harness puts b first) and ``w`` without.
"""

from __future__ import annotations

import warnings
from typing import Any

CONVERGE_CAP = 1000
"""Passes made for ``epochs="converge"`` (the libraries cannot stop at a clean pass)."""


def _passes(epochs: int | str) -> int:
    return CONVERGE_CAP if epochs == "converge" else int(epochs)


def sklearn(X: Any, y: Any, *, bias: bool, epochs: int | str, eta: Any = 1) -> Any:
    import numpy as np
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    if len(set(np.asarray(y).tolist())) < 2:
        # scikit-learn refuses one-class data; the notes' algorithm does not.
        raise ValueError("scikit-learn cannot fit data with a single class")
    model = Perceptron(
        fit_intercept=bias,
        shuffle=False,
        tol=None,
        eta0=float(eta),
        penalty=None,
        max_iter=_passes(epochs),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(np.asarray(X, dtype=np.float64), np.asarray(y))
    w = model.coef_[0]
    return (w, model.intercept_[0]) if bias else w


def river(X: Any, y: Any, *, bias: bool, epochs: int | str, eta: Any = 1) -> Any:
    from river import linear_model, optim

    model = linear_model.Perceptron()
    model.optimizer = optim.SGD(float(eta))
    model.intercept_lr = optim.schedulers.Constant(float(eta) if bias else 0)  # no bias switch
    rows = [[float(v) for v in row] for row in X]
    labels = [int(t) == 1 for t in y]  # river's labels are 0/1: 2y − 1 gives ±1
    for _ in range(_passes(epochs)):
        for x, t in zip(rows, labels, strict=True):
            model.learn_one(dict(enumerate(x)), t)
    w = [float(model.weights.get(j, 0.0)) for j in range(len(rows[0]))]
    return (w, float(model.intercept)) if bias else w
