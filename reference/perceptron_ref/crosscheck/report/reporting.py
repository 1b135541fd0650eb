"""A crosscheck report as JSON (the contract's keys, exactly), as text, and for Gradescope.

JSON: ``{"algorithm", "candidate", "verdict": "agree"|"disagree", "reason", "examples",
"agrees_with": [IDs], "counterexample": {"X", "y", "expected", "got",
"first_divergent_step", "note"} or null, "diagnosis": [codes], "equivalence": null or
{"learning_rate": "p/q"}, "coverage": {"data_sets", "max_examples", "max_dimension",
"max_abs_coordinate", "zero_scores", "near_zero_scores", "max_epochs"}, "evidence":
[{"code", "evidence"}], "regimes": {regime: data sets}, "failed": {regime: data sets},
"dimension": D or null, "calling": [sentences]}``, every rational a ``str(Fraction)`` string.
``evidence`` gives
each diagnosis code's sentence, in the order of ``diagnosis``; ``regimes`` counts the data
sets tried per regime and ``failed``, for every regime drawn, the data sets the candidate
did not get right (wrong, or not run after a hang or past the budget); ``dimension``
is --dimension's D (the verdict holds at d = D only); ``calling`` says how the candidate
was called (the call, the parameters filled, the layout found by probing, where its weights
were read from, what of its file was left out); ``note`` says where the counterexample's
answer was seen when that matters ("" otherwise).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from fractions import Fraction
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Returned
from perceptron_ref.crosscheck.judge.compare import spec_text
from perceptron_ref.crosscheck.report.results import Coverage, Report


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
    if c.shown is not None:  # a family's answers (crosscheck/family.py), as it writes them
        found = {
            "X": [[str(v) for v in x] for x in X],
            "y": list(y),
            "expected": c.shown.expected,
            "got": c.shown.got,
            "first_divergent_step": step,
            "note": c.note,
            "compared": c.shown.what,
        }
        if c.shown.probes is not None:
            found["probes"] = [list(p) for p in c.shown.probes]
        return found
    return {
        "X": [[str(v) for v in x] for x in X],
        "y": list(y),
        "expected": [str(v) for v in c.expected.weights],
        "got": [str(v) for v in c.got.weights] if isinstance(c.got, Returned) else None,
        "first_divergent_step": step,
        "note": c.note,
    }


def coverage_json(coverage: Coverage) -> dict[str, Any]:
    return asdict(coverage) | {"max_abs_coordinate": str(coverage.max_abs_coordinate)}


def to_json(report: Report) -> dict[str, Any]:
    rate = report.equivalence
    return {
        "algorithm": report.algorithm,
        "candidate": report.candidate,
        "verdict": report.verdict,
        "reason": report.reason,
        "examples": report.examples,
        "agrees_with": list(report.agrees_with),
        "counterexample": counterexample_json(report),
        "diagnosis": [d.code for d in report.diagnosis],
        "equivalence": None if rate is None else {"learning_rate": str(rate)},
        "coverage": coverage_json(report.coverage),
        "evidence": [{"code": d.code, "evidence": d.evidence} for d in report.diagnosis],
        "regimes": dict(report.regimes),
        "failed": dict(report.failed),
        "dimension": report.dimension,
        "calling": list(report.calling),
    } | _family_json(report)


def _family_json(report: Report) -> dict[str, Any]:
    """A family's further keys: what was compared and the graded parts (none for the core)."""
    if not report.compared:
        return {}
    aspects = {a.name: {"ok": a.ok, "evidence": a.evidence} for a in report.aspects}
    return {"compared": report.compared, "aspects": aspects}


def dumps(report: Report) -> str:
    return json.dumps(to_json(report), ensure_ascii=False)


def _vector(v: list[str] | tuple[str, ...] | None) -> str:
    if v is None:
        return "(none)"
    if len(v) > 12:  # a long vector: its nonzero coordinates
        nonzero = [f"[{j + 1}] = {a}" for j, a in enumerate(v) if a != "0"]
        shown = ", ".join(nonzero[:12]) + (", ..." if len(nonzero) > 12 else "")
        return f"(d = {len(v)}: {shown or 'all 0'}{', others 0' if nonzero else ''})"
    return "(" + ", ".join(v) + ")"


