"""The voted perceptron as a class without predict: its perceptrons kept as two attributes, a
list of vectors and a list of their counts (Freund & Schapire's), the examples kept too."""

from typing import Any

import numpy as np


class VotedPerceptron:
    def __init__(self, epochs: int = 1) -> None:
        self.epochs = epochs

    def fit(self, X: Any, y: Any) -> "VotedPerceptron":
        self.X_, self.y_ = X, y  # kept, as fitted models do: not the answer
        v, c = np.zeros(X.shape[1]), 0
        self.vs: list[Any] = []
        self.cs: list[int] = []
        for _ in range(self.epochs):
            for xi, yi in zip(X, y, strict=True):
                if yi * (v @ xi) <= 0:
                    self.vs.append(v.copy())
                    self.cs.append(c)
                    v, c = v + yi * xi, 1
                else:
                    c += 1
        self.vs.append(v)
        self.cs.append(c)
        return self
