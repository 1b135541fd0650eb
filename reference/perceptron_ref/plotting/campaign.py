"""The data behind ``plot-bound``: many separable data sets, each variant's k, and R²/γ².

Mirrors the Block–Novikoff theorem (Gormley; Mehta Lecture 3, Claim 1–2; Press §2;
Blum Lecture 4): k ≤ R²/γ².  The data sets are built as
:func:`perceptron_ref.testing.separable_data` builds them (a rational unit w*, a margin,
points moved along w* until y·⟨w*, x⟩ ≥ γ₀), but drawn from a seeded
:class:`random.Random`: a production command may not use Hypothesis' ``example()``, and a
seed gives the same campaign, hence the same picture, every time.  The bound uses the
best γ (the exact max margin of :mod:`.margin`), so each point shows how close a run
came to the tightest form of the theorem.

Blum's lower bound (:mod:`perceptron_ref.adversaries.blum_lower_bound`): on N = 1/γ²
coordinate vectors e₁, …, e_N labelled against the learner, every learner errs on each
(its score is 0: w only has the earlier coordinates), and w* = γ·Σ yᵢeᵢ has margin γ,
R² = 1: so k = N = R²/γ², on the line.

>>> [(p.variant, p.k, p.bound) for p in adversary_points(2)][:2]
[('perceptron/blum', 4, Fraction(4, 1)), ('perceptron/mehta', 4, Fraction(4, 1))]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from perceptron_ref.adversaries.blum_lower_bound import blum_lower_bound
from perceptron_ref.plotting.margin import max_margin
from perceptron_ref.registry import PERCEPTRONS
from perceptron_ref.runner import run
from perceptron_ref.testing import SeparableData
from perceptron_ref.trace import Trace
from perceptron_ref.vectors import Label, Vector, add, dot, norm2, scale

VARIANTS = PERCEPTRONS
"""The six perceptrons of the notes, one colour each."""


@dataclass(frozen=True)
class Point:
    """One run: the variant, its mistakes k, the data's exact R² and best γ², R²/γ²."""

    variant: str
    k: int
    R_squared: Fraction
    gamma_squared: Fraction

    @property
    def bound(self) -> Fraction:
        return self.R_squared / self.gamma_squared


def rational(rng: random.Random, numerator: int, denominator: int) -> Fraction:
    """As ``testing.rationals``: n/q with |n| ≤ numerator, 1 ≤ q ≤ denominator."""
    return Fraction(rng.randint(-numerator, numerator), rng.randint(1, denominator))


def unit_vector(rng: random.Random, d: int) -> Vector:
    """As ``testing.unit_vectors``: inverse stereographic projection of a rational point."""
    if d == 1:
        return (Fraction(rng.choice((-1, 1))),)
    t = tuple(rational(rng, 5, 5) for _ in range(d - 1))
    n = norm2(t)
    u = (*(2 * a / (n + 1) for a in t), (n - 1) / (n + 1))
    if rng.random() < 0.5:
        u = (*u[:-1], -u[-1])
    assert norm2(u) == 1
    return u


def separable(rng: random.Random, max_dimension: int = 8, max_size: int = 60) -> SeparableData:
    """One data set, built as ``testing.separable_data`` builds it (without bias)."""
    d = rng.randint(1, max_dimension)
    w_star = unit_vector(rng, d)
    gamma0 = Fraction(rng.randint(1, 8), rng.randint(1, 8))
    X: list[Vector] = []
    y: list[Label] = []
    for _ in range(rng.randint(1, max_size)):
        x = tuple(rational(rng, 10, 4) for _ in range(d))
        label: Label = rng.choice((-1, 1))
        margin = label * dot(w_star, x)
        if margin < gamma0:
            x = add(x, scale((gamma0 - margin) * label, w_star))  # ‖w*‖ = 1
        X.append(x)
        y.append(label)
    gamma = min(t * dot(w_star, x) for x, t in zip(X, y, strict=True))
    assert gamma >= gamma0
    return SeparableData(tuple(X), tuple(y), w_star, gamma, max(map(norm2, X)))


def mistakes(variant: str, X: tuple[Vector, ...], y: tuple[Label, ...]) -> Trace:
    """Run a variant to convergence (online variants: passes until one is clean)."""
    if variant in ("perceptron/gormley-batch", "perceptron/press"):
        return run(variant, X, y)  # a batch run loops until a clean pass by itself
    return run(variant, X, y, epochs="converge")


def campaign(
    examples: int, seed: int, *, max_dimension: int = 8, max_size: int = 60
) -> tuple[Point, ...]:
    """Every variant on ``examples`` seeded data sets; asserts k ≤ R²/γ² on each run."""
    rng = random.Random(seed)
    points = []
    for _ in range(examples):
        data = separable(rng, max_dimension, max_size)
        m = max_margin([scale(t, x) for x, t in zip(data.X, data.y, strict=True)])
        assert m.gamma_squared >= data.gamma**2, "the max margin beats any certificate"
        for variant in VARIANTS:
            k = mistakes(variant, data.X, data.y).mistakes
            point = Point(variant, k, data.R_squared, m.gamma_squared)
            assert k <= point.bound, "Block–Novikoff"
            points.append(point)
    return tuple(points)


def adversary_points(root: int) -> tuple[Point, ...]:
    """Each variant on Blum's adversary with γ = 1/root: N = root² coordinate vectors.

    The data come from :func:`perceptron_ref.adversaries.blum_lower_bound`; R² and γ²
    are recomputed here (max norm, exact max margin) and must agree with its certificate.
    """
    gamma = Fraction(1, root)
    points = []
    for variant in VARIANTS:
        data = blum_lower_bound(gamma, variant)
        margin = max_margin([scale(t, x) for x, t in zip(data.X, data.y, strict=True)])
        assert margin.gamma_squared == gamma**2, "the adversary's w* has the best margin"
        k = mistakes(variant, data.X, data.y).mistakes
        points.append(Point(variant, k, max(map(norm2, data.X)), margin.gamma_squared))
    return tuple(points)
