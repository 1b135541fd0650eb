"""Scoring one hand-in: a few tests with points, as Gradescope's ``results.json``.

The tests are data (:data:`TESTS`, or an ``autograder.json`` / ``--weights``): each has a
``name``, a ``check``, ``points`` and a Gradescope ``visibility``.  The checks:

``runs``
    the code loads and returns a weight vector on every data set (no crash, hang, memory
    or unparsable output);
``conventions``
    it follows the algorithm's own rule at a zero score w·x = 0 (of the notes' variants,
    it agrees with the one graded);
``right``
    it returns exactly the reference's w on every data set tried.

A hand-in that cannot run (no Python file, an unreadable zip) scores 0 on every test,
each test's output saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.outcomes import Failure
from perceptron_ref.errors import InputError
from perceptron_ref.grading import feedback

Test = dict[str, Any]
TESTS: tuple[Test, ...] = (
    {"name": "It runs", "check": "runs", "points": 1, "visibility": "visible"},
    {
        "name": "Its zero-score convention",
        "check": "conventions",
        "points": 1,
        "visibility": "visible",
    },
    {"name": "Right on every data set", "check": "right", "points": 3, "visibility": "visible"},
)
VISIBILITY = ("hidden", "after_due_date", "after_published", "visible")


def _runs(report: Report, words: str) -> tuple[bool, str]:
    c = report.counterexample
    if c is not None and isinstance(c.got, Failure):
        return False, words
    return True, f"It returned a weight vector on all {report.examples} data sets."


def _conventions(report: Report, words: str) -> tuple[bool, str]:
    if report.algorithm in report.agrees_with:
        return True, f"It follows {report.algorithm}'s rule at a zero score."
    said = feedback.conventions(report)
    return False, said or "It agrees with none of the notes' variants: see the test below."


def _right(report: Report, words: str) -> tuple[bool, str]:
    return report.verdict == "agree", words


CHECKS: dict[str, Callable[[Report, str], tuple[bool, str]]] = {
    "runs": _runs,
    "conventions": _conventions,
    "right": _right,
}


def tests(given: Sequence[Test] = TESTS) -> list[Test]:
    """Check a list of tests (from a file or ``--weights``); an error is an InputError."""
    if not isinstance(given, list | tuple) or not given:
        raise InputError("tests: expected a non-empty list")
    checked = []
    for test in given:
        if not isinstance(test, dict) or set(test) - {"name", "check", "points", "visibility"}:
            raise InputError(f"test {test!r}: expected name, check, points, visibility")
        test = {**test, "visibility": test.get("visibility", "visible")}
        if test.get("check") not in CHECKS:
            raise InputError(f"test {test.get('name')!r}: check must be one of {', '.join(CHECKS)}")
        points = test.get("points")
        if isinstance(points, bool) or not isinstance(points, int | float) or points < 0:
            raise InputError(f"test {test.get('name')!r}: points must be a number >= 0")
        if not isinstance(test.get("name"), str) or test["visibility"] not in VISIBILITY:
            raise InputError(f"test {test!r}: a name, and visibility one of {VISIBILITY}")
        checked.append(test)
    return checked


def weights(spec: str, base: Sequence[Test] = TESTS) -> list[Test]:
    """``--weights runs=1,conventions=1,right=3``: the tests with these points (0 drops one)."""
    points: dict[str, float] = {}
    for part in filter(None, spec.split(",")):
        check, equals, value = part.partition("=")
        try:
            points[check.strip()] = float(value) if equals else -1.0
        except ValueError:
            points[check.strip()] = -1.0
        if check.strip() not in CHECKS or points[check.strip()] < 0:
            raise InputError(
                f"--weights {part!r}: expected CHECK=POINTS, CHECK one of {', '.join(CHECKS)}"
            )
    chosen = [
        {**t, "points": int(p) if p.is_integer() else p}
        for t in base
        if (p := points.get(t["check"], float(t["points"]))) > 0
    ]
    return tests(chosen)


def results(
    report: Report | None, problem: str, chosen: Sequence[Test], words: str
) -> dict[str, Any]:
    """Gradescope's results.json for one hand-in (``words``: the feedback text)."""
    out = []
    for test in chosen:
        if report is None:
            passed, output = False, problem
        else:
            passed, output = CHECKS[test["check"]](report, words)
        out.append(
            {
                "name": test["name"],
                "score": test["points"] if passed else 0,
                "max_score": test["points"],
                "output": output,
                "visibility": test["visibility"],
            }
        )
    if report is None:
        summary = f"Not graded: {problem}"
    else:
        summary = f"{report.algorithm}: {report.verdict} ({report.examples} data sets tried)"
    return {"output": summary, "stdout_visibility": "hidden", "tests": out}


def score(results: dict[str, Any]) -> tuple[float, float]:
    """(score, max_score) of a results.json."""
    tests_ = results["tests"]
    return sum(t["score"] for t in tests_), sum(t["max_score"] for t in tests_)
