"""Counterexamples are minimal and real: no example or feature can be removed and no number
simplified while the candidate still fails, checked here by running the candidate in this
process on every simplification of the counterexample; and the shrinker ends at such a
minimum for any failure it is given."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.explain.shrink import shrink, simplifications
from perceptron_ref.crosscheck.report import reporting

CANDIDATES = Path(__file__).resolve().parent / "candidates"


def load(name: str) -> Callable[..., Any]:
    spec = importlib.util.spec_from_file_location(f"_test_{name}", CANDIDATES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    train: Callable[..., Any] = module.train
    return train


def fails(train: Callable[..., Any], algorithm: str, data: Data) -> bool:
    """Does the candidate, called here on numpy float64 data, differ from the reference?"""
    X = np.array(data[0], dtype=object).astype(np.float64).reshape(len(data[0]), -1)
    got = tuple(Fraction(float(v)) for v in train(X, np.array(data[1])))
    return got != run(algorithm, *data).weights


@pytest.mark.parametrize(
    ("name", "algorithm", "size"),
    [
        ("wrong_sign", "perceptron/blum", 2),
        ("mehta_numpy", "perceptron/blum", 1),
        ("wrong_threshold_02", "perceptron/blum", 2),
        ("wrong_features8", "perceptron/gormley-online", 2),
        ("wrong_rule_d5", "perceptron/gormley-online", 1),
        ("wrong_first20", "perceptron/gormley-online", 21),
    ],
)
def test_the_counterexample_is_minimal(name: str, algorithm: str, size: int) -> None:
    report = crosscheck(algorithm, f"{CANDIDATES / name}.py:train")
    c = reporting.counterexample_json(report)
    assert c is not None and len(c["y"]) == size
    data: Data = (tuple(tuple(Fraction(v) for v in x) for x in c["X"]), tuple(c["y"]))
    train = load(name)
    assert fails(train, algorithm, data)
    simpler = {t for _, t in simplifications(data)}
    assert simpler and not any(fails(train, algorithm, t) for t in simpler)


def test_a_local_minimum_of_single_removals_is_left_for_a_smaller_counterexample() -> None:
    """Fails iff two equal examples have opposite labels: six examples where only such a
    pair matters; removing any one example keeps it failing, so one at a time it would
    end anywhere; the result has two."""
    one, two = (Fraction(1), Fraction(2)), (Fraction(3), Fraction(1))
    X = (one, two, one, two, (Fraction(5), Fraction(5)), one)
    data: Data = (X, (1, 1, -1, 1, -1, 1))

    def bad(d: Data) -> bool:
        seen: dict[tuple[Any, ...], set[int]] = {}
        for x, t in zip(*d, strict=True):
            seen.setdefault(tuple(x), set()).add(t)
        return any(len(labels) == 2 for labels in seen.values())

    small = shrink(data, lambda tries: [bad(t) for t in tries], lambda d: True)
    assert bad(small) and len(small[0]) == 2 and len(small[0][0]) == 1
    assert not any(bad(t) for _, t in simplifications(small))


@st.composite
def failures(draw: st.DrawFn) -> tuple[Data, Callable[[Data], bool]]:
    """A data set and a failure it shows: enough examples, a large coordinate, a label."""
    n, d = draw(st.integers(1, 8)), draw(st.integers(1, 4))
    numbers = st.builds(Fraction, st.integers(-50, 50), st.sampled_from([1, 2, 3]))
    X = tuple(tuple(draw(numbers) for _ in range(d)) for _ in range(n))
    y = tuple(draw(st.lists(st.sampled_from([1, -1]), min_size=n, max_size=n)))
    k = draw(st.integers(1, n))
    top = max(abs(Fraction(v)) for x in X for v in x)
    kinds: list[Callable[[Data], bool]] = [
        lambda e: len(e[0]) >= k,
        lambda e: max(abs(Fraction(v)) for x in e[0] for v in x) >= top,
        lambda e: -1 in e[1] and len(e[0][0]) >= min(d, 2),
    ]
    return (X, y), draw(st.sampled_from(kinds))  # type: ignore[return-value]


@given(failures())
def test_the_shrinker_ends_where_no_simplification_still_fails(
    case: tuple[Data, Callable[[Data], bool]],
) -> None:
    data, bad = case
    if not bad(data):
        return
    small = shrink(data, lambda tries: [bad(t) for t in tries], lambda d: True)
    assert bad(small)
    assert not any(bad(t) for _, t in simplifications(small))
