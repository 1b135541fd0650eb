"""A perceptron in plain Python (exact fractions), checked against perceptron-ref's test vectors.

Usage: python3 check.py FILE.json ...  (the additive perceptrons: blum, mehta, gormley-online,
gormley-batch, press, ssbd).  Needs only Python's standard library (3.10 or later).  Prints
one line per failing test and a count; exit status 1 if any test fails (or none was run).
"""

import json
import sys
from fractions import Fraction
from typing import Any


def plus(rule: str, s: Fraction, y: int) -> bool:
    """Does the zero-score rule predict +1 at score s (for label y)?"""
    if rule == "tie-positive":
        return s >= 0
    if rule == "tie-negative":
        return s > 0
    return y < 0 if s == 0 else s > 0  # tie-mistake: at 0 it predicts -y, always a mistake


def train(X: list[list[str]], y: list[int], group: dict[str, Any], rule: str) -> dict[str, Any]:
    """The run's result (with its steps), as the vectors write it."""
    xs = [[Fraction(v) for v in (["1", *x] if group["bias"] else x)] for x in X]
    eta = Fraction(group["eta"])
    w = [Fraction(0)] * len(xs[0])
    mistakes, seen, steps = 0, {tuple(w): 0}, []
    epoch, status, cycle = 0, "", None
    while not status:
        epoch += 1
        clean = True
        for i, x in enumerate(xs):
            s = sum((a * b for a, b in zip(w, x, strict=True)), Fraction(0))
            prediction = 1 if plus(rule, s, y[i]) else -1
            mistake = prediction != y[i]
            if mistake:
                w = [a + eta * y[i] * b for a, b in zip(w, x, strict=True)]
                mistakes += 1
                clean = False
            weights = [str(v) for v in w]
            steps.append(
                {"epoch": epoch, "index": i, "score": str(s), "prediction": prediction}
                | {"label": y[i], "mistake": mistake, "weights": weights}
            )
        if isinstance(group["epochs"], int):
            status = "online" if epoch == group["epochs"] else ""
        elif clean:
            status = "converged"
        elif tuple(w) in seen:
            status, cycle = "cycled", [seen[tuple(w)], epoch]
        elif group["maxEpochs"] is not None and epoch >= group["maxEpochs"]:
            status = "max_epochs"
        seen.setdefault(tuple(w), epoch)
    result = {"dimension": len(w), "mistakes": mistakes, "epochs": epoch, "status": status}
    return result | {"weights": [str(v) for v in w], "cycle": cycle, "steps": steps}


def main(files: list[str]) -> int:
    passed = failed = 0
    for name in files:
        with open(name, encoding="utf-8") as f:
            doc = json.load(f)
        for group in doc["testGroups"]:
            for test in group["tests"]:
                got = train(test["X"], test["y"], group, doc["zeroScore"])
                if got == test["result"] | {"steps": test["steps"]}:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL {doc['algorithm']} tcId {test['tcId']}: {test['comment']}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