def _examples(X: list[list[str]], y: list[int]) -> list[str]:
    """One line per example; a run of equal examples once, with its count."""
    runs: list[tuple[int, int]] = []  # (first index, count)
    for i in range(len(y)):
        if runs and X[i] == X[runs[-1][0]] and y[i] == y[runs[-1][0]]:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((i, 1))
    lines = []
    signed = all(t in (1, -1) for t in y)  # ±1, or a family's class labels 0 … K − 1
    for i, k in runs:
        line = (
            f"  x = {_vector(X[i])}, y = {y[i]:+d}"
            if signed
            else f"  x = {_vector(X[i])}, y = {y[i]}"
        )
        lines.append(line + (f"   (examples {i + 1}-{i + k}, {k} equal)" if k > 1 else ""))
    if len(lines) > 24:
        lines = [*lines[:12], f"  ... {len(lines) - 24} more ...", *lines[-12:]]
    return lines


def _short(q: Fraction) -> str:
    """A rational as the text shows it: exactly, or in scientific notation when long."""
    text = str(q)
    return text if len(text) <= 24 else f"{float(q):.4g}"


def _count(k: int, what: str, plural: str = "") -> str:
    return f"{k} {what if k == 1 else plural or what + 's'}"


def coverage_text(report: Report) -> str:
    c = report.coverage
    regimes = ", ".join(f"{r} {k}" for r, k in report.regimes)
    return (
        f"coverage: {_count(c.data_sets, 'data set')} ({regimes}); up to n = {c.max_examples} "
        f"examples, d = {c.max_dimension}, |x| = {_short(c.max_abs_coordinate)}; "
        f"{_count(c.zero_scores, 'zero score')}, {c.near_zero_scores} near zero "
        f"(0 < |w·x| ≤ 2^-10); up to {_count(c.max_epochs, 'pass', 'passes')}"
    )


def format_text(report: Report) -> str:
    """A readable report: verdict, reason, diagnosis, counterexample, coverage."""
    lines = [
        f"{report.candidate} vs {report.algorithm}: {report.verdict.upper()} "
        f"({_count(report.examples, 'data set')} tried)",
        *(f"  {part}" for part in report.reason.split("; ")),
    ]
    if report.calling:
        lines.append("how it was called:")
        lines += [f"  {part}" for part in report.calling]
    if report.diagnosis:
        lines.append("diagnosis:")
        lines += [f"  {d.code}: {d.evidence}" for d in report.diagnosis]
    c = counterexample_json(report)
    shown = None if report.counterexample is None else report.counterexample.shown
    if c is not None:
        n = len(c["y"])
        lines.append(f"counterexample ({n} example{'s' if n != 1 else ''}, d = {len(c['X'][0])}):")
        lines += _examples(c["X"], c["y"])
        note = f"   ({c['note']})" if c["note"] else ""
        if shown is not None:  # a family's answers, as its judge shows them
            if shown.probes is not None:
                lines.append(f"probe points: {', '.join(_vector(p) for p in shown.probes)}")
            lines.append(f"expected {shown.symbol} = {shown.expected_text}")
            lines.append(f"got      {shown.symbol} = {shown.got_text}{note}")
        else:
            lines.append(f"expected w = {_vector(c['expected'])}")
            lines.append(f"got      w = {_vector(c['got'])}{note}")
        step = c["first_divergent_step"]
        if step is not None:
            where = f"step {step['step'] + 1}"
            if step["epoch"] is not None:
                where += f" (epoch {step['epoch']}, example {step['index'] + 1})"
            lines.append(f"first divergent step: {where}: {step['rule']}")
            if shown is not None:
                lines.append(f"  expected {shown.symbol} after it = {step['expected'][0]}")
            else:
                lines.append(
                    f"  expected w = {_vector(step['expected'])}, got {_vector(step['got'])}"
                )
            text = f": {step['spec_text']}" if step["spec_text"] else ""
            lines.append(f"spec line {step['spec_line']}{text}")
    parts = [f"{a.name} {'right' if a.ok else 'wrong'}" for a in report.aspects if a.ok is not None]
    if parts:
        lines.append("graded parts: " + "; ".join(parts))
    lines.append(coverage_text(report))
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
