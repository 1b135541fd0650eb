"""One hand-in graded by an assignment file: its parts, its results.json, its CSV row.

The grading child (:mod:`~perceptron_ref.grading.child`) calls :func:`grade` for a job that
carries an assignment.  Each part becomes one test of Gradescope's results.json (its name,
points, visibility and the student's feedback for that part), the row gets the hand-in's
score and one column per part (``part: NAME``), and the class report's summary says, for
each part, what the hand-in did (:func:`behaviour`: the same verdict, cause and first
difference make the same words, so hand-ins that behave alike can be grouped).

The verdict: ``agree`` when every part is right, ``disagree`` when one is not, and
``ungradable`` when nothing of it could run (no file, a syntax error, no function of the
assignment): its points are 0, and PrairieLearn counts no attempt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.grading import parts
from perceptron_ref.grading.assignment import Assignment, from_config
from perceptron_ref.grading.rows import UNGRADABLE, points, row

MARGIN = 15.0
"""Seconds of a hand-in's budget kept for its results (the parts get the rest)."""


def column(name: str) -> str:
    """The CSV column of a part."""
    return f"part: {name}"


def tests(
    assignment: Assignment, results: list[parts.Result] | None, problem: str
) -> list[dict[str, Any]]:
    out = []
    for i, part in enumerate(assignment.parts):
        r = results[i] if results is not None else None
        out.append(
            {
                "name": part.name,
                "score": _number(r.score if r is not None else 0),
                "max_score": _number(part.points),
                "output": r.output if r is not None else f"Not graded: {problem}",
                "visibility": part.visibility,
            }
        )
    return out


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def unscored(config: dict[str, Any], reason: str) -> dict[str, Any]:
    """The results.json of a hand-in whose grading did not finish (every part 0)."""
    a = from_config(config)
    return {
        "score": 0,
        "output": f"Not graded: {reason}",
        "stdout_visibility": "hidden",
        "tests": tests(a, None, reason),
    }


def verdict(results: list[parts.Result], problem: str) -> str:
    if problem or not any(r.ran for r in results):
        return UNGRADABLE
    return "agree" if all(r.passed for r in results) else "disagree"


def behaviour(results: list[parts.Result]) -> str:
    """What the hand-in did, part by part, in words that are the same for the same
    behaviour (for grouping alike hand-ins; never for judging them)."""
    return "; ".join(
        f"{r.part.name}: {r.behaviour or ('right' if r.passed else 'wrong')}" for r in results
    )


def words(results: list[parts.Result], notes: list[str]) -> str:
    """The student's whole feedback: the notes, then each part with its points."""
    blocks = list(notes)
    for r in results:
        head = f"{r.part.name} ({_number(r.score)}/{_number(r.part.points)})"
        blocks.append(f"{head}\n{r.output}")
    return "\n\n".join(blocks)


def grade(job: dict[str, Any]) -> dict[str, Any]:
    """The row, results, feedback and summary of one hand-in graded by its assignment."""
    a = from_config(job["assignment"])
    name = job["name"]
    notes = list(job.get("notes", ()))
    entry = Path(job["entry"]) if job["entry"] else None
    problem = job["problem"] or ""
    folder = None
    if a.program is not None and entry is not None:
        depth = len(Path(a.program.file).parts) - 1 if a.program.file else 0
        folder = entry.parents[depth] if a.program.file else entry
    python = entry if entry is not None and entry.suffix == ".py" else None
    budget = max(5.0, float(job.get("budget", a.budget)) - MARGIN)
    with sandbox.sharing(job["snapshot"]):
        results = parts.grade(
            a, python, folder, problem=problem, budget=budget, cache_dir=job.get("cache")
        )
    won = sum(r.score for r in results)
    said = verdict(results, problem)
    ran_in = sandbox.plan().name if said != UNGRADABLE else ""
    failed = [r for r in results if not r.passed]
    reason = problem or "; ".join(f"{r.part.name}: {r.reason}" for r in failed if r.reason)
    if said == "agree":
        reason = f"every part right ({_number(won)}/{_number(a.points)})"
    graded = row(
        name,
        said,
        reason,
        sandbox=ran_in,
        notes="\n".join(notes),
        examples=str(a.examples) if said != UNGRADABLE else "",
    )
    graded |= points(won, a.points)
    graded |= {column(r.part.name): f"{r.score:g}" for r in results}
    text = words(results, notes)
    summary = f"{a.title}: {_number(won)}/{_number(a.points)} points"
    document: dict[str, Any] = {
        "score": _number(won),
        "output": summary + (f"\n\n{problem}" if problem else ""),
        "stdout_visibility": "hidden",
        "tests": tests(a, results, problem),
    }
    if ran_in:
        document["extra_data"] = {"sandbox": ran_in}
    codes = sorted({c for r in results for c in r.causes})
    fails = sorted({r.failure for r in results if r.failure})
    hand_in = {
        "submission": name,
        "status": said,
        "problem": problem or None,
        "failure": fails[0] if fails else None,
        "diagnosis": codes,
        "agrees_with": [],
        "learning_rate": None,
        "tie_rule": False,
        "spec_line": None,
        "kinds": [],
        "shapes": [],
        "examples": a.examples,
        "sandbox": ran_in,
        "score": won,
        "max_score": a.points,
        "parts": [
            {
                "name": r.part.name,
                "score": r.score,
                "max_score": r.part.points,
                "behaviour": r.behaviour or ("right" if r.passed else "wrong"),
            }
            for r in results
        ],
        "behaviour": behaviour(results) if said != UNGRADABLE else f"ungradable: {problem}",
    }
    return {"row": graded, "results": document, "feedback": text, "summary": hand_in}


