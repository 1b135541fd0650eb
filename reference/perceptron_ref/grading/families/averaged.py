"""The averaged perceptron's tests: which vectors it averages, its zero score in training, its
fitted model's prediction at a zero score, and right on each regime."""

from perceptron_ref.crosscheck.data.families.averaged import REGIMES
from perceptron_ref.grading.families import Scored

WORDS = {
    "ties": "small data with ties (w·x = 0)",
    "near-zero": "scores just off zero",
    "rationals": "rationals with large denominators",
    "long": "long runs with large weights",
    "realistic": "data of realistic size",
}

SCORED = Scored(
    {r: WORDS[r] for r in REGIMES.names if r in WORDS},  # round-sizes: see scoring.SHARED
    {
        "average": "Which vectors it averages",
        "training": "Its zero-score rule in training",
        "prediction": "Its prediction at a zero score",
    },
)
