"""perceptron/step-invariance-extended: from w = 0 a positive step η changes no decision of the
averaged, the voted and the kernel perceptron: their weights, running sums and dual
coefficients are η times those of the run with step 1, and their counts are the same.

Spec: spec/theorems/perceptron/step-invariance-extended.md.  The three train as the online
perceptron with a zero score counted as a mistake (tie → mistake, Gormley slide 31), the
kernel one in its feature space: x(t) is the example seen at t (for the kernel perceptron its
image φ(x) in the feature space, where ⟨·,·⟩ is the kernel: the model's inner product is any
symmetric bilinear form).  u(t), v(t) are the weights before example t with step 1 and step η,
a(t), b(t) their mistake flags; then

* the averaged perceptron's running sum P(t) = w₁ + … + w_t (the sum after each example:
  every average real code takes is P divided by a count, or P minus a last vector);
* the voted perceptron's count C(t) of the vector in force (a new vector starts at 1);
* the kernel perceptron's dual coefficients A(t) = Σ a·y·e over the mistakes, e(t) the unit
  vector of the example seen at t (its α after the step);

and Q, D, B the same for the run with step η.  The multiclass perceptron is not in this
proof (see the spec's remarks).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from perceptron_ref import run
from perceptron_ref.bounds import step_scaled

from .._check import (
    At,
    Hypothesis,
    Index,
    Induction,
    Inner,
    Theorem,
    Witness,
    step,
    vector_sequence,
)
from .._runs import SLIDE_15_X, SLIDE_15_Y, sequence

ID = "perceptron/step-invariance-extended"

eta = sympy.Symbol("eta")
T = sympy.Symbol("T", integer=True)
t, s = sympy.symbols("t s", integer=True)
u, v, x, P, Q, A, B, e = (
    vector_sequence(name) for name in ("u", "v", "x", "P", "Q", "A", "B", "e")
)
y, a, b, C, D = (sympy.Function(name) for name in ("y", "a", "b", "C", "D"))


def mistake(score: sympy.Expr, label: sympy.Expr) -> sympy.Expr:
    """1 if y·s ≤ 0 (tie → mistake: averaged.3, voted.3, kernel.4), else 0."""
    return sympy.Piecewise((1, label * score <= 0), (0, True))


H = (
    Hypothesis("H1", "the run with step 1 starts at w = 0", sympy.Eq(u(0), 0)),
    Hypothesis("H2", "the run with step η starts at w = 0", sympy.Eq(v(0), 0)),
    Hypothesis(
        "H3",
        "step 1: on a mistake w ← w + y·x, else w is kept",
        sympy.Eq(u(t + 1), u(t) + a(t) * y(t) * x(t)),
    ),
    Hypothesis(
        "H4",
        "step η: on a mistake w ← w + η·y·x, else w is kept",
        sympy.Eq(v(t + 1), v(t) + eta * b(t) * y(t) * x(t)),
    ),
    Hypothesis(
        "H5",
        "the step-1 run's mistake test, y·⟨w, x⟩ ≤ 0",
        sympy.Eq(a(t), mistake(Inner(u(t), x(t)), y(t))),
    ),
    Hypothesis(
        "H6", "the step-η run's mistake test", sympy.Eq(b(t), mistake(Inner(v(t), x(t)), y(t)))
    ),
    Hypothesis("H7", "labels are ±1", sympy.Or(sympy.Eq(y(t), 1), sympy.Eq(y(t), -1))),
    Hypothesis("H8", "η > 0", sympy.Gt(eta, 0)),
    Hypothesis("H9", "T ≥ 0 examples", sympy.Ge(T, 0)),
    Hypothesis("H10", "the step-1 running sum starts at 0", sympy.Eq(P(0), 0)),
    Hypothesis("H11", "the step-η running sum starts at 0", sympy.Eq(Q(0), 0)),
    Hypothesis(
        "H12",
        "the step-1 running sum adds w after each example",
        sympy.Eq(P(t + 1), P(t) + u(t + 1)),
    ),
    Hypothesis(
        "H13",
        "the step-η running sum adds w after each example",
        sympy.Eq(Q(t + 1), Q(t) + v(t + 1)),
    ),
    Hypothesis("H14", "the step-1 count starts at 0", sympy.Eq(C(0), 0)),
    Hypothesis("H15", "the step-η count starts at 0", sympy.Eq(D(0), 0)),
    Hypothesis(
        "H16",
        "step 1: a mistake starts a vector with count 1, else its count grows by 1",
        sympy.Eq(C(t + 1), 1 + (1 - a(t)) * C(t)),
    ),
    Hypothesis(
        "H17",
        "step η: the same with its own mistakes",
        sympy.Eq(D(t + 1), 1 + (1 - b(t)) * D(t)),
    ),
    Hypothesis("H18", "the step-1 dual coefficients start at 0", sympy.Eq(A(0), 0)),
    Hypothesis("H19", "the step-η dual coefficients start at 0", sympy.Eq(B(0), 0)),
    Hypothesis(
        "H20",
        "step 1: a mistake on the example of unit vector e adds y to its α",
        sympy.Eq(A(t + 1), A(t) + a(t) * y(t) * e(t)),
    ),
    Hypothesis(
        "H21",
        "step η: a mistake adds η·y to its α",
        sympy.Eq(B(t + 1), B(t) + eta * b(t) * y(t) * e(t)),
    ),
)
INDICES = (
    Index(t, 0, T - 1, "the t-th example seen (0-based)"),
    Index(s, 0, T, "before example s (after all T at s = T)"),
)
F = {h.id: h.formula for h in H}

scaled = sympy.Eq(Inner(v(t), x(t)), eta * Inner(u(t), x(t)))
s1 = step(
    f"{ID}.1",
    "sign(η·s) = sign(s): if the step-η run's score is η times the step-1 run's, both err "
    "or neither does",
    "z3",
    [F["H5"], F["H6"], F["H7"], F["H8"]],
    sympy.Implies(scaled, sympy.Eq(b(t), a(t))),
    "ours: as perceptron/step-invariance.1 (tie → mistake)",
    broken="η > 0 dropped",
    broken_hypotheses=[F["H5"], F["H6"], F["H7"]],
)
weights = Induction(t, lambda n: sympy.Eq(v(n), step_scaled(eta, u(n))), 0, T, every=s)
s2 = step(
    f"{ID}.2",
    "v(s) = η·u(s) for every s ≤ T (induction from w = 0)",
    "z3",
    [F["H1"], F["H2"], F["H9"], F["H3"], F["H4"], s1.conclusion],
    weights.concludes(),
    "ours: as perceptron/step-invariance.2",
    induction=weights,
    broken="the step-η run's update without η",
    broken_hypotheses=[
        F["H1"],
        F["H2"],
        F["H9"],
        F["H3"],
        sympy.Eq(v(t + 1), v(t) + b(t) * y(t) * x(t)),
        s1.conclusion,
    ],
    coq_base="rewrite vscal_zero_r. reflexivity.",
    coq="assert (E : b n_ = a n_) by (apply S6; reflexivity). "
    "rewrite E, vscal_add_r, vscal_assoc. f_equal. f_equal. ring.",
)
s3 = step(
    f"{ID}.3",
    "the same mistakes: b(t) = a(t) for every t < T",
    "z3",
    [s1.conclusion, At(s2.conclusion, ((s, t),))],
    sympy.Eq(b(t), a(t)),
    "ours: the scores are η times each other, by step 2",
    broken="step 2 dropped",
    broken_hypotheses=[s1.conclusion],
)
sums = Induction(t, lambda n: sympy.Eq(Q(n), step_scaled(eta, P(n))), 0, T, every=s)
s4 = step(
    f"{ID}.4",
    "averaged: Q(s) = η·P(s), the running sums of w after each example (induction)",
    "z3",
    [F["H10"], F["H11"], F["H9"], F["H12"], F["H13"], At(s2.conclusion, ((s, t + 1),))],
    sums.concludes(),
    "ours: each is a sum of weights η times each other (step 2); so is every average taken "
    "of them (averaged.5)",
    induction=sums,
    broken="the step-η sum adds the step-1 run's weights",
    broken_hypotheses=[
        F["H10"],
        F["H11"],
        F["H9"],
        F["H12"],
        sympy.Eq(Q(t + 1), Q(t) + u(t + 1)),
        At(s2.conclusion, ((s, t + 1),)),
    ],
    coq_base="rewrite vscal_zero_r. reflexivity.",
    coq="rewrite vscal_add_r. reflexivity.",
)
counts = Induction(t, lambda n: sympy.Eq(D(n), C(n)), 0, T, every=s)
s5 = step(
    f"{ID}.5",
    "voted: D(s) = C(s), the same counts (induction)",
    "z3",
    [F["H14"], F["H15"], F["H9"], F["H16"], F["H17"], s3.conclusion],
    counts.concludes(),
    "ours: a count depends only on the mistakes, the same in both runs (step 3); the votes' "
    "vectors are the weights after the mistakes, η times each other (step 2)",
    induction=counts,
    broken="the step-η count reads the step-1 run's count from 0",
    broken_hypotheses=[
        F["H14"],
        F["H15"],
        F["H9"],
        F["H16"],
        sympy.Eq(D(t + 1), 1 + (1 - b(t)) * C(t) + 1),
        s3.conclusion,
    ],
    coq="rewrite S4, S5, IH, S6. ring.",
)
duals = Induction(t, lambda n: sympy.Eq(B(n), step_scaled(eta, A(n))), 0, T, every=s)
s6 = step(
    f"{ID}.6",
    "kernel: B(s) = η·A(s), the dual coefficients (induction)",
    "z3",
    [F["H18"], F["H19"], F["H9"], F["H20"], F["H21"], s3.conclusion],
    duals.concludes(),
    "ours: α grows by η·y exactly where the step-1 run's grows by y (step 3)",
    induction=duals,
    broken="the step-η α grows by y, not η·y",
    broken_hypotheses=[
        F["H18"],
        F["H19"],
        F["H9"],
        F["H20"],
        sympy.Eq(B(t + 1), B(t) + b(t) * y(t) * e(t)),
        s3.conclusion,
    ],
    coq_base="rewrite vscal_zero_r. reflexivity.",
    coq="try rewrite S6. rewrite vscal_add_r, vscal_assoc. f_equal. f_equal. ring.",
)

ETA = Fraction(3, 2)


def _run(algorithm: str, eta_: Fraction) -> Any:
    return run(algorithm, SLIDE_15_X, SLIDE_15_Y, epochs=2, eta=eta_)


def witness() -> list[Witness]:
    """Slide 15, two passes, with step 1 and step 3/2: the averaged perceptron's weights and
    running sums, the voted perceptron's counts and the (linear) kernel perceptron's α, each
    read step by step off the reference's runs (α padded to the n examples)."""
    X = [tuple(Fraction(c) for c in row) for row in SLIDE_15_X]
    n, d = len(X), len(X[0])
    found: dict[Any, Any] = {}
    for step_size, (w_, flags, sums_, counts_, alphas) in (
        (Fraction(1), (u, a, P, C, A)),
        (ETA, (v, b, Q, D, B)),
    ):
        averaged = _run("perceptron/averaged", step_size)
        voted = _run("perceptron/voted", step_size)
        kernel = _run("perceptron/kernel", step_size)
        before = [(Fraction(0),) * d, *(st.weights for st in averaged.steps)]
        total = [(Fraction(0),) * d]
        for w in before[1:]:
            total.append(tuple(p + q for p, q in zip(total[-1], w, strict=True)))
        found[w_] = sequence(before)
        found[flags] = sequence([int(st.mistake) for st in averaged.steps])
        found[sums_] = sequence(total)
        found[counts_] = sequence([0, *(st.model.c for st in voted.steps)])
        pad = [(Fraction(0),) * n]
        for st in kernel.steps:
            pad.append(tuple(st.weights) + (Fraction(0),) * (n - len(st.weights)))
        found[alphas] = sequence(pad)
    steps = averaged.steps
    found[x] = sequence([X[st.index] for st in steps])
    found[y] = sequence([st.label for st in steps])
    found[e] = sequence([tuple(Fraction(int(i == st.index)) for i in range(n)) for st in steps])
    found[T] = len(steps)
    found[eta] = ETA
    text = (
        "perceptron/averaged, voted and kernel with step 1 and 3/2 on slide 15, two passes "
        f"({len(steps)} examples)"
    )
    return [Witness(text, found)]


THEOREM = Theorem(
    ID,
    "The averaged, voted and kernel perceptrons from w = 0 (Gormley slide 21; Freund & "
    "Schapire 1999): the run with step η is η times the run with step 1, with the same counts",
    H,
    (s2.conclusion, s3.conclusion, s4.conclusion, s5.conclusion, s6.conclusion),
    (s1, s2, s3, s4, s5, s6),
    step_scaled,
    (eta, u(s)),
    INDICES,
    witness,
)
