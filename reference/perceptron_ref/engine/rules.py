"""The three zero-score rules as integer codes, and the mistake test every pass applies.

Codes: 0 tie-positive, 1 tie-negative, 2 tie-mistake (see :mod:`perceptron_ref.algorithm`).
A score s is an integer with the sign of ⟨w, x⟩ (see :mod:`~perceptron_ref.engine.scaled`).

>>> [is_mistake(rule, 0, 1) for rule in (TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE)]
[False, True, True]
"""

from __future__ import annotations

TIE_POSITIVE, TIE_NEGATIVE, TIE_MISTAKE = 0, 1, 2

RULES = {"tie-positive": TIE_POSITIVE, "tie-negative": TIE_NEGATIVE, "tie-mistake": TIE_MISTAKE}


def is_mistake(rule: int, s: int, y: int) -> bool:
    """The three zero-score rules, as the notes state them."""
    if rule == TIE_POSITIVE:  # predict +1 iff s ≥ 0
        return (y == 1 and s < 0) or (y == -1 and s >= 0)
    if rule == TIE_NEGATIVE:  # predict +1 iff s > 0
        return (y == 1 and s <= 0) or (y == -1 and s > 0)
    return y * s <= 0  # tie-mistake: update iff y·s ≤ 0
