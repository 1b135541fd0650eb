"""Wrong metrics: the accuracy where the error belongs (the labels are right)."""

import sys
from typing import Any

import numpy as np


def load(path: str) -> tuple[Any, Any]:
    data = np.loadtxt(path, delimiter="\t", skiprows=1, ndmin=2)
    X = np.hstack([np.ones((len(data), 1)), data[:, :-1]])
    return X, np.where(data[:, -1] > 0, 1, -1)


def main(train: str, test: str, train_out: str, test_out: str, metrics: str, epochs: str) -> None:
    X, y = load(train)
    Xt, yt = load(test)
    w = np.zeros(X.shape[1])
    for _ in range(int(epochs)):
        for x, t in zip(X, y, strict=True):
            if (1 if w @ x >= 0 else -1) != t:
                w += t * x
    p, pt = np.where(X @ w >= 0, 1, -1), np.where(Xt @ w >= 0, 1, -1)
    np.savetxt(train_out, (p > 0).astype(int), fmt="%d")
    np.savetxt(test_out, (pt > 0).astype(int), fmt="%d")
    with open(metrics, "w") as f:
        f.write(f"error(train): {np.mean(p == y):.6f}\n")
        f.write(f"error(test): {np.mean(pt == yt):.6f}\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
