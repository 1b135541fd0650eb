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
    it returns exactly the reference's w on every data set tried;
``right-ties``, ``right-near-zero``, ``right-rationals``, ``right-long``, ``right-realistic``
    it is right on every data set of that regime (crosscheck's data: small data with many
    zero scores, scores just off zero, rationals with large denominators, long runs with
    large weights, realistic sizes), each of them run; ``right-realistic`` covers the
    ``round-sizes`` data too (:data:`SHARED`).

The default tests: it runs, its conventions, and right at each regime.  A regime this
configuration draws no data of (rationals for a float candidate; long runs and realistic
sizes under a small ``--examples``) is not a test of it: :func:`configured` leaves it out
of the autograder's tests, so the points a right hand-in gets are the points declared, and
``score`` is always the sum of the tests'.  A hand-in that cannot run (no Python file, an
unreadable zip) scores 0 on every test, each test's output saying why.

The algorithms beyond the core six score their family's tests instead (:func:`checks`,
:func:`defaults`; ``grading/families``): ``runs``, each graded part, ``right`` and
``right-<regime>`` for the family's regimes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Failure
from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.data import datasets
from perceptron_ref.crosscheck.family import of as family_of
from perceptron_ref.errors import InputError
from perceptron_ref.grading import families, feedback

Test = dict[str, Any]
REGIMES = {
    "ties": "small data with ties (w·x = 0)",
    "near-zero": "scores just off zero",
    "rationals": "rationals with large denominators",
    "long": "long runs with large weights",
    "realistic": "data of realistic size",
}
SHARED = {"realistic": ("realistic", "round-sizes")}
"""Regimes one test grades together: ``right-realistic`` covers crosscheck's ``round-sizes``
too (n at and beside 1000, 2560 and 3200: a loop over batches that drops the last one shows
there), so a hand-in wrong only there does not keep every point."""


def _group(regime: str) -> tuple[str, ...]:
    return SHARED.get(regime, (regime,))


NAMES = {
    "runs": "It runs",
    "conventions": "Its zero-score convention",
    "right": "Right on every data set",
    **{f"right-{r}": f"Right on {words}" for r, words in REGIMES.items()},
}
TESTS: tuple[Test, ...] = tuple(
    {"name": NAMES[check], "check": check, "points": 1, "visibility": "visible"}
    for check in ("runs", "conventions", *(f"right-{r}" for r in REGIMES))
)
VISIBILITY = ("hidden", "after_due_date", "after_published", "visible")
EXAMPLES = 50
"""crosscheck's default number of data sets (``--examples``)."""


def _runs(report: Report, words: str) -> tuple[bool, str]:
    c = report.counterexample
    if c is not None and isinstance(c.got, Failure):
        return False, words
    return True, f"It returned a weight vector on all {report.examples} data sets."


ELSEWHERE = "\0where\0"
"""Where the counterexample is shown, filled in by :func:`results` once it knows."""


def _conventions(report: Report, words: str) -> tuple[bool, str]:
    if report.algorithm in report.agrees_with:
        return True, f"It follows {report.algorithm}'s rule at a zero score."
    said = feedback.conventions(report)
    return False, said or f"It agrees with none of the notes' variants: see {ELSEWHERE}."


def _right(report: Report, words: str) -> tuple[bool, str]:
    return report.verdict == "agree", words


def _regime(regime: str) -> Callable[[Report, str], tuple[bool, str]]:
    def check(report: Report, words: str) -> tuple[bool, str]:
        regimes, failures = dict(report.regimes), dict(report.failed)
        tried = sum(regimes.get(r, 0) for r in _group(regime))
        failed = sum(failures.get(r, 0) for r in _group(regime))
        if tried == 0:
            return False, "Not checked: no data set of this kind was run (the run stopped first)."
        if failed == 0:
            return True, f"Right on all {tried} data sets of this kind."
        said = f"Not right on {failed} data set{'s' * (failed > 1)} of this kind ({tried} run)"
        return False, f"{said}: {words}" if words else f"{said}."

    return check


