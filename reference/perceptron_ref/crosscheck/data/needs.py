"""What the data of one crosscheck must be: the options that shape every regime."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Needs:
    """What the data must be for this check: the options that shape every regime."""

    bias: bool
    separable: bool  # batch runs and --epochs converge
    floats: bool  # the candidate computes in float64: dyadic data only
    vectorized: bool  # numpy or scikit-learn: the largest sizes
    dimension: int | None = None  # --dimension D: only data of dimension D
    rule: str = "tie-mistake"  # the zero-score rule of the algorithm under test
    two_classes: bool = False  # scikit-learn refuses data with one class
