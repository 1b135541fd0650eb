"""Judging a family's answers: the reference's exact answer, the variants real code runs, and
how two answers compare (one module per family).

A family's :class:`Judge` names its *dimensions*: the places where real implementations of
its algorithm differ (which vectors an average takes, where a vote's count starts, who wins a
tie in the argmax, Winnow's threshold, …), each with its values, the reference's first, and
the spec line that settles it.  A :class:`Variant` is one value per dimension; its exact
answer on a data set is computed here (:meth:`Judge.answer`), and the reference variant's is
checked against the reference's own run (:meth:`Judge.reference`) on every data set small
enough for the literal loops.  ``agrees_with`` names the variants whose answers the
candidate gives on every data set: ``perceptron/averaged (after, tie → mistake)``.

Readings: a candidate's answer may put the bias last, give α as mistake counts (named
*forms*), or use a learning rate: for the perceptron families a positive step is an
equivalence (theorem ``perceptron/step-invariance-extended``): the answer's scaled part is
c times the reference's and its other part (counts, predictions) the same.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from perceptron_ref import run
from perceptron_ref.crosscheck.candidates.families import Got
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.vectors import Vector

N = TypeVar("N")
ONE = Fraction(1)
CHECKED = 20_000
"""Numbers (n·d times the passes) up to which a variant's answer is checked against the
reference's literal run (the core's ``oracle.SMALL``)."""
THEOREM = "perceptron/step-invariance-extended"
"""The theorem that makes a positive step an equivalence for the averaged, voted, kernel and
multiclass perceptrons (``spec/theorems/perceptron/step-invariance-extended.md``)."""


@dataclass(frozen=True)
class Dim:
    """A place where implementations differ: its values (the reference's first), the spec
    line that settles it, and the name of its graded test (``aspect``)."""

    name: str
    values: tuple[str, ...]
    line: str
    aspect: str = ""
    predictions: bool = False  # it shows only in predictions (a vote, a tied argmax)


@dataclass(frozen=True)
class Variant:
    """One value for each dimension."""

    values: tuple[tuple[str, str], ...]

    def __getitem__(self, dim: str) -> str:
        return dict(self.values)[dim]

    def get(self, dim: str, default: str = "") -> str:
        return dict(self.values).get(dim, default)

    def name(self, algorithm: str, reference: Variant | None = None) -> str:
        """``perceptron/averaged (before)``: the first dimension's value, and each other one
        that differs from the ``reference`` variant's (``(after, tie → positive)``)."""
        shown = [
            v
            for k, (dim, v) in enumerate(self.values)
            if k == 0 or reference is None or reference.get(dim) != v
        ]
        return f"{algorithm} ({', '.join(shown)})"


@dataclass(frozen=True)
class Reading:
    """How an answer is read: its rate c, the bias last, a family's form (α as counts)."""

    rate: Fraction = ONE
    bias_last: bool = False
    form: str = ""


@dataclass(frozen=True)
class Stats:
    """What one data set's reference run covered (the core's coverage keys)."""

    zero: int
    near_zero: int
    epochs: int


class Judge(ABC, Generic[N]):
    """A family's judge: ``N`` is its natural answer (a vector, a list of (v, c), rows, …)."""

    what: str = "answer"  # what is compared, in words: "averaged w"
    symbol: str = "w"  # its name in a report's text: "w̄"
    scales: bool = True  # is a positive learning rate an equivalence (a theorem)?
    decide: str = ""  # the spec line that decides a mistake (blamed at a zero score)
    update: str = ""  # the spec line of the update (blamed otherwise)
    step_dim: str = ""  # the dimension a step on part of the update is wrong in (its graded part)

    # -- the variants ------------------------------------------------------------------------

    @abstractmethod
    def dims(self, options: Options) -> tuple[Dim, ...]: ...

    def variants(self, options: Options, *, predictions: bool) -> list[Variant]:
        """Every variant, the reference's first (each dimension's first value)."""
        dims = [d for d in self.dims(options) if predictions or not d.predictions]
        names = [d.name for d in dims]
        return [
            Variant(tuple(zip(names, values, strict=True)))
            for values in itertools.product(*(d.values for d in dims))
        ]

    # -- the options and the data ------------------------------------------------------------

    def check(self, options: Options, floats: bool) -> None:
        """Refuse options this family cannot judge (an InputError)."""

    def told_for(self, options: Options) -> Callable[[Data], dict[str, Any]]:
        """The keyword arguments the candidate is told on a data set (those its signature
        names are passed): ``epochs``, ``bias``, ``eta``, the algorithm's options and the
        data's d (``n_features``)."""
        told: dict[str, Any] = {"epochs": options.epochs, "bias": options.bias}
        if self.scales:
            told["eta"] = {"number": str(options.eta)}
        for name, value in options.settings:
            told[name] = {"number": str(value)} if isinstance(value, Fraction) else value
        if options.max_epochs is not None:
            told["max_epochs"] = options.max_epochs
        # a constructor's n_features (``parameters.FAMILY_DIMENSION``) is given d, as the
        # core gives it: AveragedPerceptron(n_features) sizes its w before fit
        return lambda data: told | {"n_features": len(data[0][0]) if data[0] else 0}

    def refuse(self, data: Data, options: Options) -> str:
        """Why these data cannot be used ("" when they can): a run to convergence must
        converge within the cap."""
        if options.epochs == "converge" and not self.converges(data, options):
            return f"{options.algorithm} does not converge on these data within the cap"
        return ""

    def converges(self, data: Data, options: Options) -> bool:
        status: str = run(options.algorithm, *data, **options.run()).status
        return status == "converged"

    # -- the answers -------------------------------------------------------------------------

    @abstractmethod
    def answer(self, data: Data, variant: Variant, options: Options) -> N:
        """The variant's exact answer on the data, at step 1."""

    def stepped(
        self, data: Data, variant: Variant, options: Options, bias_step: Fraction, coded: str = ""
    ) -> N:
        """The variant's answer at step 1 with the bias moved by ``bias_step``·y (a step
        applied to the bias alone), or with labels coded 0/1 in the update (``coded``: see
        ``runs.run``); a family that cannot say raises NotImplementedError."""
        raise NotImplementedError

    def promotion(self, options: Options) -> Fraction | None:
        """A multiplicative family's promotion factor (Winnow's 2, 1 + ε), else None."""
        return None

    def promoted(self, data: Data, variant: Variant, options: Options, f: Fraction) -> N:
        """The variant's answer with the promotion factor ``f`` in place of its own."""
        raise NotImplementedError

    def step_parts(
        self, options: Options, eta: Fraction
    ) -> list[tuple[str, Callable[[Data, Variant], N]]]:
        """The ways a step ``eta`` ≠ 1 reaches one part of the update only that this family
        runs itself, each in words with its answer at that step (the candidate's units);
        the averaged and voted perceptrons' bias-only step is :meth:`stepped`'s."""
        return []

    @abstractmethod
    def reference(self, data: Data, options: Options) -> N:
        """The reference's own answer (``run``), at step 1."""

    def checked(self, data: Data, options: Options) -> bool:
        """Is the reference's run cheap enough to check this data set's answer against it?
        (The literal loops: n·d numbers a pass, at most ``SMALL``.)"""
        passes = 1 if options.epochs == "converge" else int(options.epochs)
        return len(data[0]) * len(data[0][0]) * passes <= CHECKED

    def trace(self, data: Data, options: Options) -> Any:
        """The reference's run on the data, at the step told (the counterexample's)."""
        return run(options.algorithm, *data, **options.run(options.eta))

    @abstractmethod
    def predict(
        self, data: Data, variant: Variant, options: Options, probes: Sequence[Vector]
    ) -> tuple[Fraction, ...]:
        """The variant's model's predictions at the probes."""

    # -- reading and comparing ---------------------------------------------------------------

    def forms(self, options: Options) -> tuple[str, ...]:
        """The forms an answer may come in (besides the reference's, ""), each named."""
        return ("",)

    def normalize(self, got: Got, reading: Reading, data: Data, options: Options) -> N | None:
        """The answer in the reference's layout (bias first, signed α, …), still at the
        candidate's rate; None when it cannot be read so."""
        value: N | None = got.value
        return value

    @abstractmethod
    def split(self, value: N) -> tuple[Vector, tuple[Any, ...]]:
        """The part a learning rate scales, and the rest."""

    @abstractmethod
    def join(self, scaled: Vector, rest: tuple[Any, ...]) -> N: ...

    def same(
        self, got: N, expected: N, data: Data, variant: Variant, options: Options, floats: bool
    ) -> bool:
        """Are these the same answer (in the reference's units), for this variant?"""
        return got == expected

    def parts(self, got: N, expected: N) -> dict[str, bool]:
        """Which graded parts of the answer match (voted: the vectors, the counts)."""
        return {}

    # -- the data ----------------------------------------------------------------------------

    @abstractmethod
    def exact(self, data: Data, variant: Variant, options: Options) -> bool:
        """Does float64 compute this variant's run on these data with no rounding?"""

    @abstractmethod
    def stats(self, data: Data, options: Options) -> Stats: ...

    def blame(self, data: Data, options: Options, step: int) -> tuple[str, str]:
        """The spec line to blame at the (0-based) step of a one-pass run, and why."""
        return self.update, "the candidate's answer differs from here on"

    # -- showing -----------------------------------------------------------------------------

    @abstractmethod
    def show(self, value: N) -> str: ...

    @abstractmethod
    def to_json(self, value: N) -> Any: ...


def scaled(judge: Judge[N], value: N, c: Fraction) -> N:
    """The answer with its scaled part divided by c (the reference's units at step 1)."""
    part, rest = judge.split(value)
    return judge.join(tuple(v / c for v in part), rest)


def ratio(judge: Judge[N], got: N, expected: N) -> Fraction | None:
    """The c > 0 with got = c·expected on the scaled part (None: none, or any c)."""
    g, _ = judge.split(got)
    e, _ = judge.split(expected)
    if len(g) != len(e):
        return None
    found = {a / b for a, b in zip(g, e, strict=True) if b != 0}
    if any(a != 0 for a, b in zip(g, e, strict=True) if b == 0) or len(found) != 1:
        return None
    c = found.pop()
    return c if c > 0 else None


def show_vector(v: Sequence[Fraction]) -> str:
    return "(" + ", ".join(str(a) for a in v) + ")"


def move_bias(w: Vector, bias_last: bool) -> Vector:
    """A vector with its last number moved first (where the reference keeps the bias)."""
    return (w[-1], *w[:-1]) if bias_last and w else w


def with_bias(points: Sequence[Sequence[Fraction | int]], bias: bool) -> list[Vector]:
    """Points as exact vectors, with the constant 1 first when ``bias``."""
    rows = [tuple(Fraction(v) for v in x) for x in points]
    return [(ONE, *x) for x in rows] if bias else rows