def applies(report: Report, check: str) -> bool:
    """Does the test ``check`` apply to this report (a regime test, only if data was drawn;
    a family's part, only if the answers show it)?"""
    scored = families.of(report.algorithm)
    if scored is not None and check in scored.parts:
        return any(a.name == check and a.ok is not None for a in report.aspects)
    regime = check.removeprefix("right-")
    return regime == check or any(r in dict(report.failed) for r in _group(regime))


CHECKS: dict[str, Callable[[Report, str], tuple[bool, str]]] = {
    "runs": _runs,
    "conventions": _conventions,
    "right": _right,
    **{f"right-{r}": _regime(r) for r in REGIMES},
}


def checks(algorithm: str | None = None) -> dict[str, Callable[[Report, str], tuple[bool, str]]]:
    """The checks of an algorithm's tests: the core's, or its family's (``grading/families``):
    it runs, each graded part, right on every data set and on each of its regimes."""
    scored = None if algorithm is None else families.of(algorithm)
    if scored is None:
        return CHECKS
    return {
        "runs": families.runs,
        **{name: families.part(name) for name in scored.parts},
        "right": _right,
        **{f"right-{r}": _regime(r) for r in scored.regimes},
    }


def defaults(algorithm: str | None = None) -> tuple[Test, ...]:
    """The default tests of an algorithm: :data:`TESTS`, or its family's."""
    scored = None if algorithm is None else families.of(algorithm)
    return TESTS if scored is None else scored.tests()


def _names(algorithm: str | None) -> dict[str, str]:
    scored = None if algorithm is None else families.of(algorithm)
    return NAMES if scored is None else scored.names()


def configured(chosen: Sequence[Test], options: dict[str, Any]) -> list[Test]:
    """The tests of ``chosen`` that can apply under crosscheck's ``options``: a regime the
    configuration draws no data of is left out (no hand-in could earn its points), so a
    right hand-in gets exactly the total declared.  A regime test the instructor gave
    points to explicitly (``--weights``) that cannot apply is a usage error."""
    floats = options.get("input", "numpy") != "fractions"
    examples = int(options.get("examples", EXAMPLES))
    algorithm: str | None = options.get("algorithm")
    if algorithm is None or families.of(algorithm) is None:
        drawn: Any = datasets.plan(examples, floats=floats)
    else:
        drawn = family_of(algorithm).regimes.plan(options, examples, floats)
    kept = []
    for test in chosen:
        regime = test["check"].removeprefix("right-")
        if regime == test["check"] or any(r in drawn for r in _group(regime)):
            kept.append(test)
        elif test not in defaults(algorithm):
            why = "float input draws none" if regime == "rationals" else "--examples is too small"
            raise InputError(f"test {test['check']!r} cannot apply here ({why}): drop it")
    if not kept:
        raise InputError("no test applies to this configuration")
    return kept


def tests(given: Sequence[Test] | None = None, algorithm: str | None = None) -> list[Test]:
    """Check a list of tests (from a file or ``--weights``; default: the algorithm's, see
    :func:`defaults`); an error is an InputError."""
    given = defaults(algorithm) if given is None else given
    known = checks(algorithm)
    if not isinstance(given, list | tuple) or not given:
        raise InputError("tests: expected a non-empty list")
    checked = []
    for test in given:
        if not isinstance(test, dict) or set(test) - {"name", "check", "points", "visibility"}:
            raise InputError(f"test {test!r}: expected name, check, points, visibility")
        test = {**test, "visibility": test.get("visibility", "visible")}
        if test.get("check") not in known:
            raise InputError(f"test {test.get('name')!r}: check must be one of {', '.join(known)}")
        points = test.get("points")
        if isinstance(points, bool) or not isinstance(points, int | float) or points < 0:
            raise InputError(f"test {test.get('name')!r}: points must be a number >= 0")
        if not isinstance(test.get("name"), str) or test["visibility"] not in VISIBILITY:
            raise InputError(f"test {test!r}: a name, and visibility one of {VISIBILITY}")
        checked.append(test)
    return checked


