"""ssbd/hinge-surrogate: Shalev-Shwartz & Ben-David, §21.4: the online Perceptron is Online
Gradient Descent on the hinge-loss surrogate f_t(w) = max{0, 1 − y_t⟨w, x_t⟩}.

Spec: spec/theorems/ssbd/hinge-surrogate.md.  The book claims (1) f_t is convex, (2) f_t ≥ the
0-1 loss 1[y⟨w, x⟩ ≤ 0], (3) on a mistake round v_t = −y_t x_t ∈ ∂f_t(w⁽ᵗ⁾) ('it is easy to
verify'), on a correct round f_t = 0 and v_t = 0, and (4) w⁽ᵗ⁺¹⁾ = w⁽ᵗ⁾ − ηv_t is then the
perceptron's update.  Vector identities are checked against an arbitrary vector u: ⟨a, u⟩ =
⟨b, u⟩ for a free u means a = b.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from perceptron_ref import run

from .._check import Hypothesis, Inner, Theorem, Vector, Witness, step
from .._runs import SLIDE_15_X, SLIDE_15_Y

ID = "ssbd/hinge-surrogate"

y, eta, lam = sympy.symbols("y eta lambda")
w, x, u, a, b, c, v, w_next = (Vector(n) for n in ("w", "x", "u", "a", "b", "c", "v", "w'"))


def hinge(p: Vector) -> sympy.Expr:
    """f_t(p) = max{0, 1 − y⟨p, x⟩}."""
    return sympy.Max(0, 1 - y * Inner(p, x))


def zero_one(p: Vector) -> sympy.Expr:
    """ℓ^{0−1}(p, (x, y)) = 1[y⟨p, x⟩ ≤ 0]."""
    return sympy.Piecewise((1, y * Inner(p, x) <= 0), (0, True))


H = (
    Hypothesis("H1", "labels are ±1: y² = 1", sympy.Eq(y**2, 1)),
    Hypothesis("H2", "a mistake round: y⟨w⁽ᵗ⁾, x_t⟩ ≤ 0", sympy.Le(y * Inner(w, x), 0)),
    Hypothesis("H3", "v_t = −y_t x_t on a mistake round", sympy.Eq(v, -y * x)),
    Hypothesis("H4", "OGD: w⁽ᵗ⁺¹⁾ = w⁽ᵗ⁾ − ηv_t", sympy.Eq(w_next, w - eta * v)),
    Hypothesis(
        "H5", "a point of the segment: c = λa + (1 − λ)b", sympy.Eq(c, lam * a + (1 - lam) * b)
    ),
    Hypothesis("H6", "0 ≤ λ", sympy.Ge(lam, 0)),
    Hypothesis("H7", "λ ≤ 1", sympy.Le(lam, 1)),
)
label, mistake, subgradient, ogd, segment, lam_lo, lam_hi = (h.formula for h in H)

s1 = step(
    f"{ID}.1",
    "f_t is convex: f_t(λa + (1 − λ)b) ≤ λf_t(a) + (1 − λ)f_t(b)",
    "z3",
    [segment, lam_lo, lam_hi],
    sympy.Le(hinge(c), lam * hinge(a) + (1 - lam) * hinge(b)),
    "SSBD §21.4, 'f_t is a convex function'",
    broken="λ ≤ 1 dropped",
    broken_hypotheses=[segment, lam_lo],
)
s2 = step(
    f"{ID}.2",
    "f_t(u) ≥ 1[y⟨u, x⟩ ≤ 0] for every u",
    "z3",
    [],
    sympy.Ge(hinge(u), zero_one(u)),
    "SSBD §21.4, 'For all w, f_t(w) ≥ ℓ(w, (x_t, y_t))'",
    broken="the inequality flipped",
    broken_conclusion=sympy.Le(hinge(u), zero_one(u)),
)
s3 = step(
    f"{ID}.3",
    "on a mistake round, f_t(u) ≥ f_t(w⁽ᵗ⁾) + ⟨v_t, u − w⁽ᵗ⁾⟩ for every u: v_t ∈ ∂f_t(w⁽ᵗ⁾)",
    "z3",
    [label, mistake, subgradient],
    sympy.Ge(hinge(u), hinge(w) + Inner(v, u - w)),
    "SSBD §21.4, 'it is easy to verify that v_t = −y_t x_t is in ∂f_t(w⁽ᵗ⁾)'; the check is ours",
    broken="the sign of v_t flipped: v_t = y_t x_t",
    broken_hypotheses=[label, mistake, sympy.Eq(v, y * x)],
)
s4 = step(
    f"{ID}.4",
    "the OGD step is the perceptron update: ⟨w⁽ᵗ⁺¹⁾, u⟩ = ⟨w⁽ᵗ⁾ + ηy_t x_t, u⟩ for every u",
    "sympy",
    [subgradient, ogd],
    sympy.Eq(Inner(w_next, u), Inner(w + eta * y * x, u)),
    "SSBD §21.4, w⁽ᵗ⁺¹⁾ = w⁽ᵗ⁾ − ηv_t (the perceptron with step η)",
    broken="the OGD sign flipped: w⁽ᵗ⁺¹⁾ = w⁽ᵗ⁾ + ηv_t",
    broken_hypotheses=[subgradient, sympy.Eq(w_next, w + eta * v)],
)
STATEMENT = (s1.conclusion, s2.conclusion, s3.conclusion, s4.conclusion)


def witness() -> list[Witness]:
    """Every mistake round of perceptron/ssbd (η = 1/2) on slide 15, until a clean pass:
    w = w⁽ᵗ⁾, x = x_t, y = y_t, v = −y_t x_t, w' = w⁽ᵗ⁺¹⁾; the segment a = (1, 0),
    b = (0, 1), λ = 1/3, and u = (2, −1)."""
    eta_value = Fraction(1, 2)
    trace = run("perceptron/ssbd", SLIDE_15_X, SLIDE_15_Y, eta=eta_value, epochs="converge")
    out = []
    before: tuple[Fraction, ...] = (Fraction(0), Fraction(0))
    for n, st in enumerate(trace.steps):
        if st.mistake:
            xt = tuple(Fraction(v) for v in SLIDE_15_X[st.index])
            values = {
                w: before,
                x: xt,
                y: st.label,
                v: tuple(-st.label * c for c in xt),
                w_next: st.weights,
                eta: eta_value,
                a: (1, 0),
                b: (0, 1),
                lam: Fraction(1, 3),
                c: (Fraction(1, 3), Fraction(2, 3)),
                u: (2, -1),
            }
            out.append(Witness(f"perceptron/ssbd, η = 1/2, step {n} on slide 15", values))
        before = st.weights
    return out


THEOREM = Theorem(
    ID,
    "Shalev-Shwartz & Ben-David, Understanding Machine Learning, §21.4",
    H,
    STATEMENT,
    (s1, s2, s3, s4),
    None,
    (),
    (),
    witness,
)
