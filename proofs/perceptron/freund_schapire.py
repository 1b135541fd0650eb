"""perceptron/freund-schapire: Gormley, Lecture 6, slide 35 (Freund & Schapire 1999, Thm 2):
with ‖x_i‖ ≤ R, ‖u‖ = 1, γ > 0, d_i = max{0, γ − y_i(u·x_i)} and D = √(Σ d_i²), the online
perceptron makes at most ((R + D)/γ)² mistakes on one pass.

Spec: spec/theorems/perceptron/freund-schapire.md.  The slide states the bound only; the proof
is Freund & Schapire's (1999, proof of Theorem 2), checked here step by step, and it ends by
citing novikoff/gormley, instantiated from its statement, with every one of its hypotheses
shown for every mistake:

* the run, mistake by mistake as in novikoff/gormley: θ(1) = 0, the k-th mistake (1 ≤ k ≤ M)
  is on (x(k), y(k)) and makes θ(k + 1) = θ(k) + y(k)x(k); d(k) is its deviation, and the
  mistakes' Σ d(k)² ≤ D² (the slide's D sums over every example of the one pass, so it
  bounds the mistakes' sum);
* every mistake gets a fresh coordinate e(k): the e(k) are orthonormal and orthogonal to u and
  to every x(l) (for data in ℝᵈ: embed them in ℝ^{d+M}; the run depends only on inner
  products, so it is the same);
* x'(k) = x(k) + Δe(k), v = Σ_k y(k)d(k)e(k), u' = (u + v/Δ)/Z with Δ² = RD, Z² = 1 + ‖v‖²/Δ²
  (so ‖u'‖ = 1), and ρ² = R² + Δ²; θ' is the perceptron on the x'(k);
* θ'(q) = θ(q) + Δp(q), p(q) = Σ_{l<q} y(l)e(l), so ⟨θ'(k), x'(k)⟩ = ⟨θ(k), x(k)⟩: the run on
  the x'(k) errs exactly where the original does;
* novikoff/gormley on the x'(k), θ* = u', margin γ/Z, radius ρ: M ≤ ρ²Z²/γ², which is at most
  ((R + D)/γ)² because ‖v‖² ≤ D².

We assume D > 0 (for D = 0 every mistake has margin γ and novikoff/gormley gives R²/γ²).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from perceptron_ref.bounds import freund_schapire_bound

from .._check import (
    At,
    Hypothesis,
    Index,
    Induction,
    Inner,
    Theorem,
    Vector,
    Witness,
    instance,
    step,
    vector_sequence,
)
from .._rules import cite
from .._runs import SLIDE_15_X, mistakes, sequence
from ..novikoff import gormley

ID = "perceptron/freund-schapire"

R, D, gamma, Delta, Z, rho = sympy.symbols("R D gamma Delta Z rho")
M = sympy.Symbol("M", integer=True)
k, l_, q, n = sympy.symbols("k l q n", integer=True)
theta, x, e, x2, theta2, p = (
    vector_sequence(name) for name in ("theta", "x", "e", "x'", "theta'", "p")
)
u, u2, v = (Vector(name) for name in ("u", "u'", "v"))
y = sympy.Function("y")
d = sympy.Function("d")

H = (
    Hypothesis("H1", "‖x_k‖ ≤ R, as ⟨x_k, x_k⟩ ≤ R²", sympy.Le(Inner(x(k), x(k)), R**2)),
    Hypothesis("H2", "‖u‖ = 1", sympy.Eq(Inner(u, u), 1)),
    Hypothesis("H3", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis(
        "H4",
        "deviation: d_k = max{0, γ − y_k(u·x_k)}",
        sympy.Eq(d(k), sympy.Max(0, gamma - y(k) * Inner(u, x(k)))),
    ),
    Hypothesis("H5", "labels are ±1: y_k² = 1", sympy.Eq(y(k) ** 2, 1)),
    Hypothesis(
        "H6",
        "D² bounds the mistakes' Σ d_k² (the slide's D² = Σ_i d_i² over the pass does)",
        sympy.Le(sympy.Sum(d(k) ** 2, (k, 1, M)), D**2),
    ),
    Hypothesis("H7", "D > 0", sympy.Gt(D, 0)),
    Hypothesis("H8", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H9", "M ≥ 0 mistakes", sympy.Ge(M, 0)),
    Hypothesis("H10", "θ⁽¹⁾ = 0 (slide 31)", sympy.Eq(theta(1), 0)),
    Hypothesis(
        "H11",
        "the k-th mistake: θ⁽ᵏ⁺¹⁾ = θ⁽ᵏ⁾ + y_k x_k (slide 31)",
        sympy.Eq(theta(k + 1), theta(k) + y(k) * x(k)),
    ),
    Hypothesis(
        "H12",
        "it was a mistake: y_k(θ⁽ᵏ⁾·x_k) ≤ 0 (slide 31)",
        sympy.Le(y(k) * Inner(theta(k), x(k)), 0),
    ),
    Hypothesis(
        "H13",
        "fresh coordinates: ⟨e_k, e_l⟩ = δ_kl",
        sympy.Eq(Inner(e(k), e(l_)), sympy.KroneckerDelta(k, l_)),
    ),
    Hypothesis("H14", "u is in the original space: ⟨u, e_k⟩ = 0", sympy.Eq(Inner(u, e(k)), 0)),
    Hypothesis("H15", "so is every x_l: ⟨x_l, e_k⟩ = 0", sympy.Eq(Inner(x(l_), e(k)), 0)),
    Hypothesis("H16", "v = Σ_k y_k d_k e_k", sympy.Eq(v, sympy.Sum(y(k) * d(k) * e(k), (k, 1, M)))),
    Hypothesis("H17", "Δ > 0", sympy.Gt(Delta, 0)),
    Hypothesis("H18", "Δ² = RD (the choice that minimizes the bound)", sympy.Eq(Delta**2, R * D)),
    Hypothesis("H19", "Z > 0", sympy.Gt(Z, 0)),
    Hypothesis(
        "H20", "Z² = 1 + ‖v‖²/Δ² (so that ‖u'‖ = 1)", sympy.Eq(Z**2, 1 + Inner(v, v) / Delta**2)
    ),
    Hypothesis("H21", "ρ > 0", sympy.Gt(rho, 0)),
    Hypothesis("H22", "ρ² = R² + Δ², the radius of the x'_k", sympy.Eq(rho**2, R**2 + Delta**2)),
    Hypothesis("H23", "x'_k = x_k + Δe_k", sympy.Eq(x2(k), x(k) + Delta * e(k))),
    Hypothesis("H24", "u' = (u + v/Δ)/Z", sympy.Eq(u2, (u + v / Delta) / Z)),
    Hypothesis("H25", "θ'⁽¹⁾ = 0: the perceptron on the x'_k", sympy.Eq(theta2(1), 0)),
    Hypothesis(
        "H26",
        "θ'⁽ᵏ⁺¹⁾ = θ'⁽ᵏ⁾ + y_k x'_k",
        sympy.Eq(theta2(k + 1), theta2(k) + y(k) * x2(k)),
    ),
    Hypothesis("H27", "p⁽¹⁾ = 0", sympy.Eq(p(1), 0)),
    Hypothesis(
        "H28",
        "p⁽ᵏ⁺¹⁾ = p⁽ᵏ⁾ + y_k e_k: p⁽q⁾ = Σ_{l<q} y_l e_l",
        sympy.Eq(p(k + 1), p(k) + y(k) * e(k)),
    ),
)
INDICES = (
    Index(k, 1, M, "the k-th mistake"),
    Index(l_, 1, M, "another mistake"),
    Index(q, 1, M + 1, "the weights before the q-th mistake (after all M at q = M + 1)"),
    Index(n, 1, k, "the weights before the n-th mistake, n ≤ k"),
)
F = {h.id: h.formula for h in H}

s1 = step(
    f"{ID}.1",
    "⟨v, e_k⟩ = Σ_l y_l d_l δ_lk = y_k d_k",
    "sympy",
    [F["H13"], F["H16"]],
    sympy.Eq(Inner(v, e(k)), y(k) * d(k)),
    "Freund & Schapire 1999, proof of Thm 2 (the coordinates of v); ours in this form",
    broken="orthonormality dropped",
    broken_hypotheses=[F["H16"]],
    coq="rewrite inner_vsum_l. "
    "rewrite (rsum_ext _ (fun i0 => (d i0 * y i0) * (if Z.eq_dec i0 k then 1 else 0)) _ _). "
    "rewrite (rsum_delta (fun i0 => d i0 * y i0)) by lia. ring. "
    "intros i0 Ri0. rewrite inner_scal_l, inner_sym, (P1 i0 Ri0). "
    "destruct (Z.eq_dec k i0), (Z.eq_dec i0 k); subst; try lia; ring.",
)
sum_d2 = sympy.Sum(d(k) ** 2, (k, 1, M))
s2 = step(
    f"{ID}.2",
    "⟨v, v⟩ = Σ_k Σ_l y_k d_k y_l d_l δ_kl = Σ_k d_k²",
    "sympy",
    [F["H13"], F["H16"], F["H5"], F["H9"]],
    sympy.Eq(Inner(v, v), sum_d2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="y_k² = 1 dropped",
    broken_hypotheses=[F["H13"], F["H16"], F["H9"]],
    coq="rewrite inner_vsum_l. apply rsum_ext. "
    "intros i0 Ri0. rewrite inner_scal_l, inner_vsum_r. "
    "rewrite (rsum_ext _ (fun i1 => (d i1 * y i1) * (if Z.eq_dec i1 i0 then 1 else 0)) _ _). "
    "rewrite (rsum_delta (fun i1 => d i1 * y i1)) by lia. pose proof (P3 i0 Ri0). nra. "
    "intros i1 Ri1. rewrite inner_scal_r, (P1 i0 Ri0 i1 Ri1). "
    "destruct (Z.eq_dec i0 i1), (Z.eq_dec i1 i0); subst; try lia; ring.",
)
s3 = step(
    f"{ID}.3",
    "‖v‖² ≤ D²",
    "z3",
    [s2.conclusion, F["H6"]],
    sympy.Le(Inner(v, v), D**2),
    "Freund & Schapire 1999 (D bounds the deviations)",
    broken="D² bounding Σ d_k² dropped",
    broken_hypotheses=[s2.conclusion],
)
s4 = step(
    f"{ID}.4",
    "⟨u, v⟩ = 0",
    "sympy",
    [F["H16"], F["H14"], F["H9"]],
    sympy.Eq(Inner(u, v), 0),
    "Freund & Schapire 1999 (u' = (u, v/Δ)/Z: the two parts are orthogonal)",
    broken="u ⊥ e_k dropped",
    broken_hypotheses=[F["H16"], F["H9"]],
    coq="rewrite inner_vsum_r. apply rsum_zero. intros i0 Ri0. "
    "rewrite inner_scal_r, (P2 i0 Ri0). ring.",
)
s5 = step(
    f"{ID}.5",
    "⟨x_l, v⟩ = 0",
    "sympy",
    [F["H16"], F["H15"], F["H9"]],
    sympy.Eq(Inner(x(l_), v), 0),
    "Freund & Schapire 1999",
    broken="x_l ⊥ e_k dropped",
    broken_hypotheses=[F["H16"], F["H9"]],
    coq="rewrite inner_vsum_r. apply rsum_zero. intros i0 Ri0. "
    "rewrite inner_scal_r, (P2 i0 Ri0 l R_l). ring.",
)
s6 = step(
    f"{ID}.6",
    "Z·⟨u', x'_k⟩ = u·x_k + Δ⟨u, e_k⟩ + ⟨v, x_k⟩/Δ + ⟨v, e_k⟩ = u·x_k + y_k d_k",
    "sympy",
    [
        F["H24"],
        F["H23"],
        F["H14"],
        At(s5.conclusion, ((l_, k),)),
        s1.conclusion,
        F["H19"],
        F["H17"],
    ],
    sympy.Eq(Z * Inner(u2, x2(k)), Inner(u, x(k)) + y(k) * d(k)),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the fresh coordinate's part dropped: Z·⟨u', x'_k⟩ = u·x_k",
    broken_conclusion=sympy.Eq(Z * Inner(u2, x2(k)), Inner(u, x(k))),
    coq="rewrite P3, P4, P5. field. lra.",
)
s7 = step(
    f"{ID}.7",
    "y_k⟨u', x'_k⟩ = (y_k u·x_k + d_k)/Z ≥ γ/Z: u' separates the x'_k with margin γ/Z",
    "z3",
    [s6.conclusion, F["H4"], F["H5"], F["H19"], F["H3"]],
    sympy.Ge(y(k) * Inner(u2, x2(k)), gamma / Z),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the deviation's definition dropped",
    broken_hypotheses=[s6.conclusion, F["H5"], F["H19"], F["H3"]],
    coq="assert (Y : y k * (Z_ * inner u' (x' k)) >= gamma) by "
    "(rewrite P1; unfold Rmax in P2; destruct (Rle_dec _ _); nra). "
    "apply Rle_ge. apply (Rmult_le_reg_l Z_). lra. "
    "replace (Z_ * (gamma / Z_)) with gamma by (field; lra). nra.",
)
s8 = step(
    f"{ID}.8",
    "⟨u', u'⟩ = (‖u‖² + 2⟨u, v⟩/Δ + ‖v‖²/Δ²)/Z² = (1 + ‖v‖²/Δ²)/Z² = 1",
    "sympy",
    [F["H24"], F["H2"], s4.conclusion, F["H20"], F["H19"], F["H17"]],
    sympy.Eq(Inner(u2, u2), 1),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="Z's definition changed: Z² = 1 + ‖v‖/Δ",
    broken_hypotheses=[
        F["H24"],
        F["H2"],
        s4.conclusion,
        sympy.Eq(Z**2, 1 + Inner(v, v) / Delta),
        F["H19"],
        F["H17"],
    ],
    coq="rewrite P2, P3. transitivity (/ Z_ ^ 2 * (1 + inner v v / Delta ^ 2)). "
    "field. lra. rewrite <- P4. field. lra.",
)
s9 = step(
    f"{ID}.9",
    "γ/Z > 0",
    "z3",
    [F["H3"], F["H19"]],
    sympy.Gt(gamma / Z, 0),
    "ours: the margin of u' is positive",
    broken="Z > 0 dropped",
    broken_hypotheses=[F["H3"]],
    coq="apply Rdiv_lt_0_compat; lra.",
)
s10 = step(
    f"{ID}.10",
    "⟨x'_k, x'_k⟩ = ‖x_k‖² + 2Δ⟨x_k, e_k⟩ + Δ²‖e_k‖² = ‖x_k‖² + Δ²",
    "sympy",
    [F["H23"], At(F["H15"], ((l_, k),)), At(F["H13"], ((l_, k),))],
    sympy.Eq(Inner(x2(k), x2(k)), Inner(x(k), x(k)) + Delta**2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="x_k ⊥ e_k dropped",
    broken_hypotheses=[F["H23"], At(F["H13"], ((l_, k),))],
)
s11 = step(
    f"{ID}.11",
    "‖x'_k‖² ≤ R² + Δ² = ρ²",
    "z3",
    [s10.conclusion, F["H1"], F["H22"]],
    sympy.Le(Inner(x2(k), x2(k)), rho**2),
    "Freund & Schapire 1999, proof of Thm 2",
    broken="the radius dropped",
    broken_hypotheses=[s10.conclusion, F["H22"]],
)
augmented = Induction(k, lambda m: sympy.Eq(theta2(m), theta(m) + Delta * p(m)), 1, M + 1, every=q)
s12 = step(
    f"{ID}.12",
    "θ'⁽q⁾ = θ⁽q⁾ + Δp⁽q⁾ for q ≤ M + 1 (induction over the mistakes)",
    "z3",
    [F["H25"], F["H10"], F["H27"], F["H9"], F["H26"], F["H23"], F["H11"], F["H28"]],
    augmented.concludes(),
    "Freund & Schapire 1999 ('the perceptron makes the same predictions'); the induction is ours",
    induction=augmented,
    broken="the fresh coordinate's step dropped from p: p⁽ᵏ⁺¹⁾ = p⁽ᵏ⁾",
    broken_hypotheses=[
        F["H25"],
        F["H10"],
        F["H27"],
        F["H9"],
        F["H26"],
        F["H23"],
        F["H11"],
        sympy.Eq(p(k + 1), p(k)),
    ],
    coq_base="rewrite vscal_zero_r, vadd_zero. reflexivity.",
    coq="rewrite !vscal_add_r, !vscal_assoc, vadd_swap. "
    "replace (y n_ * Delta) with (Delta * y n_) by ring. reflexivity.",
)
original_space = Induction(k, lambda m: sympy.Eq(Inner(theta(m), e(l_)), 0), 1, M + 1, every=q)
s13 = step(
    f"{ID}.13",
    "⟨θ⁽q⁾, e_l⟩ = 0: the original weights stay in the original space",
    "z3",
    [F["H10"], F["H9"], F["H11"], At(F["H15"], ((l_, k), (k, l_)))],
    original_space.concludes(),
    "ours: θ⁽q⁾ is a combination of the x_k",
    induction=original_space,
    broken="x_k ⊥ e_l dropped",
    broken_hypotheses=[F["H10"], F["H9"], F["H11"]],
)
fresh_part = Induction(k, lambda m: sympy.Eq(Inner(p(m), x(l_)), 0), 1, M + 1, every=q)
s14 = step(
    f"{ID}.14",
    "⟨p⁽q⁾, x_l⟩ = 0: the fresh part is orthogonal to the original space",
    "z3",
    [F["H27"], F["H9"], F["H28"], F["H15"]],
    fresh_part.concludes(),
    "ours: p⁽q⁾ is a combination of the e_l",
    induction=fresh_part,
    broken="x_l ⊥ e_k dropped",
    broken_hypotheses=[F["H27"], F["H9"], F["H28"]],
)
earlier = Induction(l_, lambda m: sympy.Eq(Inner(p(m), e(k)), 0), 1, k, every=n)
s15 = step(
    f"{ID}.15",
    "⟨p⁽ⁿ⁾, e_k⟩ = 0 for n ≤ k: p⁽ⁿ⁾ sums the e_l of earlier mistakes only",
    "z3",
    [F["H27"], At(F["H28"], ((k, l_),)), At(F["H13"], ((k, l_), (l_, k)))],
    earlier.concludes(),
    "ours: e_l ⊥ e_k for l < k",
    induction=earlier,
    broken="p summed up to k (an example seen before): ⟨p⁽ⁿ⁾, e_k⟩ = 0 for n ≤ k + 1",
    broken_induction=Induction(l_, lambda m: sympy.Eq(Inner(p(m), e(k)), 0), 1, k + 1, every=n),
)
s16 = step(
    f"{ID}.16",
    "⟨θ'⁽ᵏ⁾, x'_k⟩ = ⟨θ⁽ᵏ⁾ + Δp⁽ᵏ⁾, x_k + Δe_k⟩ = ⟨θ⁽ᵏ⁾, x_k⟩: the same scores",
    "z3",
    [
        At(s12.conclusion, ((q, k),)),
        F["H23"],
        At(s13.conclusion, ((q, k), (l_, k))),
        At(s14.conclusion, ((q, k), (l_, k))),
        At(s15.conclusion, ((n, k),)),
    ],
    sympy.Eq(Inner(theta2(k), x2(k)), Inner(theta(k), x(k))),
    "Freund & Schapire 1999 ('the perceptron makes the same predictions'); the check is ours",
    broken="⟨p⁽ᵏ⁾, e_k⟩ = 0 dropped (p⁽ᵏ⁾ could reach e_k)",
    broken_hypotheses=[
        At(s12.conclusion, ((q, k),)),
        F["H23"],
        At(s13.conclusion, ((q, k), (l_, k))),
        At(s14.conclusion, ((q, k), (l_, k))),
    ],
)
s17 = step(
    f"{ID}.17",
    "y_k⟨θ'⁽ᵏ⁾, x'_k⟩ ≤ 0: the run on the x'_k errs at every mistake of the original",
    "z3",
    [s16.conclusion, F["H12"]],
    sympy.Le(y(k) * Inner(theta2(k), x2(k)), 0),
    "Freund & Schapire 1999 ('the same mistakes')",
    broken="the original mistake dropped",
    broken_hypotheses=[s16.conclusion],
)
NOVIKOFF = cite(gormley.THEOREM)
s18 = instance(
    f"{ID}.18",
    "novikoff/gormley on the x'_k, θ* = u', margin γ/Z, radius ρ: M ≤ ρ²/(γ/Z)²",
    NOVIKOFF,
    {
        gormley.theta: theta2,
        gormley.x: x2,
        gormley.y: y,
        gormley.theta_star: u2,
        gormley.gamma: gamma / Z,
        gormley.R: rho,
        gormley.K: M,
        gormley.k: k,
    },
    "Freund & Schapire 1999, proof of Thm 2 (applying the separable bound)",
    broken="cited with the original radius R for the x'_k",
    broken_values={
        gormley.theta: theta2,
        gormley.x: x2,
        gormley.y: y,
        gormley.theta_star: u2,
        gormley.gamma: gamma / Z,
        gormley.R: R,
        gormley.K: M,
        gormley.k: k,
    },
    coq="pose proof (Rule_ P1 P2 P3 P4 P5 P6 P7 P8 P9 P10) as J. "
    "replace (rho ^ 2 / (gamma / Z_) ^ 2) with (Z_ ^ 2 * rho ^ 2 / gamma ^ 2) in J "
    "by (field; split; lra). exact J.",
)
s19 = step(
    f"{ID}.19",
    "ρ²Z²/γ² = (R² + RD)(1 + ‖v‖²/(RD))/γ² ≤ ((R + D)/γ)² as ‖v‖² ≤ D²",
    "z3",
    [
        s18.conclusion,
        s3.conclusion,
        F["H18"],
        F["H20"],
        F["H22"],
        F["H17"],
        F["H19"],
        F["H8"],
        F["H7"],
        F["H3"],
    ],
    sympy.Le(M, freund_schapire_bound(R, D, gamma)),
    "Freund & Schapire 1999 (the choice of Δ); the bound is Gormley slide 35's",
    broken="‖v‖² ≤ D² dropped",
    broken_hypotheses=[
        s18.conclusion,
        F["H18"],
        F["H20"],
        F["H22"],
        F["H17"],
        F["H19"],
        F["H8"],
        F["H7"],
        F["H3"],
    ],
    coq="assert (K : forall z0 r0 d0 rr0 dl0 vv0 : R, 0 < r0 -> 0 < d0 -> dl0 ^ 2 = d0 * r0 -> "
    "z0 ^ 2 = 1 + vv0 / dl0 ^ 2 -> rr0 ^ 2 = dl0 ^ 2 + r0 ^ 2 -> vv0 <= d0 ^ 2 -> "
    "z0 ^ 2 * rr0 ^ 2 <= (d0 + r0) ^ 2). "
    "{ intros z0 r0 d0 rr0 dl0 vv0 Hr Hd E1 E2 E3 Hv. rewrite E2, E3, E1. "
    "replace ((1 + vv0 / (d0 * r0)) * (d0 * r0 + r0 ^ 2)) with ((r0 + d0) * (r0 * d0 + vv0) / d0) "
    "by (field; lra). apply (Rmult_le_reg_r d0). lra. "
    "replace ((r0 + d0) * (r0 * d0 + vv0) / d0 * d0) with ((r0 + d0) * (r0 * d0 + vv0)) by "
    "(field; lra). "
    "assert (0 <= (r0 + d0) * (d0 ^ 2 - vv0)) by (apply Rmult_le_pos; lra). lra. } "
    "pose proof (K Z_ R_ D rho Delta (inner v v) P8 P9 P3 P4 P5 P2) as A. "
    "apply (Rle_trans _ (Z_ ^ 2 * rho ^ 2 / gamma ^ 2)). exact P1. "
    "unfold Rdiv. apply Rmult_le_compat_r. left. apply Rinv_0_lt_compat. nra. exact A.",
)

FS_Y = (-1, 1, 1, -1, -1, -1)
"""Slide 15's data with the last label flipped: (1, −1) is now negative, so u = (1, 0) no
longer separates it (deviation 2 at γ = 1)."""
FS_R, FS_D = Fraction(16), Fraction(9)
"""R ≥ ‖x‖ and D ≥ √(Σ d²), chosen so that Δ = √(RD) = 12 and Z stay exact."""


def witness() -> list[Witness]:
    """perceptron/gormley-online, one pass over FS_Y's data; u = (1, 0), γ = 1, R = 16,
    D = 9; the fresh coordinates e(k) are the last M coordinates of ℝ^{2+M}."""
    run = mistakes("perceptron/gormley-online", SLIDE_15_X, FS_Y)
    m = run.m
    dim = 2 + m

    def embed(w: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        return tuple(w) + (Fraction(0),) * m

    def unit(i: int) -> tuple[Fraction, ...]:
        return tuple(Fraction(int(c == 1 + i)) for c in range(dim))

    def add(a: tuple[Any, ...], b: tuple[Any, ...], c: Fraction = Fraction(1)) -> tuple[Any, ...]:
        return tuple(s + c * t for s, t in zip(a, b, strict=True))

    u_value = embed((Fraction(1), Fraction(0)))
    g = Fraction(1)
    xs = [embed(xk) for xk in run.x]
    devs = [
        max(Fraction(0), g - yk * sum(a * b for a, b in zip(u_value, xk, strict=True)))
        for xk, yk in zip(xs, run.y, strict=True)
    ]
    es = [unit(i) for i in range(1, m + 1)]
    v_value = tuple(Fraction(0) for _ in range(dim))
    for yk, dk, ek in zip(run.y, devs, es, strict=True):
        v_value = add(v_value, ek, yk * dk)
    delta = sympy.sqrt(sympy.Rational(FS_R * FS_D))
    vv = sum(c * c for c in v_value)
    z_value = sympy.sqrt(1 + sympy.Rational(vv) / delta**2)
    x2s = [
        tuple(a + delta * b for a, b in zip(xk, ek, strict=True))
        for xk, ek in zip(xs, es, strict=True)
    ]
    thetas = [embed(w) for w in run.w]
    theta2s = [tuple(sympy.Integer(0) for _ in range(dim))]
    ps = [tuple(Fraction(0) for _ in range(dim))]
    for yk, x2k, ek in zip(run.y, x2s, es, strict=True):
        theta2s.append(tuple(a + yk * b for a, b in zip(theta2s[-1], x2k, strict=True)))
        ps.append(add(ps[-1], ek, Fraction(yk)))
    u2_value = tuple((a + b / delta) / z_value for a, b in zip(u_value, v_value, strict=True))
    values = {
        x: sequence(xs, 1),
        y: sequence(run.y, 1),
        d: sequence(devs, 1),
        e: sequence(es, 1),
        theta: sequence(thetas, 1),
        theta2: sequence(theta2s, 1),
        p: sequence(ps, 1),
        x2: sequence(x2s, 1),
        u: u_value,
        v: v_value,
        u2: u2_value,
        M: m,
        R: FS_R,
        D: FS_D,
        gamma: g,
        Delta: delta,
        Z: z_value,
        rho: sympy.sqrt(FS_R**2 + delta**2),
    }
    return [
        Witness(f"perceptron/gormley-online, one pass, not separable by u ({m} mistakes)", values)
    ]


THEOREM = Theorem(
    ID,
    "Gormley, Lecture 6, slide 35 (Freund & Schapire 1999, Theorem 2)",
    H,
    (s19.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19),
    freund_schapire_bound,
    (R, D, gamma),
    INDICES,
    witness,
)
