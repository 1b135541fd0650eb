"""Intake: hand-ins of every shape (a .py file, a folder, a notebook, a zip) and any file name,
each copied safely into its own snapshot; the wrong shapes are refused with a reason."""

from __future__ import annotations

import io
import json
import os
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_ref.crosscheck import candidates
from perceptron_ref.grading import archives, classrun, entry, intake
from perceptron_ref.grading.child import target
from tests.hostile import CANDIDATES

RIGHT = (CANDIDATES / "grading" / "alice.py").read_text()  # agrees with perceptron/mehta
NAMES = (
    "with space",
    "o'neil",
    'say "hi"',
    "comma,name",
    "new\nline",
    "-rf",
    "co:lon",
    "ünïcødé",
    "a:b:train",
    "emoji 🙂",
)


def notebook(*cells: str | list[str], version: int = 4) -> str:
    code: list[dict[str, object]] = [
        {"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None}
        for c in cells
    ]
    markdown = {"cell_type": "markdown", "source": "# My perceptron", "metadata": {}}
    return json.dumps(
        {"cells": [markdown, *code], "metadata": {}, "nbformat": version, "nbformat_minor": 5}
    )


def test_any_file_name_is_a_submission_graded_under_its_own_name(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for name in NAMES:
        (folder / f"{name}.py").write_text(RIGHT)
    (folder / "SHOUTING.PY").write_text(RIGHT)
    os.mkdir(os.fsencode(folder) + b"/bad\xffbytes")  # a folder name that is not UTF-8
    (Path(os.fsdecode(os.fsencode(folder) + b"/bad\xffbytes")) / "x.py").write_text(RIGHT)
    results = tmp_path / "results"
    rows = classrun.grade(
        folder, {"algorithm": "perceptron/mehta", "examples": 2}, jobs=2, results=results
    )
    names = {*(archives.shown(n) for n in NAMES), "bad\\xffbytes", "SHOUTING"}
    assert {r["submission"]: r["verdict"] for r in rows} == dict.fromkeys(names, "agree")
    files = sorted(p.name for p in results.iterdir())
    assert len(files) == len(names) and all(archives.safe_name(f) == f for f in files)
    assert {json.loads((results / f).read_text())["submission"] for f in files} == names
    written = classrun.to_csv(rows)
    import csv

    read = {r["submission"] for r in csv.DictReader(io.StringIO(written))}
    assert read == {classrun.cell(n) for n in names}


@given(st.text(min_size=1, max_size=40))
def test_a_snapshot_file_of_any_name_is_exactly_its_crosscheck_target(name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / archives.safe_name(name + ".py")
        path.write_text(RIGHT)
        parsed = candidates.parse(target(path, "train"))
        assert (Path(parsed.path), parsed.function) == (path.resolve(), "train")


def test_same_stem_entries_keep_their_whole_names(tmp_path: Path) -> None:
    (tmp_path / "alice.py").write_text(RIGHT)
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "p.py").write_text(RIGHT)
    (tmp_path / "notes.txt").write_text("not a hand-in")
    (tmp_path / ".hidden.py").write_text(RIGHT)
    (tmp_path / ".DS_Store").write_bytes(b"\0")
    found, skipped = intake.entries(tmp_path)
    assert [n for n, _ in found] == [".hidden", "alice", "alice.py", "notes.txt"]
    assert skipped == [".DS_Store"]


def test_a_notebook_is_graded_as_its_code_cells_without_ipython_syntax(tmp_path: Path) -> None:
    lines = RIGHT.splitlines(keepends=True)
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "as list.ipynb").write_text(
        notebook(
            ["%matplotlib inline\n", "!pip install numpy\n", "import numpy as np\n"],
            "%%writefile helper.py\nSTEP = 1\n",
            "%%bash\necho not python\n",
            "%%time\nfrom helper import STEP\nfiles = !ls\n",
            lines,
            "if False:\n    %time train\n",
            "train?\n",
        )
    )
    (folder / "as string.ipynb").write_text(notebook("".join(lines)))
    (folder / "v3.ipynb").write_text(
        json.dumps(
            {
                "nbformat": 3,
                "nbformat_minor": 0,
                "metadata": {},
                "worksheets": [
                    {
                        "cells": [
                            {
                                "cell_type": "code",
                                "input": lines,
                                "outputs": [],
                                "language": "python",
                            }
                        ]
                    }
                ],
            }
        )
    )
    (folder / "broken.ipynb").write_text('{"cells": [')
    rows = classrun.grade(folder, {"algorithm": "perceptron/mehta", "examples": 2}, jobs=2)
    verdicts = {r["submission"]: (r["verdict"], r["reason"][:40]) for r in rows}
    assert verdicts == {
        "as list": ("agree", verdicts["as list"][1]),
        "as string": ("agree", verdicts["as string"][1]),
        "v3": ("agree", verdicts["v3"][1]),
        "broken": ("ungradable", "broken.ipynb: not a readable Jupyter not"),
    }


def zipped(members: dict[str, bytes], links: dict[str, str] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
        for name, points in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            z.writestr(info, points)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("members", "problem"),
    [
        ({"../evil.py": b"x = 1"}, "the zip holds an unsafe path '../evil.py'"),
        ({"/abs/evil.py": b"x = 1"}, "the zip holds an unsafe path '/abs/evil.py'"),
        ({"C:/evil.py": b"x = 1"}, "the zip holds an unsafe path 'C:/evil.py'"),
        ({"big.py": b"#" * (archives.MAX_BYTES + 1)}, "too large: more than 32 MiB"),
        (
            {f"f{i}.txt": b"" for i in range(archives.MAX_FILES + 1)},
            "too large: more than 1000 files",
        ),
        (
            {"notes.txt": b"no code"},
            "no code: no Python file (.py) or notebook (.ipynb) among its 1 file: notes.txt",
        ),
        ({}, "empty: no files in it"),
        (
            {"a/helpers.py": b"STEP = 1\n", "b/util.py": b"def fit(X, y):\n    pass\n"},
            "no entry function: none of its 2 Python files defines train()",
        ),
        (
            {"hw.py": b"def train(X, y)\n    return X[0]\n"},
            "syntax error: expected ':' (line 1 of hw.py)",
        ),
        (
            {"hw.py": b"def fit(X, y):\n    return X[0]\n"},
            "no entry function: hw.py defines no train() (it defines fit)",
        ),
        ({"hw.py": b"  \n"}, "empty: hw.py holds no code"),
    ],
)
def test_a_zip_is_extracted_safely_or_refused_with_a_reason(
    tmp_path: Path, members: dict[str, bytes], problem: str
) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "hand in.zip").write_bytes(zipped(members))
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert (found.name, found.entry, found.problem) == ("hand in", None, problem)
    assert not (tmp_path / "evil.py").exists() and not Path("/abs/evil.py").exists()


