"""The class report: summary.json counts every hand-in once, summary.png is one reproducible
PNG, report.html is self-contained and escapes every student's text, and grade's output ends
with the three summary lines."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref.crosscheck.explain.diagnosis import CODES
from perceptron_ref.grading import classrun, summary
from perceptron_ref.grading.child import ungraded
from perceptron_ref.grading.intake import Submission
from tests.hostile import CANDIDATES

PNG = b"\x89PNG\r\n\x1a\n"
HOSTILE = "<script>alert(1)</script>.py"
VARIANTS = ("perceptron/mehta", "perceptron/blum", "perceptron/gormley-online")


def hand_in(name: str, status: str, **rest: Any) -> dict[str, Any]:
    return ungraded(name, status, rest.pop("problem", "")) | rest


hand_ins = st.lists(
    st.builds(
        hand_in,
        st.text(max_size=12),
        st.sampled_from(summary.STATUSES),
        diagnosis=st.lists(st.sampled_from(CODES), max_size=3, unique=True),
        failure=st.sampled_from([None, "crash", "hang", "unparsable", "time budget"]),
        agrees_with=st.lists(st.sampled_from(VARIANTS), max_size=2, unique=True),
        tie_rule=st.booleans(),
        problem=st.text(max_size=30),
    ),
    max_size=30,
)


@given(hand_ins)
def test_every_hand_in_is_counted_once_by_status_and_each_disagreeing_one_has_a_mistake(
    class_: list[dict[str, Any]],
) -> None:
    t = summary.tally(class_)
    assert t["hand_ins"] == len(class_) == sum(t["status"].values())
    disagree = [h for h in class_ if h["status"] == "disagree"]
    assert t["status"]["disagree"] == len(disagree)
    # a mistake is counted once per disagreeing hand-in that has it, never for the others
    assert sum(t["mistakes"].values()) == sum(len(summary.mistakes(h)) for h in disagree)
    assert all(summary.mistakes(h) for h in disagree)
    assert all(n <= len(disagree) for n in t["mistakes"].values())
    ungradable = sum(1 for h in class_ if h["status"] in ("ungradable", "error"))
    assert sum(len(names) for names in t["not_graded"].values()) == ungradable
    json.dumps(t, ensure_ascii=False).encode("utf-8")  # any name: valid UTF-8 JSON


MIXED = [
    hand_in("ada", "agree", agrees_with=["perceptron/mehta"]),
    hand_in("ben", "agree", agrees_with=["perceptron/mehta"], learning_rate="1/100",
            diagnosis=["learning-rate"]),
    hand_in("cy", "disagree", agrees_with=["perceptron/gormley-online"], tie_rule=True),
    hand_in("di", "disagree", diagnosis=["float-rounding"], agrees_with=["perceptron/mehta"]),
    hand_in("ed", "disagree", diagnosis=["initial-weights"], spec_line="mehta.7"),
    hand_in("flo", "disagree", failure="unparsable"),
    hand_in("gus", "disagree", spec_line="mehta.7"),
    hand_in("hal", "ungradable", problem="load error: SyntaxError: invalid syntax (h.py, 2)"),
    hand_in("ivy", "ungradable", problem="load error: SyntaxError: '(' was never closed (i.py)"),
    hand_in("jo", "ungradable", problem="load error: no Python file (.py or .ipynb)"),
    hand_in("kim", "error", problem="not graded: the grading process exited with status 1"),
]  # fmt: skip


def test_a_mixed_class_gives_its_counts_by_status_mistake_code_and_convention() -> None:
    t = summary.tally(MIXED)
    assert t["status"] == {"agree": 2, "disagree": 5, "ungradable": 3, "error": 1}
    assert t["diagnosis"] == {"float-rounding": 1, "initial-weights": 1, "learning-rate": 1}
    assert t["mistakes"] == {
        "another note's tie rule (w·x = 0)": 1,
        "float rounding": 1,
        "initial weights": 1,
        "unreadable answer": 1,
        "wrong weights (spec line mehta.7)": 1,
    }
    assert t["conventions"] == {"perceptron/mehta": 3, "perceptron/gormley-online": 1}
    assert t["learning_rates"] == {"1/100": 1}
    assert t["not_graded"] == {
        "load error: SyntaxError": ["hal", "ivy"],
        "load error: no Python file": ["jo"],
        "not graded: the grading process exited with status 1": ["kim"],
    }
    assert summary.lines(t) == [
        "11 hand-ins: 2 agree, 5 disagree, 3 ungradable, 1 not graded (the grader died: run again)",
        "common mistakes: another note's tie rule (w·x = 0) 1, float rounding 1, initial weights "
        "1, unreadable answer 1, wrong weights (spec line mehta.7) 1",
        "conventions followed: perceptron/mehta 3, perceptron/gormley-online 1; learning rates "
        "other than 1: 1/100 (1)",
    ]


def test_summary_png_is_one_png_the_same_bytes_every_time() -> None:
    t = summary.tally(MIXED)
    png = summary.chart(t, "perceptron/mehta")
    assert png.startswith(PNG)
    assert summary.chart(t, "perceptron/mehta") == png
    # in a fresh process too (no state of this one, fonts cached or not)
    code = (
        "import hashlib, json, sys; from perceptron_ref.grading import summary; "
        "print(hashlib.sha256(summary.chart(json.load(sys.stdin), 'perceptron/mehta')).hexdigest())"
    )
    fresh = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(t),
        capture_output=True,
        text=True,
        check=True,
    )
    assert fresh.stdout.strip() == hashlib.sha256(png).hexdigest()
    assert summary.chart(summary.tally(MIXED[:3])) != png  # the picture follows the counts


def graded(h: dict[str, Any], feedback: str) -> dict[str, Any]:
    return {"row": {"reason": "r " + h["submission"]}, "feedback": feedback, "summary": h}


def test_report_html_escapes_every_name_and_feedback_and_embeds_its_chart(tmp_path: Path) -> None:
    hostile = hand_in(HOSTILE, "disagree", agrees_with=['"><img src=x onerror=alert(2)>'])
    class_ = [graded(h, f"feedback of {h['submission']}") for h in MIXED]
    class_.append(graded(hostile, "</pre><script>alert(3)</script> & more"))
    lines = summary.write(tmp_path, class_, "perceptron/mehta")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(summary.FILES)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "<img src=x" not in page and "</pre><script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;.py" in page
    assert "&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt; &amp; more" in page
    assert page.count("<script>") == 1  # its own sorting script, nothing else runs
    for h in MIXED:
        assert (
            f"<tr><td>{h['submission']}</td>" in page and f"feedback of {h['submission']}" in page
        )
    assert page.count("<tr><td>") == len(class_) and 'th data-col="0"' in page
    embedded = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert embedded is not None
    assert base64.b64decode(embedded[1]) == (tmp_path / "summary.png").read_bytes()
    assert "http" not in page.replace("http-equiv", "")  # self-contained: nothing fetched
    t = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert t == summary.tally([c["summary"] for c in class_])
    assert lines == summary.lines(t) and lines[0] in page
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    summary.write(tmp_path, class_, "perceptron/mehta")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first  # byte for byte


def test_a_time_budget_and_a_dying_grader_still_give_a_summary(tmp_path: Path) -> None:
    job = classrun.job  # the job grade builds, for one hand-in that hangs
    eve = Submission("eve", tmp_path, CANDIDATES / "grading" / "eve.py")
    options: dict[str, Any] = {"algorithm": "perceptron/mehta", "timeout": 30}
    over = classrun.run_one(job(eve, "train", options, []), 1)["summary"]
    assert (over["status"], over["failure"]) == ("disagree", "time budget")
    died = classrun.run_one(job(eve, "train", options | {"no_such_option": 1}, []), 60)["summary"]
    assert died["status"] == "error" and died["problem"].startswith("not graded: the grading")
    assert summary.tally([over, died])["status"] == {
        "agree": 0,
        "disagree": 1,
        "ungradable": 0,
        "error": 1,
    }


def grade_cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "perceptron_ref", "grade", "perceptron/mehta", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_grade_writes_the_report_beside_the_csv_and_ends_with_the_three_lines(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(CANDIDATES / "grading" / "alice.py", folder / "<script>alert(1)<script>.py")
    shutil.copy(CANDIDATES / "grading" / "alice.py", folder)
    for name in ("wrong_sign", "init_random", "bias_last"):
        shutil.copy(CANDIDATES / f"{name}.py", folder)
    (folder / "syntax_error.py").write_text("def train(:\n")
    (folder / "empty").mkdir()
    out = tmp_path / "out" / "grades.csv"
    out.parent.mkdir()
    done = grade_cli(str(folder), "--out", str(out), "--examples", "10", "--timeout", "6")
    assert done.returncode == 0, done.stderr
    t = json.loads((out.parent / "summary.json").read_text(encoding="utf-8"))
    assert done.stdout.splitlines()[-3:] == summary.lines(t)
    assert done.stdout.splitlines()[0].startswith("7 hand-ins: ")
    assert t["hand_ins"] == 7 == len(list(csv.DictReader(io.StringIO(out.read_text()))))
    assert t["status"] == {"agree": 2, "disagree": 3, "ungradable": 2, "error": 0}
    assert t["diagnosis"]["initial-weights"] == 1 and t["mistakes"]["unreadable answer"] == 1
    assert sorted(n for names in t["not_graded"].values() for n in names) == [
        "empty",
        "syntax_error",
    ]
    page = (out.parent / "report.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;script&gt;" in page
    assert (out.parent / "summary.png").read_bytes().startswith(PNG)


def test_without_out_the_csv_stays_on_stdout_and_the_lines_end_stderr(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    (folder / "empty").mkdir(parents=True)
    report = tmp_path / "report"
    done = grade_cli(str(folder), "--report", str(report))
    assert done.returncode == 0, done.stderr
    assert [r["submission"] for r in csv.DictReader(io.StringIO(done.stdout))] == ["empty"]
    t = json.loads((report / "summary.json").read_text(encoding="utf-8"))
    assert done.stderr.splitlines()[-3:] == summary.lines(t)
    assert summary.lines(t)[0] == "1 hand-in: 0 agree, 0 disagree, 1 ungradable"
    assert sorted(p.name for p in report.iterdir()) == sorted(summary.FILES)


def test_the_report_files_are_readable_as_any_file_written_by_the_grader_is(
    tmp_path: Path,
) -> None:
    before = os.umask(0o022)
    try:
        classrun.write_atomic(tmp_path / "report.html", "<p>x</p>")
    finally:
        os.umask(before)
    assert (tmp_path / "report.html").stat().st_mode & 0o777 == 0o644
