"""Every algorithm by its ID.  The ID names the module: ``perceptron/gormley-batch`` is
``perceptron_ref/perceptron/gormley_batch.py``."""

from __future__ import annotations

from perceptron_ref.algorithm import Algorithm
from perceptron_ref.errors import InputError
from perceptron_ref.perceptron import blum, gormley_batch, gormley_online, mehta, press, ssbd

ALGORITHMS: dict[str, Algorithm] = {
    module.ALGORITHM.id: module.ALGORITHM
    for module in (blum, mehta, gormley_online, gormley_batch, press, ssbd)
}


def get(algorithm: str) -> Algorithm:
    """The algorithm with this ID, or an :class:`InputError` listing the known IDs."""
    try:
        return ALGORITHMS[algorithm]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise InputError(f"unknown algorithm {algorithm!r} (known: {known})") from None
