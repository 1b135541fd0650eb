"""Correct, pure Python on lists: update iff y·(w·x) ≤ 0 (tie → mistake), one pass."""


def train(X: list[list[float]], y: list[int]) -> list[float]:
    w = [0.0] * len(X[0])
    for x, label in zip(X, y, strict=True):
        if label * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
            w = [a + label * b for a, b in zip(w, x, strict=True)]
    return w