def weights(
    spec: str, base: Sequence[Test] | None = None, algorithm: str | None = None
) -> list[Test]:
    """``--weights runs=1,conventions=1,right=3``: the tests of ``base`` (the algorithm's by
    default) with these points (0 drops one), and a test for each check named that ``base``
    lacks, in the order named."""
    base = defaults(algorithm) if base is None else base
    known, names = checks(algorithm), _names(algorithm)  # the core's, or a family's
    points: dict[str, float] = {}
    for part in filter(None, spec.split(",")):
        check, equals, value = part.partition("=")
        try:
            points[check.strip()] = float(value) if equals else -1.0
        except ValueError:
            points[check.strip()] = -1.0
        if check.strip() not in known or points[check.strip()] < 0:
            raise InputError(
                f"--weights {part!r}: expected CHECK=POINTS, CHECK one of {', '.join(known)}"
            )
    had = {t["check"] for t in base}
    added = [
        {"name": names[c], "check": c, "points": p, "visibility": "visible"}
        for c, p in points.items()
        if c not in had
    ]
    chosen = [
        {**t, "points": int(p) if p.is_integer() else p}
        for t in [*base, *added]
        if (p := points.get(t["check"], float(t["points"]))) > 0
    ]
    return tests(chosen, algorithm)


def unloaded(report: Report) -> bool:
    """Did the candidate fail to load (an import, a NameError at the top level), so that
    no data set ran?"""
    c = report.counterexample
    return c is not None and isinstance(c.got, Failure) and c.got.kind == "load error"


def results(
    report: Report | None,
    problem: str,
    chosen: Sequence[Test],
    words: str,
    sandbox: str = "",
    asked: int | None = None,
) -> dict[str, Any]:
    """Gradescope's results.json for one hand-in (``words``: the feedback text): its
    ``score`` is the sum of its tests'; ``extra_data`` names the ``sandbox`` its code ran in
    (for the instructor: students do not see it); ``asked``: the data sets crosscheck was
    asked for, to say why fewer were tried."""
    out: list[dict[str, Any]] = []
    shown = False
    never_ran = report is not None and unloaded(report)
    for test in chosen:
        if report is not None and not applies(report, test["check"]):
            continue
        if report is None:
            passed, output = False, problem
        elif never_ran:  # nothing ran: the first test says why, the others judge nothing
            passed, output = False, "Not checked: your code did not load (see above)."
            if not out:
                output, shown = words, True
        else:
            passed, output = checks(report.algorithm)[test["check"]](report, words)
            if words and words in output:  # the counterexample once, in the first test failed
                if shown:
                    output = output.replace(words, "see the counterexample above.")
                shown = True
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
        n = report.examples
        tried = f"{n} data set{'' if n == 1 else 's'} tried"
        if asked is not None and n < asked and report.verdict == "agree":
            tried += f" of the {asked} asked: the others could not be drawn to fit these options"
        summary = f"{report.algorithm}: {report.verdict} ({tried})"
        if not shown and words:  # no test failed to show it: the feedback goes on top
            summary += "\n\n" + words
    holder = next((i for i, t in enumerate(out) if words and words in t["output"]), None)
    for i, t in enumerate(out):
        if ELSEWHERE in t["output"]:
            if holder is None:
                where = "the feedback above"
            else:
                where = "the test above" if holder < i else "the test below"
            t["output"] = t["output"].replace(ELSEWHERE, where)
    document = {
        "score": _number(sum(t["score"] for t in out)),
        "output": summary,
        "stdout_visibility": "hidden",
        "tests": out,
    }
    return document | ({"extra_data": {"sandbox": sandbox}} if sandbox else {})


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def score(results: dict[str, Any]) -> tuple[float, float]:
    """(score, max_score) of a results.json."""
    tests_ = results["tests"]
    return sum(t["score"] for t in tests_), sum(t["max_score"] for t in tests_)
