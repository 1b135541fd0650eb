"""Right: Utah CS 5350's voted perceptron as a class (shuffle off): fit keeps every (w_m, C_m),
predict takes sign(Σ C_m·sign(w_m·x)) with sign(0) = +1 inside and outside the sum."""

from typing import Any

import numpy as np


def sign(a: Any) -> Any:
    return np.where(a >= 0, 1, -1)


class VotedPerceptron:
    def __init__(self, T: int = 10, r: float = 1.0, shuffle: bool = False) -> None:
        self.T, self.r, self.shuffle = T, r, shuffle

    def fit(self, X: Any, y: Any) -> "VotedPerceptron":
        w = np.zeros(X.shape[1])
        self.W: list[Any] = []
        self.C: list[int] = []
        count = 0
        for _ in range(self.T):
            for i in range(len(y)):
                if y[i] * (w @ X[i]) <= 0:
                    if count:
                        self.W.append(w.copy())
                        self.C.append(count)
                    w = w + self.r * y[i] * X[i]
                    count = 1
                else:
                    count += 1
        self.W.append(w.copy())
        self.C.append(count)
        return self

    def predict(self, X: Any) -> Any:
        votes = sum(c * sign(X @ w) for w, c in zip(self.W, self.C, strict=True))
        return sign(votes)
