"""The reference's work for a class's configuration, done before any hand-in is graded.

``grade`` (before its first hand-in) and the platforms (when the autograder is built) call
:func:`prepare`: the data sets of every regime and the reference's exact runs on them are
put in the cache (:mod:`~perceptron_ref.crosscheck.judge.cache`) for the candidate most
hand-ins are: a Python file or notebook taking the ``input`` kind asked, learning a bias
exactly when ``bias`` says so, taking data of one class.  A hand-in that selects other data
(it learns a bias of its own, it is scikit-learn, its ``--param`` sets the step) has another
key: its own crosscheck does that work, once, and keeps it for the hand-ins like it.

For a family (the algorithms beyond the core six) that work is its data sets and, on each,
what a right hand-in returning its answer asks of the reference (every variant's exact
answer, the coverage, the probe points: :func:`~perceptron_ref.crosscheck.judge.
family_trial.ahead`); for an assignment file (:func:`prepare_assignment`), its train part's.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perceptron_ref import registry
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction

if TYPE_CHECKING:  # the platforms' graders import this module for FOLDER alone: light
    from perceptron_ref.crosscheck.data.needs import Needs
    from perceptron_ref.crosscheck.judge.oracle import Oracle


FOLDER = "reference-cache"
"""The platforms' entries: a folder of this name beside the grader's configuration."""


def usual(options: Mapping[str, Any]) -> tuple[Oracle, Needs] | None:
    """The reference and the needs of the usual candidate for crosscheck's ``options``
    (None where the options leave no usual one: the families, a step set by --param).
    Given ``data`` (an assignment's visible data sets) are its own to try, and key it."""
    from perceptron_ref.crosscheck import check
    from perceptron_ref.crosscheck.data.needs import Needs
    from perceptron_ref.crosscheck.judge.conventions import VARIANTS
    from perceptron_ref.crosscheck.judge.oracle import Oracle

    algorithm = options["algorithm"]
    step = (options.get("params") or {}).get("eta")
    if algorithm not in VARIANTS or step is not None:
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
    from perceptron_ref.crosscheck import check
    from perceptron_ref.crosscheck.judge import cache

    if options["algorithm"] not in _core():
        return _prepare_family(folder, options)
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
    # its own work alone: not what other crosschecks of this process added (the same bytes)
    shared.keep(lambda run: run[1][-1] == "scaled" or run[1][2:4] in
                {(what, oracle.algorithm) for what in ("trace", "replay", "stats")})  # fmt: skip
    return True


def _core() -> tuple[str, ...]:
    from perceptron_ref.crosscheck.judge.conventions import VARIANTS

    return tuple(VARIANTS)


def _prepare_family(folder: str | Path, options: Mapping[str, Any]) -> bool:
    """:func:`prepare` for an algorithm beyond the core six: its family's data sets and, on
    each, what a right candidate's crosscheck asks of the reference
    (:func:`~perceptron_ref.crosscheck.judge.family_trial.ahead`), keyed as the crosscheck
    of a Python hand-in taking the ``input`` kind asked keys it."""
    import inspect

    from perceptron_ref.crosscheck import candidates, check, family_check
    from perceptron_ref.crosscheck.data.needs import Needs
    from perceptron_ref.crosscheck.family import of
    from perceptron_ref.crosscheck.judge import cache, family_trial

    algorithm = options["algorithm"]
    named = inspect.signature(check.crosscheck).parameters
    settings = {k: v for k, v in options.items() if k not in named}
    candidate = candidates.Candidate("", "file", options.get("input", "numpy"))
    try:
        epochs = check.validate(algorithm, options.get("epochs", 1))
        q = to_fraction(options.get("eta", 1))
        chosen = check.family_options(
            algorithm, bool(options.get("bias")), epochs, q, options.get("max_epochs"), settings
        )
        assert chosen is not None  # not one of the core six
        family = of(algorithm)
        family.judge.check(chosen, candidate.floats)
    except InputError:  # options no hand-in can be judged with: each one's crosscheck says so
        return False
    needs = Needs(
        chosen.bias,
        chosen.epochs == "converge",
        candidate.floats,
        candidate.vectorized,
        options.get("dimension"),
        "tie-mistake",
        False,
    )  # as family_check.crosscheck says of a Python hand-in
    shared = cache.Shared(folder, check.facts(options, needs, q), family_trial.ByData(chosen))
    examples, seed = options.get("examples", 50), options.get("seed", 0)
    cases = shared.draw(lambda: family_check._draw(family, chosen, needs, examples, seed))
    calls = family_trial.Calls(family, chosen, family.judge.told_for(chosen))
    unasked: Any = None  # never called: no candidate runs here
    trial = family_trial.FamilyTrial(
        "", candidate, family, chosen, needs, cases, unasked, unasked, calls
    )
    family_trial.ahead(trial)
    shared.keep()
    return True


def prepare_assignment(folder: str | Path, config: Mapping[str, Any]) -> bool:
    """:func:`prepare` for an assignment file (``config``: its configuration, as the
    platforms' graders carry it): the reference's work for its train part, keyed as that
    part's crosscheck keys it (:func:`~perceptron_ref.grading.parts.train_options`); whether
    it has one.  Its other parts (step, predict, the state, a program's output) run the
    reference on a few tiny tables, each time."""
    from perceptron_ref.grading import parts
    from perceptron_ref.grading.assignment import from_config

    a = from_config(dict(config))
    if not a.functions or not any(p.check == "train" for p in a.parts):
        return False
    return prepare(folder, parts.train_options(a))


def bundle(config: Mapping[str, Any]) -> dict[str, bytes]:
    """The entries a platform's grader carries for its configuration (``autograder.json``),
    by their names under :data:`FOLDER`: those of its options (the core six's usual
    candidate, a family's) or of its assignment file's train part."""
    seen = json.loads(json.dumps(config))  # as the grader reads it back: lists, not tuples
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-cache-") as folder:
        if seen.get("assignment"):
            done = prepare_assignment(folder, seen["assignment"])
        else:
            done = prepare(folder, seen["options"])
        if not done:
            return {}
        return {f"{FOLDER}/{p.name}": p.read_bytes() for p in sorted(Path(folder).iterdir())}


def beside(config_path: str | Path) -> Path | None:
    """The entries carried beside a platform's configuration file, if there are any: the
    folder closed to other uids here, before any candidate runs (the entries are 0600)."""
    folder = Path(config_path).parent / FOLDER
    if folder.is_symlink() or not folder.is_dir():
        return None
    folder.chmod(0o700)
    return folder


def working_copy(bundled: Path | None) -> Path | None:
    """A private copy of the carried entries to grade with: a hand-in that needs runs the
    entry lacks rewrites the copy, never the autograder's own files (which stay as built)."""
    if bundled is None:
        return None
    copy = Path(tempfile.mkdtemp(prefix="perceptron-ref-cache-")) / FOLDER
    shutil.copytree(bundled, copy, symlinks=True)
    copy.chmod(0o700)
    return copy
