"""Grading a class by an assignment file (``grading/assigned.py``, ``classrun.py``,
``summary.py``, ``gradebook.py``, ``cli/grade.py``, ``cli/crosscheck.py``, the platforms):
the CSV with a column per part, results.json with a test per part, the class report's groups
of hand-ins that behave alike, one vocabulary, the Canvas gradebook, what changed since an
earlier run, and Gradescope's and PrairieLearn's graders built from the file.

The class folders are made of the hand-ins in ``tests/candidates/assignments/``, whose right
and wrong parts are known."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from perceptron_ref.cli import main
from perceptron_ref.grading import assignment as A
from perceptron_ref.grading import gradebook
from perceptron_ref.grading.assigned import column
from perceptron_ref.grading.child import COLUMNS
from tests.test_gradescope import run_autograder, unpacked
from tests.test_prairielearn import grade as prairielearn_grade

HERE = Path(__file__).parent / "candidates" / "assignments"
CMU = A.example("cmu-10601")
CS4780 = A.example("cornell-cs4780")


def rows(path: Path) -> dict[str, dict[str, str]]:
    return {r["submission"]: r for r in csv.DictReader(io.StringIO(path.read_text()))}


@pytest.fixture(scope="module")
def program_class(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 10-601 class graded: two right styles, a tie-rule slip twice (alike), a metrics
    slip, a crash, a syntax error and a file that is no program."""
    root = tmp_path_factory.mktemp("program-class")
    folder = root / "class"
    folder.mkdir()
    for name in ("right_numpy", "right_csv", "tie_negative", "accuracy", "crash"):
        shutil.copytree(HERE / "cmu" / name, folder / name)
    shutil.copytree(HERE / "cmu" / "tie_negative", folder / "tie_negative_too")
    (folder / "syntax.py").write_text("def main(:\n")
    (folder / "notes.txt").write_text("I could not finish.\n")
    (root / "out").mkdir()
    command = [
        "grade",
        "--assignment",
        str(CMU),
        str(folder),
        "--out",
        str(root / "out" / "grades.csv"),
        "--examples",
        "4",
        "--gradebook",
        "canvas",
    ]
    assert main(command) == 0
    return root / "out"


def test_the_csv_has_a_score_and_a_column_per_part(program_class: Path) -> None:
    header = (program_class / "grades.csv").read_text().splitlines()[0].split(",")
    parts = [f"part: {p.name}" for p in A.read(CMU).parts]
    assert header == [*COLUMNS, *parts]
    got = rows(program_class / "grades.csv")
    assert {k: got[k]["verdict"] for k in got} == {
        "accuracy": "disagree",
        "crash": "disagree",
        "notes.txt": "ungradable",
        "right_csv": "agree",
        "right_numpy": "agree",
        "syntax": "ungradable",
        "tie_negative": "disagree",
        "tie_negative_too": "disagree",
    }
    assert [got["accuracy"][p] for p in parts] == ["3", "3", "0"]
    assert (got["accuracy"]["score"], got["accuracy"]["max_score"]) == ("6", "8")
    assert got["right_csv"]["score"] == "8" and got["crash"]["score"] == "0"
    assert got["syntax"]["reason"].startswith("syntax error: invalid syntax (line 1 of syntax.py)")
    said = "no program: perceptron.py is not among its 1 file"
    assert got["notes.txt"]["reason"].startswith(said)


def test_results_json_has_a_test_per_part_with_its_feedback(program_class: Path) -> None:
    document = json.loads((program_class / "grades.results" / "tie_negative.json").read_text())
    assert [t["name"] for t in document["tests"]] == [p.name for p in A.read(CMU).parts]
    assert [t["max_score"] for t in document["tests"]] == [3, 3, 2]
    assert all(t["visibility"] == "visible" for t in document["tests"])
    first = document["tests"][0]["output"]
    assert first.startswith("Your train_out.labels is not right on these files")
    assert "  $ python perceptron.py train.tsv test.tsv train_out.labels" in first
    assert "Hint: its labels are those of training where a zero score" in first
    assert document["score"] == 0 and document["output"].startswith("HW: the perceptron: 0/8")


