"""Winnow for disjunctions with labels 0/1 that triples the active weights on a missed
positive, where Blum's notes double them: a difference that is none of Winnow's variants (the
factor is no learning rate), so its labels are found by more of its answers fitting a
variant given 0/1 than given -1/+1, and its cause is the promotion."""

from typing import Any


def winnow(X: Any, y: Any, epochs: int = 1) -> list[int]:
    n = len(X[0])
    w = [1] * n
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            guess = 1 if sum(a * b for a, b in zip(w, x, strict=True)) >= n else 0
            if guess == 0 and label == 1:
                w = [3 * a if b == 1 else a for a, b in zip(w, x, strict=True)]
            elif guess == 1 and label == 0:
                w = [0 if b == 1 else a for a, b in zip(w, x, strict=True)]
    return w
