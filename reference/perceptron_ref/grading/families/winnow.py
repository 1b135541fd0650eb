"""Winnow's tests: its threshold, its prediction at w·x = θ, its demotion, and right on each
regime."""

from perceptron_ref.grading.families import Scored

SCORED = Scored(
    {
        "targets": "data labelled by a target of r relevant variables",
        "ties": "small data with w·x = θ",
        "noise": "data with flipped labels",
        "many-features": "many features, few relevant",
    },
    {"threshold": "Its threshold", "tie": "At w·x = θ", "demotion": "Its demotion"},
)
