"""A crosscheck report as JSON (the issue's keys, exactly), as text, and for Gradescope.

JSON: ``{"algorithm", "candidate", "verdict": "agree"|"disagree", "reason", "examples",
"agrees_with": [IDs], "counterexample": {"X", "y", "expected", "got",
"first_divergent_step"} or null}``, every rational a ``str(Fraction)`` string.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from perceptron_ref.crosscheck.check import Report
from perceptron_ref.crosscheck.compare import spec_text
from perceptron_ref.crosscheck.outcomes import Returned


def counterexample_json(report: Report) -> dict[str, Any] | None:
    c = report.counterexample
    if c is None:
        return None
    X, y = c.data
    step = None
    if c.divergence is not None:
        step = asdict(c.divergence)
        step["spec_text"] = spec_text(c.divergence.spec_line)
        step["expected"] = step["expected"] and list(step["expected"])
        step["got"] = step["got"] and list(step["got"])
    return {
        "X": [[str(v) for v in x] for x in X],
        "y": list(y),
        "expected": [str(v) for v in c.expected.weights],
        "got": [str(v) for v in c.got.weights] if isinstance(c.got, Returned) else None,
        "first_divergent_step": step,
    }


def to_json(report: Report) -> dict[str, Any]:
    return {
        "algorithm": report.algorithm,
        "candidate": report.candidate,
        "verdict": report.verdict,
        "reason": report.reason,
        "examples": report.examples,
        "agrees_with": list(report.agrees_with),
        "counterexample": counterexample_json(report),
    }


def dumps(report: Report) -> str:
    return json.dumps(to_json(report), ensure_ascii=False)


def _vector(v: list[str] | tuple[str, ...] | None) -> str:
    return "(none)" if v is None else "(" + ", ".join(v) + ")"


def format_text(report: Report) -> str:
    """A readable report: verdict, reason, and the counterexample when there is one."""
    lines = [
        f"{report.candidate} vs {report.algorithm}: {report.verdict.upper()} "
        f"({report.examples} data sets tried)",
        *(f"  {part}" for part in report.reason.split("; ")),
    ]
    c = counterexample_json(report)
    if c is not None:
        n = len(c["y"])
        lines.append(f"counterexample ({n} example{'s' if n != 1 else ''}, d = {len(c['X'][0])}):")
        lines += [f"  x = {_vector(x)}, y = {t:+d}" for x, t in zip(c["X"], c["y"], strict=True)]
        lines.append(f"expected w = {_vector(c['expected'])}")
        lines.append(f"got      w = {_vector(c['got'])}")
        step = c["first_divergent_step"]
        if step is not None:
            where = f"step {step['step'] + 1}"
            if step["epoch"] is not None:
                where += f" (epoch {step['epoch']}, example {step['index']})"
            lines.append(f"first divergent step: {where}: {step['rule']}")
            lines.append(f"  expected w = {_vector(step['expected'])}, got {_vector(step['got'])}")
            text = f": {step['spec_text']}" if step["spec_text"] else ""
            lines.append(f"spec line {step['spec_line']}{text}")
    return "\n".join(lines)


def gradescope(report: Report) -> dict[str, Any]:
    """Gradescope's autograder ``results.json``: one test, full marks iff the verdict agrees."""
    score = 1 if report.verdict == "agree" else 0
    return {
        "score": score,
        "max_score": 1,
        "output": report.reason,
        "tests": [
            {
                "name": f"crosscheck {report.algorithm}",
                "score": score,
                "max_score": 1,
                "status": "passed" if score else "failed",
                "output": format_text(report),
            }
        ],
    }
