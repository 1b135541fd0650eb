"""The class at a glance: ``summary.json``, ``summary.png``, ``report.html`` and three lines.

Built from each hand-in's ``summary`` (:func:`~perceptron_ref.grading.child.summary`):
its status (agree, disagree, not gradable: its code never ran, or error: the grader
died), the diagnosis codes, the failure, the variants whose zero-score rule it follows
(the tie rule), its learning rate and the spec line of its first divergent step.  A
*mistake* is counted for a hand-in that disagrees: each diagnosis code, its failure,
another variant's tie rule, or else "wrong weights" at that spec line.  The files are deterministic:
the same hand-ins give the same bytes.  Student names and feedback are hostile text:
the page escapes all of it and runs no script but its own.

>>> hand_ins = [
...     {"submission": "a", "status": "agree", "agrees_with": ["perceptron/mehta"],
...      "learning_rate": "1/100", "diagnosis": ["learning-rate"]},
...     {"submission": "b", "status": "disagree", "tie_rule": True, "diagnosis": []},
...     {"submission": "c", "status": "not gradable", "problem": "load error: empty"},
... ]
>>> print("\\n".join(lines(tally(hand_ins))))
3 hand-ins: 1 agree, 1 disagree, 1 not gradable
common mistakes: another note's tie rule (w·x = 0) 1
conventions followed: perceptron/mehta 1; learning rates other than 1: 1/100 (1)
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from perceptron_ref.grading.classrun import write_atomic
from perceptron_ref.grading.entry import REASONS
from perceptron_ref.plotting.style import CREATOR, style

HandIn = dict[str, Any]
"""One hand-in's summary, as the grading child returns it (JSON)."""
Tally = dict[str, Any]
"""The class's counts: the content of ``summary.json``."""

STATUSES = ("agree", "disagree", "not gradable", "error")
MISTAKES = {"tie": "another note's tie rule (w·x = 0)", "unparsable": "unreadable answer"}
FILES = ("summary.json", "summary.png", "report.html")


def mistakes(hand_in: HandIn) -> list[str]:
    """What a disagreeing hand-in got wrong, in words ([] for any other status)."""
    if hand_in["status"] != "disagree":
        return []
    found = ["tie"] if hand_in.get("tie_rule") else []
    found += [*hand_in.get("diagnosis", []), *filter(None, [hand_in.get("failure")])]
    line = hand_in.get("spec_line")
    wrong = f"wrong weights (spec line {line})" if line else "wrong weights"
    return [MISTAKES.get(m, m.replace("-", " ")) for m in found] or [wrong]


def _counts(values: Iterable[str]) -> dict[str, int]:
    """Counts, most common first, ties by name (deterministic)."""
    return dict(sorted(Counter(values).items(), key=lambda kv: (-kv[1], kv[0])))


