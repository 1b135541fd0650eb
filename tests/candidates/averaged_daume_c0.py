"""Right: the averaged perceptron with Daumé's cached trick (CIML Algorithm 7: u += y·c·x,
return w − u/c) with its counter c started at 0 rather than 1: the update at example t adds
(t − 1)·y·x to u, and w − u/N is then the mean of w₁ … w_N, the reference's average."""

from typing import Any


def averaged_perceptron(X: Any, y: Any, MaxIter: int = 1) -> Any:
    d = len(X[0])
    w, u = [0.0] * d, [0.0] * d
    c = 0
    for _ in range(MaxIter):
        for x, label in zip(X, y, strict=True):
            if label * sum(a * b for a, b in zip(w, x, strict=True)) <= 0:
                w = [a + label * b for a, b in zip(w, x, strict=True)]
                u = [a + label * c * b for a, b in zip(u, x, strict=True)]
            c += 1
    return [a - b / c for a, b in zip(w, u, strict=True)]
