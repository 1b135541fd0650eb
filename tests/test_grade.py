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
from pathlib import Path

from perceptron_ref.grading import classrun, intake
from perceptron_ref.grading.child import COLUMNS
from tests.hostile import CANDIDATES, MARKERS, ROOT, processes_with, require_sandbox, tree_hash

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
        "dave": "load error: no Python file (.py or .ipynb)",
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
    assert done.stderr == ""  # no progress bar: stderr is not a terminal here
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert tuple(rows[0]) == COLUMNS
    verdicts = {r["submission"]: (r["verdict"], r["agrees_with"]) for r in rows}
    assert verdicts == {
        "alice": ("agree", "perceptron/mehta"),
        "bob": ("agree", "perceptron/mehta"),
        "carol": ("disagree", ""),
        "dave": ("disagree", ""),
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


def test_grade_refuses_a_missing_folder_with_exit_status_2() -> None:
    done = grade_cli("no/such/dir")
    assert done.returncode == 2 and "not a directory" in done.stderr


def test_grade_names_the_gone_gradescope_option() -> None:
    done = grade_cli(str(SUBMISSIONS), "--gradescope", "x.json")
    assert done.returncode == 2 and "--results DIR" in done.stderr


def test_grade_without_a_sandbox_warns_once_and_require_sandbox_refuses(tmp_path: Path) -> None:
    env = os.environ | {"PERCEPTRON_REF_BWRAP": ""}
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "alice.py", folder)
    done = grade_cli(str(folder), "--examples", "2", env=env)
    assert done.returncode == 0 and done.stdout.count("\nalice,agree,") == 1
    warned, *summary = done.stderr.splitlines()  # the warning once, then the class summary
    assert "weaker isolation" in warned and "weaker isolation" not in "".join(summary)
    assert len(summary) == 3 and summary[0] == "1 hand-in: 1 agree, 0 disagree, 0 not gradable"
    refused = grade_cli(str(folder), "--require-sandbox", env=env)
    assert refused.returncode == 2 and refused.stdout == ""


def test_no_hostile_submission_can_spoil_the_class(tmp_path: Path) -> None:
    require_sandbox()
    folder = tmp_path / "class"
    shutil.copytree(SUBMISSIONS, folder)
    for name in HOSTILE:
        shutil.copy(CANDIDATES / f"{name}.py", folder / f"{name}.py")
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
        "dave": "disagree",
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