def test_the_class_report_counts_ungradable_as_the_csv_says_and_groups_alike_hand_ins(
    program_class: Path,
) -> None:
    t = json.loads((program_class / "summary.json").read_text())
    assert t["status"] == {"agree": 2, "disagree": 4, "ungradable": 2, "error": 0}
    alike = {tuple(g["hand_ins"]): g for g in t["groups"]}
    assert ("tie_negative", "tie_negative_too") in alike
    assert alike[("tie_negative", "tie_negative_too")]["size"] == 2
    assert ("right_csv", "right_numpy") in alike  # right code behaves alike too
    assert t["points"]["max_score"] == 8 and set(t["parts"]) == {p.name for p in A.read(CMU).parts}
    page = (program_class / "report.html").read_text()
    assert "Hand-ins that behave alike" in page and "never evidence of copying" in page


def test_the_canvas_gradebook_has_its_columns_points_and_rounded_scores(
    program_class: Path,
) -> None:
    lines = (program_class / gradebook.CANVAS).read_text().splitlines()
    assert lines[0] == "Student,ID,SIS User ID,SIS Login ID,Section,HW: the perceptron"
    assert lines[1] == "Points Possible,,,,,8"
    assert "accuracy,,,,,6" in lines and "right_csv,,,,,8" in lines and len(lines) == 10


def test_a_roster_matches_logins_names_and_canvas_download_names() -> None:
    roster = [
        {
            "Student": "Lovelace, Ada",
            "ID": "101",
            "SIS User ID": "a1",
            "SIS Login ID": "ada",
            "Section": "A",
        },
        {
            "Student": "Turing, Alan",
            "ID": "102",
            "SIS User ID": "t2",
            "SIS Login ID": "alan",
            "Section": "B",
        },
        {
            "Student": "Hopper, Grace",
            "ID": "103",
            "SIS User ID": "",
            "SIS Login ID": "",
            "Section": "A",
        },
    ]
    handed = [
        {"submission": "ada", "score": "7.125", "max_score": "8"},
        {"submission": "turingalan_LATE_102_9001_perceptron", "score": "2", "max_score": "8"},
        {"submission": "Hopper Grace", "score": "1/3", "max_score": "8"},
        {"submission": "stranger", "score": "8", "max_score": "8"},
    ]
    text, unmatched = gradebook.canvas(handed, "HW", 8, roster)
    assert text.splitlines()[2:] == [
        '"Hopper, Grace",103,,,A,',  # "1/3" is no score: left empty, not guessed
        '"Lovelace, Ada",101,a1,ada,A,7.13',
        '"Turing, Alan",102,t2,alan,B,2',
    ]
    assert unmatched == ["stranger"]
    alone, _ = gradebook.canvas(handed[1:2], "HW", 8)
    assert alone.splitlines()[2] == "turingalan_LATE_102_9001_perceptron,102,,,,2"


def test_a_regrade_says_per_student_what_changed_and_why(tmp_path: Path) -> None:
    old = [
        {
            "submission": "a",
            "verdict": "disagree",
            "score": "5",
            "reason": "P: x",
            "part: P": "0",
            "part: Q": "5",
        },
        {"submission": "b", "verdict": "agree", "score": "8", "reason": "ok", "part: P": "3"},
        {"submission": "gone", "verdict": "agree", "score": "8", "reason": "ok"},
    ]
    new = [
        {
            "submission": "a",
            "verdict": "agree",
            "score": "8",
            "reason": "every part right",
            "part: P": "3",
            "part: Q": "5",
        },
        {"submission": "b", "verdict": "agree", "score": "8", "reason": "ok", "part: P": "3"},
        {"submission": "c", "verdict": "disagree", "score": "1", "reason": "P: y"},
    ]
    changes = gradebook.changes(old, new)
    assert [(c.submission, c.kind) for c in changes] == [
        ("a", "changed"),
        ("b", "same"),
        ("c", "new"),
        ("gone", "gone"),
    ]
    assert changes[0].parts == ("P 0 → 3",)
    lines = gradebook.changes_lines(changes)
    assert lines[0] == "since the previous run: 1 changed, 1 new, 1 gone, 1 same"
    assert lines[1] == "  a: 5 → 8 (disagree → agree); P 0 → 3; now: every part right"
    assert "submission,change,old_score" in gradebook.changes_csv(changes)
    (tmp_path / "old.csv").write_text("submission,verdict,score\n'=bad,agree,3\n")
    assert gradebook.read_rows(tmp_path / "old.csv")[0]["submission"] == "=bad"