def test_a_zip_bomb_stops_at_the_size_limit_not_at_its_header(tmp_path: Path) -> None:
    data = zipped({"bomb.py": b"0" * (archives.MAX_BYTES * 4)})
    assert len(data) < archives.MAX_BYTES // 100  # it compresses to almost nothing
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "b.zip").write_bytes(data)
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert found.problem == "too large: more than 32 MiB"
    assert (
        sum(f.stat().st_size for f in (tmp_path / "snap").rglob("*") if f.is_file())
        <= archives.MAX_BYTES
    )


def test_a_zip_keeps_its_folders_and_regular_files_and_leaves_out_mac_litter(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    members = {
        "sub/perceptron.py": RIGHT.encode(),
        "sub/helpers.py": b"STEP = 1\n",
        "__MACOSX/sub/._perceptron.py": b"\x00junk",
        "sub/.DS_Store": b"\x00",
        "sub/Thumbs.db": b"\x00",
    }
    (tmp_path / "in" / "z.zip").write_bytes(zipped(members))
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    files = sorted(
        str(p.relative_to(found.snapshot)) for p in found.snapshot.rglob("*") if p.is_file()
    )
    assert files == ["sub/helpers.py", "sub/perceptron.py"]
    assert found.entry == found.snapshot / "sub" / "perceptron.py"


def test_a_link_inside_a_zip_or_a_folder_refuses_the_hand_in_and_is_never_followed(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    members = {"sub/perceptron.py": RIGHT.encode()}
    (tmp_path / "in" / "z.zip").write_bytes(zipped(members, {"sub/passwd.py": "/etc/passwd"}))
    for name, points in (("file", "/etc/passwd"), ("folder", str(tmp_path))):
        (tmp_path / "in" / name).mkdir()
        (tmp_path / "in" / name / "perceptron.py").write_text(RIGHT)
        (tmp_path / "in" / name / "secret").symlink_to(points)
    found = {s.name: s for s in intake.intake(tmp_path / "in", tmp_path / "snap", "train")}
    why = "it holds a symbolic link {!r} (links are not followed: hand in the files)"
    assert {n: (s.entry, s.problem) for n, s in found.items()} == {
        "z": (None, why.format("sub/passwd.py")),
        "file": (None, why.format("secret")),
        "folder": (None, why.format("secret")),
    }
    assert not any("root:" in p.read_text() for p in (tmp_path / "snap").rglob("*") if p.is_file())


def test_a_folder_is_copied_without_blocking_on_a_fifo(tmp_path: Path) -> None:
    hand_in = tmp_path / "in" / "bob"
    hand_in.mkdir(parents=True)
    (hand_in / "perceptron.py").write_text(RIGHT)
    os.mkfifo(hand_in / "pipe.py")
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert [p.name for p in found.snapshot.rglob("*")] == ["perceptron.py"]
    assert found.entry is not None and found.entry.read_text() == RIGHT


def test_the_entry_is_the_one_file_defining_the_function(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def helper():\n    return 'def train(X, y):'\n")
    (tmp_path / "b.py").write_text("from numpy import *\ntrain = lambda X, y: X[0]\n")
    assert entry.choose(tmp_path, "train") == tmp_path / "b.py"
    (tmp_path / "c.py").write_text("async def train(X, y):\n    pass\n")
    with pytest.raises(ValueError, match=r"2 files define train\(\): b.py, c.py"):
        entry.choose(tmp_path, "train")
    assert entry.defines("def train(:\n", "train")  # unparsable: read as text
    assert not entry.defines("# def train(X, y)\nx = 1\n", "train")


def test_safe_names_keep_python_module_names_and_nothing_else() -> None:
    for name in ("perceptron.py", "helpers_2.py", "perceptrón.py", "my-file.txt", "__init__.py"):
        assert archives.safe_name(name) == name
    for name in ("a b.py", "a:b", "x\ny", "-rf", ".bashrc", "../up", "é/x", "'", ""):
        safe = archives.safe_name(name)
        assert all(c.isalnum() or c in "_.-" for c in safe) and safe[0] not in ".-", safe
    assert len(archives.safe_name("x" * 300 + ".py")) == archives.MAX_NAME


def test_snapshots_are_copies_the_hand_in_folder_is_never_changed(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.py").write_text(RIGHT)
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert found.entry is not None
    shutil.rmtree(tmp_path / "in")
    assert found.entry.read_text() == RIGHT


def test_a_snapshot_is_open_to_all_whatever_the_hand_in_modes(tmp_path: Path) -> None:
    # As root, the harness runs a candidate as uid 65534, which must read its snapshot.
    hand_in = tmp_path / "class" / "zoe"
    (hand_in / "lib").mkdir(parents=True)
    (hand_in / "zoe.py").write_text("def train(X, y):\n    return [0]\n")
    (hand_in / "lib" / "data.txt").write_text("1\n")
    for path in (hand_in / "zoe.py", hand_in / "lib" / "data.txt"):
        path.chmod(0o600)
    (hand_in / "lib").chmod(0o700)
    before = os.umask(0o077)  # a grader's private umask: what the copy makes is 0600/0700
    try:
        (sub,) = intake.intake(tmp_path / "class", tmp_path / "snapshots", "train")
    finally:
        os.umask(before)
    modes = {
        str(p.relative_to(sub.snapshot)): p.stat().st_mode & 0o777
        for p in [sub.snapshot, *sub.snapshot.rglob("*")]
    }
    assert modes == {".": 0o755, "lib": 0o755, "zoe.py": 0o644, "lib/data.txt": 0o644}


def test_a_hand_in_that_is_a_symbolic_link_is_refused_not_followed(tmp_path: Path) -> None:
    # A link to a file the grader can read (a model solution, say) would hand that file in.
    (tmp_path / "solution.py").write_text(RIGHT)
    (tmp_path / "secrets").mkdir()
    (tmp_path / "secrets" / "solution.py").write_text(RIGHT)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "mallory.py").symlink_to(tmp_path / "solution.py")
    (tmp_path / "in" / "trudy").symlink_to(tmp_path / "secrets")
    found = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert [(s.name, s.entry, s.problem) for s in found] == [
        (n, None, "a symbolic link (not followed: hand in the file itself)")
        for n in ("mallory", "trudy")
    ]
    assert not any(p.is_file() for s in found for p in s.snapshot.rglob("*"))


def test_zips_inside_a_hand_in_are_extracted_to_three_levels(tmp_path: Path) -> None:
    inner = zipped({"hw/perceptron.py": RIGHT.encode()})
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "twice.zip").write_bytes(zipped({"submission.zip": inner}))
    folder = tmp_path / "in" / "folder"
    folder.mkdir()
    (folder / "a.zip").write_bytes(zipped({"b.zip": zipped({"c.zip": inner})}))
    deep = inner
    for level in range(archives.NESTED + 1):
        deep = zipped({f"level{level}.zip": deep})
    (tmp_path / "in" / "deep.zip").write_bytes(deep)
    found = {s.name: s for s in intake.intake(tmp_path / "in", tmp_path / "snap", "train")}
    twice, nested = found["twice"], found["folder"]
    assert twice.entry == twice.snapshot / "submission" / "hw" / "perceptron.py"
    assert nested.entry == nested.snapshot / "a" / "b" / "c" / "hw" / "perceptron.py"
    assert twice.entry.read_text() == RIGHT and nested.entry.read_text() == RIGHT
    # one level more than NESTED stays a zip: nothing to run, and the row says so
    assert found["deep"].problem == (
        "no code: no Python file (.py) or notebook (.ipynb) among its 1 file: "
        "level3/level2/level1/level0.zip (zips inside zips are opened to 3 levels, not deeper)"
    )


def test_python_that_is_not_utf8_is_read_as_windows_1252_and_the_student_told(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "windows.py").write_bytes(("# Lösung\n" + RIGHT).encode("cp1252", "replace"))
    said = "# -*- coding: latin-1 -*-\n# Lösung\n" + RIGHT
    (tmp_path / "in" / "declared.py").write_bytes(said.encode("latin-1", "replace"))
    found = {s.name: s for s in intake.intake(tmp_path / "in", tmp_path / "snap", "train")}
    windows, declared = found["windows"], found["declared"]
    assert windows.entry is not None and windows.entry.read_text("utf-8").startswith("# Lösung")
    assert windows.notes == (
        "Note: windows.py is not UTF-8 (Python's encoding for source files): read as Windows-1252.",
    )
    assert declared.entry is not None and declared.notes == ()
    assert declared.entry.read_bytes() == said.encode("latin-1", "replace")  # as it says


def test_a_notebook_and_the_py_exported_from_it_grade_the_py(tmp_path: Path) -> None:
    hand_in = tmp_path / "in" / "zoe"
    hand_in.mkdir(parents=True)
    (hand_in / "hw.ipynb").write_text(notebook(RIGHT))
    (hand_in / "hw.py").write_text(RIGHT)
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert found.entry == found.snapshot / "hw.py" and found.entry.read_text() == RIGHT


def test_a_project_zipped_with_its_virtualenv_and_caches_is_graded_on_its_code(
    tmp_path: Path,
) -> None:
    packages = "project/.venv/lib/python3.11/site-packages"
    members = {f"{packages}/pkg{i}/__init__.py": b"def train(X, y): pass\n" for i in range(1200)}
    members |= {f"project/venv/lib/site-packages/m{i}.py": b"" for i in range(10)}
    members |= {"project/.pytest_cache/v/x": b"", "project/hw.py": RIGHT.encode()}
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "project.zip").write_bytes(zipped(members))
    (found,) = intake.intake(tmp_path / "in", tmp_path / "snap", "train")
    assert (found.problem, found.entry) == ("", found.snapshot / "project" / "hw.py")
