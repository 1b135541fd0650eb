"""The class's scores for the gradebook, and what changed since an earlier run.

``grade --gradebook canvas`` writes :data:`CANVAS`, the CSV Canvas's gradebook imports: the
columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section`` and one column
named after the assignment (its title), a ``Points Possible`` row under the header, and one
row per hand-in with its score rounded to 2 places.  Canvas finds each student by these
columns: with ``--roster`` (the CSV its gradebook exports) a hand-in is matched to its
student by the Canvas id in a Canvas download's file name (``lastfirst_12345_678_hw.py``,
``lastfirst_LATE_12345_...``), the SIS login, the SIS user id or the name; without one, the
hand-in's name is the student, and a Canvas download's name gives the id.

``grade --previous OLD.csv`` compares this run's rows with an earlier run's CSV: for each
student, a new or missing hand-in, a score, verdict or part that changed, and why (the
reason the row gives now) -- :data:`CHANGES`, and lines on the output.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

from perceptron_ref.errors import InputError
from perceptron_ref.grading.classrun import cell

CANVAS = "gradebook-canvas.csv"
CHANGES = "changes.csv"
IDENTITY = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
DOWNLOAD = re.compile(r"^(?P<name>[a-z]+)_(?:LATE_)?(?P<id>\d+)_(?P<submission>\d+)(?:_|$)")
"""The name Canvas gives a downloaded submission: lastfirst, LATE, the user id, the
submission id, then the file's own name."""
Row = dict[str, str]


def _read(path: str | Path) -> list[Row]:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: cannot read it ({error})") from None
    return list(csv.DictReader(io.StringIO(text)))


def read_rows(path: str | Path) -> list[Row]:
    """The rows of an earlier ``grade`` CSV (a ``submission`` and a ``verdict`` column)."""
    rows = _read(path)
    if rows and not {"submission", "verdict"} <= set(rows[0]):
        raise InputError(f"{path}: not a CSV of perceptron-ref grade (no submission, verdict)")
    return [{k: _plain(v or "") for k, v in r.items() if k is not None} for r in rows]


def _plain(value: str) -> str:
    """A cell as grade wrote it, without the leading ' that kept a formula inert."""
    return value[1:] if value.startswith("'") and len(value) > 1 else value


def read_roster(path: str | Path) -> list[Row]:
    """The students of a gradebook Canvas exported (its ``Points Possible`` row left out)."""
    rows = _read(path)
    if not rows or "Student" not in rows[0] or "ID" not in rows[0]:
        raise InputError(f"{path}: not a Canvas gradebook export (no Student and ID columns)")
    return [r for r in rows if r.get("Student", "").strip() not in ("Points Possible", "")]


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9@.]", "", text.lower())


def identity(name: str, roster: Sequence[Row] | None) -> Row | None:
    """The roster's row for a hand-in named ``name`` (None when none matches); without a
    roster, a row made from the name (and the id a Canvas download's name holds)."""
    found = DOWNLOAD.match(name)
    if roster is None:
        return {
            "Student": name,
            "ID": found.group("id") if found else "",
            "SIS User ID": "",
            "SIS Login ID": "",
            "Section": "",
        }
    if found:
        hit = [r for r in roster if r.get("ID", "").strip() == found.group("id")]
        if len(hit) == 1:
            return hit[0]
    key = _key(name)
    for column in ("SIS Login ID", "SIS User ID", "ID"):
        hit = [r for r in roster if r.get(column) and _key(r[column]) == key]
        if len(hit) == 1:
            return hit[0]
    hit = [
        r
        for r in roster
        if _key(r.get("Student", "")) == key
        or _key("".join(reversed(r.get("Student", "").split(",")))) == key
    ]
    return hit[0] if len(hit) == 1 else None


def rounded(value: str) -> str:
    """A score as Canvas takes it: at most 2 decimal places (halves rounded up, as a
    gradebook does), no trailing zeros; "" for what is not a number.

    >>> [rounded(v) for v in ("7.125", "8", "2.50", "0.004", "x")]
    ['7.13', '8', '2.5', '0', '']
    """
    try:
        q = Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    except (InvalidOperation, ValueError):
        return ""
    text = f"{q:f}".rstrip("0").rstrip(".") if "." in f"{q:f}" else f"{q:f}"
    return "0" if text in ("-0", "") else text


