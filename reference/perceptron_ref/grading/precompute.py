"""The reference's work for a class's configuration, done before any hand-in is graded.

``grade`` (before its first hand-in) and the platforms (when the autograder is built) call
:func:`prepare`: the data sets of every regime and the reference's exact runs on them are
put in the cache (:mod:`~perceptron_ref.crosscheck.judge.cache`) for the candidate most
hand-ins are: a Python file or notebook taking the ``input`` kind asked, learning a bias
exactly when ``bias`` says so, taking data of one class.  A hand-in that selects other data
(it learns a bias of its own, it is scikit-learn, its ``--param`` sets the step) has another
key: its own crosscheck does that work, once, and keeps it for the hand-ins like it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from perceptron_ref import registry
from perceptron_ref.crosscheck import check
from perceptron_ref.crosscheck.data.needs import Needs
from perceptron_ref.crosscheck.judge import cache
from perceptron_ref.crosscheck.judge.conventions import VARIANTS
from perceptron_ref.crosscheck.judge.oracle import Oracle
from perceptron_ref.numbers import to_fraction


def usual(options: Mapping[str, Any]) -> tuple[Oracle, Needs] | None:
    """The reference and the needs of the usual candidate for crosscheck's ``options``
    (None where the options leave no usual one: the families, a step set by --param)."""
    algorithm = options["algorithm"]
    step = (options.get("params") or {}).get("eta")
    if algorithm not in VARIANTS or step is not None or options.get("data"):
        return None
    epochs = check.validate(algorithm, options.get("epochs", 1))
    bias = bool(options.get("bias"))
    q = to_fraction(options.get("eta", 1))
    oracle = Oracle(algorithm, bias=bias, epochs=epochs, eta=q)
    kind = options.get("input", "numpy")
    needs = Needs(
        bias,
        oracle.converge,
        floats=kind != "fractions",  # as candidates.Candidate says of a file's
        vectorized=kind == "numpy",
        dimension=options.get("dimension"),
        rule=registry.get(algorithm).zero_score,
        two_classes=False,
    )
    return oracle, needs


def prepare(folder: str | Path, options: Mapping[str, Any]) -> bool:
    """Put the reference's work for the usual candidate of ``options`` (crosscheck's keyword
    arguments) in the cache ``folder``; whether there was a usual candidate to do it for.
    What an entry already holds is read, not done again."""
    found = usual(options)
    if found is None:
        return False
    oracle, needs = found
    shared = cache.Shared(folder, check.facts(options, needs, oracle.eta))
    examples, seed = options.get("examples", 50), options.get("seed", 0)
    cases = shared.draw(lambda: check._draw(oracle.algorithm, oracle.epochs, needs, examples, seed))
    for case in cases:  # what every crosscheck asks of each data set: its run, its coverage
        oracle.trace(case.data)
        oracle.stats(case.data)
    shared.keep()
    return True