def shown(text: str) -> str:
    """Text that can be written as UTF-8: a lone surrogate escaped (names are already shown
    escaped by intake: this does not escape them again)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _group(problem: str) -> str:
    """A reason without its particulars (a file, a line, a number in parentheses)."""
    kind = problem.split(":")[0]
    if kind in REASONS:  # intake's reasons start with what is wrong: that is the group
        return kind
    head = re.sub(r"\s*'[^']*'", "", re.sub(r"\s*\(.*", "", problem))  # no file names
    return ":".join(head.split(":")[:2]).strip() or problem


def tally(hand_ins: Sequence[HandIn]) -> Tally:
    """summary.json: counts by status, mistake, diagnosis code, convention, learning rate,
    number kind, shape and the sandbox the code ran in; and the hand-ins not graded, by
    reason."""
    status = Counter(h["status"] for h in hand_ins)
    assert set(status) <= set(STATUSES), status
    ungraded: dict[str, list[str]] = {}
    for h in sorted(hand_ins, key=lambda h: str(h["submission"])):
        if h["status"] in ("not gradable", "error"):
            reason = _group(shown(h.get("problem") or "unknown"))
            ungraded.setdefault(reason, []).append(shown(str(h["submission"])))
    return {
        "hand_ins": len(hand_ins),
        "status": {s: status[s] for s in STATUSES},
        "mistakes": _counts(m for h in hand_ins for m in mistakes(h)),
        "diagnosis": _counts(c for h in hand_ins for c in h.get("diagnosis", [])),
        "conventions": _counts(v for h in hand_ins for v in h.get("agrees_with", [])),
        "learning_rates": _counts(h["learning_rate"] for h in hand_ins if h.get("learning_rate")),
        "kinds": _counts(k for h in hand_ins for k in h.get("kinds", [])),
        "shapes": _counts(k for h in hand_ins for k in h.get("shapes", [])),
        "sandbox": _counts(h["sandbox"] for h in hand_ins if h.get("sandbox")),
        "not_graded": dict(sorted(ungraded.items())),
    }


def _listed(counts: dict[str, int], none: str) -> str:
    return ", ".join(f"{k} {n}" for k, n in counts.items()) or none


def _hand_ins(n: int) -> str:
    return f"{n} hand-in{'' if n == 1 else 's'}"


def lines(t: Tally) -> list[str]:
    """The three-line summary: how many agree, the common mistakes, the conventions."""
    shown_status = [f"{t['status'][s]} {s}" for s in STATUSES if s != "error"]
    if t["status"]["error"]:
        shown_status.append(f"{t['status']['error']} not graded (the grader died: run again)")
    rates = ", ".join(f"{r} ({n})" for r, n in t["learning_rates"].items())
    return [
        f"{_hand_ins(t['hand_ins'])}: " + ", ".join(shown_status),
        "common mistakes: " + _listed(t["mistakes"], "none"),
        "conventions followed: " + _listed(t["conventions"], "none")
        + (f"; learning rates other than 1: {rates}" if rates else ""),
    ]  # fmt: skip


def chart(t: Tally, title: str = "") -> bytes:
    """summary.png: one horizontal bar chart, the statuses above the commonest mistakes."""
    bars = [(s, t["status"][s], COLORS[s]) for s in STATUSES if s != "error" or t["status"][s]]
    bars += [(f"mistake: {m}"[:60], n, "#d08c2a") for m, n in list(t["mistakes"].items())[:8]]
    with style():
        figure = Figure(figsize=(8, 0.45 * len(bars) + 1.2))
        ax = figure.add_subplot()
        y = range(len(bars))[::-1]
        ax.barh(y, [n for _, n, _ in bars], color=[c for _, _, c in bars])
        ax.set_yticks(list(y), [label for label, _, _ in bars])
        for row, (_, n, _) in zip(y, bars, strict=True):
            ax.annotate(str(n), (n, row), xytext=(3, 0), textcoords="offset points", va="center")
        ax.set_xlabel("hand-ins")
        ax.set_xlim(0, max([n for _, n, _ in bars] + [1]) * 1.12)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.spines[["top", "right"]].set_visible(False)
        heading = f"{title}{': ' if title else ''}{_hand_ins(t['hand_ins'])}"
        figure.suptitle(heading, x=0.01, ha="left")  # the figure's left: labels can be long
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png", metadata={"Software": CREATOR})
    return out.getvalue()


COLORS = {"agree": "#3a9a4a", "disagree": "#c8413a", "not gradable": "#8a8a8a", "error": "#555"}
COLUMNS = ("submission", "status", "mistakes", "follows", "learning rate", "reason")
SORT = """document.querySelectorAll("th[data-col]").forEach(th => th.onclick = () => {
  const body = th.closest("table").tBodies[0], i = +th.dataset.col;
  const up = th.dataset.up !== "1"; th.dataset.up = up ? "1" : "0";
  [...body.rows].sort((a, b) => a.cells[i].textContent.localeCompare(
    b.cells[i].textContent, undefined, {numeric: true}) * (up ? 1 : -1))
    .forEach(r => body.append(r));
});"""


def _cell(text: object) -> str:
    return f"<td>{html.escape(shown(str(text)))}</td>"


def page(t: Tally, graded: Sequence[dict[str, Any]], png: bytes, title: str = "") -> str:
    """report.html: the three lines, the chart (a data URL), the sortable table, feedback."""
    esc = html.escape
    heading = esc(shown(f"Class report{': ' if title else ''}{title}"))
    rows = []
    for g in sorted(graded, key=lambda g: str(g["summary"]["submission"])):
        h, row = g["summary"], g["row"]
        cells = [h["submission"], h["status"], ", ".join(mistakes(h)), ", ".join(h.get(
            "agrees_with", [])), h.get("learning_rate") or "", row.get("reason", "")]  # fmt: skip
        words = esc(shown(str(g.get("feedback", ""))))
        rows.append("<tr>" + "".join(map(_cell, cells)) + f"<td><details><summary>feedback"
                    f"</summary><pre>{words}</pre></details></td></tr>")  # fmt: skip
    head = "".join(f'<th data-col="{i}">{c}</th>' for i, c in enumerate(COLUMNS))
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">",
        f"<title>{heading}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:.3em;vertical-align:top;text-align:left}"
        "th{cursor:pointer;background:#eee}pre{white-space:pre-wrap;max-width:60em}</style>",
        f"</head><body><h1>{heading}</h1>",
        "<pre>" + esc("\n".join(lines(t))) + "</pre>",
        f"<p>Sandbox: {esc(_listed(t.get('sandbox', {}), 'none (no code ran)'))}.</p>",
        '<img alt="bar chart: hand-ins by status and common mistakes" src="data:image/png;'
        f'base64,{base64.b64encode(png).decode("ascii")}">',
        f"<p>Click a column's name to sort by it.</p><table><thead><tr>{head}<th>feedback</th>"
        "</tr></thead><tbody>", *rows, "</tbody></table>",
        f"<script>{SORT}</script></body></html>", "",
    ])  # fmt: skip


def write(folder: Path, graded: Sequence[dict[str, Any]], title: str = "") -> list[str]:
    """Write :data:`FILES` into ``folder`` (each whole or not at all); the three lines."""
    t = tally([g["summary"] for g in graded])
    png = chart(t, title)
    write_atomic(folder / FILES[0], json.dumps(t, indent=1, ensure_ascii=False) + "\n")
    partial = folder / ".partial-summary.png"
    partial.write_bytes(png)
    partial.replace(folder / FILES[1])
    write_atomic(folder / FILES[2], page(t, graded, png, title))
    return lines(t)
