"""Inside a grading platform's container: grade the one hand-in there, write its results.json.

``python -I -m perceptron_ref.grading.autograder gradescope ROOT CONFIG``
    Gradescope: the hand-in is ``ROOT/submission``, the results go to
    ``ROOT/results/results.json`` (``tests`` each with ``name``, ``score``, ``max_score``,
    ``output``, ``visibility``); ``run_autograder`` calls this.
``python -I -m perceptron_ref.grading.autograder prairielearn ROOT CONFIG``
    PrairieLearn's external grader: the hand-in is ``ROOT/student`` (ROOT is ``/grade``),
    the results go to ``ROOT/results/results.json`` (the folder is made): ``score`` in
    [0, 1], ``tests`` with ``points`` and ``max_points``; a hand-in that cannot run (no
    Python file, a broken zip or notebook, a syntax error, no entry function) is
    ``gradable: false`` with ``format_errors``, which costs the student no attempt (see
    :func:`perceptron_ref.grading.prairielearn.results`); the entry script that
    ``perceptron-ref prairielearn`` writes calls this.

CONFIG is the JSON that ``perceptron-ref gradescope`` or ``prairielearn`` writes:
``algorithm``, ``function``, ``options`` (crosscheck's), ``tests`` (see
:mod:`~perceptron_ref.grading.scoring`), ``budget`` seconds and ``require_sandbox``; or, from
``--assignment``, ``assignment`` (the file's text: its parts are the tests).  The
hand-in is copied into a snapshot and graded in a process of its own, as ``grade`` does:
forked from this one, which has loaded the grader (:class:`~perceptron_ref.grading.zygote.
Here`), so the container pays for Python and the grader's imports once.
What it prints (the student's feedback, a sandbox warning) is for the instructor's log.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.grading import classrun, intake, prairielearn, precompute, scoring, zygote

PLACES = {"gradescope": ("submission", "results"), "prairielearn": ("student", "results")}


def grade(
    platform: str, root: Path, config: dict[str, Any], cache: Path | None = None
) -> dict[str, Any]:
    """The results.json of the hand-in under ``root``, in ``platform``'s format (``cache``:
    the reference's work carried with the grader, used where its key matches)."""
    started = time.monotonic()
    handed, _ = PLACES[platform]
    function = config.get("function", "train")
    assignment = config.get("assignment")
    names: str | tuple[str, ...] = function
    program = None
    if assignment:  # an assignment file: its functions or its program, its parts as tests
        from perceptron_ref.grading.assignment import from_config

        a = from_config(assignment)
        names, program, tests = a.functions or (function,), a.program, list(scoring.TESTS)
    else:
        # as `grade` does: a regime its examples draw none of has no test, even when a data
        # set of it is added to tell the usual wrong loops apart (few data sets)
        tests = scoring.configured(
            scoring.tests(config.get("tests"), config["algorithm"]),
            {"algorithm": config["algorithm"], **config.get("options", {})},
        )
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-autograder-") as work:
        place = Path(work, "0001")
        submission = intake.snapshot(root / handed, place, "submission", names, program)
        options = config.get("options", {})
        job = classrun.job(submission, function, options, tests, assignment, cache)
        budget = float(config.get("budget", classrun.BUDGET))
        graded = classrun.run_one(job, budget, zygote.Here())  # forked: the grader is loaded
    print(graded["feedback"])
    results: dict[str, Any] = graded["results"]
    if platform == "gradescope":
        return results | {"execution_time": round(time.monotonic() - started, 1)}
    return prairielearn.results(graded, submission.problem)


PRIVATE = {"gradescope": "venv", "prairielearn": ""}
"""The one entry of ROOT a candidate's runtime may lie in (Gradescope's ``setup.sh`` makes
``/autograder/venv``); every other entry is closed to other users before any code runs."""
REFUSED = {
    "gradescope": "Your submission was not graded: the autograder cannot run code safely "
    "here. Your instructor has been told.",
    "prairielearn": "Your submission was not graded: the grader cannot run code safely here. "
    "It costs you no attempt; your instructor has been told.",
}


def close(root: Path, platform: str) -> None:
    """Gradescope's own advice: the source, the results, the hand-in and its metadata
    closed to the uids candidates run as (``chmod o=``); ROOT itself passable, not listable."""
    with contextlib.suppress(OSError):
        root.chmod(0o711)
    for entry in root.iterdir():
        if entry.name != PRIVATE[platform] and not entry.is_symlink():
            with contextlib.suppress(OSError):
                entry.chmod(entry.stat().st_mode & ~0o007)


def main(argv: list[str]) -> int:
    platform, root_text, config_path = argv
    root = Path(root_text)
    out = root / PLACES[platform][1] / "results.json"
    config = json.loads(Path(config_path).read_text(encoding="utf-8"))
    out.parent.mkdir(parents=True, exist_ok=True)
    close(root, platform)
    # The grader's own scratch (Hypothesis's cache of the data it draws) goes to a temporary
    # folder, not into ROOT, the platform's working directory.
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = tempfile.mkdtemp(prefix="perceptron-ref-")
    chosen = sandbox.plan()
    print(f"perceptron-ref: sandbox {chosen.name}")  # the instructor's log, not the student's
    said = sandbox.warning()
    if said is not None:
        print(said)
    if config.get("require_sandbox") and not chosen.strong:
        print(
            f"perceptron-ref: not graded: require_sandbox is set and no strong sandbox holds "
            f"here ({sandbox.unavailable()}); set require_sandbox to false in {config_path} "
            "to grade in the weaker one"
        )
        document: dict[str, Any] = {"score": 0, "output": REFUSED[platform], "tests": []}
        if platform == "prairielearn":
            document = {"gradable": False, "format_errors": [REFUSED[platform]]}
        classrun.write_atomic(out, json.dumps(document, indent=1) + "\n")
        return 1
    cache = precompute.working_copy(precompute.beside(config_path))
    results = grade(platform, root, config, cache)
    sandbox.reap()  # nothing the hand-in started runs on once its grade is written
    text = prairielearn.text(results)  # as prairielearn.fit() measured it
    classrun.write_atomic(out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
