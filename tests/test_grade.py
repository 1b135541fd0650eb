"""grade: one row and one results.json per submission, the right verdicts, a deterministic CSV,
and a class that no submission can spoil (hostile ones, a dying grader, a killed run)."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref.grading import classrun, intake
from perceptron_ref.grading.child import COLUMNS, row
from tests.hostile import (
    CANDIDATES,
    MARKERS,
    ROOT,
    copy_candidate,
    processes_with,
    require_sandbox,
    tree_hash,
)

SUBMISSIONS = CANDIDATES / "grading"
HOSTILE = (
    "hostile_write",
    "hostile_rewrite",
    "hostile_network",
    "hostile_daemon",
    "hostile_kill_parent",
    "hostile_stop_parent",
    "hostile_sibling",
    "hostile_spy",
    "hostile_crash",
    "hostile_forkbomb",
)


def test_submissions_are_files_or_folders_holding_one_found_without_running_them(
    tmp_path: Path,
) -> None:
    found = {
        s.name: (s.entry.name if s.entry else s.problem)
        for s in intake.intake(SUBMISSIONS, tmp_path, "train")
    }
    assert found == {
        "alice": "alice.py",
        "bob": "perceptron.py",  # bob/helpers.py defines no train()
        "carol": "carol.py",
        "dave": "no code: no Python file (.py) or notebook (.ipynb) among its 1 file: notes.txt",
        "eve": "eve.py",
    }


def grade_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "perceptron_ref", "grade", "perceptron/mehta", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, env=env)


def test_grade_writes_one_row_and_one_results_json_per_submission(tmp_path: Path) -> None:
    out = tmp_path / "grades.csv"
    # eve hangs: the timeout is what her verdict costs; it also covers starting Python under load
    done = grade_cli(
        str(SUBMISSIONS), "--examples", "4", "--timeout", "6", "--jobs", "2", "--out", str(out)
    )
    assert done.returncode == 0, done.stderr
    # what intake found, and no progress bar: stderr is not a terminal here
    # (a __pycache__ an earlier import left there is skipped as clutter)
    assert done.stderr.startswith("perceptron-ref: 5 hand-ins found") and "\r" not in done.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert tuple(rows[0]) == COLUMNS
    verdicts = {r["submission"]: (r["verdict"], r["agrees_with"]) for r in rows}
    assert verdicts == {
        "alice": ("agree", "perceptron/mehta"),
        "bob": ("agree", "perceptron/mehta"),
        "carol": ("disagree", ""),
        "dave": ("ungradable", ""),
        "eve": ("disagree", ""),
    }
    carol = next(r for r in rows if r["submission"] == "carol")
    assert json.loads(carol["counterexample"])["first_divergent_step"]["spec_line"] == "mehta.7"
    assert next(r for r in rows if r["submission"] == "eve")["reason"].startswith("hang")
    # Deterministic: the CSV is the rows, sorted, written the same way again.
    assert classrun.to_csv(rows) == out.read_text()
    # One results.json each, beside the CSV, in Gradescope's format.
    results = tmp_path / "grades.results"
    assert sorted(p.name for p in results.iterdir()) == [f"{n}.json" for n in sorted(verdicts)]
    scores = {}
    for path in results.iterdir():
        document = json.loads(path.read_text())
        for test in document["tests"]:
            assert set(test) == {"name", "score", "max_score", "output", "visibility"}
        scores[document["submission"]] = sum(t["score"] for t in document["tests"])
    assert scores == {"alice": 3, "bob": 3, "carol": 1, "dave": 0, "eve": 0}
    carol_json = json.loads((results / "carol.json").read_text())
    assert "X = np.array([[" in carol_json["tests"][2]["output"]  # the counterexample, under ties


def notebook(*cells: str) -> str:
    code: list[dict[str, object]] = [
        {"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None}
        for c in cells
    ]
    return json.dumps({"cells": code, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_every_hand_in_of_a_class_folder_has_one_row_and_the_csv_is_safe_to_open(
    tmp_path: Path,
) -> None:
    right = (SUBMISSIONS / "alice.py").read_text()
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "right.py").write_text(right)
    shutil.copy(SUBMISSIONS / "carol.py", folder / "wrong.py")
    (folder / "magics.ipynb").write_text(
        notebook("%matplotlib inline\n!pip install numpy", "import numpy as np\n"
                 "data = np.loadtxt('my_data.csv')", right, "print(train(data, data))")
    )  # fmt: skip
    (folder / "only a notebook").mkdir()
    (folder / "only a notebook" / "homework.ipynb").write_text(notebook(right))
    with open(os.fsencode(folder) + "/Lösung.py".encode("latin-1"), "w") as latin1:
        latin1.write(right)
    (folder / "=1+2.py").write_text(right)
    (folder / "-rf v2 (final).py").write_text(right)
    (folder / "empty").mkdir()
    (folder / "syntax.py").write_text("def train(X, y):\n    return X[0\n")
    # its error's text cannot be written as UTF-8: it crashed the grading process
    (folder / "surrogate.py").write_text('def train(X, y):\n    raise ValueError("\\udc80")\n')
    (folder / "readme.txt").write_text("my answers are in the notebook")
    with zipfile.ZipFile(folder / "escape.zip", "w") as zipped:
        zipped.writestr("../../escape.py", right)
    (folder / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (folder / "__MACOSX").mkdir()
    (folder / "__MACOSX" / "._right.py").write_bytes(b"\0")
    out = tmp_path / "grades.csv"
    done = grade_cli(str(folder), "--examples", "4", "--jobs", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "12 hand-ins found; skipped 2 as clutter: .DS_Store, __MACOSX" in done.stderr
    assert not (tmp_path / "escape.py").exists() and not Path("/escape.py").exists()
    text = out.read_bytes().decode("utf-8")  # opens as UTF-8, or this fails
    rows = {r["submission"]: (r["verdict"], r["reason"]) for r in csv.DictReader(io.StringIO(text))}
    said = {name: reason if verdict == "ungradable" else verdict
            for name, (verdict, reason) in rows.items()}  # fmt: skip
    assert said == {
        "right": "agree",
        "wrong": "disagree",
        "magics": "agree",
        "only a notebook": "agree",
        "L\\xf6sung": "agree",  # the Latin-1 byte, escaped
        "'=1+2": "agree",  # a formula no more
        "'-rf v2 (final)": "agree",
        "empty": "empty: no files in it",
        "syntax": "syntax error: '[' was never closed (line 2 of syntax.py)",
        "surrogate": "disagree",
        "readme.txt": "no code: a .txt file, not Python (.py), a notebook (.ipynb), a zip or a "
        "folder",
        "escape": "the zip holds an unsafe path '../../escape.py'",
    }
    assert rows["surrogate"][1].startswith("crash: raised ValueError: \\udc80"), rows["surrogate"]
    for line in csv.reader(io.StringIO(text)):
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in line), line
    magics = json.loads((tmp_path / "grades.results" / "magics.json").read_text())
    assert "cell 2: data = np.loadtxt('my_data.csv')" in magics["output"]
    assert "cell 1: %matplotlib inline" in magics["output"]
    # The instructor's row says it too (its notes column), as the student's feedback does.
    notes = {r["submission"]: r["notes"] for r in csv.DictReader(io.StringIO(text))}
    assert notes["magics"].startswith("Left out of your notebook when grading it")
    assert "cell 2: data = np.loadtxt('my_data.csv')" in notes["magics"]
    assert notes["right"] == "" and notes["L\\xf6sung"] == ""


def test_grade_refuses_a_missing_folder_with_exit_status_2() -> None:
    done = grade_cli("no/such/dir")
    assert done.returncode == 2 and "not a directory" in done.stderr


def test_grade_names_the_gone_gradescope_option() -> None:
    done = grade_cli(str(SUBMISSIONS), "--gradescope", "x.json")
    assert done.returncode == 2 and "--results DIR" in done.stderr


def test_grade_without_a_strong_sandbox_warns_once_and_require_sandbox_refuses(
    tmp_path: Path,
) -> None:
    # No bubblewrap and no uid to lend (uid 0 is root's): seccomp and Landlock alone.
    env = os.environ | {"PERCEPTRON_REF_BWRAP": "", "PERCEPTRON_REF_UIDS": "0-0"}
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "alice.py", folder)
    cache = tmp_path / "cache"
    done = grade_cli(str(folder), "--examples", "2", "--cache", str(cache), env=env)
    assert done.returncode == 0 and done.stdout.count("\nalice,agree,") == 1
    warned, found, kept, *summary = done.stderr.splitlines()  # the warning once, the class
    assert found == "perceptron-ref: 1 hand-in found"
    assert kept == f"perceptron-ref: the reference's work is kept in {cache.resolve()}"
    assert "weak sandbox" in warned and "weak sandbox" not in "".join(summary)
    assert len(summary) == 3 and summary[0] == "1 hand-in: 1 agree, 0 disagree, 0 ungradable"
    (graded,) = csv.DictReader(io.StringIO(done.stdout))
    assert graded["sandbox"].endswith("seccomp+landlock"), done.stdout
    refused = grade_cli(str(folder), "--require-sandbox", env=env)
    assert refused.returncode == 2 and refused.stdout == ""


def test_no_hostile_submission_can_spoil_the_class(tmp_path: Path) -> None:
    require_sandbox()
    folder = tmp_path / "class"
    shutil.copytree(SUBMISSIONS, folder)
    for name in HOSTILE:
        copy_candidate(name, folder)
    (folder / "hostile_network").mkdir()  # it reads the port to attack beside it
    shutil.move(folder / "hostile_network.py", folder / "hostile_network" / "train.py")
    (folder / "hostile_network" / "ports.json").write_text("[9]")
    project, handed_in = tree_hash(ROOT), tree_hash(folder)
    rows = classrun.grade(
        folder,
        {"algorithm": "perceptron/mehta", "examples": 3, "timeout": 20},
        jobs=2,
        out=tmp_path / "grades.csv",
        results=tmp_path / "results",
    )
    verdicts = {r["submission"]: r["verdict"] for r in rows}
    assert verdicts == {
        "alice": "agree",
        "bob": "agree",
        "carol": "disagree",
        "dave": "ungradable",
        "eve": "disagree",
        **dict.fromkeys(HOSTILE, "disagree"),
    }
    reasons = {r["submission"]: r["reason"] for r in rows}
    for name in HOSTILE:  # each judged on what it returned, the harness intact
        expected = {
            "hostile_crash": "crash: killed by SIGSEGV",
            "hostile_forkbomb": "crash: raised BlockingIOError",
        }.get(name, "wrong weights")
        assert reasons[name].startswith(expected), (name, reasons[name])
    assert tree_hash(ROOT) == project
    assert tree_hash(folder) == handed_in
    assert len(list((tmp_path / "results").iterdir())) == len(rows)
    for marker in MARKERS:
        assert processes_with(marker) == []


def test_a_dying_grader_costs_only_its_row_and_the_row_says_why(tmp_path: Path) -> None:
    job = {
        "name": "x",
        "snapshot": str(tmp_path),
        "entry": str(SUBMISSIONS / "alice.py"),
        "problem": "",
        "function": "train",
        "options": {"algorithm": "perceptron/mehta", "no_such_option": 1},
        "tests": [{"name": "It runs", "check": "runs", "points": 1, "visibility": "visible"}],
    }
    graded = classrun.run_one(job, 60)
    assert graded["row"]["verdict"] == "error"
    assert graded["row"]["reason"].startswith(
        "not graded: the grading process exited with status 1"
    )
    assert graded["results"]["tests"][0]["score"] == 0


def test_a_submission_over_its_time_budget_is_killed_and_its_row_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "eve.py", folder)  # hangs: each answer waits 30 s
    start = time.monotonic()
    rows = classrun.grade(folder, {"algorithm": "perceptron/mehta", "timeout": 30}, budget=3)
    assert time.monotonic() - start < 25
    assert rows[0]["reason"] == "time budget: grading took more than 3 s (killed)"


def test_a_killed_run_keeps_the_rows_it_has_and_leaves_no_grader_behind(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "alice.py", folder)
    shutil.copy(SUBMISSIONS / "eve.py", folder / "zed.py")  # hangs: graded after alice
    out = tmp_path / "grades.csv"
    mark = f"perceptron-ref-killed-run-{os.getpid()}"
    command = [sys.executable, "-m", "perceptron_ref", "grade", "perceptron/mehta", str(folder)]
    command += ["--jobs", "1", "--examples", "3", "--timeout", "60", "--out", str(out)]
    grade = subprocess.Popen(command, env=os.environ | {"GRADE_TEST_MARK": mark})
    deadline = time.monotonic() + 60
    while not (out.exists() and "alice" in out.read_text()) and time.monotonic() < deadline:
        time.sleep(0.2)
    grade.send_signal(signal.SIGKILL)
    grade.wait()
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [(r["submission"], r["verdict"]) for r in rows] == [("alice", "agree")]
    deadline = time.monotonic() + 10
    while processes_with(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_with(mark) == []  # the orphaned child noticed, and ended


def test_crosscheck_imports_nothing_of_grading() -> None:
    import ast

    for module in (ROOT / "reference" / "perceptron_ref" / "crosscheck").glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("perceptron_ref.grading"), module
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("perceptron_ref.grading") for a in node.names)


@given(st.lists(st.text(st.characters(exclude_categories=()), max_size=12), min_size=1, max_size=6))
def test_no_csv_cell_starts_like_a_formula_and_every_csv_is_utf8(values: list[str]) -> None:
    rows = [row(values[0], "agree", " ".join(values[1:]))]
    text = classrun.to_csv(rows)
    text.encode("utf-8")  # a lone surrogate is escaped, never an error
    (read,) = list(csv.reader(io.StringIO(text, newline="")))[1:]  # one row, however odd
    assert read[0] == classrun.cell(values[0])
    for cell in read:
        number = classrun.NUMBER.fullmatch(cell) is not None
        assert number or not cell.startswith(classrun.FORMULA), cell
