"""Why a program's files differ: which convention reproduces them, and a small data file.

A program's labels say little on their own, so each usual slip is tried as a hypothesis:
the perceptron is run again with one thing changed (:class:`Knobs`), and a cause is named
only when that run gives exactly the labels the program wrote, on the counterexample and on
every other data set it answered, where the assignment's own run does not:

=================  ==========================================================================
``tie-rule``       training decides a zero score w·x = 0 by another note's rule, or counts
                   it as no mistake at all (y·(w·x) < 0 for ≤ 0: from w = 0, never an update)
``zero-label``     the prediction at a zero score is the other label
``passes``         one pass too many or too few
``bias``           no bias (or a bias the assignment does not have)
``order``          the examples taken in reverse order
``label-coding``   the update uses labels 0/1 as they are written (w += y·x: a negative example
                   never moves w)
``learning-rate``  the bias is updated by y, not η·y (with η ≠ 1; w itself may use any step)
``labels-swapped`` every label written the other way round
=================  ==========================================================================

The metrics are checked against the usual slips too: ``accuracy`` (1 − error written as the
error), ``percent`` (100 × the value), ``truncated`` (digits cut, not rounded) and ``swapped``
(the training and test values exchanged).

:func:`shrink` makes a failing pair of files small: fewer training examples, fewer features
(in both files), one test example, simpler numbers -- each try one run of the program, within
a number of tries and a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from perceptron_ref import registry
from perceptron_ref.algorithm import ZeroRule
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.tables import Case
from perceptron_ref.crosscheck.explain.shrink import _simpler
from perceptron_ref.crosscheck.judge.files import MAX_EPOCHS, Settings, passes, rounded
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Label

Rule = ZeroRule | Literal["tie-never"]
"""A zero-score rule of training: the notes' three, and the one no note has that loops
written ``if y * (w @ x) < 0`` follow (a zero score is never a mistake, so w = 0 never moves)."""

RULES: dict[Rule, str] = {
    "tie-positive": "counts as +1",
    "tie-negative": "counts as -1",
    "tie-mistake": "is always a mistake",
    "tie-never": "is never a mistake",
}

NEVER = ": a test y·(w·x) < 0 where ≤ 0 is meant, under which w = 0 never moves"


@dataclass(frozen=True)
class Knobs:
    """One way to run the perceptron: the zero-score rule in training, the passes, the bias,
    the order, the label coding of the update, the bias's step and the zero label."""

    rule: Rule
    epochs: Epochs
    bias: bool
    zero_label: Label
    order: str = "given"
    labels01: bool = False
    eta_bias: Fraction | None = None  # the step of the bias when it is not η (None: η)
    eta: Fraction = Fraction(1)


def base(settings: Settings, epochs: Epochs) -> Knobs:
    rule: Rule = registry.get(settings.algorithm).zero_score
    return Knobs(
        rule,
        passes(settings.algorithm, epochs),
        settings.bias,
        settings.zero_label,
        eta=settings.eta,
    )


def _mistake(rule: Rule, y: Label, s: Fraction | int) -> bool:
    if s == 0:
        if rule == "tie-never":
            return False
        return rule == "tie-mistake" or (y == 1) == (rule == "tie-negative")
    return y * s < 0


def learn(data: Data, k: Knobs) -> tuple[list[Fraction | int], int]:
    """w (bias first) and the mistakes of the run ``k`` describes, exactly."""
    X, y = data
    rows = [((1, *x) if k.bias else tuple(x), t) for x, t in zip(X, y, strict=True)]
    if k.order == "reversed":
        rows.reverse()
    d = len(rows[0][0]) if rows else 0
    # Predictions do not depend on η when the bias moves with it: run with step 1, in ints.
    step: Fraction | int = 1 if k.eta_bias is None else k.eta
    w: list[Fraction | int] = [0] * d
    mistakes, epoch = 0, 0
    limit = MAX_EPOCHS if k.epochs == "converge" else int(k.epochs)
    while epoch < limit:
        epoch += 1
        clean = True
        for x, t in rows:
            s = sum(a * b for a, b in zip(w, x, strict=True))
            if _mistake(k.rule, t, s):
                clean = False
                mistakes += 1
                c = (1 if t > 0 else 0) if k.labels01 else t
                for j in range(d):
                    eta = k.eta_bias if (k.bias and j == 0 and k.eta_bias is not None) else step
                    w[j] = w[j] + eta * c * x[j]
        if k.epochs == "converge" and clean:
            break
    return w, mistakes


