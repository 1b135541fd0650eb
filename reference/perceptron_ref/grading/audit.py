"""``perceptron-ref audit ASSIGNMENT``: run the bank through the grader before release.

The bank (:mod:`~perceptron_ref.grading.bank`: right code in the usual styles, every variant
the reference names, the wrong kinds crosscheck diagnoses, a hard-coded answer) is written
for the assignment's exact interface and graded as a class, with the instructor's exact
configuration, by the same code ``grade`` runs.  Two findings make the audit fail:

``full marks for wrong code``
    a variant that is wrong in some part gets every point: the grader cannot tell it from
    right code (too few data sets, a part that checks nothing it does, a tolerance);
``right code loses points``
    a variant right in a part gets less than that part's points (a time limit too short, an
    interface the grader calls otherwise than the assignment says, a part that depends on
    another).

It also lists, not failing for them, the parts a wrong variant earns although it is wrong in
them (``gaps``): what each part cannot see.  The table says which code earns which points;
``--report DIR`` also writes the class report of the bank (the grade run's report.html and
summary.json) and ``audit.json``.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perceptron_ref.grading import bank, classrun, summary
from perceptron_ref.grading.assigned import column
from perceptron_ref.grading.assignment import Assignment
from perceptron_ref.grading.bank_variant import Variant


@dataclass(frozen=True)
class Line:
    """One variant graded: its points per part, and what they show."""

    name: str
    variant: Variant
    points: tuple[float, ...]
    verdict: str
    full: bool
    lost: tuple[str, ...]  # parts it is right in but did not get all the points of
    gaps: tuple[str, ...]  # parts it is wrong in but got all the points of
    reason: str = ""


@dataclass(frozen=True)
class Audit:
    assignment: Assignment
    lines: tuple[Line, ...]

    @property
    def wrong_full(self) -> list[Line]:
        return [x for x in self.lines if x.variant.wrong and x.full]

    @property
    def right_lose(self) -> list[Line]:
        return [x for x in self.lines if x.lost]

    @property
    def passed(self) -> bool:
        return not self.wrong_full and not self.right_lose


def run(
    a: Assignment,
    *,
    jobs: int | None = None,
    keep: Path | None = None,
    report: Path | None = None,
) -> Audit:
    """Write the bank for ``a``, grade it as a class and read what each variant earned
    (``keep``: also leave the bank's hand-ins there)."""
    variants = bank.variants(a, bank.memory(a))
    config = a.override(explain=False).config()  # the points are what matter: no shrinking
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-audit-") as work:
        folder = keep or Path(work, "bank")
        named = bank.write(a, folder, variants)
        collected: list[dict[str, Any]] = []
        rows = classrun.grade(
            folder, {}, jobs=jobs, budget=a.budget, collected=collected, assignment=config
        )
        if report is not None:
            report.mkdir(parents=True, exist_ok=True)
            summary.write(report, collected, f"audit of {a.title}")
    lines = []
    for r in rows:
        v = named[r["submission"]]
        points = tuple(float(r.get(column(p.name)) or 0) for p in a.parts)
        lost = tuple(
            p.name
            for p, got in zip(a.parts, points, strict=True)
            if p.check in v.right and got < p.points
        )
        gaps = tuple(
            p.name
            for p, got in zip(a.parts, points, strict=True)
            if p.check in v.wrong and got >= p.points and p.points > 0
        )
        full = sum(points) >= a.points
        lines.append(
            Line(r["submission"], v, points, r["verdict"], full, lost, gaps, r.get("reason", ""))
        )
    result = Audit(a, tuple(lines))
    if report is not None:
        (report / "audit.json").write_text(json.dumps(to_json(result), indent=1) + "\n")
    return result


def _n(x: float) -> str:
    return f"{x:g}"


def table(audit: Audit) -> str:
    """The audit as a table: each variant, what it is, its points per part, its findings."""
    a = audit.assignment
    legend = [
        f"  P{i + 1} {p.name} ({_n(p.points)} points, {p.check})" for i, p in enumerate(a.parts)
    ]
    width = max(len(x.name) for x in audit.lines)
    head = (
        f"{'variant':{width}}  {'code':5}  "
        + "  ".join(f"{'P' + str(i + 1):>5}" for i in range(len(a.parts)))
        + f"  {'total':>7}  finding"
    )
    rows = [head]
    for x in audit.lines:
        cells = "  ".join(
            f"{_n(got) + '/' + _n(p.points):>5}" for got, p in zip(x.points, a.parts, strict=True)
        )
        total = f"{_n(sum(x.points))}/{_n(a.points)}"
        finding = []
        if x.variant.wrong and x.full:
            finding.append("FULL MARKS FOR WRONG CODE")
        if x.lost:
            finding.append("RIGHT CODE LOSES POINTS in " + ", ".join(_short(a, p) for p in x.lost))
        if x.gaps and not x.full:
            finding.append("earns " + ", ".join(_short(a, p) for p in x.gaps) + " (gap)")
        kind = "wrong" if x.variant.wrong else "right"
        rows.append(f"{x.name:{width}}  {kind:5}  {cells}  {total:>7}  {'; '.join(finding)}")
    wrong = sum(1 for x in audit.lines if x.variant.wrong)
    verdict = "PASS" if audit.passed else "FAIL"
    tail = [
        "",
        f"audit {verdict}: {len(audit.lines)} variants ({len(audit.lines) - wrong} right, "
        f"{wrong} wrong); {len(audit.wrong_full)} wrong with full marks; "
        f"{len(audit.right_lose)} right (in a part) losing points",
    ]
    for x in audit.wrong_full:
        tail.append(f"  full marks for wrong code: {x.name} ({x.variant.what})")
    for x in audit.right_lose:
        why = f": {x.reason}" if x.reason else ""
        tail.append(
            f"  right code loses points: {x.name} ({x.variant.what}) in {', '.join(x.lost)}{why}"[
                :400
            ]
        )
    return "\n".join(
        [f"audit of {a.title} ({a.source}): the bank, graded as a class", *legend, "", *rows, *tail]
    )


def _short(a: Assignment, name: str) -> str:
    return next(f"P{i + 1}" for i, p in enumerate(a.parts) if p.name == name)


def to_json(audit: Audit) -> dict[str, Any]:
    a = audit.assignment
    return {
        "assignment": a.title,
        "passed": audit.passed,
        "parts": [{"name": p.name, "check": p.check, "points": p.points} for p in a.parts],
        "variants": [
            {
                "name": x.name,
                "what": x.variant.what,
                "code": "wrong" if x.variant.wrong else "right",
                "wrong_in": sorted(x.variant.wrong),
                "points": list(x.points),
                "total": sum(x.points),
                "full_marks": x.full,
                "loses_points_in": list(x.lost),
                "gaps": list(x.gaps),
                "verdict": x.verdict,
            }
            for x in audit.lines
        ],
        "wrong_with_full_marks": [x.name for x in audit.wrong_full],
        "right_losing_points": [x.name for x in audit.right_lose],
    }
