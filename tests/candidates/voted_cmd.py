"""A correct voted perceptron as a cmd: program (spec/protocol/family-*.schema.json): one JSON
data set on stdin, {"answer": [[v, c], ...]} on stdout, exact with Fractions."""

import json
import sys
from fractions import Fraction


def main() -> None:
    request = json.load(sys.stdin)
    X = [[Fraction(v) for v in x] for x in request["X"]]
    if request["bias"]:
        X = [[Fraction(1), *x] for x in X]
    passes = 1000 if request["epochs"] == "converge" else int(request["epochs"])
    eta = Fraction(request.get("eta", "1"))
    v, c, votes = [Fraction(0)] * len(X[0]), 0, []
    for _ in range(passes):
        clean = True
        for x, label in zip(X, request["y"], strict=True):
            if label * sum(a * b for a, b in zip(v, x, strict=True)) <= 0:
                votes.append([[str(a) for a in v], c])
                v, c, clean = [a + eta * label * b for a, b in zip(v, x, strict=True)], 1, False
            else:
                c += 1
        if request["epochs"] == "converge" and clean:
            break
    votes.append([[str(a) for a in v], c])
    json.dump({"answer": votes}, sys.stdout)


if __name__ == "__main__":
    main()
