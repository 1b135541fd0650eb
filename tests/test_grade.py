"""grade: one row per submission, the right verdicts, deterministic CSV, Gradescope JSON."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from perceptron_ref.crosscheck.grading import COLUMNS, submissions, to_csv

ROOT = Path(__file__).resolve().parents[1]
SUBMISSIONS = ROOT / "tests" / "candidates" / "grading"


def test_submissions_are_files_or_folders_holding_one_found_without_running_them() -> None:
    found = {
        name: (path.name if path else why) for name, path, why in submissions(SUBMISSIONS, "train")
    }
    assert found == {
        "alice": "alice.py",
        "bob": "perceptron.py",  # bob/helpers.py defines no train()
        "carol": "carol.py",
        "dave": "load error: no .py file",
        "eve": "eve.py",
    }


def test_grade_writes_one_row_per_submission_and_gradescope_results(tmp_path: Path) -> None:
    out, gradescope = tmp_path / "results.csv", tmp_path / "results.json"
    command = [
        sys.executable,
        "-m",
        "perceptron_ref",
        "grade",
        "perceptron/mehta",
        str(SUBMISSIONS),
    ]
    # eve hangs: the timeout is what her verdict costs; it also covers starting Python under load
    command += ["--examples", "4", "--timeout", "6", "--jobs", "2"]
    command += ["--out", str(out), "--gradescope", str(gradescope)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
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
    results = json.loads(gradescope.read_text())
    assert (results["score"], results["max_score"]) == (2, 5)
    assert [t["status"] for t in results["tests"]] == [
        "passed",
        "passed",
        "failed",
        "failed",
        "failed",
    ]
    # Deterministic: the CSV is the rows, sorted, written the same way again.
    assert to_csv(rows) == out.read_text()


def test_grade_refuses_a_missing_folder_with_exit_status_2() -> None:
    command = [sys.executable, "-m", "perceptron_ref", "grade", "perceptron/mehta", "no/such/dir"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "not a directory" in done.stderr
