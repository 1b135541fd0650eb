"""Wrong: a voted perceptron as a scikit-learn-style class whose predict leaves out the last
vector's vote (the loop appends (v, c) only at a mistake, and forgets the pair in force at the
end).  Its training is the reference's; only the vote (voted.8) differs."""

from typing import Any

import numpy as np


class VotedPerceptron:
    def __init__(self, n_epochs: int = 1) -> None:
        self.n_epochs = n_epochs

    def fit(self, X: Any, y: Any) -> "VotedPerceptron":
        v, c = np.zeros(X.shape[1]), 0
        self.perceptrons_ = []
        for _ in range(self.n_epochs):
            for x, label in zip(X, y, strict=True):
                if label * (v @ x) <= 0:
                    self.perceptrons_.append((v.copy(), c))
                    v, c = v + label * x, 1
                else:
                    c += 1
        return self

    def predict(self, X: Any) -> Any:
        votes = sum(c * np.where(X @ v >= 0, 1, -1) for v, c in self.perceptrons_)
        return np.where(np.asarray(votes) >= 0, 1, -1)
