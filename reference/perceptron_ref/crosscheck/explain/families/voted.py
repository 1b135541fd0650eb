"""The voted perceptron's codes: where a new vector's count starts, its zero score in
training, and sign(0) in the vote."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain
from perceptron_ref.crosscheck.explain.families.averaged import TRAINING

EXPLAIN = Explain(
    when={
        "vote-count": "a new vector's count starts at 0, not 1 (it counts the examples it "
        "survived, not the one that made it)",
        "training-tie": "it counts a zero score as no mistake in training (sign(0) = ±1)",
        "vote-tie": "its vote takes sign(0) = 0 (np.sign) or −1, inside the sum or outside",
    },
    dims={
        "count": Difference(
            "starts a new vector's count at 1 (Freund & Schapire's c_{k+1} := 1)",
            {"count 0": "vote-count"},
            {"count 0": "a new vector's count starts at 0"},
        ),
        "training": TRAINING,
        "vote": Difference(
            "votes with sign(0) = +1, inside the sum and outside (Gormley slide 18)",
            {"sign(0) = 0": "vote-tie", "sign(0) = −1": "vote-tie"},
            {
                "sign(0) = 0": "its vote takes sign(0) = 0 (np.sign): a vector with v·x = 0 "
                "does not vote, and a tied vote predicts 0",
                "sign(0) = −1": "its vote takes sign(0) = −1, inside the sum and outside",
            },
        ),
    },
)
