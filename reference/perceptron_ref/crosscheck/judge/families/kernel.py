"""The kernel perceptron's answers: α, one coefficient per example, and its model's predictions.

Real implementations differ in their kernel (``kernel.3``): (x·x' + c)^p with c and p mixed up,
(x·x' + p)^c; scikit-learn's ``polynomial_kernel``, whose default gamma scales x·x' by 1/d
(((x·x')/d + c)^p); and a bias carried as b += y on a mistake, which is the kernel K + 1 (b is
then Σ αᵢ, and f(x) = Σ αⱼ(K(xⱼ, x) + 1)); and in sign(0) in training (``kernel.4``: the
reference counts a zero score as a mistake; CS229's sign(0) = 1 does not).  α may come signed
(the reference's: αᵢ = Σ yᵢ over the mistakes on example i) or as mistake counts (αᵢyᵢ is the
signed one): both are accepted, the form named.  A positive step scales α (theorem
``perceptron/step-invariance-extended``).  Variants that make the same run as the reference's
for these options (a kernel scaled by 1/d when c = 0) are not tried.

The runs are replayed on integers: the Gram matrix's numerators G over one positive
denominator per kernel (the data's common denominator D), so a score's sign is that of
Σ αⱼGⱼᵢ, an integer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from perceptron_ref import run
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
    show_vector,
)
from perceptron_ref.crosscheck.judge.families.averaged import RULES, SIGNS, TRAINING
from perceptron_ref.crosscheck.judge.replay import rule as decide
from perceptron_ref.crosscheck.judge.replay import scaled
from perceptron_ref.runner import Epochs
from perceptron_ref.vectors import Vector

Alpha = tuple[Vector, Fraction | None]  # α, and b when the candidate returned one


def polynomial(options: Options) -> tuple[int, Fraction]:
    """(p, c) of the kernel asked: the linear kernel is p = 1, c = 0."""
    given = options.given
    kind = given.get("kernel") or ("polynomial" if {"degree", "c"} & set(given) else "linear")
    if kind == "linear":
        return 1, Fraction(0)
    return int(given.get("degree", 2)), Fraction(given.get("c", 0))


def name(p: int, c: Fraction) -> str:
    return "x·x'" if p == 1 and c == 0 else f"(x·x' + {c})^{p}"


def kernels(options: Options, d: int) -> tuple[str, ...]:
    """The kernel variants for these options, the reference's first."""
    p, c = polynomial(options)
    found = [name(p, c)]
    if c.denominator == 1 and c >= 1 and c != p:
        found.append(f"(x·x' + {p})^{c} (p and c swapped)")
    if c != 0:
        found.append(f"(x·x'/d + {c})^{p} (scikit-learn's gamma = 1/d)")
        found.append(f"(x·x')^{p} (c left out)")  # a kernel written (X @ X.T) ** degree
    found.append(f"{name(p, c)} + 1 (the bias as Σ αy)")
    return tuple(found)


def gram(
    A: np.ndarray, B: np.ndarray, D: int, how: str, options: Options
) -> tuple[np.ndarray, int]:
    """The kernel matrix K(aᵢ, bⱼ) as integer numerators over one denominator (A, B: rows
    times D)."""
    p, c = polynomial(options)
    top = int(max(np.abs(A).max(initial=0), np.abs(B).max(initial=0)))
    if A.dtype == np.int64 and B.dtype == np.int64 and top * top * A.shape[1] < 2**62:
        dots = (A @ B.T).astype(object)  # (a·b)·D², in int64 while it cannot overflow
    else:
        dots = A.astype(object) @ B.astype(object).T
    cn, cd, D2 = c.numerator, c.denominator, D * D
    if how.endswith("(p and c swapped)"):
        return (dots + p * D2) ** int(c), D2 ** int(c)
    if how.endswith("(c left out)"):
        return dots**p, D2**p
    if how.endswith("(scikit-learn's gamma = 1/d)"):
        d = A.shape[1]
        return (dots * cd + cn * d * D2) ** p, (cd * d * D2) ** p
    base = (dots * cd + cn * D2) ** p
    den = (cd * D2) ** p
    if how.endswith("(the bias as Σ αy)"):
        return base + den, den
    return base, den


