"""Sequence labelling with the structured perceptron (Collins 2002), decoded exactly by Viterbi.

An input x is a sentence (a tuple of words), an output y a tag sequence of the same length,
GEN(x) all |T|ⁿ of them.  Φ(x, y) counts *emissions* (tag t on word v, for the words of the
training vocabulary) and *transitions* (tag t after tag p, or after START), so
Φ(x, y)·α = Σᵢ α[p→yᵢ] + α[yᵢ:xᵢ] is a sum of local scores and Viterbi's dynamic program
finds its maximum exactly.  Tie rule: among the maximal sequences, the first in
lexicographic order (tags ordered as given); the program runs from the last word back, so
that the forward read-out can pick, at each word, the first tag that still reaches the
maximum.

>>> corpus = [("the dog barks", "D N V"), ("a cat sleeps", "D N V"), ("dogs bark", "N V")]
>>> X = [tuple(s.split()) for s, _ in corpus]
>>> Y = [tuple(t.split()) for _, t in corpus]
>>> result = train(X, Y, tags=("D", "N", "V"), epochs="converge", max_epochs=10)
>>> result.status, result.mistakes
('converged', 3)
>>> result.tagger.decode(result.weights, ("the", "cat", "barks"))
('D', 'N', 'V')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import count

from perceptron_ref.errors import InputError
from perceptron_ref.inputs import Epochs, check_options
from perceptron_ref.perceptron.structured import Structure, StructuredStep, learn
from perceptron_ref.trace import Status
from perceptron_ref.vectors import Vector, zeros

Sentence = tuple[str, ...]
Tags = tuple[str, ...]
START = -1


@dataclass(frozen=True)
class Tagger:
    """The feature map of tag sequences over ``tags`` and a word ``vocabulary``, and Viterbi."""

    tags: Tags
    vocabulary: tuple[str, ...]

    @property
    def dimension(self) -> int:
        T = len(self.tags)
        return T * len(self.vocabulary) + (T + 1) * T

    def transition(self, p: int, t: int) -> int:
        """The index of the feature "tag t after tag p" (p = START before the first word)."""
        return len(self.tags) * len(self.vocabulary) + (p + 1) * len(self.tags) + t

    def local(self, alpha: Vector, x: Sentence, i: int, p: int, t: int) -> Fraction:
        """α[p→t] + α[t:xᵢ]: the part of Φ(x, y)·α that word i contributes."""
        score = alpha[self.transition(p, t)]
        if x[i] in self.vocabulary:  # a word never seen in training has no emission feature
            score += alpha[t * len(self.vocabulary) + self.vocabulary.index(x[i])]
        return score

    def phi(self, x: Sentence, y: Tags) -> Vector:
        counts = [0] * self.dimension
        p = START
        for i, tag in enumerate(y):
            t = self.tags.index(tag)
            counts[self.transition(p, t)] += 1
            if x[i] in self.vocabulary:
                counts[t * len(self.vocabulary) + self.vocabulary.index(x[i])] += 1
            p = t
        return tuple(Fraction(c) for c in counts)

    def decode(self, alpha: Vector, x: Sentence) -> Tags:
        """Viterbi: the lexicographically first y maximizing Φ(x, y)·α, exactly."""
        n, T = len(x), range(len(self.tags))
        # best[i][p + 1]: the largest score of words i…n−1 when word i − 1 has tag p.
        best = [[Fraction(0)] * (len(T) + 1) for _ in range(n + 1)]
        for i in reversed(range(n)):
            for p in (START, *T):
                best[i][p + 1] = max(self.local(alpha, x, i, p, t) + best[i + 1][t + 1] for t in T)
        y: list[str] = []
        p = START
        for i in range(n):
            goal = best[i][p + 1]
            p = next(t for t in T if self.local(alpha, x, i, p, t) + best[i + 1][t + 1] == goal)
            y.append(self.tags[p])
        return tuple(y)

    def structure(self) -> Structure[Sentence, Tags]:
        return Structure(self.dimension, self.phi, self.decode)


@dataclass(frozen=True)
class Tagged:
    """A training run: the tagger, the final α, the steps, the totals."""

    tagger: Tagger
    weights: Vector
    steps: tuple[StructuredStep[Tags], ...]
    mistakes: int
    epochs: int
    status: Status


def train(
    X: Sequence[Sentence],
    Y: Sequence[Tags],
    *,
    tags: Tags,
    eta: object = 1,
    epochs: Epochs = 1,
    max_epochs: int | None = None,
) -> Tagged:
    """The structured perceptron on tagged sentences (vocabulary: the words of X, sorted)."""
    step, passes = check_options(eta, epochs, max_epochs)
    if (
        not X
        or len(X) != len(Y)
        or any(len(x) != len(y) or not x for x, y in zip(X, Y, strict=True))
    ):
        raise InputError("need non-empty sentences, each with one tag per word")
    if any(t not in tags for y in Y for t in y):
        raise InputError(f"a tag is not one of {', '.join(tags)}")
    tagger = Tagger(tags, tuple(sorted({v for x in X for v in x})))
    epochs_ = count(1) if passes == "converge" else range(1, passes + 1)
    stream = ((e, i, x, y) for e in epochs_ for i, (x, y) in enumerate(zip(X, Y, strict=True)))
    steps: list[StructuredStep[Tags]] = []
    alpha = zeros(tagger.dimension)
    status: Status = "online" if passes != "converge" else "converged"
    seen, clean = {alpha: 0}, True
    for s in learn(stream, tagger.structure(), step):
        steps.append(s)
        alpha, clean = s.weights, clean and not s.mistake
        if s.index != len(X) - 1 or passes != "converge":
            continue
        if clean:
            break
        if alpha in seen:  # the later passes repeat for ever
            status = "cycled"
            break
        seen[alpha], clean = s.epoch, True
        if max_epochs is not None and s.epoch >= max_epochs:
            status = "max_epochs"
            break
    mistakes = sum(s.mistake for s in steps)
    return Tagged(tagger, alpha, tuple(steps), mistakes, steps[-1].epoch, status)
