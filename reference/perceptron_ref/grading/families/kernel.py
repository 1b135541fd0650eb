"""The kernel perceptron's tests: its kernel, its zero score in training, its prediction at
f(x) = 0, and right on each regime."""

from perceptron_ref.grading.families import Scored
from perceptron_ref.grading.families.averaged import WORDS

SCORED = Scored(
    {
        **{r: WORDS[r] for r in ("ties", "near-zero", "rationals", "long")},
        "nonlinear": "data no line separates",
        "realistic": WORDS["realistic"],
    },
    {
        "kernel": "Its kernel",
        "training": "Its zero-score rule in training",
        "prediction": "Its prediction at f(x) = 0",
    },
)
