"""The multiclass perceptron's tests: ties in the argmax, the update, and right on each
regime."""

from perceptron_ref.grading.families import Scored
from perceptron_ref.grading.families.averaged import WORDS

SCORED = Scored(
    {
        "ties": "small data with ties in the argmax",
        "many-classes": "many classes",
        "near-zero": "scores just off a tie",
        "rationals": WORDS["rationals"],
        "long": "long runs",
        "realistic": "digit-like images (10 classes)",
    },
    {"tie": "Ties in the argmax", "update": "The update"},
)
