"""perceptron/step-invariance: for every perceptron of the notes, from w = 0 the run with step
η > 0 is η times the run with step 1, step for step, and makes the same mistakes.

Spec: spec/theorems/perceptron/step-invariance.md.  The notes' six perceptrons differ only in
what a zero score means, so the proof covers the three rules, r = 1, 2, 3, at once:

* r = 1, tie → negative (perceptron/blum: predict + iff w·x > 0);
* r = 2, tie → positive (perceptron/mehta, gormley-batch, press: predict + iff w·x ≥ 0);
* r = 3, tie → mistake (perceptron/gormley-online, ssbd: a mistake iff y·(w·x) ≤ 0).

Each is invariant because sign(η·s) = sign(s) for η > 0.  Both runs see the same examples
x(t), y(t), t = 0, 1, … (a batch perceptron's passes over its data: its stream, the same for
both runs because their mistakes, hence their stopping, agree); u(r, t) and v(r, t) are the
weights before example t of the run with step 1 and with step η, a(r, t) and b(r, t) their
mistake flags (1 on a mistake, else 0).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import sympy

from perceptron_ref import run
from perceptron_ref.bounds import step_scaled
from perceptron_ref.perceptron import blum, gormley_online, mehta
from perceptron_ref.trace import Example

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

ID = "perceptron/step-invariance"

eta = sympy.Symbol("eta")
T = sympy.Symbol("T", integer=True)
r, t, s = sympy.symbols("r t s", integer=True)
u, v, x = (vector_sequence(name) for name in ("u", "v", "x"))
y, a, b = (sympy.Function(name) for name in ("y", "a", "b"))

RULES = {1: "tie → negative", 2: "tie → positive", 3: "tie → mistake"}
VARIANTS = {
    "perceptron/blum": 1,
    "perceptron/mehta": 2,
    "perceptron/gormley-batch": 2,
    "perceptron/press": 2,
    "perceptron/gormley-online": 3,
    "perceptron/ssbd": 3,
}


def mistake(rule: sympy.Expr, score: sympy.Expr, label: sympy.Expr) -> sympy.Expr:
    """1 if the rule's perceptron errs on an example with this score and label, else 0 —
    each case as its modules write it."""
    tie_negative = sympy.Or(  # blum.2: predict 1 if s > 0 else −1
        sympy.And(sympy.Eq(label, 1), score <= 0), sympy.And(sympy.Eq(label, -1), score > 0)
    )
    tie_positive = sympy.Or(  # mehta.5: sgn(s) = 1 if s ≥ 0; press.5 and gormley-batch alike
        sympy.And(sympy.Eq(label, 1), score < 0), sympy.And(sympy.Eq(label, -1), score >= 0)
    )
    tie_mistake = label * score <= 0  # gormley-online.3: y·s ≤ 0; ssbd.4 alike
    return sympy.Piecewise(
        (sympy.Piecewise((1, tie_negative), (0, True)), sympy.Eq(rule, 1)),
        (sympy.Piecewise((1, tie_positive), (0, True)), sympy.Eq(rule, 2)),
        (sympy.Piecewise((1, tie_mistake), (0, True)), True),
    )


H = (
    Hypothesis("H1", "the run with step 1 starts at w = 0", sympy.Eq(u(r, 0), 0)),
    Hypothesis("H2", "the run with step η starts at w = 0", sympy.Eq(v(r, 0), 0)),
    Hypothesis(
        "H3",
        "step 1: on a mistake w ← w + y·x, else w is kept",
        sympy.Eq(u(r, t + 1), u(r, t) + a(r, t) * y(t) * x(t)),
    ),
    Hypothesis(
        "H4",
        "step η: on a mistake w ← w + η·y·x (ssbd: w − η·v, v = −y·x), else w is kept",
        sympy.Eq(v(r, t + 1), v(r, t) + eta * b(r, t) * y(t) * x(t)),
    ),
    Hypothesis(
        "H5",
        "the step-1 run's mistake test, by its rule",
        sympy.Eq(a(r, t), mistake(r, Inner(u(r, t), x(t)), y(t))),
    ),
    Hypothesis(
        "H6",
        "the step-η run's mistake test, by the same rule",
        sympy.Eq(b(r, t), mistake(r, Inner(v(r, t), x(t)), y(t))),
    ),
    Hypothesis("H7", "labels are ±1", sympy.Or(sympy.Eq(y(t), 1), sympy.Eq(y(t), -1))),
    Hypothesis("H8", "η > 0", sympy.Gt(eta, 0)),
    Hypothesis("H9", "T ≥ 0 examples", sympy.Ge(T, 0)),
)
INDICES = (
    Index(r, 1, 3, "the zero-score rule: 1 tie → negative, 2 tie → positive, 3 tie → mistake"),
    Index(t, 0, T - 1, "the t-th example seen (0-based)"),
    Index(s, 0, T, "the weights before example s (after all T at s = T)"),
)
u0, v0, update_u, update_v, test_u, test_v, labels, eta_pos, T_nonneg = (h.formula for h in H)

scaled = sympy.Eq(Inner(v(r, t), x(t)), eta * Inner(u(r, t), x(t)))
s1 = step(
    f"{ID}.1",
    "sign(η·s) = sign(s): if the step-η run's score is η times the step-1 run's, both err "
    "or neither does",
    "z3",
    [test_u, test_v, labels, eta_pos],
    sympy.Implies(scaled, sympy.Eq(b(r, t), a(r, t))),
    "ours: η > 0 keeps the sign of the score, and each rule reads only the sign",
    broken="η > 0 dropped",
    broken_hypotheses=[test_u, test_v, labels],
)
claim = Induction(t, lambda n: sympy.Eq(v(r, n), step_scaled(eta, u(r, n))), 0, T, every=s)
s2 = step(
    f"{ID}.2",
    "v(r, s) = η·u(r, s) for every s ≤ T (induction from w = 0)",
    "z3",
    [u0, v0, T_nonneg, update_u, update_v, s1.conclusion],
    claim.concludes(),
    "ours: by induction over the examples seen",
    induction=claim,
    broken="the step-η run's update without η: v(r, s) = η·u(r, s) from w ← w + y·x",
    broken_hypotheses=[
        u0,
        v0,
        T_nonneg,
        update_u,
        sympy.Eq(v(r, t + 1), v(r, t) + b(r, t) * y(t) * x(t)),
        s1.conclusion,
    ],
    coq_base="rewrite vscal_zero_r. reflexivity.",
    coq="assert (E : b r n_ = a r n_) by (apply S6; reflexivity). "
    "rewrite E, vscal_add_r, vscal_assoc. f_equal. f_equal. ring.",
)
s3 = step(
    f"{ID}.3",
    "the same mistakes: b(r, t) = a(r, t) for every t < T",
    "z3",
    [s1.conclusion, At(s2.conclusion, ((s, t),))],
    sympy.Eq(b(r, t), a(r, t)),
    "ours: the scores are η times each other, by step 2",
    broken="step 2 dropped",
    broken_hypotheses=[s1.conclusion],
)

LEARNERS: dict[int, Callable[..., Iterator[object]]] = {
    1: blum.learn,
    2: mehta.learn,
    3: gormley_online.learn,
}
ETA = Fraction(3, 2)


def _replay(
    rule: int, stream: Sequence[Example], step_size: Fraction
) -> tuple[list[Any], list[int]]:
    """The rule's online perceptron fed the stream: weights before each example, flags."""
    weights = [(Fraction(0),) * len(stream[0].x)]
    flags = []
    for st in LEARNERS[rule](iter(stream), d=len(stream[0].x), eta=step_size):
        weights.append(st.weights)  # type: ignore[attr-defined]
        flags.append(1 if st.mistake else 0)  # type: ignore[attr-defined]
    return weights, flags


