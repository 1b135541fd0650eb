"""Grading a class folder so that no hand-in can spoil it: snapshots, one process each, budgets.

1. Every hand-in is copied into its own snapshot (:mod:`~perceptron_ref.grading.intake`)
   before any code runs: a hand-in that deletes or rewrites another changes nothing.
2. Each is graded in a process of its own (:mod:`~perceptron_ref.grading.child`, forked from
   one that has loaded the grader and the class's cache entry once,
   :mod:`~perceptron_ref.grading.zygote`), ``jobs`` at a time, within a wall-clock
   ``budget``: one that dies, or runs over, costs only its own row, and the row says why
   (verdict ``error`` when the grader itself died).
3. Results are written as they come: each hand-in's ``results.json`` (Gradescope's format)
   into ``results``, and the CSV, rewritten whole (sorted by name, atomically) after each
   row: a run killed half-way leaves a valid CSV of the rows it has.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.grading import archives, intake, scoring
from perceptron_ref.grading.child import COLUMNS, Row, points, row, ungraded
from perceptron_ref.grading.zygote import Here, Zygote

Progress = Callable[[int, int, str], None]
BUDGET = 600.0
"""Default wall-clock seconds for grading one hand-in."""


FORMULA = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def cell(value: str) -> str:
    """A CSV cell a spreadsheet shows as text: one that starts like a formula (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return) and is not a plain number gets a leading
    ``'``, as the OWASP guidance on CSV injection says; a character that cannot be written
    as UTF-8 (a lone surrogate) is escaped, and a carriage return is a newline.

    >>> [cell(v) for v in ("=1+2", "-rf v2 (final)", "-3", "+1.5e3", "@SUM(A1)", "alice")]
    ["'=1+2", "'-rf v2 (final)", '-3', '+1.5e3', "'@SUM(A1)", 'alice']
    """
    value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    # A carriage return inside a field: the writer (lineterminator "\n") would not quote it.
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    if value.startswith(FORMULA) and not NUMBER.fullmatch(value):
        return "'" + value
    return value


def to_csv(rows: Sequence[Row]) -> str:
    """The CSV of these rows: UTF-8 text, every cell safe to open (:func:`cell`); the
    columns are :data:`~perceptron_ref.grading.child.COLUMNS` and then any others the rows
    have (an assignment's parts), in the order they first come."""
    out = io.StringIO()
    extra = [k for r in rows for k in r if k not in COLUMNS]
    columns = [*COLUMNS, *dict.fromkeys(extra)]
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n", restval="")
    writer.writeheader()
    writer.writerows({k: cell(str(v)) for k, v in r.items()} for r in rows)
    return out.getvalue()


def _umask() -> int:
    """The process's umask, read without changing it (os.umask would, for every thread)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    return 0o022


def write_atomic(path: Path, text: str, *, make_folder: bool = False) -> None:
    """Write ``path`` whole or not at all (a temporary file, then a rename); its folder must
    exist unless ``make_folder``."""
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=".partial-")
    os.chmod(name, 0o666 & ~_umask())  # as open() would make it, not mkstemp's 0600
    # A lone surrogate (a file name's undecodable byte, in some message) is written escaped:
    # one odd character must not lose the file.
    with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace", newline="") as out:
        out.write(text)
    os.replace(name, path)


def file_names(names: Sequence[str]) -> list[str]:
    """One safe, distinct ``.json`` file name per submission name."""
    used: set[str] = set()
    out = []
    for name in names:
        stem = archives.safe_name(name)
        candidate, n = stem, 1
        while candidate.lower() in used:
            n += 1
            candidate = f"{stem}_{n}"
        used.add(candidate.lower())
        out.append(candidate + ".json")
    return out


def _died(code: int, stderr: bytes) -> str:
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exited with status {code}"
    tail = stderr.decode("utf-8", "replace").strip().splitlines()
    said = f" ({' '.join(tail[-1].split())[:200]})" if tail else ""
    return f"not graded: the grading process {how}{said}; run grade again for it"


def job(
    submission: intake.Submission,
    function: str,
    options: dict[str, Any],
    tests: Sequence[scoring.Test],
    assignment: dict[str, Any] | None = None,
    cache: Path | None = None,
) -> dict[str, Any]:
    """What the grading child reads (:mod:`~perceptron_ref.grading.child`) for one hand-in
    (``assignment``: an assignment file's configuration, graded by its parts; ``cache``: the
    folder of the reference's work shared by the class, :mod:`~perceptron_ref.crosscheck.
    judge.cache`)."""
    return {
        "assignment": assignment,
        "name": submission.name,
        "snapshot": str(submission.snapshot),
        "entry": None if submission.entry is None else str(submission.entry),
        "problem": submission.problem,
        "notes": list(submission.notes),
        "function": function,
        "options": options,
        "tests": list(tests),
        "sandbox": sandbox.plan().json(),  # found once, here, for every hand-in
        "cache": None if cache is None else str(cache),
    }


def _unscored(job: dict[str, Any], reason: str) -> dict[str, Any]:
    """The results.json of a hand-in whose grading never finished: every test at 0."""
    if job.get("assignment"):
        from perceptron_ref.grading import assigned

        return assigned.unscored(job["assignment"], reason)
    return scoring.results(None, reason, job["tests"], "")


def run_one(
    job: dict[str, Any], budget: float, zygote: Zygote | Here | None = None
) -> dict[str, Any]:
    """Grade one job in a child process, within ``budget`` seconds; never raises for it.
    The process is forked from ``zygote`` when there is one (:class:`Here`: from this one),
    else started afresh."""
    # -I: the folder it runs in (a class's, a hand-in's) is not on sys.path, nor PYTHON* variables
    # in force (-P, which keeps only the first, is Python 3.11's)
    command = [sys.executable, "-I", "-m", "perceptron_ref.grading.child", str(os.getpid())]
    name = job["name"]
    try:
        if zygote is not None and not zygote.gone:  # (a zygote that failed: started afresh)
            done = zygote.run(job, budget)
        else:
            done = subprocess.run(
                command, input=json.dumps(job).encode(), capture_output=True, timeout=budget
            )
    except subprocess.TimeoutExpired:
        sandbox.reap()  # its sandboxes' processes, which outlive it outside bubblewrap
        reason = f"time budget: grading took more than {budget:g} s (killed)"
        results = _unscored(job, reason)
        return {
            "row": row(name, "disagree", reason, **points(*scoring.score(results))),
            "results": results,
            "feedback": reason,
            "summary": ungraded(name, "disagree", reason, "time budget"),
        }
    try:
        graded: dict[str, Any] = json.loads(done.stdout.decode("utf-8"))
        return graded
    except ValueError:
        sandbox.reap()
        reason = _died(done.returncode, done.stderr)
        results = _unscored(job, reason)
        return {
            "row": row(name, "error", reason, **points(*scoring.score(results))),
            "results": results,
            "feedback": reason,
            "summary": ungraded(name, "error", reason),
        }


def grade(
    folder: str | Path,
    options: dict[str, Any],
    *,
    function: str = "train",
    tests: Sequence[scoring.Test] = scoring.TESTS,
    jobs: int | None = None,
    budget: float = BUDGET,
    out: Path | None = None,
    results: Path | None = None,
    progress: Progress | None = None,
    collected: list[dict[str, Any]] | None = None,
    assignment: dict[str, Any] | None = None,
    cache: Path | None = None,
) -> list[Row]:
    """Every hand-in's row, sorted by name; ``options`` are crosscheck's keyword arguments.

    ``out``: the CSV, rewritten as rows come; ``results``: a folder for one results.json
    per hand-in (``NAME.json``, the name made safe); ``collected``: each hand-in's row,
    feedback and summary are appended to it as they come (for the class report,
    :mod:`~perceptron_ref.grading.summary`); ``cache``: a folder where the reference's work
    for a configuration is done once for the class (None: again for every hand-in)."""
    wanted, program = _entries(function, assignment)
    preload: list[Path] = []  # the entries each hand-in's process finds read
    if cache is not None:  # once, here, before the hand-ins read it
        from perceptron_ref.crosscheck.judge import cache as entries
        from perceptron_ref.grading import precompute

        if assignment is None:  # the options as each hand-in's process reads them (JSON)
            precompute.prepare(cache, json.loads(json.dumps(options)))
        else:
            precompute.prepare_assignment(cache, assignment)
        preload = entries.held_in(cache)  # what it read or wrote
    with (
        tempfile.TemporaryDirectory(prefix="perceptron-ref-grade-") as snapshots,
        Zygote(preload) as zygote,  # each hand-in's process forked from it
    ):
        found = intake.intake(folder, snapshots, wanted, program)
        names = dict(zip((s.name for s in found), file_names([s.name for s in found]), strict=True))
        rows: list[Row] = []
        lock = threading.Lock()

        def one(sub: intake.Submission) -> None:
            graded = run_one(job(sub, function, options, tests, assignment, cache), budget, zygote)
            with lock:
                rows.append(graded["row"])
                if collected is not None:
                    collected.append(graded)
                rows.sort(key=lambda r: r["submission"])
                if results is not None:
                    document = graded["results"] | {"submission": sub.name}
                    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
                    write_atomic(results / names[sub.name], text, make_folder=True)
                if out is not None:
                    write_atomic(out, to_csv(rows))
                if progress is not None:
                    progress(len(rows), len(found), sub.name)

        with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
            for future in [pool.submit(one, s) for s in found]:
                future.result()
        if out is not None and not found:
            write_atomic(out, to_csv(rows))
    return rows


def _entries(function: str, assignment: dict[str, Any] | None) -> tuple[str | tuple[str, ...], Any]:
    """What intake looks for: the entry function, an assignment's functions (any of them),
    or its program."""
    if not assignment:
        return function, None
    from perceptron_ref.grading.assignment import from_config

    a = from_config(assignment)
    return (a.functions or (function,)), a.program


def bar(done: int, total: int, name: str) -> None:
    """A progress bar on stderr, drawn only when stderr is a terminal."""
    if not sys.stderr.isatty():
        return
    filled = 30 * done // max(total, 1)
    end = "\n" if done == total else ""
    shown = "".join(c if c.isprintable() else "?" for c in name)[:30]
    print(
        f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {shown:30}",
        end=end,
        file=sys.stderr,
        flush=True,
    )
