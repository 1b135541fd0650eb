"""The multiclass perceptron's answers (``perceptron/structured`` on class labels): the rows
W, one per class in the order of the sorted labels.

Real implementations differ in who wins a tie in the argmax (``structured.3``: the reference's
first class, as ``np.argmax``; a scan with ``>=`` keeps the last), and in the update
(``structured.5``: the reference adds x to the true class's row and subtracts it from the
predicted one; code that only adds to the true row, or subtracts x/2 from the predicted row,
runs another algorithm).  A positive step scales W (theorem
``perceptron/step-invariance-extended``): every score scales, no argmax changes.

The runs are replayed in integers: W·2D (D the data's common denominator, 2 for the half
step), int64 while |X·2D| < 2²⁰, Python integers beyond; the reference variant's W is
checked against :func:`~perceptron_ref.perceptron.multiclass.run_multiclass` on every small
data set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.families import Got
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.family_options import MAX_EPOCHS, Options
from perceptron_ref.crosscheck.judge import floats
from perceptron_ref.crosscheck.judge.families import (
    Dim,
    Judge,
    Reading,
    Stats,
    Variant,
    move_bias,
    show_vector,
    with_bias,
)
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.perceptron.multiclass import MulticlassTrace, run_multiclass
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Vector, dot

Rows = tuple[Vector, ...]
TIES = ("first", "last")
UPDATES = ("both rows", "true row only", "predicted row only", "½ on the predicted row")
ROWS = (1, 1)
"""A row's step on its weights and on its bias column, in the run's units (the whole update)."""


@dataclass(frozen=True)
class Run:
    W: Rows
    epochs: int
    status: str
    ties: int  # steps whose argmax was tied
    exact: bool  # every weight and every score a float, summed exactly


def argmax(scores: Sequence[Any], tie: str) -> int:
    top = max(scores)
    found = [k for k, s in enumerate(scores) if s == top]
    return found[0] if tie == "first" else found[-1]


def summed_exactly(W: np.ndarray, x: np.ndarray, D: int) -> bool:
    """Is every score W_c·x summed with no rounding in float64, in any order (``judge/floats``'
    grain test), W in units of 1/(2D) and x of 1/D?"""
    P = np.abs(W) * np.abs(x)  # the products, in units of 1/(2D²)
    if D == 1:  # integer data: halves at the finest
        return bool(int(P.sum(axis=1).max(initial=0)) < 2 ** (floats.FLOAT_BITS - 1))
    unit = (2 * D * D).bit_length() - 1
    for row in P.tolist():
        terms = [int(t) for t in row if t]
        if not terms:
            continue
        m = max(unit - min((t & -t).bit_length() - 1, unit) for t in terms)
        if sum(terms) * 2**m >= 2**floats.FLOAT_BITS * 2**unit:
            return False
    return True


@lru_cache(maxsize=512)
def multiclass(
    data: Data,
    bias: bool,
    epochs: Epochs,
    variant: Variant,
    true: tuple[int, int] = ROWS,
    predicted: tuple[int, int] = ROWS,
    unit: int = 1,
) -> Run:
    """The variant's run from W = 0, in integers W·2D.  ``true`` and ``predicted``: the
    integer multiples of x added to the true row and taken off the predicted one, on its
    weights and on its bias column, the rows then divided by ``unit``: a step η = p/q that
    reaches one part of the update only is the run with p on that part and q on the rest,
    divided by q (every argmax is that of the run times q)."""
    labels = [int(t) for t in data[1]]
    K = max(labels) + 1
    s = scaled(data[0], [1] * len(labels), bias=bias)
    wide = int(np.abs(s.X).max(initial=0)) >= 2**20
    X = s.X.astype(object) * 2 if wide else s.X.astype(np.int64) * 2
    W = np.zeros((K, X.shape[1]), dtype=X.dtype)
    parted = (true, predicted) != (ROWS, ROWS)
    if parted:  # the two rows' multiples, column by column (the bias column first)
        X = X.astype(object)
        W = W.astype(object)
        first = 1 if bias else 0
        on_true = np.array([true[1]] * first + [true[0]] * (X.shape[1] - first), dtype=object)
        on_predicted = np.array(
            [predicted[1]] * first + [predicted[0]] * (X.shape[1] - first), dtype=object
        )
    ties, epoch, clean, exact = 0, 0, False, True
    passes = MAX_EPOCHS if epochs == "converge" else int(epochs)
    tie, update = variant["argmax tie"], variant["update"]
    while epoch < passes and not (epochs == "converge" and clean):
        epoch, clean = epoch + 1, True
        for x, y in zip(X, labels, strict=True):
            scores = (W @ x).tolist()
            exact = exact and summed_exactly(W, x, s.D)
            ties += scores.count(max(scores)) > 1
            z = argmax(scores, tie)
            if z == y:
                continue
            clean = False
            if parted:
                W[y] = W[y] + x * on_true
                W[z] = W[z] - x * on_predicted
                continue
            if update != UPDATES[2]:
                W[y] = W[y] + x
            if update in (UPDATES[0], UPDATES[2]):
                W[z] = W[z] - x
            elif update == UPDATES[3]:
                W[z] = W[z] - x // 2
    exact = exact and all(floats.is_float(Fraction(int(v), 2 * s.D * unit)) for v in W.flat)
    rows = tuple(tuple(Fraction(int(v), 2 * s.D * unit) for v in row) for row in W.tolist())
    status = "online" if epochs != "converge" else "converged" if clean else "max_epochs"
    return Run(rows, epoch, status, ties, exact)


class MulticlassJudge(Judge[Rows]):
    what = "class rows W"
    symbol = "W"
    decide = "structured.3"
    update = "structured.5"
    step_dim = "update"  # a step on one row (or the biases) only: the update is wrong

    def dims(self, options: Options) -> tuple[Dim, ...]:
        return (
            Dim("argmax tie", TIES, "structured.3", "tie"),
            Dim("update", UPDATES, "structured.5", "update"),
        )

    def _run(self, data: Data, variant: Variant, options: Options) -> Run:
        return multiclass(data, options.bias, options.epochs, variant)

    def told_for(self, options: Options) -> Callable[[Data], dict[str, Any]]:
        """The options, and each data set's number of classes K as ``n_classes`` (a
        ``num_classes``, ``k``, ... parameter: ``parameters.CLASS_COUNT``), as the core
        fills a constructor's ``n_features`` with d: the labels are 0, …, K − 1, also given as
        their list ``class_labels`` (CS 188's ``legalLabels``: ``parameters.CLASS_LABELS``)."""
        base = super().told_for(options)

        def told(data: Data) -> dict[str, Any]:
            K = len(set(data[1]))
            return base(data) | {"n_classes": K, "class_labels": list(range(K))}

        return told

    def converges(self, data: Data, options: Options) -> bool:
        reference = self.variants(options, predictions=False)[0]
        return self._run(data, reference, options).status == "converged"

    def refuse(self, data: Data, options: Options) -> str:
        labels = sorted(set(int(t) for t in data[1]))
        if labels != list(range(len(labels))) or len(labels) < 2:
            return "the labels must be 0, …, K − 1 (K ≥ 2), every class present"
        return super().refuse(data, options)

    def answer(self, data: Data, variant: Variant, options: Options) -> Rows:
        return self._run(data, variant, options).W

    def step_parts(
        self, options: Options, eta: Fraction
    ) -> list[tuple[str, Callable[[Data, Variant], Rows]]]:
        """A step η = p/q on one row of the two (or, with a bias, on the biases or the
        weights only): the run with p on that part and q on the rest, divided by q."""
        p, q = eta.numerator, eta.denominator
        parts = [
            (
                "the true class's row only (W[y] ← W[y] + η·x, W[z] ← W[z] − x)",
                (p, p),
                (q, q),
            ),
            (
                "the predicted class's row only (W[y] ← W[y] + x, W[z] ← W[z] − η·x)",
                (q, q),
                (p, p),
            ),
        ]
        if options.bias:
            parts += [
                ("the biases only (W ← W ± x, b ← b ± η)", (q, p), (q, p)),
                ("the weights only (W ← W ± η·x, b ← b ± 1)", (p, q), (p, q)),
            ]

        def model(true: tuple[int, int], predicted: tuple[int, int]) -> Any:
            def answer(data: Data, variant: Variant) -> Rows:
                r = multiclass(data, options.bias, options.epochs, variant, true, predicted, q)
                return r.W

            return answer

        return [(words, model(true, predicted)) for words, true, predicted in parts]

    def trace(self, data: Data, options: Options) -> MulticlassTrace:
        run = options.run(options.eta)
        return run_multiclass(*data, **run)

    def reference(self, data: Data, options: Options) -> Rows:
        t = run_multiclass(*data, **options.run())
        d = t.dimension
        return tuple(t.weights[k * d : (k + 1) * d] for k in range(len(t.classes)))

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        W = self.answer(data, variant, options)
        return tuple(
            Fraction(argmax([dot(w, x) for w in W], variant["argmax tie"]))
            for x in with_bias(probes, options.bias)
        )

    def forms(self, options: Options) -> tuple[str, ...]:
        # The reader turns a d × K answer only where K ≠ D (D = d, + 1 with a bias); where
        # K = D a square W tells no orientation on its own: code that returns the transpose
        # on the other data sets is read so on these too, as one reading of every answer.
        return ("", "d × K")

    def normalize(self, got: Got, reading: Reading, data: Data, options: Options) -> Rows | None:
        rows: Rows = got.value
        if reading.form == "d × K" and got.shape != "d × K (transposed)":
            if got.shape or any(len(w) != len(rows) for w in rows):
                return None  # (W, b), a dict, or a K × d matrix that is not square
            rows = tuple(tuple(w[k] for w in rows) for k in range(len(rows)))
        last = reading.bias_last and options.bias and got.shape != "(W, b)"
        return tuple(move_bias(w, last) for w in rows)

    def split(self, value: Rows) -> tuple[Vector, tuple[Any, ...]]:
        return tuple(a for w in value for a in w), (len(value[0]) if value else 0,)

    def join(self, scaled_: Vector, rest: tuple[Any, ...]) -> Rows:
        d = rest[0]
        return tuple(scaled_[k : k + d] for k in range(0, len(scaled_), d)) if d else ()

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        return self._run(data, variant, options).exact

    def stats(self, data: Data, options: Options) -> Stats:
        reference = self.variants(options, predictions=False)[0]
        r = self._run(data, reference, options)
        return Stats(r.ties, 0, r.epochs)

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        s = self.trace(data, options).steps[step]
        if s.mistake:
            return (
                self.update,
                f"its rows differ after a mistake: class {s.prediction} for {s.label}",
            )
        return self.decide, f"its rows differ after predicting class {s.prediction}, no mistake"

    def show(self, value: Rows) -> str:
        return "; ".join(f"[{k}] {show_vector(w)}" for k, w in enumerate(value))

    def to_json(self, value: Rows) -> Any:
        return [[str(a) for a in w] for w in value]


JUDGE = MulticlassJudge()
