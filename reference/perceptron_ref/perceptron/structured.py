"""``perceptron/structured``: Collins' structured perceptron (Gormley, slide 21; Collins 2002).

Mirrors ``spec/algorithms/perceptron/structured.md``.  An output y ranges over a set GEN(x)
that may be exponentially large (tag sequences); a feature map Φ(x, y) ∈ Qᴰ scores it by
Φ(x, y)·α, and the learner needs only an exact argmax (a *decoder*).  On a mistake,
α ← α + Φ(x, y) − Φ(x, z): the binary perceptron's update on the vector Φ(x, y) − Φ(x, z),
which is why its mistake bound R²/δ² does not depend on the size of GEN(x) (slide 21).

Two instances: :class:`Multiclass` here (Φ(x, y) puts x in the block of class y; ties in
the argmax go to the class listed first), and tag sequences with Viterbi in
:mod:`perceptron_ref.perceptron.tagging`.  The registry's ``perceptron/structured`` is the
multiclass perceptron over the classes (−1, +1) (so ties go to −1, "tie-negative");
``perceptron-ref run perceptron/structured FILE`` reads any class labels
(:mod:`perceptron_ref.perceptron.multiclass`).

>>> from perceptron_ref import run
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/structured", X, [-1, 1, 1, -1, -1, 1])
>>> trace.mistakes, [str(a) for a in trace.weights], trace.model.classes  # α₋, then α₊
(1, ['-1', '0', '1', '0'], (-1, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, add, dot, scale, zeros

In = TypeVar("In")
Out = TypeVar("Out", bound=Hashable)


@dataclass(frozen=True)
class Structure(Generic[In, Out]):
    """A structured problem: the dimension D of Φ, Φ itself, and the exact decoder
    argmax_{z ∈ GEN(x)} Φ(x, z)·α with its tie rule."""

    dimension: int
    phi: Callable[[In, Out], Vector]
    decode: Callable[[Vector, In], Out]


@dataclass(frozen=True, slots=True)
class StructuredStep(Generic[Out]):
    """One example seen: the score Φ(x, z)·α of the prediction z, z, y, and α after."""

    epoch: int
    index: int
    score: Fraction
    prediction: Out
    label: Out
    mistake: bool
    weights: Vector


def learn(
    examples: Iterable[tuple[int, int, In, Out]], structure: Structure[In, Out], eta: Fraction
) -> Iterator[StructuredStep[Out]]:
    """Collins' Figure 1 over a stream (epoch, i, x, y); ``eta`` scales the update (notes: 1)."""
    phi, decode = structure.phi, structure.decode
    alpha = zeros(structure.dimension)  # [structured.1]
    for epoch, i, x, y in examples:  # [structured.2]
        z = decode(alpha, x)  # [structured.3]
        score = dot(phi(x, z), alpha)
        mistake = z != y
        if mistake:  # [structured.4]
            alpha = add(alpha, scale(eta, add(phi(x, y), scale(-1, phi(x, z)))))  # [structured.5]
        yield StructuredStep(epoch, i, score, z, y, mistake, alpha)
    return  # [structured.6]


@dataclass(frozen=True)
class Multiclass(Generic[Out]):
    """Φ(x, y) = x in block y of K blocks of d: α = (α_{c₁}, …, α_{c_K}), score α_y·x."""

    classes: tuple[Out, ...]
    d: int

    def block(self, alpha: Vector, c: Out) -> Vector:
        k = self.classes.index(c)
        return alpha[k * self.d : (k + 1) * self.d]

    def phi(self, x: Vector, y: Out) -> Vector:
        k = self.classes.index(y)
        return zeros(k * self.d) + x + zeros((len(self.classes) - k - 1) * self.d)

    def decode(self, alpha: Vector, x: Vector) -> Out:
        """argmax_c α_c·x; a tie goes to the class listed first (strict > while scanning)."""
        best, best_score = self.classes[0], dot(self.block(alpha, self.classes[0]), x)
        for c in self.classes[1:]:
            s = dot(self.block(alpha, c), x)
            if s > best_score:
                best, best_score = c, s
        return best

    def structure(self) -> Structure[Vector, Out]:
        return Structure(len(self.classes) * self.d, self.phi, self.decode)


@dataclass(frozen=True)
class Argmax(Generic[Out]):
    """The learned multiclass predictor x ↦ argmax_c α_c·x (the trace's model)."""

    classes: tuple[Out, ...]
    alpha: Vector

    def predict(self, x: Vector) -> Out:
        return Multiclass(self.classes, len(x)).decode(self.alpha, x)

    def to_json(self) -> dict[str, Any]:
        return {"classes": list(self.classes)}

    def to_text(self) -> str:
        return (
            "classes: " + ", ".join(map(str, self.classes)) + " (α = their blocks of w, in order)"
        )


BINARY: tuple[Label, ...] = (-1, 1)


def learn_binary(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """The multiclass perceptron over the classes (−1, +1), as the runner drives any learner.

    The step's score is (α₊ − α₋)·x: the prediction is +1 iff it is > 0 (a tie goes to −1).
    """
    classes = Multiclass(BINARY, d)
    xs: dict[int, Vector] = {}
    stream = ((e.epoch, e.i, xs.setdefault(e.i, e.x), e.y) for e in examples)
    alpha = zeros(2 * d)  # α before the step
    for s in learn(stream, classes.structure(), eta):
        x = xs[s.index]
        score = dot(classes.block(alpha, 1), x) - dot(classes.block(alpha, -1), x)
        alpha = s.weights
        model = Argmax(BINARY, alpha)
        yield Step(s.epoch, s.index, score, s.prediction, s.label, s.mistake, alpha, model=model)


ALGORITHM = OnlineAlgorithm(
    id="perceptron/structured",
    note="002_64cd820e12606d14.txt (Gormley, slide 21: Structured Perceptron; Collins 2002)",
    zero_score="tie-negative",
    learn=learn_binary,
    start=lambda d: zeros(2 * d),  # α = (α₋, α₊): the runner's repeat test starts from α = 0
)


def separation(
    structure: Structure[In, Out], U: Vector, x: In, y: Out, others: Sequence[Out]
) -> tuple[Fraction, Fraction]:
    """Collins' quantities for one example: min over z ≠ y of U·Φ(x,y) − U·Φ(x,z) (its
    margin δᵢ) and max over z ≠ y of ‖Φ(x,y) − Φ(x,z)‖² (its Rᵢ²), z ranging over ``others``."""
    gold = structure.phi(x, y)
    diffs = [add(gold, scale(-1, structure.phi(x, z))) for z in others if z != y]
    assert diffs, "GEN(x) must hold an output besides y"
    return min(dot(U, v) for v in diffs), max(dot(v, v) for v in diffs)
