"""One hand-in, graded in a process of its own: ``python -I -m perceptron_ref.grading.child PID``.

It reads one job (JSON) on stdin: the hand-in (:class:`~perceptron_ref.grading.intake.
Submission` fields), crosscheck's options, the entry function and the scoring tests; it
crosschecks the snapshot's file with the candidate seeing only that snapshot
(:func:`~perceptron_ref.crosscheck.run.sandbox.sharing`), and writes one JSON line: the CSV
``row``, Gradescope's ``results``, the student's ``feedback`` and the ``summary``
that the class report counts (:mod:`~perceptron_ref.grading.summary`).  Whatever else is printed
goes to stderr.  If its parent (PID) dies, it ends too (and with it its sandboxes).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck import candidates
from perceptron_ref.crosscheck.candidates.outcomes import Failure
from perceptron_ref.crosscheck.check import crosscheck
from perceptron_ref.crosscheck.report import reporting
from perceptron_ref.crosscheck.report.results import Report
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.errors import InputError
from perceptron_ref.grading import feedback, scoring
from perceptron_ref.grading.rows import COLUMNS as COLUMNS
from perceptron_ref.grading.rows import UNGRADABLE as UNGRADABLE
from perceptron_ref.grading.rows import Row as Row
from perceptron_ref.grading.rows import points as points
from perceptron_ref.grading.rows import row as row
from perceptron_ref.registry import PERCEPTRONS


def target(path: Path, function: str) -> str:
    """The crosscheck TARGET of a snapshot's file, checked to name exactly that file."""
    text = f"{path}:{function}"  # the snapshot's names are safe (archives.safe_name)
    parsed = candidates.parse(text)
    if Path(parsed.path) != path.resolve() or parsed.function != function:
        raise InputError(f"cannot name {path} as a crosscheck target")
    return text


def ungraded(name: str, status: str, problem: str, failure: str | None = None) -> dict[str, Any]:
    """The class report's summary of a hand-in with no crosscheck report: ``status`` is
    ``ungradable`` (its code could not be loaded), ``disagree`` (``failure``: it ran past
    its time budget) or ``error`` (the grader died: grade it again)."""
    return {
        "submission": name,
        "status": status,
        "problem": problem,
        "failure": failure,
        "diagnosis": [],
        "agrees_with": [],
        "learning_rate": None,
        "tie_rule": False,
        "spec_line": None,
        "kinds": [],
        "shapes": [],
        "examples": 0,
    }


def summary(name: str, report: Report) -> dict[str, Any]:
    """The class report's summary of one crosscheck report (JSON-able)."""
    counter = report.counterexample
    failed = counter.got if counter is not None and isinstance(counter.got, Failure) else None
    loaded = failed is None or failed.kind != "load error"  # a load error: it never ran
    divergence = None if counter is None else counter.divergence
    rate = report.equivalence
    return {
        "submission": name,
        "status": report.verdict if loaded else UNGRADABLE,
        "problem": None if loaded else str(failed),
        "failure": None if failed is None else failed.kind,
        "diagnosis": [d.code for d in report.diagnosis],
        "agrees_with": list(report.agrees_with),
        "learning_rate": None if rate is None else str(rate),
        # it follows the zero-score rule of other variants, not the one it was checked against
        # it follows the zero-score rule of another of the core six (a family's variants are
        # in its diagnosis codes instead)
        "tie_rule": report.algorithm in PERCEPTRONS
        and bool(report.agrees_with)
        and report.algorithm not in report.agrees_with,
        "spec_line": None if divergence is None else divergence.spec_line,
        "kinds": list(report.kinds),
        "shapes": list(report.shapes),
        "examples": report.examples,
        "behaviour": behaviour(report, loaded),
    }


