"""Grading a folder of submissions: one crosscheck each, in parallel, one CSV row each.

A submission is a ``.py`` file of the folder, or a sub-folder holding one (when it holds
several, the one that defines the entry function; the files are read as text, never run
here).  The rows are sorted by submission name, so the CSV is the same on every run.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck import reporting
from perceptron_ref.crosscheck.check import crosscheck
from perceptron_ref.errors import InputError

COLUMNS = ("submission", "verdict", "reason", "agrees_with", "examples", "counterexample")
Row = dict[str, str]


def submissions(folder: str | Path, entry: str) -> list[tuple[str, Path | None, str]]:
    """(name, the file to run or None, why not) for every submission in ``folder``."""
    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{folder!r} is not a directory of submissions")
    found: list[tuple[str, Path | None, str]] = []
    defines = re.compile(rf"^\s*def\s+{re.escape(entry)}\s*\(", re.MULTILINE)
    for path in sorted(root.iterdir()):
        if path.name.startswith((".", "_")):
            continue
        if path.is_file() and path.suffix == ".py":
            found.append((path.stem, path, ""))
        elif path.is_dir():
            files = sorted(path.rglob("*.py"))
            if len(files) > 1:
                files = [f for f in files if defines.search(f.read_text(errors="replace"))]
            if len(files) == 1:
                found.append((path.name, files[0], ""))
            else:
                why = "no .py file" if not files else f"{len(files)} files define {entry}()"
                found.append((path.name, None, f"load error: {why}"))
    return found


def grade_one(name: str, path: Path | None, why: str, options: dict[str, Any]) -> Row:
    """One submission's row (runs in a worker process)."""
    if path is None:
        return dict.fromkeys(COLUMNS, "") | {
            "submission": name,
            "verdict": "disagree",
            "reason": why,
        }
    entry = options.pop("entry")
    report = crosscheck(target=f"{path}:{entry}", **options)
    counter = reporting.counterexample_json(report)
    return {
        "submission": name,
        "verdict": report.verdict,
        "reason": report.reason,
        "agrees_with": " ".join(report.agrees_with),
        "examples": str(report.examples),
        "counterexample": "" if counter is None else json.dumps(counter, ensure_ascii=False),
    }


def grade(
    folder: str | Path,
    options: dict[str, Any],
    *,
    jobs: int | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[Row]:
    """Every submission's row, sorted by name; ``options`` are crosscheck's (with ``entry``)."""
    found = submissions(folder, options["entry"])
    rows: list[Row] = []
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        futures = {pool.submit(grade_one, *s, dict(options)): s[0] for s in found}
        for done, future in enumerate(as_completed(futures), 1):
            rows.append(future.result())
            if progress is not None:
                progress(done, len(found), futures[future])
    return sorted(rows, key=lambda r: r["submission"])


def to_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def to_gradescope(rows: list[Row], algorithm: str) -> dict[str, Any]:
    """Gradescope's ``results.json``: one test per submission, 1 point if it agrees."""
    tests = [
        {
            "name": f"{r['submission']}: crosscheck {algorithm}",
            "score": int(r["verdict"] == "agree"),
            "max_score": 1,
            "status": "passed" if r["verdict"] == "agree" else "failed",
            "output": r["reason"],
        }
        for r in rows
    ]
    return {"score": sum(t["score"] for t in tests), "max_score": len(tests), "tests": tests}


def bar(done: int, total: int, name: str) -> None:
    """A progress bar on stderr, drawn only when stderr is a terminal."""
    if not sys.stderr.isatty():
        return
    filled = 30 * done // max(total, 1)
    end = "\n" if done == total else ""
    print(
        f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {name[:30]:30}",
        end=end,
        file=sys.stderr,
        flush=True,
    )
