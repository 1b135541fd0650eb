"""The averaged perceptron's codes: which vectors it averages, what it divides by, its zero
score in training, and its prediction at w̄·x = 0."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain

TRAINING = Difference(
    "counts a zero score w·x = 0 as a mistake",
    {"tie → positive": "training-tie", "tie → negative": "training-tie"},
    {
        "tie → positive": "it takes sign(0) = +1 in training (1 if s >= 0 else -1), so a zero "
        "score is no mistake when y = +1",
        "tie → negative": "it takes sign(0) = −1 in training, so a zero score is no mistake "
        "when y = −1",
    },
)

PREDICTION = Difference(
    "predicts +1 at a zero score",
    {"sign(0) = −1": "predict-tie", "sign(0) = 0": "predict-tie"},
    {
        "sign(0) = −1": "its model predicts −1 where its score is 0",
        "sign(0) = 0": "its model predicts 0 where its score is 0 (np.sign(0) = 0, no label)",
    },
)

EXPLAIN = Explain(
    when={
        "average-span": "it averages w₀ … w_{N−1} (before each example, nltk) or w₀ … w_N "
        "(Daumé's w − u/c), or returns the last w_N alone, instead of w₁ … w_N",
        "average-updates": "it averages only the vectors made by an update",
        "average-divisor": "it divides the sum of w₁ … w_N by the number of updates, or not at all",
        "training-tie": "it counts a zero score as no mistake in training (sign(0) = ±1)",
        "predict-tie": "its fitted model predicts −1 or 0 where its score is 0",
    },
    dims={
        "average": Difference(
            "averages w₁ … w_N, the weights after each of the N examples",
            {
                "after": "average-span",
                "before": "average-span",
                "all": "average-span",
                "at updates": "average-updates",
                "÷ updates": "average-divisor",
                "sum": "average-divisor",
                "last": "average-span",
            },
            {
                "after": "it averages w₁ … w_N, the weights after each example",
                "before": "it averages w₀ … w_{N−1}, the weights each example was predicted with",
                "all": "it averages w₀ … w_N, both ends (Daumé's w − u/c)",
                "at updates": "it averages only the vectors made by an update, over the number "
                "of updates",
                "÷ updates": "it divides the sum of w₁ … w_N by the number of updates, not by N",
                "sum": "it returns the sum of w₁ … w_N, not divided (the same predictions)",
                "last": "it returns (or predicts with) the last w, w_N, not the average",
            },
        ),
        "training": TRAINING,
        "prediction": PREDICTION,
    },
)