def test_grade_previous_reports_the_change_after_a_regrade(
    program_class: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = program_class / "grades.csv"
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copytree(HERE / "cmu" / "right_numpy", folder / "accuracy")  # fixed since
    command = [
        "grade",
        "--assignment",
        str(CMU),
        str(folder),
        "--out",
        str(tmp_path / "g.csv"),
        "--examples",
        "4",
        "--previous",
        str(old),
    ]
    capsys.readouterr()
    assert main(command) == 0
    said = capsys.readouterr().out
    assert "since the previous run: 1 changed, 0 new, 7 gone, 0 same" in said
    assert "  accuracy: 6 → 8 (disagree → agree); Error rates 0 → 2; now: every part right" in said
    assert (tmp_path / "changes.csv").is_file()


def test_the_flags_an_assignment_file_says_are_refused_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["grade", "--assignment", str(CMU), str(tmp_path), "--bias"]) == 2
    assert "--bias: the assignment file" in capsys.readouterr().err
    assert main(["grade", "perceptron/mehta", str(tmp_path), "--assignment", str(CMU)]) == 2
    assert "ALGORITHM: the assignment file" in capsys.readouterr().err
    assert main(["grade", str(tmp_path)]) == 2
    assert "give ALGORITHM, or --assignment FILE" in capsys.readouterr().err


