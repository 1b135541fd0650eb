"""Winnow's codes: its threshold, its prediction at w·x = θ, its demotion; and a factor read
as a learning rate is no equivalence (none is accepted)."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain

EXPLAIN = Explain(
    when={
        "winnow-threshold": "its threshold is n/2, not the notes' n",
        "winnow-tie": "it predicts − at w·x = θ (w·x > θ), where the notes predict + (w·x ≥ θ)",
        "winnow-demotion": "it halves the active weights (Winnow2) instead of zeroing them, or "
        "multiplies them by 1 − ε instead of dividing by 1 + ε",
        "winnow-promotion": "it promotes by a factor of its own (3, 1.5, …), not the notes' 2 "
        "or 1 + ε (the demotion ÷ (1 + ε) with it)",
        "scaled-weights": "its weights are a positive multiple of the reference's on every data "
        "set (weights from 1/n with θ = 1): the same predictions, not accepted",
    },
    dims={
        "threshold": Difference(
            "predicts + iff w·x ≥ n (n features)",
            {"θ = n/2": "winnow-threshold"},
            {"θ = n/2": "its threshold is n/2"},
        ),
        "at θ": Difference(
            "predicts + at w·x = θ (w·x ≥ θ)",
            {"− at w·x = θ": "winnow-tie"},
            {"− at w·x = θ": "it predicts − at w·x = θ (w·x > θ), so it promotes there"},
        ),
        "demotion": Difference(
            "demotes them as the notes do: to 0 for a disjunction, ÷ (1 + ε) for k-of-r "
            "functions and LTFs",
            {"halved": "winnow-demotion", "× (1 − ε)": "winnow-demotion"},
            {
                "halved": "it halves the active weights on a mistake on a negative (Winnow2)",
                "× (1 − ε)": "it multiplies the active weights by 1 − ε on a mistake on a negative",
            },
        ),
    },
)
