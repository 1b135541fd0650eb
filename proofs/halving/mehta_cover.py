"""halving/mehta-cover: Mehta, Lecture 3, §1: Halving over a proper γ/2R-cover of the unit
sphere keeps a separator (margin ≥ γ/2 on every example) and makes at most
d·log2(⌈8R/γ⌉ + 1) mistakes (Corollary 1).

Spec: spec/theorems/halving/mehta-cover.md.  The sequence is (x(t), y(t)), 1 ≤ t ≤ T; w̃ is
the point of the cover S_γ nearest w*, δ = w̃ − w*; C = |S_γ| and M the mistakes of Halving
over C_γ = {f_w : w ∈ S_γ} on the sequence.  The steps show, for every t, that w̃ separates
(x(t), y(t)); the Halving bound of Lecture 2 (an assumption: Mehta cites it) needs exactly
that, for every example.  Cauchy–Schwarz and the facts about log are rules with their full
quantifiers, which Coq proves from its standard library; log is otherwise uninterpreted
for z3 (it knows only the sign of log of a number).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from perceptron_ref import run
from perceptron_ref.bounds import cover_size_bound, halving_cover_bound
from perceptron_ref.halving.sphere import sphere_cover

from .._check import (
    Hypothesis,
    Index,
    Inner,
    Norm,
    Rule,
    Theorem,
    Vector,
    Witness,
    instance,
    step,
    vector_sequence,
)
from .._rules import CAUCHY_SCHWARZ, LOG_INCREASING, LOG_POWER
from .._runs import sequence

ID = "halving/mehta-cover"

gamma, R, eps, C = sympy.symbols("gamma R epsilon C")
d, M, T = sympy.symbols("d M T", integer=True)
t = sympy.Symbol("t", integer=True)
x = vector_sequence("x")
y = sympy.Function("y")
member = sympy.Function("member")
w_star, w_tilde, delta = (Vector(n) for n in ("w_star", "w_tilde", "delta"))
log = sympy.log
cover = cover_size_bound(d, eps)
ratio = 8 * R / gamma
_w = Vector("w")

HALVING = Rule(
    "halving-bound",
    "Halving (Mehta, Lecture 2): over a finite class C of classifiers, if some f_w in C is "
    "correct on every example of the sequence, Halving makes at most log2|C| mistakes; here "
    "C = C_γ, of size C, and M is Halving's mistakes over it on (x(t), y(t)), t ≤ T",
    "external",
    (_w,),
    (sympy.Eq(member(_w), 1), sympy.Gt(y(t) * Inner(_w, x(t)), 0)),
    sympy.Le(M, log(C) / log(2)),
    "halving_bound",
    (Index(t, 1, T),),
)

H = (
    Hypothesis(
        "H1",
        "separability with margin (Assumption 1): y_t⟨w*, x_t⟩ ≥ γ",
        sympy.Ge(y(t) * Inner(w_star, x(t)), gamma),
    ),
    Hypothesis("H2", "labels are ±1: y_t² = 1", sympy.Eq(y(t) ** 2, 1)),
    Hypothesis("H3", "R = max ‖x_t‖: ‖x_t‖ ≤ R", sympy.Le(Norm(x(t)), R)),
    Hypothesis("H4", "γ > 0", sympy.Gt(gamma, 0)),
    Hypothesis("H5", "R > 0", sympy.Gt(R, 0)),
    Hypothesis("H6", "ε = γ/2R", sympy.Eq(eps, gamma / (2 * R))),
    Hypothesis("H7", "δ = w̃ − w*", sympy.Eq(delta, w_tilde - w_star)),
    Hypothesis("H8", "S_γ is a proper ε-cover: ‖w̃ − w*‖ ≤ ε", sympy.Le(Norm(delta), eps)),
    Hypothesis("H9", "w̃ is a point of S_γ: f_w̃ ∈ C_γ", sympy.Eq(member(w_tilde), 1)),
    Hypothesis(
        "H10",
        "covering number: |S_γ| ≤ (4/ε + 1)ᵈ (cited, not proved, by the note)",
        sympy.Le(C, cover),
    ),
    Hypothesis("H11", "S_γ is not empty: |S_γ| ≥ 1", sympy.Ge(C, 1)),
    Hypothesis("H12", "d ≥ 1", sympy.Ge(d, 1)),
)
INDICES = (Index(t, 1, T, "the t-th example"),)
(
    margin,
    label,
    radius,
    gamma_pos,
    R_pos,
    eps_def,
    delta_def,
    covered,
    in_cover,
    covering,
    nonempty,
    d_pos,
) = (h.formula for h in H)

s1 = step(
    f"{ID}.1",
    "y⟨w̃, x⟩ = y⟨w*, x⟩ + y⟨w̃ − w*, x⟩",
    "sympy",
    [delta_def],
    sympy.Eq(y(t) * Inner(w_tilde, x(t)), y(t) * Inner(w_star, x(t)) + y(t) * Inner(delta, x(t))),
    "Mehta §1, the margin display, line 1",
    broken="δ = w̃ − w* dropped",
    broken_hypotheses=[],
)
s2 = step(
    f"{ID}.2",
    "y⟨w̃, x⟩ ≥ γ + y⟨w̃ − w*, x⟩",
    "z3",
    [s1.conclusion, margin],
    sympy.Ge(y(t) * Inner(w_tilde, x(t)), gamma + y(t) * Inner(delta, x(t))),
    "Mehta §1, line 2 (separability with margin)",
    broken="the margin dropped",
    broken_hypotheses=[s1.conclusion],
)
s3 = instance(
    f"{ID}.3",
    "Cauchy–Schwarz at δ and x_t: |⟨δ, x_t⟩| ≤ ‖δ‖·‖x_t‖",
    CAUCHY_SCHWARZ,
    {CAUCHY_SCHWARZ.variables[0]: delta, CAUCHY_SCHWARZ.variables[1]: x(t)},
    "Mehta §1, line 3 (Cauchy–Schwarz)",
    broken="instantiated at w̃ instead of δ",
    broken_values={CAUCHY_SCHWARZ.variables[0]: w_tilde, CAUCHY_SCHWARZ.variables[1]: x(t)},
)
s4 = step(
    f"{ID}.4",
    "y⟨w̃ − w*, x⟩ ≥ −‖w̃ − w*‖·‖x‖",
    "z3",
    [label, s3.conclusion],
    sympy.Ge(y(t) * Inner(delta, x(t)), -Norm(delta) * Norm(x(t))),
    "Mehta §1, line 3 (Cauchy–Schwarz)",
    broken="Cauchy–Schwarz dropped",
    broken_hypotheses=[label],
)
s5 = step(
    f"{ID}.5",
    "y⟨w̃, x⟩ ≥ γ − (γ/2R)·R = γ/2",
    "z3",
    [s2.conclusion, s4.conclusion, covered, eps_def, radius, R_pos, gamma_pos],
    sympy.Ge(y(t) * Inner(w_tilde, x(t)), gamma / 2),
    "Mehta §1, lines 4–5",
    broken="a coarser cover, ε = γ/R",
    broken_hypotheses=[
        s2.conclusion,
        s4.conclusion,
        covered,
        sympy.Eq(eps, gamma / R),
        radius,
        R_pos,
        gamma_pos,
    ],
    coq="assert (Nd : 0 <= norm delta) by apply norm_nonneg. "
    "assert (Nx : 0 <= norm (x t)) by apply norm_nonneg. "
    "assert (E : norm delta * norm (x t) <= epsilon * R_) by (apply Rmult_le_compat; lra). "
    "assert (G : epsilon * R_ = gamma / 2) by (rewrite P4; field; lra). lra.",
)
s6 = step(
    f"{ID}.6",
    "γ_w̃ ≥ γ/2 > 0: f_w̃ ∈ C_γ is correct on every example",
    "z3",
    [s5.conclusion, gamma_pos],
    sympy.Gt(y(t) * Inner(w_tilde, x(t)), 0),
    "Mehta §1, 'Thus, we have γ_w̃ ≥ γ/2 > 0'",
    broken="γ > 0 dropped",
    broken_hypotheses=[s5.conclusion],
)
s7 = instance(
    f"{ID}.7",
    "Halving on C_γ makes at most log2|C_γ| mistakes: f_w̃ ∈ C_γ is correct on every example",
    HALVING,
    {_w: w_tilde, t: t},
    "Mehta §1, 'running the Halving algorithm on C_γ will yield a mistake bound of log|C_γ|'",
    broken="instantiated at w*, which need not be in C_γ",
    broken_values={_w: w_star, t: t},
)
s8 = step(
    f"{ID}.8",
    "at ε = γ/2R: 4/ε + 1 = 8R/γ + 1",
    "sympy",
    [eps_def, gamma_pos, R_pos],
    sympy.Eq(4 / eps + 1, ratio + 1),
    "ours (Corollary 1 leaves it to the reader)",
    broken="constant changed: 4/ε + 1 = 4R/γ + 1",
    broken_conclusion=sympy.Eq(4 / eps + 1, 4 * R / gamma + 1),
    coq="rewrite P1. field. lra.",
)
s9 = step(
    f"{ID}.9",
    "|C_γ| > 0",
    "z3",
    [nonempty],
    sympy.Gt(C, 0),
    "ours",
    broken="|C_γ| ≥ 1 dropped",
    broken_hypotheses=[],
)
s10 = instance(
    f"{ID}.10",
    "log|C_γ| ≤ log((4/ε + 1)ᵈ): log is increasing",
    LOG_INCREASING,
    {LOG_INCREASING.variables[0]: C, LOG_INCREASING.variables[1]: cover},
    "ours: log2 of the covering number",
    broken="instantiated the other way round",
    broken_values={LOG_INCREASING.variables[0]: cover, LOG_INCREASING.variables[1]: C},
)
s11 = step(
    f"{ID}.11",
    "4/ε + 1 > 0",
    "z3",
    [eps_def, gamma_pos, R_pos],
    sympy.Gt(4 / eps + 1, 0),
    "ours",
    broken="γ > 0 dropped",
    broken_hypotheses=[eps_def, R_pos],
    coq="rewrite P1. assert (0 < gamma / (2 * R_)) by (apply Rdiv_lt_0_compat; lra). "
    "assert (0 < / (gamma / (2 * R_))) by (apply Rinv_0_lt_compat; lra). lra.",
)
s12 = instance(
    f"{ID}.12",
    "log((4/ε + 1)ᵈ) = d·log(4/ε + 1)",
    LOG_POWER,
    {LOG_POWER.variables[0]: 4 / eps + 1, LOG_POWER.variables[1]: d},
    "ours: log2 of (4/ε + 1)ᵈ",
    broken="the exponent dropped",
    broken_values={LOG_POWER.variables[0]: 4 / eps + 1, LOG_POWER.variables[1]: 1},
)
s13 = step(
    f"{ID}.13",
    "log|C_γ| ≤ d·log(4/ε + 1)",
    "z3",
    [s10.conclusion, s12.conclusion],
    sympy.Le(log(C), d * log(4 / eps + 1)),
    "ours: log2 of (4/ε + 1)ᵈ",
    broken="the covering number's log dropped",
    broken_hypotheses=[s12.conclusion],
)
s14 = step(
    f"{ID}.14",
    "8R/γ + 1 > 0",
    "z3",
    [gamma_pos, R_pos],
    sympy.Gt(ratio + 1, 0),
    "ours",
    broken="γ > 0 dropped",
    broken_hypotheses=[R_pos],
    coq="assert (0 < 8 * R_ / gamma) by (apply Rdiv_lt_0_compat; lra). lra.",
)
s15 = step(
    f"{ID}.15",
    "8R/γ + 1 ≤ ⌈8R/γ⌉ + 1",
    "z3",
    [gamma_pos, R_pos],
    sympy.Le(ratio + 1, sympy.ceiling(ratio) + 1),
    "ours: ⌈·⌉ makes the cover size an integer",
    broken="the ceiling below: ⌈8R/γ⌉ + 1 ≤ 8R/γ",
    broken_conclusion=sympy.Le(sympy.ceiling(ratio) + 1, ratio),
    coq="pose proof (proj2 (Rceil_spec (8 * R_ / gamma) (Rceil (8 * R_ / gamma)))) as E. "
    "assert (IZR (Rceil (8 * R_ / gamma)) >= 8 * R_ / gamma) by (apply E; lia). lra.",
)
s16 = instance(
    f"{ID}.16",
    "log(8R/γ + 1) ≤ log(⌈8R/γ⌉ + 1)",
    LOG_INCREASING,
    {LOG_INCREASING.variables[0]: ratio + 1, LOG_INCREASING.variables[1]: sympy.ceiling(ratio) + 1},
    "ours: log is increasing",
    broken="instantiated the other way round",
    broken_values={
        LOG_INCREASING.variables[0]: sympy.ceiling(ratio) + 1,
        LOG_INCREASING.variables[1]: ratio + 1,
    },
    coq="apply Rule_; lra.",
)
s17 = step(
    f"{ID}.17",
    "M ≤ log2|C_γ| ≤ d·log2(⌈8R/γ⌉ + 1) (Corollary 1)",
    "z3",
    [s7.conclusion, s8.conclusion, s13.conclusion, s16.conclusion, d_pos, gamma_pos, R_pos],
    sympy.Le(M, halving_cover_bound(d, R, gamma)),
    "Mehta §1, Corollary 1",
    broken="constant changed: M ≤ d·log2(⌈4R/γ⌉ + 1)",
    broken_conclusion=sympy.Le(M, halving_cover_bound(d, R / 2, gamma)),
    coq="assert (L2 : 0 < ln 2) by (rewrite <- ln_1; apply ln_increasing; lra). "
    "rewrite P2 in P3. "
    "assert (A : ln C <= IZR d * ln (IZR (Rceil (8 * R_ / gamma)) + 1)). "
    "{ apply (Rle_trans _ _ _ P3). apply Rmult_le_compat_l; lra. } "
    "apply (Rle_trans _ _ _ P1). unfold Rdiv. apply Rmult_le_compat_r. "
    "left; apply Rinv_0_lt_compat; lra. exact A.",
)

HALVING_X = ((-2, -1), (1, 2), (-1, -1), (2, -1))
HALVING_Y = (-1, 1, -1, 1)
"""Separated by the unit w* = (3/5, 4/5) with margin 2/5; ‖x‖ ≤ 5/2."""
HALVING_GAMMA, HALVING_R = Fraction(5, 16), Fraction(5, 2)
"""γ ≤ the margin and R ≥ max ‖x‖, chosen so that ε = γ/2R = 1/16 is rational."""


def witness() -> list[Witness]:
    """halving/cover with ε = γ/2R = 1/16 on HALVING_X, one pass; w̃ the cover point nearest
    w* = (3/5, 4/5)."""
    epsilon = HALVING_GAMMA / (2 * HALVING_R)
    trace = run("halving/cover", HALVING_X, HALVING_Y, epsilon=epsilon)
    S = sphere_cover(2, epsilon)
    ws = (Fraction(3, 5), Fraction(4, 5))
    near = min(S, key=lambda w: sum((a - b) ** 2 for a, b in zip(w, ws, strict=True)))
    values = {
        x: sequence([tuple(Fraction(c) for c in row) for row in HALVING_X], 1),
        y: sequence(HALVING_Y, 1),
        member: lambda w: 1 if tuple(w) in S else 0,
        w_star: ws,
        w_tilde: near,
        delta: tuple(a - b for a, b in zip(near, ws, strict=True)),
        gamma: HALVING_GAMMA,
        R: HALVING_R,
        eps: epsilon,
        C: len(S),
        d: 2,
        M: trace.mistakes,
        T: len(HALVING_X),
    }
    plural = "" if trace.mistakes == 1 else "s"
    text = f"halving/cover, ε = 1/16, |S_γ| = {len(S)} ({trace.mistakes} mistake{plural})"
    return [Witness(text, values)]


THEOREM = Theorem(
    ID,
    "Mehta, Lecture 3, §1: Halving over a cover, Corollary 1",
    H,
    (s17.conclusion,),
    (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17),
    halving_cover_bound,
    (d, R, gamma),
    INDICES,
    witness,
)
