"""The kernel perceptron, as a student writes it (the audit's bank; see ``__init__``): one
coefficient αᵢ per example, f(xᵢ) = Σⱼ αⱼK(xⱼ, xᵢ) over the Gram matrix, computed once.

``KNOBS["degree"]`` and ``KNOBS["c"]`` are the kernel asked, K(x, x') = (x·x' + c)^degree
(degree 1, c 0: the linear kernel); ``KNOBS["kernel"]`` is how the code computes it: as asked,
or (its name ends so) ``(p and c swapped)``, (x·x' + degree)^c, ``(scikit-learn's gamma =
1/d)``, (x·x'/d + c)^degree, or ``(the bias as Σ αy)``, a bias b carried apart (b += y on a
mistake, f(x) = Σⱼ αⱼK(xⱼ, x) + b: the kernel K + 1), α returned alone.
``KNOBS["training"]`` is when an example is a mistake (as the averaged perceptron's).  The
numpy and fractions styles return the signed α (αᵢ = Σ yᵢ over the mistakes on example i),
the lists style the mistake counts (a form crosscheck reads, named).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np

KNOBS: dict[str, Any] = {}


def number(v: Any) -> Any:
    """A number as the code holds it: as given (a float, or the exact fraction a grader with
    exact input passes), or as a Fraction in the fractions style."""
    return Fraction(str(v)) if KNOBS.get("style") == "fractions" else v


def constant(q: str, exact: bool) -> Any:
    """The kernel's c as the code writes it: 1, or 0.5 (1/2 on exact data)."""
    c = Fraction(q)
    return int(c) if c.denominator == 1 else c if exact else float(c)


def mistake(y: int, score: Any) -> bool:
    rule = KNOBS.get("training", "tie → mistake")
    if score == 0 and rule != "tie → mistake":
        return (1 if rule == "tie → positive" else -1) != y
    return bool(y * score <= 0)


def dot(u: Any, v: Any) -> Any:
    return sum((a * b for a, b in zip(u, v, strict=True)), 0)


def kernel(dots: Any, d: int, exact: bool) -> Any:
    """The code's kernel of x·x' (a number, or numpy's matrix of them, elementwise)."""
    p, c = int(KNOBS["degree"]), constant(KNOBS["c"], exact)
    how = KNOBS.get("kernel", "")
    if how.endswith("(p and c swapped)"):
        return (dots + p) ** int(c)
    if how.endswith("(scikit-learn's gamma = 1/d)"):
        return (dots / d + c) ** p
    if how.endswith("(c left out)"):  # (X @ X.T) ** degree
        return dots**p
    return (dots + c) ** p


def gram(rows: Any) -> Any:
    """K(xᵢ, xⱼ) for every pair."""
    d = len(rows[0])
    exact = any(isinstance(v, Fraction) for row in rows for v in row)
    if KNOBS.get("style", "numpy") == "numpy":
        A = np.array(rows, dtype=object if exact else float)  # the fractions given, kept
        return kernel(A @ A.T, d, exact)
    return [[kernel(dot(u, v), d, exact) for v in rows] for u in rows]


def train(X: Any, y: Any, epochs: Any, bias: bool) -> Any:
    rows = [[number(v) for v in ([1, *x] if bias else list(x))] for x in X]
    labels = [int(t) for t in y]
    n = len(rows)
    alpha = [0] * n
    counts = [0] * n
    if not KNOBS.get("fixed"):
        K = gram(rows)
        b = 0
        carried = KNOBS.get("kernel", "").endswith("(the bias as Σ αy)")
        order = list(range(n))
        shuffler = random.Random(0)
        if epochs == "converge":
            most, until_clean = int(KNOBS.get("cap", 1000)), True
        else:
            most, until_clean = int(epochs) + int(KNOBS.get("passes", 0)), False
        for _ in range(most):
            if KNOBS.get("shuffle"):
                shuffler.shuffle(order)
            clean = True
            for i in order:
                if isinstance(K, np.ndarray):
                    score = np.array(alpha) @ K[:, i]
                else:
                    score = sum(alpha[j] * K[j][i] for j in range(n) if alpha[j])
                if carried:
                    score = score + b
                if mistake(labels[i], score):
                    alpha[i] += labels[i]
                    counts[i] += 1
                    b += labels[i]
                    clean = False
            if until_clean and clean:
                break
    style = KNOBS.get("style", "numpy")
    if style == "numpy":
        return np.array(alpha, dtype=float)
    if style == "lists":
        return counts
    return [Fraction(a) for a in alpha]
