"""Halving's codes: a hypothesis's sign at ⟨w, x⟩ = 0, and a tied vote."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain

EXPLAIN = Explain(
    when={
        "sign-zero": "its hypotheses take sgn(0) = −1, or 0 (np.sign: dropped on any example "
        "on their boundary), where Mehta's f_w takes +1",
        "majority-tie": "a tied vote predicts −1, where the reference predicts +1",
    },
    dims={
        "sgn(0)": Difference(
            "takes f_w(x) = sgn(⟨w, x⟩) with sgn(0) = +1 (Mehta)",
            {"sgn(0) = −1": "sign-zero", "sgn(0) = 0": "sign-zero"},
            {
                "sgn(0) = −1": "its hypotheses predict −1 at ⟨w, x⟩ = 0",
                "sgn(0) = 0": "its hypotheses predict 0 at ⟨w, x⟩ = 0 (np.sign): no label, so "
                "a hypothesis is dropped on any example on its boundary",
            },
        ),
        "vote": Difference(
            "predicts +1 on a tied vote",
            {"a tie predicts −1": "majority-tie"},
            {"a tie predicts −1": "a tied vote predicts −1"},
        ),
    },
)