def canvas(
    rows: Sequence[Row], title: str, top: float | None, roster: Sequence[Row] | None = None
) -> tuple[str, list[str]]:
    """The CSV Canvas imports, and the hand-ins the roster has no student for."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*IDENTITY, cell(title)])
    most = (
        top if top is not None else max((float(r.get("max_score") or 0) for r in rows), default=0)
    )
    writer.writerow(["Points Possible", "", "", "", "", rounded(str(most))])
    unmatched = []
    for r in sorted(rows, key=lambda r: r["submission"]):
        who = identity(r["submission"], roster)
        if who is None:
            unmatched.append(r["submission"])
            continue
        writer.writerow(
            [cell(who.get(c, "") or "") for c in IDENTITY] + [rounded(r.get("score", ""))]
        )
    return out.getvalue(), unmatched


@dataclass(frozen=True)
class Change:
    """What changed for one student: ``kind`` is new, gone, changed or same."""

    submission: str
    kind: str
    old_score: str = ""
    new_score: str = ""
    old_verdict: str = ""
    new_verdict: str = ""
    parts: tuple[str, ...] = ()
    why: str = ""


def changes(previous: Sequence[Row], rows: Sequence[Row]) -> list[Change]:
    """Each student's change between an earlier run's rows and this run's."""
    old = {r["submission"]: r for r in previous}
    new = {r["submission"]: r for r in rows}
    out = []
    for name in sorted(set(old) | set(new)):
        a, b = old.get(name), new.get(name)
        if a is None:
            assert b is not None
            out.append(
                Change(
                    name, "new", "", b.get("score", ""), "", b["verdict"], why=b.get("reason", "")
                )
            )
            continue
        if b is None:
            out.append(
                Change(
                    name,
                    "gone",
                    a.get("score", ""),
                    "",
                    a["verdict"],
                    "",
                    why="not in this run's folder",
                )
            )
            continue
        parts = tuple(
            f"{k.removeprefix('part: ')} {a.get(k) or '-'} → {b.get(k) or '-'}"
            for k in dict.fromkeys([*a, *b])
            if k.startswith("part: ") and (a.get(k) or "") != (b.get(k) or "")
        )
        score_a, score_b = a.get("score", ""), b.get("score", "")
        same = score_a == score_b and a["verdict"] == b["verdict"] and not parts
        why = "" if same else b.get("reason", "")
        if not same and a.get("reason", "") == b.get("reason", "") and not parts:
            why = f"same reason: {why}" if why else ""
        out.append(
            Change(
                name,
                "same" if same else "changed",
                score_a,
                score_b,
                a["verdict"],
                b["verdict"],
                parts,
                why,
            )
        )
    return out


def changes_csv(found: Sequence[Change]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "submission",
            "change",
            "old_score",
            "new_score",
            "old_verdict",
            "new_verdict",
            "parts",
            "why",
        ]
    )
    for c in found:
        writer.writerow(
            [
                cell(v)
                for v in (
                    c.submission,
                    c.kind,
                    c.old_score,
                    c.new_score,
                    c.old_verdict,
                    c.new_verdict,
                    "; ".join(c.parts),
                    c.why,
                )
            ]
        )
    return out.getvalue()


def changes_lines(found: Sequence[Change]) -> list[str]:
    """One line for the count, and one per student whose grade changed."""
    moved = [c for c in found if c.kind != "same"]
    counts = {k: sum(1 for c in found if c.kind == k) for k in ("changed", "new", "gone", "same")}
    head = "since the previous run: " + ", ".join(f"{n} {k}" for k, n in counts.items())
    lines = [head]
    for c in moved:
        if c.kind == "new":
            lines.append(f"  {c.submission}: new, {c.new_score or '-'} ({c.new_verdict})")
        elif c.kind == "gone":
            lines.append(f"  {c.submission}: gone (was {c.old_score or '-'}, {c.old_verdict})")
        else:
            verdict = (
                f" ({c.old_verdict} → {c.new_verdict})" if c.old_verdict != c.new_verdict else ""
            )
            parts = f"; {', '.join(c.parts)}" if c.parts else ""
            why = f"; now: {c.why}" if c.why else ""
            lines.append(
                f"  {c.submission}: {c.old_score or '-'} → {c.new_score or '-'}"
                f"{verdict}{parts}{why}"
            )
    return lines
