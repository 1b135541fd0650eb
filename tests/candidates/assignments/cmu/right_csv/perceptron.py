"""A right hand-in in plain Python: the csv module, lists, exact fractions, round()."""

import csv
import sys
from fractions import Fraction


def load(path: str) -> tuple[list[list[Fraction]], list[int]]:
    with open(path, newline="") as f:
        rows = list(csv.reader(f, delimiter="\t"))[1:]
    X = [[Fraction(1)] + [Fraction(v) for v in r[:-1]] for r in rows]
    return X, [1 if r[-1] == "1" else -1 for r in rows]


def score(w: list[Fraction], x: list[Fraction]) -> Fraction:
    return sum((a * b for a, b in zip(w, x, strict=True)), Fraction(0))


def main() -> None:
    train, test, train_out, test_out, metrics_out, epochs = sys.argv[1:]
    X, y = load(train)
    Xt, yt = load(test)
    w = [Fraction(0)] * len(X[0])
    for _ in range(int(epochs)):
        for x, t in zip(X, y, strict=True):
            guess = 1 if score(w, x) >= 0 else -1
            if guess != t:
                w = [a + t * b for a, b in zip(w, x, strict=True)]
    lines = []
    for data, labels, out, name in ((X, y, train_out, "train"), (Xt, yt, test_out, "test")):
        guesses = [1 if score(w, x) >= 0 else -1 for x in data]
        with open(out, "w") as f:
            f.writelines("1\n" if g > 0 else "0\n" for g in guesses)
        wrong = sum(g != t for g, t in zip(guesses, labels, strict=True))
        lines.append(f"error({name}): {round(wrong / len(labels), 6)}\n")
    with open(metrics_out, "w") as f:
        f.writelines(lines)


main()
