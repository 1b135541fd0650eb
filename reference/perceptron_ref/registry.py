"""Every algorithm by its ID: the one list of them.  The ID names the module:
``perceptron/gormley-batch`` is ``perceptron_ref/perceptron/gormley_batch.py``.

A module is imported when its algorithm is first asked for, so that a run of one
algorithm loads one learner, not fourteen (``tests/test_registry.py`` checks that every
ID's module declares that ID).

>>> get("perceptron/mehta").zero_score, len(ALGORITHMS), "winnow/ltf" in ALGORITHMS
('tie-positive', 14, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType

from perceptron_ref.algorithm import Algorithm
from perceptron_ref.errors import InputError

PERCEPTRONS: tuple[str, ...] = (
    "perceptron/blum",
    "perceptron/mehta",
    "perceptron/gormley-online",
    "perceptron/gormley-batch",
    "perceptron/press",
    "perceptron/ssbd",
)
"""The notes' six perceptrons (issue 2's table, in its order): the core that the engine, the
campaign, crosscheck and the pictures work on."""

IDS: tuple[str, ...] = (
    *PERCEPTRONS,
    "winnow/disjunction",
    "winnow/k-of-r",
    "winnow/ltf",
    "halving/cover",
    "perceptron/voted",
    "perceptron/averaged",
    "perceptron/kernel",
    "perceptron/structured",
)
"""Every algorithm of the notes, the perceptrons first."""

OPTIONS: tuple[str, ...] = (
    "winnow/k-of-r",
    "winnow/ltf",
    "halving/cover",
    "perceptron/averaged",
    "perceptron/kernel",
)
"""The algorithms that take options (``k``, ``epsilon``, ``average``, ``kernel``, ...):
their module's ``configure`` returns the configured algorithm (it raises InputError for an
option it does not take)."""


def module(algorithm: str) -> ModuleType:
    """The module of an algorithm ID (imported now if it was not yet)."""
    return importlib.import_module(
        "perceptron_ref." + algorithm.replace("/", ".").replace("-", "_")
    )


class _Lazy(Mapping[str, Algorithm]):
    """ID → algorithm, each module imported on first use."""

    def __getitem__(self, algorithm: str) -> Algorithm:
        if algorithm not in IDS:
            raise KeyError(algorithm)
        found: Algorithm = module(algorithm).ALGORITHM
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(IDS)

    def __len__(self) -> int:
        return len(IDS)


ALGORITHMS: Mapping[str, Algorithm] = _Lazy()

CONFIGURE: Mapping[str, Callable[..., Algorithm]] = {
    algorithm: (lambda a: lambda **options: module(a).configure(**options))(algorithm)
    for algorithm in OPTIONS
}


def get(algorithm: str, **options: object) -> Algorithm:
    """The algorithm with this ID, or an :class:`InputError` listing the known IDs.

    ``options`` not None configure it (``k`` for ``winnow/k-of-r``, ``epsilon`` for
    ``winnow/ltf`` and ``halving/cover``); an option the algorithm does not take is an error.
    """
    if algorithm not in IDS:
        known = ", ".join(sorted(IDS))
        raise InputError(f"unknown algorithm {algorithm!r} (known: {known})")
    algo = ALGORITHMS[algorithm]
    given = {name: value for name, value in options.items() if value is not None}
    if not given:
        return algo
    if algorithm not in CONFIGURE:
        raise InputError(f"{algorithm} takes no option {', '.join(sorted(given))}")
    return CONFIGURE[algorithm](**given)
