"""Wrong: a voted perceptron whose vote adds the scores, sign(Σ c·(v·x)), instead of the
votes sign(Σ c·sign(v·x)): the averaged perceptron's prediction.  Its training is right."""

from typing import Any

import numpy as np


class Model:
    def __init__(self, V: Any, C: Any) -> None:
        self.V, self.C = V, C

    def predict(self, X: Any) -> Any:
        s = (X @ self.V.T) @ self.C
        return np.where(s >= 0, 1, -1)


def train(X: Any, y: Any, epochs: int = 1) -> Model:
    w, c = np.zeros(X.shape[1]), 0
    V, C = [], []
    for _ in range(epochs):
        for x, t in zip(X, y, strict=True):
            if t * (w @ x) <= 0:
                V.append(w)
                C.append(c)
                w, c = w + t * x, 1
            else:
                c += 1
    V.append(w)
    C.append(c)
    return Model(np.array(V), np.array(C, dtype=float))
