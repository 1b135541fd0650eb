"""A correct averaged perceptron (after) as a scikit-learn-style class with a bias of its
own: judged by its predictions, and, untold, found to learn a bias by them; and the same
class with its coef_ and intercept_ read (``AveragedCoef``)."""

from typing import Any

import numpy as np


class AveragedPerceptron:
    def __init__(self, n_iter: int = 1) -> None:
        self.n_iter = n_iter

    def _fit(self, X: Any, y: Any) -> tuple[Any, float]:
        w, b = np.zeros(X.shape[1]), 0.0
        w_sum, b_sum, count = np.zeros(X.shape[1]), 0.0, 0
        for _ in range(self.n_iter):
            for x, label in zip(X, y, strict=True):
                if label * (w @ x + b) <= 0:
                    w, b = w + label * x, b + label
                w_sum, b_sum, count = w_sum + w, b_sum + b, count + 1
        return w_sum / count, b_sum / count

    def fit(self, X: Any, y: Any) -> "AveragedPerceptron":
        self.average, self.offset = self._fit(X, y)
        return self

    def predict(self, X: Any) -> Any:
        return np.where(np.atleast_2d(X) @ self.average + self.offset >= 0, 1, -1)


class AveragedCoef(AveragedPerceptron):
    def fit(self, X: Any, y: Any) -> "AveragedCoef":
        self.coef_, self.intercept_ = self._fit(X, y)
        return self

    def predict(self, X: Any) -> Any:
        return np.where(np.atleast_2d(X) @ self.coef_ + self.intercept_ >= 0, 1, -1)
