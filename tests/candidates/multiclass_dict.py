"""A correct multiclass perceptron as CS188's classification project writes it: a dict
weights[label] of plain lists, the first label of the sorted ones winning a tie."""

from typing import Any


def train(X: Any, y: Any, epochs: int = 1) -> dict[int, list[float]]:
    labels = sorted(set(int(t) for t in y))
    weights = {label: [0.0] * len(X[0]) for label in labels}
    for _ in range(epochs):
        for x, label in zip(X, y, strict=True):
            scores = {k: sum(a * b for a, b in zip(w, x, strict=True)) for k, w in weights.items()}
            guess = max(labels, key=lambda k: (scores[k], -k))
            if guess != int(label):
                weights[int(label)] = [a + b for a, b in zip(weights[int(label)], x, strict=True)]
                weights[guess] = [a - b for a, b in zip(weights[guess], x, strict=True)]
    return weights
