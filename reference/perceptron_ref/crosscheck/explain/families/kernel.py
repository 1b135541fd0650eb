"""The kernel perceptron's codes: the kernel it computes, its zero score in training, its
prediction at f(x) = 0; α as mistake counts is accepted, and named."""

from __future__ import annotations

from perceptron_ref.crosscheck.explain.families import Difference, Explain
from perceptron_ref.crosscheck.explain.families.averaged import PREDICTION, TRAINING


class Kernels(dict[str, str]):
    """The kernel's codes, by the variant's name (which holds the options' numbers)."""

    def __missing__(self, key: str) -> str:
        if key.endswith("(p and c swapped)"):
            return "kernel-swapped"
        if key.endswith("(scikit-learn's gamma = 1/d)"):
            return "kernel-scaled"
        if key.endswith("(the bias as Σ αy)"):
            return "kernel-bias"
        if key.endswith("(c left out)"):
            return "kernel-offset"
        raise KeyError(key)


class Says(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return f"its kernel is {key}"


EXPLAIN = Explain(
    when={
        "kernel-swapped": "its kernel is (x·x' + p)^c: the degree and the offset swapped",
        "kernel-scaled": "its kernel is (x·x'/d + c)^p: scikit-learn's polynomial_kernel, whose "
        "default gamma scales x·x' by 1/d",
        "kernel-bias": "it carries a bias b += y on a mistake: the kernel K + 1",
        "kernel-offset": "its kernel is (x·x')^p: the offset c left out",
        "training-tie": "it counts a zero score as no mistake in training (sign(0) = ±1)",
        "predict-tie": "its fitted model predicts −1 or 0 where f(x) = 0",
        "alpha-counts": "its α are mistake counts (αᵢyᵢ the reference's signed α): accepted",
    },
    dims={
        "kernel": Difference("computes the kernel asked", Kernels(), Says()),
        "training": TRAINING,
        "prediction": PREDICTION,
    },
    forms={"counts": ("alpha-counts", "its α are mistake counts: αᵢyᵢ is the reference's α")},
)