@dataclass(frozen=True)
class Run:
    alpha: tuple[int, ...]
    epochs: int
    status: str
    zero: int
    exact: bool


@lru_cache(maxsize=64)
def training_gram(data: Data, options: Options, kernel: str) -> tuple[np.ndarray, int, bool]:
    """The data's Gram matrix (numerators, denominator) and whether every entry is a float."""
    s = scaled(*data, bias=options.bias)
    G, den = gram(s.X, s.X, s.D, kernel, options)
    power = den & (den - 1) == 0
    top = int(np.abs(G).max(initial=0))
    exact = power and (top < 2**floats.FLOAT_BITS or all(
        floats.is_float(Fraction(int(v), den)) for v in G.flat
    ))  # fmt: skip
    return G, den, exact


@lru_cache(maxsize=512)
def dual(
    data: Data, options: Options, kernel: str, rule: str, epochs: Epochs, coded: str = ""
) -> Run:
    """The dual run; ``coded``: with labels 0/1 in its update (``runs.run``), a negative
    example's α·y stays 0 (its y is 0), whether or not its test counts a mistake; or, for
    ``"sign"``, α moves by y − ŷ with y in 0/1 and ŷ = ±1."""
    s = scaled(*data, bias=options.bias)
    G, _, exact = training_gram(data, options, kernel)
    mistake = decide(rule)
    y = s.y.tolist()
    n = len(y)
    alpha = np.zeros(n, dtype=object)
    passes = MAX_EPOCHS if epochs == "converge" else int(epochs)
    epoch, clean, zero = 0, False, 0
    while epoch < passes and not (epochs == "converge" and clean):
        epoch, clean = epoch + 1, True
        for i in range(n):
            score = int(alpha @ G[:, i])
            zero += score == 0
            if exact:
                exact = int(np.abs(alpha) @ np.abs(G[:, i])) < 2**floats.FLOAT_BITS
            if coded == "sign":  # α += y − ŷ, y in 0/1 and ŷ = ±1: every negative moves
                move = (2 if mistake(score, 1) else 0) if y[i] == 1 else 1 - 2 * mistake(score, -1)
                alpha[i] += move
                clean = clean and move == 0
            elif mistake(score, y[i]) and not (coded and y[i] == -1):
                alpha[i] += y[i]
                clean = False
    status = "online" if epochs != "converge" else "converged" if clean else "max_epochs"
    return Run(tuple(int(a) for a in alpha), epoch, status, zero, exact)


