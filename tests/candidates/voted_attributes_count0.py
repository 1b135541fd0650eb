"""Wrong, as voted_attributes.py but a new perceptron's count starts at 0 (the round it was
made on is not counted); its perceptrons kept as pairs (v, c) in one attribute."""

from typing import Any

import numpy as np


class VotedPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> None:
        v, c = np.zeros(X.shape[1]), 0
        self.perceptrons: list[tuple[Any, int]] = []
        for _ in range(self.epochs):
            for xi, yi in zip(X, y, strict=True):
                if yi * (v @ xi) <= 0:
                    self.perceptrons.append((v.copy(), c))
                    v, c = v + yi * xi, 0
                else:
                    c += 1
        self.perceptrons.append((v, c))
