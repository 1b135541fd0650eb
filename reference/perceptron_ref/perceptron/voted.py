"""``perceptron/voted``: the voted perceptron (Gormley, slide 21; Freund & Schapire 1999, Fig. 1).

Mirrors ``spec/algorithms/perceptron/voted.md``.  Training keeps every weight vector vᵢ the
perceptron passes through with its *survival count* cᵢ: the number of examples for which it
was the vector in force after the example (a new vector starts at c = 1, Freund &
Schapire's c_{k+1} := 1).  The model is the vote ŷ = sign(Σᵢ cᵢ·sign(vᵢ · x)).

Zero score: Freund & Schapire's test is ŷ = y with ŷ = sign(v_k · x), and leave sign(0)
open; the reference counts a zero score as a mistake in training ("tie-mistake", Gormley
slide 31, and every peer in ``peers.md``), so the steps are exactly Gormley's online
perceptron's.  In the vote, sign(0) = +1 (Gormley slide 18), inside and outside the sum.

Gormley's worked example (slide 15): (1,−2) survives 2 examples, (2,−1) 2, (3,1) 2.

>>> from perceptron_ref import run
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/voted", X, [-1, 1, 1, -1, -1, 1])
>>> print(trace.model.to_text())
votes: (0, 0) × 0, (1, -2) × 2, (2, -1) × 2, (3, 1) × 2
>>> trace.model.predict((-1, 1)), trace.model.predict((1, 0))
(-1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, add, dot, scale, show, zeros


def sign(a: Fraction) -> Label:
    """sign(a) = +1 if a ≥ 0, else −1 (Gormley slide 18)."""
    return 1 if a >= 0 else -1


@dataclass(frozen=True)
class Votes:
    """The list ⟨(v₁, c₁), …, (v_k, c_k)⟩, held as the last pair and the ones before it.

    Each step changes only the last pair, so a step's model shares all earlier pairs with
    the step before it (a linked list): O(1) per step instead of copying k pairs.
    """

    v: Vector
    c: int
    earlier: Votes | None

    @property
    def perceptrons(self) -> tuple[tuple[Vector, int], ...]:
        """The weighted perceptrons (v₁, c₁), …, (v_k, c_k), oldest first."""
        pairs: list[tuple[Vector, int]] = []
        node: Votes | None = self
        while node is not None:
            pairs.append((node.v, node.c))
            node = node.earlier
        return tuple(reversed(pairs))

    def predict(self, x: Vector) -> Label:
        """Freund & Schapire's vote: s = Σᵢ cᵢ·sign(vᵢ · x), ŷ = sign(s)."""
        return vote(self.perceptrons, x)

    def to_json(self) -> dict[str, Any]:
        return {
            "votes": [{"weights": [str(a) for a in v], "count": c} for v, c in self.perceptrons]
        }

    def to_text(self) -> str:
        return "votes: " + ", ".join(f"{show(v)} × {c}" for v, c in self.perceptrons)


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Freund & Schapire's training loop over a stream (the runner makes the T passes)."""
    v, c, earlier = zeros(d), 0, None  # [voted.1]
    for epoch, i, x, y in examples:  # [voted.2]
        s = dot(v, x)  # [voted.3]
        mistake = y * s <= 0
        if not mistake:  # [voted.4]
            c = c + 1
        else:
            earlier, v = Votes(v, c, earlier), add(v, scale(eta * y, x))  # [voted.5]
            c = 1  # [voted.6]
        prediction: Label = -y if s == 0 else sign(s)
        yield Step(epoch, i, s, prediction, y, mistake, v, model=Votes(v, c, earlier))
    return  # [voted.7]


def vote(perceptrons: tuple[tuple[Vector, int], ...], x: Vector) -> Label:
    """The prediction of the weighted perceptrons on x, sign(0) = +1 inside and outside."""
    s = sum((c * sign(dot(v, x)) for v, c in perceptrons), 0)
    return sign(Fraction(s))  # [voted.8]


ALGORITHM = OnlineAlgorithm(
    id="perceptron/voted",
    note="002_64cd820e12606d14.txt (Gormley, slide 21; Freund & Schapire 1999, Figure 1)",
    zero_score="tie-mistake",
    learn=learn,
)