class KernelJudge(Judge[Alpha]):
    what = "coefficients α"
    symbol = "α"
    decide = "kernel.4"
    update = "kernel.5"

    def dims(self, options: Options) -> tuple[Dim, ...]:
        return (
            Dim("kernel", kernels(options, 0), "kernel.3", "kernel"),
            Dim("training", TRAINING, "kernel.4", "training"),
            Dim("prediction", SIGNS, "kernel.6", "prediction", predictions=True),
        )

    def forms(self, options: Options) -> tuple[str, ...]:
        return ("", "counts")

    def told_for(self, options: Options) -> Callable[[Data], dict[str, Any]]:
        """As every family's, with the kernel's p and c always said (the worker makes the
        kernel function a candidate's ``kernel=`` default is): for the linear kernel too,
        p = 1 and c = 0, so that a class written for (x·x' + c)^p, its defaults another
        kernel (``degree=2``), is told the one it is checked with."""
        base = super().told_for(options)
        p, c = polynomial(options)
        both = {"degree": p, "c": {"number": str(c)}}
        return lambda data: base(data) | both

    def _run(self, data: Data, variant: Variant, options: Options) -> Run:
        rule = RULES[variant["training"]]
        return dual(data, options, variant["kernel"], rule, options.epochs)

    def converges(self, data: Data, options: Options) -> bool:
        reference = self.variants(options, predictions=False)[0]
        return self._run(data, reference, options).status == "converged"

    def answer(self, data: Data, variant: Variant, options: Options) -> Alpha:
        return tuple(Fraction(a) for a in self._run(data, variant, options).alpha), None

    def stepped(
        self, data: Data, variant: Variant, options: Options, bias_step: Fraction, coded: str = ""
    ) -> Alpha:
        if bias_step != 1:  # no bias of its own: its step scales every α
            raise NotImplementedError
        rule = RULES[variant["training"]]
        r = dual(data, options, variant["kernel"], rule, options.epochs, coded)
        return tuple(Fraction(a) for a in r.alpha), None

    def checked(self, data: Data, options: Options) -> bool:
        """The literal dual loop costs n²·d a pass: checked up to 200000 of that."""
        passes = 1 if options.epochs == "converge" else int(options.epochs)
        return len(data[0]) ** 2 * len(data[0][0]) * passes <= 200_000

    def reference(self, data: Data, options: Options) -> Alpha:
        return run(options.algorithm, *data, **options.run()).weights, None

    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        alpha = np.array(self._run(data, variant, options).alpha, dtype=object)
        s = scaled(
            list(data[0]) + list(probes), [1] * (len(data[0]) + len(probes)), bias=options.bias
        )
        n = len(data[0])
        G, _ = gram(s.X[:n], s.X[n:], s.D, variant["kernel"], options)
        at_zero = {SIGNS[0]: 1, SIGNS[1]: -1, SIGNS[2]: 0}[variant["prediction"]]
        scores = (alpha @ G).tolist() if n else [0] * len(probes)
        return tuple(Fraction(at_zero if v == 0 else (1 if v > 0 else -1)) for v in scores)

    def normalize(self, got: Got, reading: Reading, data: Data, options: Options) -> Alpha | None:
        alpha, b = got.value
        if reading.form == "counts":
            if any(a < 0 for a in alpha):
                return None  # counts are never negative
            alpha = tuple(a * t for a, t in zip(alpha, data[1], strict=True))
        return alpha, b

    def split(self, value: Alpha) -> tuple[Vector, tuple[Any, ...]]:
        alpha, b = value
        return (*alpha, b) if b is not None else alpha, (b is not None,)

    def join(self, scaled_: Vector, rest: tuple[Any, ...]) -> Alpha:
        return (scaled_[:-1], scaled_[-1]) if rest[0] else (scaled_, None)

    def same(
        self, got: Alpha, expected: Alpha, data: Data, variant: Variant, options: Options,
        floats_: bool,
    ) -> bool:  # fmt: skip
        if got[0] != expected[0]:
            return False
        b = got[1]
        if b is None:
            return True
        carried = variant["kernel"].endswith("(the bias as Σ αy)")
        return b == (sum(got[0], Fraction(0)) if carried else 0)

    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        return self._run(data, variant, options).exact

    def stats(self, data: Data, options: Options) -> Stats:
        reference = self.variants(options, predictions=False)[0]
        r = self._run(data, reference, options)
        return Stats(r.zero, 0, r.epochs)

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        s = run(options.algorithm, *data, **options.run()).steps[step]
        where = f"f(x) = {s.score} and y = {s.label:+d}"
        if s.score == 0:
            return self.decide, f"its α differs after a zero score, {where}"
        return (self.update if s.mistake else self.decide), f"its α differs after {where}"

    def show(self, value: Alpha) -> str:
        alpha, b = value
        return show_vector(alpha) + ("" if b is None else f", b = {b}")

    def to_json(self, value: Alpha) -> Any:
        alpha, b = value
        found: dict[str, Any] = {"alpha": [str(a) for a in alpha]}
        return found if b is None else found | {"b": str(b)}


JUDGE = KernelJudge()