def witness() -> list[Witness]:
    """Each of the six variants run on slide 15 (online: two passes; batch: until a clean
    pass) with step 1 and step 3/2: its stream of examples, its two runs for its rule, and
    the other two rules' online perceptrons replayed on the same stream."""
    out = []
    X = [tuple(Fraction(c) for c in row) for row in SLIDE_15_X]
    for algorithm, own in VARIANTS.items():
        options = (
            {} if algorithm in ("perceptron/gormley-batch", "perceptron/press") else {"epochs": 2}
        )
        one = run(algorithm, SLIDE_15_X, SLIDE_15_Y, **options)  # type: ignore[arg-type]
        scaled_run = run(algorithm, SLIDE_15_X, SLIDE_15_Y, eta=ETA, **options)  # type: ignore[arg-type]
        stream = [Example(st.epoch, st.index, X[st.index], st.label) for st in one.steps]
        runs = {}
        for rule in (1, 2, 3):
            if rule == own:
                u_w = [(Fraction(0),) * 2, *(st.weights for st in one.steps)]
                v_w = [(Fraction(0),) * 2, *(st.weights for st in scaled_run.steps)]
                u_f = [int(st.mistake) for st in one.steps]
                v_f = [int(st.mistake) for st in scaled_run.steps]
            else:
                u_w, u_f = _replay(rule, stream, Fraction(1))
                v_w, v_f = _replay(rule, stream, ETA)
            runs[rule] = (u_w, v_w, u_f, v_f)
        values = {
            u: lambda q, n, runs=runs: runs[q][0][n],
            v: lambda q, n, runs=runs: runs[q][1][n],
            a: lambda q, n, runs=runs: runs[q][2][n],
            b: lambda q, n, runs=runs: runs[q][3][n],
            x: sequence([e.x for e in stream]),
            y: sequence([e.y for e in stream]),
            T: len(stream),
            eta: ETA,
        }
        text = f"{algorithm} with step 1 and 3/2 on slide 15 ({len(stream)} examples)"
        out.append(Witness(text, values))
    return out


THEOREM = Theorem(
    ID,
    "Every perceptron of the notes from w = 0 (Blum L4; Mehta L3 Alg. 1; Gormley slides 20, 31; "
    "Press §2; SSBD §21.4): the run with step η is η times the run with step 1",
    H,
    (s2.conclusion, s3.conclusion),
    (s1, s2, s3),
    step_scaled,
    (eta, u(r, s)),
    INDICES,
    witness,
)
