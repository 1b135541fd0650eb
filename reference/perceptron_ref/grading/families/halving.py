"""Halving's tests: sgn(0) of its hypotheses, the vote at a tie, and right on each regime."""

from perceptron_ref.grading.families import Scored

SCORED = Scored(
    {
        "separable": "separable data",
        "boundary": "examples on a hypothesis's boundary (⟨w, x⟩ = 0)",
        "noise": "data no hypothesis fits",
    },
    {"sign": "sgn(0) of its hypotheses", "vote": "The vote at a tie"},
)
