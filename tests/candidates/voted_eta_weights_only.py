"""Wrong: a voted perceptron in plain lists whose step alpha moves the weights only
(w ← w + α·y·x, b ← b + y), returning (w, b, c) triples.  At α = 1 it is the reference's."""

from typing import Any


def train(X: Any, y: Any, alpha: float = 1.0, epochs: int = 1) -> Any:
    w, b, c = [0.0] * len(X[0]), 0.0, 0
    votes = []
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            if label * (sum(a * v for a, v in zip(w, x, strict=True)) + b) <= 0:
                if c:
                    votes.append((list(w), b, c))
                w = [a + alpha * label * v for a, v in zip(w, x, strict=True)]
                b += label
                c = 1
            else:
                c += 1
    votes.append((w, b, c))
    return votes