Rows = tuple[tuple[Fraction | int, ...], ...]


def labels_of(w: list[Fraction | int], X: Rows, k: Knobs) -> tuple[Label, ...]:
    out: list[Label] = []
    for x in X:
        s = sum(a * b for a, b in zip(w, (1, *x) if k.bias else x, strict=True))
        out.append(k.zero_label if s == 0 else (1 if s > 0 else -1))
    return tuple(out)


def predictions(case: Case, k: Knobs) -> tuple[tuple[Label, ...], tuple[Label, ...]]:
    w, _ = learn(case.train, k)
    return labels_of(w, case.train[0], k), labels_of(w, case.test[0], k)


def hypotheses(
    settings: Settings, epochs: Epochs, written01: bool = True
) -> Iterator[tuple[str, str, str, Knobs]]:
    """(key, code, evidence, knobs) for every single change of the assignment's run
    (``written01``: the files write the labels 0 and 1)."""
    k = base(settings, epochs)
    for rule, words in RULES.items():
        if rule != k.rule:
            yield (
                f"tie-rule:{rule}",
                "tie-rule",
                f"its labels are those of training where a "
                f"zero score w·x = 0 {words} ({rule}), not as in {settings.algorithm} "
                f"({k.rule}){NEVER if rule == 'tie-never' else ''}",
                replace(k, rule=rule),
            )
    other = -k.zero_label
    yield (
        "zero-label",
        "zero-label",
        f"its labels are those of predicting {other:+d} at a "
        f"zero score w·x = 0, where the assignment predicts {k.zero_label:+d}",
        replace(k, zero_label=other),
    )
    if k.epochs != "converge":
        n = int(k.epochs)
        for m, words in ((n - 1, "one pass too few"), (n + 1, "one pass too many")):
            if m >= 0:  # 0: a loop over range(epochs - 1) asked for one pass makes none
                said = f"its labels are those of {m} pass{'es' * (m != 1)}, not {n}: {words}"
                yield f"passes:{m - n:+d}", "passes", said, replace(k, epochs=m)
    said = "without a bias (the constant 1 feature)" if k.bias else "with a bias it should not have"
    yield (
        "bias",
        "bias",
        f"its labels are those of a perceptron {said}",
        replace(k, bias=not k.bias),
    )
    yield (
        "order",
        "order",
        "its labels are those of training on the examples in reverse order",
        replace(k, order="reversed"),
    )
    if written01:
        yield (
            "label-coding",
            "label-coding",
            "its labels are those of an update by the label "
            "as written, 0 or 1 (w += y·x): a negative example never moves w",
            replace(k, labels01=True),
        )
    if k.bias and settings.eta != 1:
        yield (
            "learning-rate",
            "learning-rate",
            f"its labels are those of a bias updated by y, not by η·y = {settings.eta}·y",
            replace(k, eta_bias=Fraction(1)),
        )


Seen = tuple[Case, dict[str, list[int | None]]]
"""A case and the labels a program wrote on it (``train_out``, ``test_out``)."""


def _wanted(case: Case, k: Knobs) -> dict[str, list[int | None]]:
    a, b = predictions(case, k)
    return {"train_out": list(a), "test_out": list(b)}


def _reproduces(k: Knobs, seen: Seen) -> bool:
    want = _wanted(seen[0], k)
    return all(seen[1][o] == want[o] for o in seen[1])


def _flipped(k: Knobs, seen: Seen) -> bool:
    want = _wanted(seen[0], k)
    return all(
        len(seen[1][o]) == len(want[o])
        and all(
            g is not None and w is not None and g == -w
            for g, w in zip(seen[1][o], want[o], strict=False)
        )
        for o in seen[1]
    )


