"""The multiclass perceptron's codes: who wins a tie in the argmax, and how the rows move."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain

EXPLAIN = Explain(
    when={
        "argmax-tie": "the last of the tied classes wins an argmax, not the first",
        "update-true-only": "on a mistake it adds x to the true class's row only",
        "update-predicted-only": "on a mistake it subtracts x from the predicted class's row only",
        "half-step": "on a mistake it subtracts x/2 from the predicted class's row",
        "rows-transposed": "its W is d × K (a column per class), where K = d too (accepted)",
    },
    dims={
        "argmax tie": Difference(
            "gives a tie in the argmax to the first class (the smallest label, as np.argmax)",
            {"last": "argmax-tie"},
            {"last": "a tie in its argmax goes to the last of the tied classes (a scan with >=)"},
        ),
        "update": Difference(
            "adds x to the true class's row and subtracts it from the predicted class's",
            {
                "true row only": "update-true-only",
                "predicted row only": "update-predicted-only",
                "½ on the predicted row": "half-step",
            },
            {
                "true row only": "on a mistake it adds x to the true class's row and leaves "
                "the predicted class's row",
                "predicted row only": "on a mistake it subtracts x from the predicted class's "
                "row and leaves the true class's row",
                "½ on the predicted row": "on a mistake it subtracts x/2 from the predicted "
                "class's row",
            },
        ),
    },
    forms={
        "d × K": (
            "rows-transposed",
            "its W is the d × K transpose (a column per class), read so where K = d too",
        )
    },
)
