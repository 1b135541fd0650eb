"""Few data sets that still tell the usual wrong loops apart from the reference.

An assignment may ask for few data sets (``examples = 8``: a class graded fast), and a
handful drawn at random may all leave a wrong loop's answer equal to the reference's: a
tolerance ``|w·x| ≤ 1e-6`` taken for a zero score needs a score in (0, 1e-6], float32
arithmetic needs a value past 2²⁴, the other zero-score rules need a zero score at the
right step.  With fewer than :data:`SEPARATE` data sets, the smallest data set of as many
more drawn that tells each such loop apart (by its final w, or its status when it runs to
convergence) is added, unless one already drawn does.  The loops (:func:`wrong_runs`):

* the notes' other zero-score rules (``tie-positive``, ``tie-negative``, ``tie-mistake``);
* the rule with one pass fewer, one more, or one (a fixed number of passes);
* a tolerance: ``|w·x| ≤ 10⁻⁶`` counted as a zero score, and ``y·(w·x) ≤ 10⁻⁶`` an update;
* float32 arithmetic: the data and w in float32, each score summed in float32.

Only the notes' online perceptrons are replayed so: a batch algorithm, and the families (which
add their own, :mod:`~perceptron_ref.crosscheck.family_check`), get none added here.

>>> from perceptron_ref.crosscheck.judge.replay import scaled
>>> s = scaled([(1, 0), (2**-30, 1)], [1, 1], bias=False)
>>> [w.name for w in wrong_runs("perceptron/gormley-online", 1) if w.run(s) != answer(
...     s, "perceptron/gormley-online", 1)]
['tie-positive', 'tolerance 1e-6 around 0', 'margin 1e-6']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

import numpy as np

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.judge.replay import Decide, Scaled, replay, rule, scaled, weights
from perceptron_ref.runner import Epochs

SEPARATE = 48
"""Fewer data sets than this (``--examples``, an assignment's ``examples``) may all leave a
wrong loop's answer equal to the reference's: then data sets that tell each apart are added."""


def pool(*, floats: bool) -> dict[str, int]:
    """The regimes of the data sets drawn to tell the loops apart, and how many of each: the
    small ones that hold what the loops differ on -- zero scores (ties), tiny ones
    (near-zero), values past 2²⁴ (long) -- and not the large ones, never replayed here, nor
    the rationals, whose exact runs to convergence cost seconds each (``floats``: the same
    for a float candidate and an exact one)."""
    return {"ties": 12, "near-zero": 12, "long": 2}


SMALL = 5000
"""Numbers (n·d) above which a data set is not replayed here (each loop runs on it once)."""

CAP = 100
"""Passes after which a run to convergence is stopped here (the reference's cap is 1000, but
this only chooses the data added: every verdict is the reference's own run's, and a loop
that cycles would cost a second a data set)."""

TOLERANCE = Fraction(1, 10**6)
"""The tolerance students write (``abs(s) < 1e-6``, ``np.isclose``'s 1e-8 is caught by
the same scores)."""

Answer = tuple[tuple[Fraction, ...], str]
"""A run's final w (over the data's scale) and how it ended (online, converged, max_epochs)."""


@dataclass(frozen=True)
class Wrong:
    """A wrong loop: its name and its run on a scaled data set."""

    name: str
    run: Callable[[Scaled], Answer]


def _passes(algorithm: str, epochs: Epochs) -> int | None:
    return None if epochs == "converge" else int(epochs)


def answer(s: Scaled, algorithm: str, epochs: Epochs) -> Answer:
    """The reference's answer, replayed exactly (checked against the reference's trace by
    the trial for every data set it judges: :meth:`~perceptron_ref.crosscheck.judge.oracle.
    Oracle.replay`)."""
    return _exact(s, rule(registry.get(algorithm).zero_score), _passes(algorithm, epochs))


def _exact(s: Scaled, decide: Decide, passes: int | None) -> Answer:
    r = replay(s, decide, passes=passes, cap=CAP)
    return weights(s, r), r.status


def _float32(s: Scaled, decide: Decide, passes: int | None) -> Answer:
    """The loop in float32: the data rounded to float32, w and every score too."""
    X = np.array([[float(Fraction(int(v), s.D)) for v in row] for row in s.X.tolist()])
    X32 = X.astype(np.float32).reshape(len(s.X), -1)
    w = np.zeros(X32.shape[-1], dtype=np.float32)
    labels = s.y.tolist()
    epoch, clean = 0, False
    while (passes is None and not clean and epoch < CAP) or (passes is not None and epoch < passes):
        epoch, clean = epoch + 1, True
        for x, label in zip(X32, labels, strict=True):
            if decide(float(np.dot(w, x)), label):
                w = w + x if label == 1 else w - x
                clean = False
    status = "online" if passes is not None else "converged" if clean else "max_epochs"
    return tuple(Fraction(float(v)) for v in w.tolist()), status


def wrong_runs(algorithm: str, epochs: Epochs) -> list[Wrong]:
    """The wrong loops the data must tell apart from ``algorithm`` run for ``epochs``."""
    if algorithm not in registry.PERCEPTRONS or isinstance(registry.get(algorithm), BatchAlgorithm):
        return []
    own = registry.get(algorithm).zero_score
    zero = rule(own)
    passes = _passes(algorithm, epochs)
    found = [
        Wrong(other, partial(_exact, decide=rule(other), passes=passes))
        for other in ("tie-positive", "tie-negative", "tie-mistake")
        if other != own
    ]
    if passes is not None:
        for name, m in (("a pass fewer", passes - 1), ("a pass more", passes + 1), ("one pass", 1)):
            if m >= 1 and m != passes and not (name == "one pass" and m == passes - 1):
                found.append(Wrong(name, partial(_exact, decide=zero, passes=m)))

    def band(s: Scaled) -> Answer:
        bar = TOLERANCE * s.D * s.D
        return _exact(s, lambda v, y: zero(0 if abs(v) <= bar else v, y), passes)

    def margin(s: Scaled) -> Answer:
        bar = TOLERANCE * s.D * s.D
        return _exact(s, lambda v, y: y * v <= bar, passes)

    found += [
        Wrong("tolerance 1e-6 around 0", band),
        Wrong("margin 1e-6", margin),
        Wrong("float32", lambda s: _float32(s, zero, passes)),
    ]
    return found


Apart = Callable[[int, Answer, Answer], bool]
"""``apart(i, expected, got)``: does the answer ``got`` show otherwise than ``expected`` on
the ``i``-th data set (of the pool; -1 - i: of those already found)?  By default, when the
two differ; a program whose outputs are labels shows only the labels its w predicts."""


def separating(
    found: Sequence[tuple[Data, Epochs]],
    pool: Sequence[Data],
    algorithm: str,
    epochs: Epochs,
    *,
    bias: bool,
    shows: Apart | None = None,
) -> list[int]:
    """Indexes into ``pool`` (each run for ``epochs``) of data sets that tell the wrong loops
    apart from the reference: for each loop that no data set of ``found`` (each run for its
    own passes) tells apart, the smallest that does; small data sets only (:data:`SMALL`),
    none twice.  ``shows``: what tells an answer apart (see :data:`Apart`)."""
    runs = wrong_runs(algorithm, epochs)
    if not runs:
        return []

    def small(data: Data) -> bool:
        return bool(data[0]) and _size(data) <= SMALL

    known: dict[tuple[int, Epochs], tuple[Scaled, Answer]] = {}
    by_passes = {e: {w.name: w for w in wrong_runs(algorithm, e)} for _, e in found}
    by_passes[epochs] = {w.name: w for w in runs}

    def apart(key: int, data: Data, e: Epochs, name: str) -> bool:
        wrong = by_passes[e].get(name)
        if wrong is None:
            return False
        if (key, e) not in known:
            s = scaled(*data, bias=bias)
            known[key, e] = s, answer(s, algorithm, e)
        s, expected = known[key, e]
        got = wrong.run(s)
        return got != expected if shows is None else shows(key, expected, got)

    tried = [(-1 - i, d, e) for i, (d, e) in enumerate(found) if small(d)]  # keys < 0: found
    order = sorted((i for i, d in enumerate(pool) if small(d)), key=lambda i: _size(pool[i]))
    added: list[int] = []
    for wrong in runs:
        if any(apart(key, d, e, wrong.name) for key, d, e in tried):
            continue
        hit = next((i for i in order if apart(i, pool[i], epochs, wrong.name)), None)
        if hit is not None and hit not in added:
            added.append(hit)
            tried.append((hit, pool[hit], epochs))
    return added


def _size(data: Data) -> int:
    return len(data[0]) * len(data[0][0])