def behaviour(report: Report, loaded: bool = True) -> str:
    """What the code did, in words that are the same for the same behaviour: the verdict's
    cause (diagnosis codes, a failure, another note's tie rule) and the first divergent
    step with the counterexample it was seen on (for grouping hand-ins alike in the class
    report: a review aid, never evidence of copying)."""
    if report.verdict == "agree":
        rate = report.equivalence
        return "right" + (f" up to a learning rate of {rate}" if rate not in (None, 1) else "")
    counter = report.counterexample
    if counter is None:
        return "wrong"
    failed = counter.got if isinstance(counter.got, Failure) else None
    if not loaded and failed is not None:
        return f"ungradable: {failed.kind}"
    causes = [d.code for d in report.diagnosis]
    if failed is not None:
        causes.append(failed.kind)
    if report.agrees_with and report.algorithm not in report.agrees_with:
        causes.append(f"tie rule of {report.agrees_with[0]}")
    d = counter.divergence
    first = f"first divergent step {d.step + 1} ({d.spec_line})" if d is not None else "final w"
    if failed is not None:
        first = "no answer"
    X, y = counter.data
    data = hashlib.sha256(repr((X, y)).encode()).hexdigest()[:6]
    return (
        f"{', '.join(causes) or 'wrong weights'}; {first}; counterexample of "
        f"{len(X)} example{'s' * (len(X) != 1)} ({data})"
    )


def grade(job: dict[str, Any]) -> dict[str, Any]:
    """The row, results and feedback of one job (see the module docstring)."""
    name, function, tests = job["name"], job["function"], job["tests"]
    if "sandbox" in job:  # the parent's plan, found once for the class
        sandbox.adopt(sandbox.Plan.from_json(job["sandbox"]))
    if job.get("assignment"):
        from perceptron_ref.grading import assigned

        return assigned.grade(job)
    notes = "\n".join(job.get("notes", ()))
    if job["entry"] is None:  # not run: it cannot be (see intake)
        problem = job["problem"]
        results = scoring.results(None, problem, tests, "")
        won, top = scoring.score(results)
        return {
            "row": row(name, UNGRADABLE, problem, **points(won, top), notes=notes),
            "results": results,
            "feedback": problem,
            "summary": ungraded(name, UNGRADABLE, problem),
        }
    options = job["options"]
    with sandbox.sharing(job["snapshot"]):
        where = target(Path(job["entry"]), function)
        report = crosscheck(target=where, cache_dir=job.get("cache"), **options)
    words = feedback.text(report, kind=options.get("input", "numpy"), entry=function)
    words = "\n\n".join([*job.get("notes", ()), words])  # a notebook's left-out lines first
    counter = reporting.counterexample_json(report)
    graded = row(
        name,
        UNGRADABLE if scoring.unloaded(report) else report.verdict,  # it never ran
        report.reason,
        agrees_with=" ".join(report.agrees_with),
        examples=str(report.examples),
        counterexample="" if counter is None else json.dumps(counter, ensure_ascii=False),
        sandbox=sandbox.plan().name,
        notes=notes,
    )
    asked = options.get("examples", scoring.EXAMPLES)
    results = scoring.results(report, "", tests, words, sandbox.plan().name, asked)
    graded |= points(*scoring.score(results))
    return {
        "row": graded,
        "results": results,
        "feedback": words,
        "summary": summary(name, report) | {"sandbox": sandbox.plan().name},
    }


def _watch(parent: int) -> None:
    """End this process when its parent is gone (an orphan would grade on for nobody)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(3)


def main(argv: list[str]) -> None:
    # The parent names itself: had it died while this process started, getppid() here
    # would already be another process's.
    threading.Thread(target=_watch, args=(int(argv[0]),), daemon=True).start()
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="backslashreplace")
    os.dup2(2, 1)  # anything printed on the way goes to stderr
    sys.stdout = sys.stderr
    job = json.loads(sys.stdin.read())
    channel.write(json.dumps(grade(job), ensure_ascii=False) + "\n")
    channel.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