def one(
    assignment: Assignment, path: str | Path, cache_dir: str | Path | None = None
) -> tuple[str, list[parts.Result], str, list[str]]:
    """Grade one hand-in (a file, a folder or a zip) in this process, as ``grade`` grades
    each: copied into a snapshot that its code alone sees (``cache_dir``: where the
    reference's work is kept).  (name, the parts' results, why nothing could run, the notes
    for the student)."""
    import tempfile

    from perceptron_ref.grading import intake

    source = Path(path)
    if not source.exists() and not source.is_symlink():
        from perceptron_ref.errors import InputError

        raise InputError(f"{path}: no such file or folder")
    names = assignment.functions or ("train",)
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-handin-") as work:
        sub = intake.snapshot(source, Path(work, "0001"), source.stem, names, assignment.program)
        folder = None
        entry = sub.entry
        if assignment.program is not None and entry is not None:
            depth = len(Path(assignment.program.file).parts) - 1 if assignment.program.file else 0
            folder = entry.parents[depth] if assignment.program.file else entry
        python = entry if entry is not None and entry.suffix == ".py" else None
        with sandbox.sharing(sub.snapshot):
            results = parts.grade(
                assignment,
                python,
                folder,
                problem=sub.problem,
                budget=assignment.budget,
                cache_dir=cache_dir,
            )
    return sub.name, results, sub.problem, list(sub.notes)


def text(
    assignment: Assignment, name: str, results: list[parts.Result], problem: str, notes: list[str]
) -> str:
    """The report of one hand-in for the command line: the points, a line per part, then
    each part's feedback."""
    won = sum(r.score for r in results)
    said = verdict(results, problem)
    lines = [
        f"{name} vs {assignment.title} ({assignment.source}): {said.upper()}, "
        f"{_number(won)}/{_number(assignment.points)} points"
    ]
    if problem:
        lines.append(f"  {problem}")
    for r in results:
        mark = "right" if r.passed else "wrong" if r.ran else "not graded"
        lines.append(f"  [{_number(r.score)}/{_number(r.part.points)}] {r.part.name}: {mark}")
    lines += ["", *notes] if notes else []
    for r in results:
        lines += ["", f"{r.part.name} ({_number(r.score)}/{_number(r.part.points)})", r.output]
    return "\n".join(lines)


def to_json(
    assignment: Assignment, name: str, results: list[parts.Result], problem: str, notes: list[str]
) -> dict[str, Any]:
    return {
        "submission": name,
        "assignment": assignment.title,
        "verdict": verdict(results, problem),
        "score": _number(sum(r.score for r in results)),
        "max_score": _number(assignment.points),
        "problem": problem or None,
        "notes": notes,
        "parts": [
            {
                "name": r.part.name,
                "check": r.part.check,
                "score": _number(r.score),
                "max_score": _number(r.part.points),
                "right": r.passed,
                "causes": list(r.causes),
                "failure": r.failure or None,
                "behaviour": r.behaviour,
                "output": r.output,
            }
            for r in results
        ],
    }
