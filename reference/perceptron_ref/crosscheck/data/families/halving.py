"""Halving's data: small dimensions (the cover of the sphere grows as (1/ε)^(d−1)).

``separable``
    points pushed to a margin along a unit w* (:func:`~perceptron_ref.testing_targets.
    cover_data`): the version space never loses a cover point near w*;
``boundary``
    points orthogonal to cover points (⟨w, x⟩ = 0 exactly, where sgn(0) decides whether w
    survives), with random labels; for a run to convergence, the labels of one cover point
    (Mehta's sgn, sgn(0) = +1), so that the version space keeps it and a second pass is clean:
    Halving converges on any data (C only shrinks), but the runner's test of convergence is a
    pass with no mistake, which an empty version space never makes;
``noise``
    small integer points with random labels: the version space empties (not for a run to
    convergence).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import Case, Needs
from perceptron_ref.crosscheck.data.families import draw, probes
from perceptron_ref.crosscheck.family_options import Options
from perceptron_ref.halving.cover import DEFAULT_EPSILON, f
from perceptron_ref.halving.sphere import sphere_cover
from perceptron_ref.testing_targets import cover_data
from perceptron_ref.vectors import Label, Vector

NAMES = ("separable", "boundary", "noise")
MAX_DIMENSION = 2


def hypotheses(d: int, options: Options) -> tuple[Vector, ...]:
    """The cover the candidate is told (of the sphere in d dimensions, d + 1 with a bias)."""
    return sphere_cover(d + options.bias, Fraction(options.get("epsilon", DEFAULT_EPSILON)))


def orthogonal(rng: np.random.Generator, w: Vector) -> tuple[Fraction, ...]:
    """An integer point x with ⟨w, x⟩ = 0 (w rational, d ≥ 2)."""
    q = 1
    for v in w:
        q = q * v.denominator // np.gcd(q, v.denominator)
    a = [int(v * q) for v in w]
    if len(a) == 2:
        k = int(rng.choice([-2, -1, 1, 2]))
        return (Fraction(-a[1] * k), Fraction(a[0] * k))
    u = [int(v) for v in rng.integers(-2, 3, size=3)]
    x = (a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0])
    return tuple(Fraction(v) for v in x)


def boundary(rng: np.random.Generator, w: Vector, bias: bool) -> tuple[Fraction, ...] | None:
    """A point x with ⟨w, x⟩ = 0 (with a bias, ⟨w, (1, x)⟩ = 0), or None."""
    if not bias:
        return orthogonal(rng, w)
    w0, rest = w[0], w[1:]
    norm = sum((v * v for v in rest), Fraction(0))
    if norm == 0:
        return None
    x = tuple(-w0 * v / norm for v in rest)  # ⟨rest, x⟩ = −w₀
    if len(rest) >= 2:  # and a step along the line of such points
        along = orthogonal(rng, rest)
        x = tuple(a + b for a, b in zip(x, along, strict=True))
    return x


class Halving:
    names = NAMES

    def draw(
        self, options: Options, needs: Needs, examples: int, seed: int, keep: Callable[[Data], bool]
    ) -> list[Case]:
        rng = np.random.default_rng([seed, 19])
        top = MAX_DIMENSION - options.bias if needs.dimension is None else needs.dimension
        separable = draw(
            cover_data(max_dimension=max(top, 1)).map(lambda c: (c.X, c.y)),
            examples // 2,
            seed,
            keep,
        )
        found = [Case("separable", d) for d in separable]
        noise = 0 if needs.separable else examples // 4
        edges = examples - len(found) - noise
        for regime, count in (("boundary", edges), ("noise", noise)):
            made = 0
            for _ in range(8 * count):
                if made >= count:
                    break
                d = needs.dimension or int(rng.integers(1, top + 1))
                n = int(rng.integers(1, 12))
                if regime == "boundary" and d + options.bias >= 2:
                    H = hypotheses(d, options)
                    points = []
                    for _ in range(n):
                        w = H[int(rng.integers(0, len(H)))]
                        x = boundary(rng, w, options.bias)
                        if x is not None:
                            points.append(x)
                    X = tuple(points) or ((Fraction(0),) * d,)
                    n = len(X)
                else:
                    X = tuple(
                        tuple(Fraction(int(v)) for v in rng.integers(-2, 3, size=d))
                        for _ in range(n)
                    )
                y: tuple[Label, ...]
                if needs.separable:  # a cover point's labels: the run converges
                    H = hypotheses(len(X[0]), options)
                    w = H[int(rng.integers(0, len(H)))]
                    y = tuple(f(w, (Fraction(1), *x) if options.bias else x) for x in X)
                else:
                    y = tuple(1 if rng.random() < 0.5 else -1 for _ in range(n))
                if keep((X, y)):
                    found.append(Case(regime, (X, y)))
                    made += 1
        return found

    def probes(self, data: Data, options: Options) -> tuple[Vector, ...]:
        return probes(data, 32)

    def plan(self, options: dict[str, Any], examples: int, floats: bool) -> tuple[str, ...]:
        converge = options.get("epochs") == "converge"
        other = () if examples < 4 else ("boundary",) if converge else ("boundary", "noise")
        return (*(("separable",) if examples >= 2 else ()), *other)


REGIMES = Halving()
