"""Where a candidate's run leaves the reference's: the first divergent step and its spec line.

A step diverges when w after it differs.  The spec line blamed is the line whose rule the
candidate did not follow there: the line that decides a mistake (when one of the two
updated and the other did not: that is where the zero-score rules live), the update
line (when both updated, differently), or the stopping rule (when a batch candidate's
trace is longer or shorter).  The IDs are those of ``spec/algorithms/perceptron/*.md``.

>>> from perceptron_ref import run
>>> t = run("perceptron/mehta", [(1, 0)], [1])
>>> blame(t.algorithm, t.steps[0], updated=True)
'mehta.7'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Vector

DECIDE = {
    "perceptron/blum": "blum.2",
    "perceptron/mehta": "mehta.7",
    "perceptron/gormley-online": "gormley-online.3",
    "perceptron/gormley-batch": "gormley-batch.5",
    "perceptron/press": "press.5",
    "perceptron/ssbd": "ssbd.4",
}
UPDATE = {
    "perceptron/blum": "blum.3",  # blum.4 for a negative example (see blame)
    "perceptron/mehta": "mehta.8",
    "perceptron/gormley-online": "gormley-online.4",
    "perceptron/gormley-batch": "gormley-batch.6",
    "perceptron/press": "press.6",
    "perceptron/ssbd": "ssbd.7",
}
STOP = {"perceptron/gormley-batch": "gormley-batch.2", "perceptron/press": "press.8"}
_CHECKOUT, _INSTALLED = (
    Path(__file__).resolve().parents[4] / "spec",  # reference/perceptron_ref/crosscheck/judge/
    Path(__file__).resolve().parents[3] / "perceptron_ref_spec",  # site-packages/perceptron_ref/…
)
SPEC = (_CHECKOUT if (_CHECKOUT / "algorithms").is_dir() else _INSTALLED) / "algorithms"
"""spec/algorithms/ of the checkout, or its copy installed with the wheel (perceptron_ref_spec)."""


@dataclass(frozen=True)
class Divergence:
    """The first step whose w differs, what the reference and the candidate had there."""

    step: int  # 0-based position in the trace
    epoch: int | None
    index: int | None  # the example's index in the data
    score: str | None  # the reference's w·x there
    label: int | None
    expected: tuple[str, ...] | None
    got: tuple[str, ...] | None
    spec_line: str
    rule: str


def blame(algorithm: str, step: Step, *, updated: bool) -> str:
    """The spec line of ``algorithm`` the candidate broke at ``step``."""
    if updated and step.mistake:
        if algorithm == "perceptron/blum" and step.label == -1:
            return "blum.4"
        return UPDATE[algorithm]
    return DECIDE[algorithm]


def spec_text(line_id: str) -> str:
    """The text of a spec line, read from the spec (:data:`SPEC`); "" if it is not there."""
    name = line_id.rsplit(".", 1)[0]
    family, _, rest = name.partition("-")  # winnow-k-of-r.3: spec/algorithms/winnow/k-of-r.md
    for path in (SPEC / "perceptron" / f"{name}.md", SPEC / family / f"{rest}.md"):
        if path.is_file():
            for row in path.read_text(encoding="utf-8").splitlines():
                if row.startswith(f"| `{line_id}` |"):
                    return row.split("|")[2].strip()
    return ""


def condition(step: Step) -> str:
    """The situation of a step, as the report words it: "w·x = 0 and y = +1" (a long
    fraction in scientific notation: the JSON keeps it exactly)."""
    text = str(step.score)
    shown = text if len(text) <= 24 else f"{float(step.score):.6g}"
    return f"w·x = {shown} and y = {step.label:+d}"


def after_start(got: tuple[Vector, ...], steps: int) -> tuple[Vector, ...]:
    """A candidate's w after each of ``steps`` steps, from a history that begins with its
    start w₀ = 0 too (code that keeps [w₀, w₁, …] to plot it): one vector more than the
    steps, the first 0.  The reading is unambiguous: a trace without w₀ that long and
    starting at 0 went on a step after the reference stopped, and it matches shifted by one
    only when every w in it is 0, where both readings give the same weights."""
    if len(got) == steps + 1 and not any(got[0]):
        return got[1:]
    return got


def first_divergence(expected: Trace, got: tuple[Vector, ...]) -> Divergence | None:
    """Compare a candidate's w after every step (its start w₀ first or not) with the
    reference's trace."""
    got = after_start(got, len(expected.steps))
    previous: Vector | None = None
    for position, step in enumerate(expected.steps):
        if position >= len(got):
            line = STOP.get(expected.algorithm, DECIDE[expected.algorithm])
            why = "the candidate stopped before the reference"
            return _divergence(position, step, None, line, why)
        if got[position] != step.weights:
            before = previous if previous is not None else tuple(0 * v for v in step.weights)
            updated = got[position] != before
            line = blame(expected.algorithm, step, updated=updated)
            if step.mistake and not updated:
                why = f"the spec updates when {condition(step)} but the candidate did not"
            elif not step.mistake:
                why = f"the spec makes no update when {condition(step)} but the candidate did"
            else:
                why = f"both updated when {condition(step)}, to different weights"
            return _divergence(position, step, got[position], line, why)
        previous = step.weights
    if len(got) > len(expected.steps):
        line = STOP.get(expected.algorithm, DECIDE[expected.algorithm])
        return Divergence(
            len(expected.steps),
            None,
            None,
            None,
            None,
            None,
            tuple(map(str, got[len(expected.steps)])),
            line,
            "the candidate went on after the reference stopped",
        )
    return None


def _divergence(position: int, step: Step, got: Vector | None, line: str, why: str) -> Divergence:
    return Divergence(
        position,
        step.epoch,
        step.index,
        str(step.score),
        step.label,
        tuple(map(str, step.weights)),
        None if got is None else tuple(map(str, got)),
        line,
        why,
    )
