"""A kernel perceptron whose kernel is a function given as the constructor's default
(``kernel=polynomial_kernel``), the passes as ``T``: crosscheck hands it a function computing
the kernel asked, not the kernel's name."""

from typing import Any

import numpy as np


def polynomial_kernel(x: Any, y: Any, p: int = 3) -> Any:
    return (1 + np.dot(x, y)) ** p


class KernelPerceptron:
    def __init__(self, kernel: Any = polynomial_kernel, T: int = 1) -> None:
        self.kernel = kernel
        self.T = T

    def fit(self, X: Any, y: Any) -> "KernelPerceptron":
        n = X.shape[0]
        self.alpha = np.zeros(n)
        K = np.array([[self.kernel(X[i], X[j]) for j in range(n)] for i in range(n)])
        for _ in range(self.T):
            for i in range(n):
                if y[i] * np.sum(K[:, i] * self.alpha * y) <= 0:
                    self.alpha[i] += 1.0
        self.X, self.y = X, y
        return self

    def predict(self, X: Any) -> Any:
        pairs = list(zip(self.alpha, self.y, self.X, strict=True))
        s = np.array(
            [sum(a * t * self.kernel(x, z) for a, t, z in pairs) for x in np.atleast_2d(X)]
        )
        return np.where(s >= 0, 1, -1)
