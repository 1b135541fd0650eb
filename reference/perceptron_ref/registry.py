"""Every algorithm by its ID.  The ID names the module: ``perceptron/gormley-batch`` is
``perceptron_ref/perceptron/gormley_batch.py``."""

from __future__ import annotations

from collections.abc import Callable

from perceptron_ref.algorithm import Algorithm
from perceptron_ref.errors import InputError
from perceptron_ref.halving import cover
from perceptron_ref.perceptron import (
    averaged,
    blum,
    gormley_batch,
    gormley_online,
    kernel,
    mehta,
    press,
    ssbd,
    structured,
    voted,
)
from perceptron_ref.winnow import disjunction, k_of_r, ltf

PERCEPTRONS: tuple[str, ...] = tuple(
    module.ALGORITHM.id for module in (blum, mehta, gormley_online, gormley_batch, press, ssbd)
)
"""The notes' six perceptrons (issue 2's table, in its order): the core that the engine, the
campaign, crosscheck and the pictures work on."""

ALGORITHMS: dict[str, Algorithm] = {
    module.ALGORITHM.id: module.ALGORITHM
    for module in (blum, mehta, gormley_online, gormley_batch, press, ssbd)
}
ALGORITHMS.update((m.ALGORITHM.id, m.ALGORITHM) for m in (disjunction, k_of_r, ltf, cover))
ALGORITHMS.update((m.ALGORITHM.id, m.ALGORITHM) for m in (voted, averaged, kernel, structured))

CONFIGURE: dict[str, Callable[..., Algorithm]] = {
    m.ALGORITHM.id: m.configure for m in (k_of_r, ltf, cover)
}
"""The algorithms that take options (``k``, ``epsilon``): ID → a function of the options
returning the configured algorithm (it raises InputError for an option it does not take)."""
CONFIGURE.update((m.ALGORITHM.id, m.configure) for m in (averaged, kernel))


def get(algorithm: str, **options: object) -> Algorithm:
    """The algorithm with this ID, or an :class:`InputError` listing the known IDs.

    ``options`` not None configure it (``k`` for ``winnow/k-of-r``, ``epsilon`` for
    ``winnow/ltf`` and ``halving/cover``); an option the algorithm does not take is an error.
    """
    try:
        algo = ALGORITHMS[algorithm]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise InputError(f"unknown algorithm {algorithm!r} (known: {known})") from None
    given = {name: value for name, value in options.items() if value is not None}
    if not given:
        return algo
    if algorithm not in CONFIGURE:
        raise InputError(f"{algorithm} takes no option {', '.join(sorted(given))}")
    return CONFIGURE[algorithm](**given)
