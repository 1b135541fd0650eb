"""One CSV row of ``grade``: its columns, the verdict of a hand-in that could not run, and its
score cells (shared by :mod:`~perceptron_ref.grading.child` and
:mod:`~perceptron_ref.grading.assigned`)."""

from __future__ import annotations

COLUMNS = (
    "submission",
    "verdict",
    "reason",
    "agrees_with",
    "examples",
    "counterexample",
    "sandbox",
    "score",
    "max_score",
    "notes",
)
"""The CSV's columns; ``sandbox`` names the layers its code ran in (``bwrap+uid+seccomp+
landlock``, ``uid+seccomp+landlock``, ...: :attr:`~perceptron_ref.crosscheck.run.sandbox.
Plan.name`), empty for a hand-in that never ran; ``score`` and ``max_score`` are its
results.json's; ``notes`` what the student is told of how the hand-in was read (the lines a
notebook had left out, a file re-encoded), as in their feedback.  An assignment's CSV has a
column per part after these (``part: NAME``, its points)."""
UNGRADABLE = "ungradable"
"""The verdict of a hand-in that could not be run at all (empty, no code, a syntax error, ...:
its reason says which); ``agree`` and ``disagree`` are crosscheck's, ``error`` the grader's."""
Row = dict[str, str]


def row(name: str, verdict: str, reason: str, **rest: str) -> Row:
    return (
        dict.fromkeys(COLUMNS, "")
        | {"submission": name, "verdict": verdict, "reason": reason}
        | rest
    )


def points(won: float, top: float) -> dict[str, str]:
    """The CSV's ``score`` and ``max_score`` cells (``2``, ``2.5``)."""
    return {"score": f"{won:g}", "max_score": f"{top:g}"}