def test_crosscheck_grades_one_hand_in_part_by_part(capsys: pytest.CaptureFixture[str]) -> None:
    hand_in = str(HERE / "cs4780" / "wrong_loop.py")
    command = ["crosscheck", "--assignment", str(CS4780), "--candidate", hand_in, "--examples", "6"]
    assert main(command) == 1
    out = capsys.readouterr().out
    assert out.startswith("wrong_loop vs Project: the perceptron (")
    assert "DISAGREE, 3/8 points" in out.splitlines()[0]
    assert "  [3/3] perceptron_update(x, y, w): right" in out
    assert "  [0/5] perceptron(xs, ys): wrong" in out
    assert (
        main(
            [
                *command[:4],
                str(HERE / "cs4780" / "update_always.py"),
                "--examples",
                "6",
                "--format",
                "json",
            ]
        )
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert document["verdict"] == "agree" and document["score"] == 8
    assert [p["right"] for p in document["parts"]] == [True, True]


def test_gradescope_and_prairielearn_grade_by_the_file(tmp_path: Path, pinned: Path) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    base = [
        "--assignment",
        str(CS4780),
        "--examples",
        "6",
        "--wheel",
        str(wheel),
        "--pins",
        str(pinned),
    ]
    assert main(["gradescope", str(tmp_path / "gs"), *base]) == 0
    root = unpacked(
        tmp_path / "gs" / "autograder.zip", tmp_path / "ag", [HERE / "cs4780" / "wrong_step.py"]
    )
    document = run_autograder(root)
    tests = document["tests"]
    assert isinstance(tests, list)
    assert [(t["name"], t["score"], t["max_score"]) for t in tests] == [
        ("perceptron_update(x, y, w)", 0, 3),
        ("perceptron(xs, ys)", 5, 5),
    ]
    assert main(["prairielearn", str(tmp_path / "pl"), *base, "--budget", "200"]) == 0
    config = json.loads((tmp_path / "pl" / "perceptron-ref-grade.json").read_text())
    assert config["assignment"]["name"] == str(CS4780) and config["budget"] == 200
    results = prairielearn_grade(
        tmp_path / "pl",
        tmp_path / "pl-root",
        {"hw.py": (HERE / "cs4780" / "wrong_loop.py").read_bytes()},
    )
    assert results["gradable"] is True and results["score"] == 3 / 8
    assert [t["points"] for t in results["tests"]] == [3, 0]
    nothing = prairielearn_grade(
        tmp_path / "pl", tmp_path / "pl-none", {"hw.py": b"def other():\n    pass\n"}
    )
    assert nothing["gradable"] is False
    assert "defines no perceptron_update() or perceptron()" in nothing["format_errors"][0]


AVERAGED = A.example("averaged-perceptron")


def test_a_family_assignment_grades_part_by_part_as_its_family_is_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # crosscheck --assignment: the train part judged as crosscheck judges the averaged
    # perceptron (its diagnosis in the feedback), the predict part on its own
    base = ["crosscheck", "--assignment", str(AVERAGED), "--examples", "6", "--candidate"]
    assert main([*base, str(HERE / "averaged" / "right.py")]) == 0
    out = capsys.readouterr().out
    assert "AGREE, 8/8 points" in out.splitlines()[0]
    assert main([*base, str(HERE / "averaged" / "wrong_before.py")]) == 1
    out = capsys.readouterr().out
    assert "DISAGREE, 2/8 points" in out.splitlines()[0]
    assert "  [0/6] train(X, y) returns the averaged weights: wrong" in out
    assert "  [2/2] predict(x, w) with the averaged weights: right" in out
    assert "perceptron/averaged (before)" in out
    # grade: a class of both, a column per part
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("right", "wrong_before"):
        shutil.copy(HERE / "averaged" / f"{name}.py", folder / f"{name}.py")
    out_csv = tmp_path / "grades.csv"
    command = ["grade", "--assignment", str(AVERAGED), str(folder), "--examples", "6"]
    assert main([*command, "--out", str(out_csv)]) == 0
    got = rows(out_csv)
    assert got["right"]["score"] == "8" and got["wrong_before"]["score"] == "2"
    assert got["wrong_before"][column("train(X, y) returns the averaged weights")] == "0"


def test_gradescope_grades_a_family_assignment_by_the_file(tmp_path: Path, pinned: Path) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    base = ["--assignment", str(AVERAGED), "--examples", "6", "--wheel", str(wheel)]
    assert main(["gradescope", str(tmp_path / "gs"), *base, "--pins", str(pinned)]) == 0
    root = unpacked(
        tmp_path / "gs" / "autograder.zip", tmp_path / "ag", [HERE / "averaged" / "wrong_before.py"]
    )
    tests = run_autograder(root)["tests"]
    assert isinstance(tests, list)
    assert [(t["name"], t["score"], t["max_score"]) for t in tests] == [
        ("train(X, y) returns the averaged weights", 0, 6),
        ("predict(x, w) with the averaged weights", 2, 2),
    ]
    assert "perceptron/averaged (before)" in tests[0]["output"]


def test_the_voted_example_grades_its_predict_on_the_references_votes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # np.sign in the vote: right training, wrong only where a score is 0 -- the predict
    # part's points lost and named, the train part's kept
    voted = A.example("voted-perceptron")
    base = ["crosscheck", "--assignment", str(voted), "--examples", "6", "--candidate"]
    assert main([*base, str(HERE / "voted" / "right.py")]) == 0
    assert "AGREE, 8/8 points" in capsys.readouterr().out.splitlines()[0]
    assert main([*base, str(HERE / "voted" / "np_sign.py")]) == 1
    out = capsys.readouterr().out
    assert "DISAGREE, 6/8 points" in out.splitlines()[0]
    assert "  [6/6] train(X, y) returns the votes (v, c): right" in out
    assert "  [0/2] predict(x, votes) by the weighted vote: wrong" in out
    assert "Hint: yours is wrong only where a score is 0, where sign(0) = +1" in out