def causes(
    settings: Settings,
    epochs: Callable[[Case], Epochs],
    seen: list[Seen],
    written01: bool = True,
) -> list[tuple[str, str]]:
    """(code, evidence) of the hypotheses that reproduce every labels file of ``seen`` (the
    counterexample first) where the assignment's run does not; small cases only (a large
    one costs seconds for each hypothesis)."""
    seen = [s for s in seen if s[1] and s[0].size <= 4000][:12]
    if not seen or _reproduces(base(settings, epochs(seen[0][0])), seen[0]):
        return []
    flipped = all(_flipped(base(settings, epochs(s[0])), s) for s in seen)
    found: list[tuple[str, str]] = []
    first = list(hypotheses(settings, epochs(seen[0][0]), written01))
    for key, code, evidence, _ in first:

        def matches(s: Seen, key: str = key) -> bool:
            ks = [k for kk, _, _, k in hypotheses(settings, epochs(s[0]), written01) if kk == key]
            return bool(ks) and _reproduces(ks[0], s)

        if all(matches(s) for s in seen):
            found.append((code, evidence))
    if flipped:  # every label the other way round: said last, after a cause that explains it
        found.append(
            (
                "labels-swapped",
                "it writes every label the other way round (the "
                "positive label where the negative one belongs)",
            )
        )
    return found


def metric_slips(
    value: Fraction, want: dict[str, Fraction], quantity: str, decimals: int | None
) -> list[tuple[str, str]]:
    """The usual slips that give ``value`` for ``quantity`` (an error rate or accuracy)."""
    if quantity == "mistakes":
        return []
    exact = want[quantity]
    tol = Fraction(0) if decimals is None else Fraction(1, 2 * 10**decimals)
    other = quantity.replace("error", "ACC").replace("accuracy", "error").replace("ACC", "accuracy")
    swapped = quantity.replace("train", "TEST").replace("test", "train").replace("TEST", "test")
    found = []
    if abs(value - want[other]) <= tol and want[other] != exact:
        found.append(("accuracy", f"its {quantity} is {value}: that is the {other}"))
    if abs(value - 100 * exact) <= 100 * tol and exact != 0:
        found.append(("percent", f"its {quantity} is {value}: 100 × the value, a percentage"))
    if decimals is not None and exact >= 0:
        cut = Fraction(int(exact * 10**decimals), 10**decimals)
        if value == cut and cut != Fraction(rounded(exact, decimals)):
            found.append(
                (
                    "truncated",
                    f"its {quantity} is {value}: {exact} = "
                    f"{float(exact):.{decimals + 3}f}... cut, not rounded",
                )
            )
    if swapped != quantity and abs(value - want[swapped]) <= tol and want[swapped] != exact:
        found.append(("swapped", f"its {quantity} is {value}: that is the {swapped}"))
    return found


def _data(X: Rows, y: tuple[Label, ...]) -> Data:
    return X, y


def _cut(rows: Rows, a: int, size: int) -> Rows:
    return tuple(r[:a] + r[a + size :] for r in rows)


def _tries(case: Case) -> Iterator[Case]:
    """Simpler cases than ``case``, coarse steps first: blocks of training examples removed,
    blocks of features removed from both files, then single numbers made simpler."""
    (X, y), (T, u) = case.train, case.test
    n, d = len(X), len(X[0])
    for level in range(1, max(n, d).bit_length() + 1):
        size = max(1, n >> level)
        for a in range(0, n, size):
            if size < n:
                yield replace(case, train=_data(X[:a] + X[a + size :], y[:a] + y[a + size :]))
        size = max(1, d >> level)
        for a in range(0, d, size):
            if size < d:
                yield replace(
                    case, train=_data(_cut(X, a, size), y), test=_data(_cut(T, a, size), u)
                )
    for which, (A, b) in (("train", (X, y)), ("test", (T, u))):
        for i, x in enumerate(A):
            for j, v in enumerate(x):
                for s in _simpler(Fraction(v)):
                    q = int(s) if s.denominator == 1 else s
                    rows = (*A[:i], (*x[:j], q, *x[j + 1 :]), *A[i + 1 :])
                    if which == "train":
                        yield replace(case, train=_data(rows, b))
                    else:
                        yield replace(case, test=_data(rows, b))


def shrink(
    case: Case,
    fails: Callable[[Case], bool],
    valid: Callable[[Case], bool],
    *,
    tries: int = 80,
    seconds: float = 60.0,
) -> Case:
    """A smaller case on which ``fails`` still holds (greedy: the first simpler case that
    fails is kept, then again), within ``tries`` runs and ``seconds``."""
    deadline = time.monotonic() + seconds
    used = 0
    improved = True
    while improved and used < tries and time.monotonic() < deadline:
        improved = False
        for simpler in _tries(case):
            if used >= tries or time.monotonic() >= deadline:
                break
            if not valid(simpler):
                continue
            used += 1
            if fails(simpler):
                case, improved = simpler, True
                break
    return case
