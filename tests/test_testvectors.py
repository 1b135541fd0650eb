"""The committed test vectors (spec/vectors/): reproducible byte for byte, valid against their
JSON Schema, and right by facts that do not come from the reference's loops: z3 decides
separability exactly, the Novikoff bound holds for z3's separator, a converged w satisfies the
zero-score rule on every example, a cycle is a repeated w, the notes' worked examples end where
the notes (and peers.md) say, and an independent JavaScript implementation agrees."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from fractions import Fraction as F
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pytest
import z3

from perceptron_ref import registry
from perceptron_ref.cli import main
from perceptron_ref.testvectors import Case, _large, case, to_text, write
from perceptron_ref.vectors import Vector, add, dot, norm2, scale, zeros

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "spec" / "vectors"
SCHEMA = VECTORS / "schema.json"
CHECKER = VECTORS / "check.mjs"
# The six perceptrons of the notes (issue 2): w starts at 0 and a mistake adds eta·y·x.
ADDITIVE = (
    "perceptron/blum",
    "perceptron/mehta",
    "perceptron/gormley-online",
    "perceptron/gormley-batch",
    "perceptron/press",
    "perceptron/ssbd",
)


KIT = ("schema.json", "check.py", "check.mjs")  # beside the vectors: they make them self-contained


def committed() -> dict[str, bytes]:
    return {
        p.relative_to(VECTORS).as_posix(): p.read_bytes()
        for p in sorted(VECTORS.rglob("*.json"))
        if p != SCHEMA
    }


def documents() -> Iterator[dict[str, Any]]:
    for text in committed().values():
        yield json.loads(text)


def cases_of(algorithm: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(group, test) pairs of one algorithm's committed file."""
    doc = json.loads((VECTORS / f"{algorithm}.json").read_text(encoding="utf-8"))
    for group in doc["testGroups"]:
        for test in group["tests"]:
            yield group, test


def rows(group: dict[str, Any], test: dict[str, Any]) -> tuple[Vector, ...]:
    """The examples as the algorithm sees them (with the bias coordinate first)."""
    lead = (Fraction(1),) if group["bias"] else ()
    return tuple((*lead, *(Fraction(v) for v in x)) for x in test["X"])


def vector(values: list[str]) -> Vector:
    return tuple(Fraction(v) for v in values)


@cache
def separator(data: tuple[tuple[Vector, ...], tuple[int, ...]]) -> Vector | None:
    """An exact w with y·⟨w, x⟩ ≥ 1 on every example, from z3, or None when none exists."""
    X, y = data
    w = [z3.Real(f"w{j}") for j in range(len(X[0]))]
    solver = z3.Solver()
    for x, t in zip(X, y, strict=True):
        score = z3.Sum([wj * z3.Q(v.numerator, v.denominator) for wj, v in zip(w, x, strict=True)])
        solver.add(t * score >= 1)
    verdict = solver.check()
    assert verdict in (z3.sat, z3.unsat)
    if verdict == z3.unsat:
        return None
    model = solver.model()
    return tuple(Fraction(str(model.eval(wj, model_completion=True).as_fraction())) for wj in w)


def test_every_algorithm_has_a_file_and_the_files_regenerate_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vectors", str(tmp_path)]) == 0
    written = capsys.readouterr().out.split()
    fresh = {
        p.relative_to(tmp_path).as_posix(): p.read_bytes()
        for p in tmp_path.rglob("*.json")
        if p.name != "schema.json"
    }
    kit = [str(tmp_path / name) for name in KIT]
    assert written == sorted(str(tmp_path / name) for name in fresh) + kit
    assert sorted(fresh) == sorted(f"{a}.json" for a in registry.ALGORITHMS)
    stale = sorted(set(committed()) ^ set(fresh))
    assert not stale, f"run `perceptron-ref vectors spec/vectors` (stale or missing: {stale})"
    changed = [name for name, text in fresh.items() if committed()[name] != text]
    changed += [
        name for name in KIT if (tmp_path / name).read_bytes() != (VECTORS / name).read_bytes()
    ]
    assert not changed, f"run `perceptron-ref vectors spec/vectors` (out of date: {changed})"


def test_the_written_folder_is_self_contained_schema_and_checkers_run_there(tmp_path: Path) -> None:
    assert main(["vectors", str(tmp_path), "--algorithm", "perceptron/ssbd"]) == 0
    schema = json.loads((tmp_path / "schema.json").read_text(encoding="utf-8"))
    doc = json.loads((tmp_path / "perceptron" / "ssbd.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(doc)
    files = [str(tmp_path / "perceptron" / "ssbd.json")]
    expected = f"{doc['numberOfTests']} passed, 0 failed\n"
    python = subprocess.run(
        [sys.executable, "-I", "check.py", *files], cwd=tmp_path, capture_output=True, text=True
    )
    assert (python.returncode, python.stdout) == (0, expected), python.stderr
    script = subprocess.run(
        [node(), "check.mjs", *files], cwd=tmp_path, capture_output=True, text=True
    )
    assert (script.returncode, script.stdout) == (0, expected), script.stderr


def test_sources_cite_the_notes_without_internal_file_names() -> None:
    for doc in documents():
        assert ".txt" not in doc["source"] and "_" not in doc["source"], doc["source"]
        assert doc["source"] in registry.get(doc["algorithm"]).note


def test_every_file_is_valid_against_the_schema() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for doc in documents():
        validator.validate(doc)
        tests = [t for g in doc["testGroups"] for t in g["tests"]]
        assert doc["numberOfTests"] == len(tests) > 0, doc["algorithm"]
        assert [t["tcId"] for t in tests] == list(range(1, len(tests) + 1))
        used = {f for t in tests for f in t["flags"]}
        assert used == set(doc["notes"]), doc["algorithm"]  # every flag explained, no other


@pytest.mark.parametrize(
    ("key", "where", "bad"),
    [
        ("X", (0, 0), "0.5"),  # a decimal, not p/q
        ("X", (0, 0), "3/1"),  # str(Fraction) prints 3
        ("X", (0, 0), "-0"),
        ("X", (0, 0), "1/-2"),
        ("y", (0,), 0),  # labels are -1 and 1
        ("result", ("status",), "done"),
        ("result", ("weights", 0), 3),  # a number, not a string
        ("steps", (0, "mistake"), "yes"),
    ],
)
def test_schema_rejects_what_it_should(key: str, where: tuple[Any, ...], bad: object) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    doc = json.loads((VECTORS / "perceptron/blum.json").read_text(encoding="utf-8"))
    assert validator.is_valid(doc)
    target = doc["testGroups"][0]["tests"][0][key]
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = bad
    assert not validator.is_valid(doc)


def test_nonseparable_flag_is_exactly_what_z3_decides() -> None:
    for doc in documents():
        for group in doc["testGroups"]:
            for test in group["tests"]:
                none = separator((rows(group, test), tuple(test["y"]))) is None
                assert none == ("NonSeparable" in test["flags"]), (doc["algorithm"], test["tcId"])


def classified(rule: str, w: Vector, x: Vector, y: int) -> bool:
    """The zero-score rules of peers.md: is (x, y) no mistake for w?"""
    s = dot(w, x)
    if rule == "tie-positive":
        return s >= 0 if y == 1 else s < 0
    if rule == "tie-negative":
        return s > 0 if y == 1 else s <= 0
    assert rule == "tie-mistake"
    return y * s > 0


@pytest.mark.parametrize("algorithm", ADDITIVE)
def test_additive_perceptron_vectors_obey_the_theorems(algorithm: str) -> None:
    rule = registry.get(algorithm).zero_score
    for group, test in cases_of(algorithm):
        X, y, r, steps = rows(group, test), test["y"], test["result"], test["steps"]
        n, eta, w = len(X), Fraction(group["eta"]), vector(r["weights"])
        where = (algorithm, test["tcId"])
        # The steps are the passes, in order, and the totals count them.
        assert [(s["epoch"], s["index"]) for s in steps] == [
            (e, i) for e in range(1, r["epochs"] + 1) for i in range(n)
        ], where
        mistakes = [s for s in steps if s["mistake"]]
        assert r["mistakes"] == len(mistakes) and vector(steps[-1]["weights"]) == w, where
        # w starts at 0 (the first score is 0) and is eta times the sum of y·x over the mistakes.
        assert steps[0]["score"] == "0", where
        total = zeros(len(X[0]))
        for s in mistakes:
            total = add(total, scale(s["label"], X[s["index"]]))
        assert scale(eta, total) == w, where
        ends = {s["epoch"]: vector(s["weights"]) for s in steps if s["index"] == n - 1}
        ends[0] = zeros(len(X[0]))
        if r["status"] == "converged":
            assert not any(s["mistake"] for s in steps if s["epoch"] == r["epochs"]), where
            assert all(classified(rule, w, x, t) for x, t in zip(X, y, strict=True)), where
        elif r["status"] == "cycled":
            e1, e2 = r["cycle"]
            assert e2 == r["epochs"] and ends[e1] == ends[e2] == w, where
            assert len({ends[e] for e in range(e2)}) == e2, where  # the first repeat
        elif r["status"] == "max_epochs":
            assert r["epochs"] == group["maxEpochs"], where
        else:
            assert r["status"] == "online" and r["epochs"] == group["epochs"], where
        w_star = separator((X, tuple(y)))
        if w_star is not None:
            # Novikoff: k ≤ R²/γ², with γ = min y⟨w*, x⟩/‖w*‖ ≥ 1/‖w*‖: k·1 ≤ R²·‖w*‖².
            R2 = max(norm2(x) for x in X)
            assert r["mistakes"] <= R2 * norm2(w_star), where
            if group["epochs"] in ("converge", None):
                assert r["status"] in ("converged", "max_epochs"), where
        elif rule == "tie-mistake" and group["epochs"] in ("converge", None):
            assert r["status"] != "converged", where


def worked(algorithm: str, comment: str) -> dict[str, Any]:
    return next(t for _, t in cases_of(algorithm) if t["comment"] == comment)


@pytest.mark.parametrize(
    "algorithm", [a for a in ADDITIVE if "batch" not in a and a != "perceptron/press"]
)
def test_gormley_worked_example_ends_where_peers_md_says(algorithm: str) -> None:
    # peers.md: tie-positive and tie-mistake end at (3, 1) after 3 mistakes, tie-negative at
    # (1, 0) after 1 mistake.
    r = worked(algorithm, "Gormley slide 15: the worked example")["result"]
    rule = registry.get(algorithm).zero_score
    expected = (["1", "0"], 1) if rule == "tie-negative" else (["3", "1"], 3)
    assert (r["weights"], r["mistakes"]) == expected


@pytest.mark.parametrize("algorithm", ADDITIVE)
def test_zero_score_vectors_differ_exactly_as_the_rules_say(algorithm: str) -> None:
    rule = registry.get(algorithm).zero_score
    positive = worked(algorithm, "A zero score on a positive example: the rules part")
    negative = worked(algorithm, "A zero score on a negative example: the rules part")
    assert positive["steps"][0]["mistake"] == (rule != "tie-positive")
    assert negative["steps"][0]["mistake"] == (rule != "tie-negative")
    xor = worked(algorithm, "Press §4: XOR is not linearly separable, so w repeats")
    assert xor["result"]["status"] == "cycled"  # Press §4, remark 2


def test_flags_say_what_the_inputs_and_steps_show() -> None:
    for doc in documents():
        for group in doc["testGroups"]:
            for test in group["tests"]:
                flags, r = set(test["flags"]), test["result"]
                numbers = [Fraction(v) for x in [*test["X"], [group["eta"]]] for v in x]
                assert ("ZeroScore" in flags) == any(s["score"] == "0" for s in test["steps"])
                assert ("Bias" in flags) == group["bias"]
                assert ("StepSize" in flags) == (group["eta"] != "1")
                assert ("Cycle" in flags) == (r["status"] == "cycled") == (r["cycle"] is not None)
                big = any(max(abs(v.numerator), v.denominator) >= 2**64 for v in numbers)
                assert ("LargeNumbers" in flags) == big


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed")
    return found


def run_checker(*files: Path, python: bool = False) -> subprocess.CompletedProcess[str]:
    command = (
        [sys.executable, "-I", str(VECTORS / "check.py")] if python else [node(), str(CHECKER)]
    )
    return subprocess.run([*command, *map(str, files)], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("python", [False, True], ids=["check.mjs", "check.py"])
def test_each_checker_agrees_with_every_additive_perceptron_vector(python: bool) -> None:
    files = [VECTORS / f"{a}.json" for a in ADDITIVE]
    done = run_checker(*files, python=python)
    expected = sum(1 for a in ADDITIVE for _ in cases_of(a))
    assert (done.returncode, done.stdout) == (0, f"{expected} passed, 0 failed\n")


@pytest.mark.parametrize("python", [False, True], ids=["check.mjs", "check.py"])
@pytest.mark.parametrize("where", ["mistake", "weights", "status"])
def test_each_checker_catches_a_wrong_expected_value(
    python: bool, where: str, tmp_path: Path
) -> None:
    doc = json.loads((VECTORS / "perceptron/mehta.json").read_text(encoding="utf-8"))
    test = doc["testGroups"][0]["tests"][0]
    if where == "mistake":
        test["steps"][0]["mistake"] = not test["steps"][0]["mistake"]
    elif where == "weights":
        test["result"]["weights"][0] = str(Fraction(test["result"]["weights"][0]) + 1)
    else:
        test["result"]["status"] = "converged"
    tampered = tmp_path / "mehta.json"
    tampered.write_text(json.dumps(doc), encoding="utf-8")
    done = run_checker(tampered, python=python)
    assert done.returncode == 1
    assert f"FAIL perceptron/mehta tcId {test['tcId']}: {test['comment']}" in done.stdout


def float_run(group: dict[str, Any], test: dict[str, Any], rule: str) -> list[tuple[Any, ...]]:
    """The additive perceptron in numpy float64 (np.dot sums in its own order): each step's
    score and weights, as exact Fractions of the floats."""
    X = np.array([[float(v) for v in x] for x in rows(group, test)], dtype=np.float64)
    eta = np.float64(float(Fraction(group["eta"])))
    w = np.zeros(X.shape[1])
    out = []
    for step in test["steps"]:
        x, label = X[step["index"]], step["label"]
        s = np.dot(w, x)
        plus = {"tie-positive": s >= 0, "tie-negative": s > 0, "tie-mistake": s > 0}[rule]
        if (1 if plus else -1) != label or (rule == "tie-mistake" and s == 0):
            w = w + eta * label * x
        out.append((Fraction(float(s)), tuple(Fraction(float(v)) for v in w)))
    return out


@pytest.mark.parametrize("algorithm", ADDITIVE)
def test_float_inexact_flags_exactly_the_tests_float64_may_not_reproduce(algorithm: str) -> None:
    rule = registry.get(algorithm).zero_score
    flagged = 0
    for group, test in cases_of(algorithm):
        exact = [
            (Fraction(s["score"]), tuple(Fraction(v) for v in s["weights"])) for s in test["steps"]
        ]
        numbers = [Fraction(v) for x in test["X"] for v in x] + [Fraction(group["eta"])]
        numbers += [v for s, w in exact for v in (s, *w)]
        inexact = any(Fraction(float(v)) != v for v in numbers if abs(v) < 2**1000)
        inexact |= any(abs(v) >= 2**1000 for v in numbers)
        if "FloatInexact" not in test["flags"]:
            assert not inexact and float_run(group, test, rule) == exact, test["tcId"]
        else:
            flagged += 1
            assert inexact or float_run(group, test, rule) != exact, test["tcId"]
    assert flagged >= 2  # eta = 1/3, -1.3, numbers beyond 64 bits


# --- testvectors: a case's values and defaults, the file layout, the writing ----------------------


def test_a_case_reads_its_numbers_and_labels_exactly_with_the_documented_defaults() -> None:
    # case() is called at import to build CASES; called here, its defaults are checked: no
    # bias, eta = 1, one pass, no cap, no flags.  "1/2" and "-0.25" are read exactly.
    got = case("c", [(1, "1/2"), ("-0.25", 0)], [1, -1])
    assert got == Case(
        "c",
        ((F(1), F(1, 2)), (F(-1, 4), F(0))),
        (1, -1),
        False,
        F(1),
        1,
        None,
        frozenset(),
    )
    assert got.eta.denominator == 1 and type(got.y[0]) is int
    options = case("d", [(3,)], [-1], bias=True, eta="5/2", epochs="converge", max_epochs=4)
    assert options[3:] == (True, F(5, 2), "converge", 4, frozenset())
    assert case("e", [(0,)], [1], flags=["Cycle", "Cycle"]).flags == frozenset({"Cycle"})


@pytest.mark.parametrize(
    ("value", "text"),
    [
        # A list that fits in WIDTH = 100 columns stays on one line: '["' + 96 x + '"]' is 100.
        (["x" * 96], '["' + "x" * 96 + '"]'),
        # One column more and it takes one item a line, indented by 2.
        (["x" * 97], '[\n  "' + "x" * 97 + '"\n]'),
        # Inside an object the key counts: 2 (indent) + 5 ('"a": ') + 93 = 100 fits ...
        ({"k": {}, "a": ["y" * 89]}, '{\n  "k": {},\n  "a": ["' + "y" * 89 + '"]\n}'),
        # ... and 94 does not.
        (
            {"k": {}, "a": ["y" * 90]},
            '{\n  "k": {},\n  "a": [\n    "' + "y" * 90 + '"\n  ]\n}',
        ),
        # Text is written as itself (the files are UTF-8), keys included.
        ({"é": ["ü", "§"]}, '{"é": ["ü", "§"]}'),
        ({"é": {"ü": 1}}, '{\n  "é": {"ü": 1}\n}'),
        # An object holding no object is one line; a list holding (deep down) an object is not.
        ([[{"a": 1}]], '[\n  [\n    {"a": 1}\n  ]\n]'),
        ({"a": {"b": {"c": 1}}}, '{\n  "a": {\n    "b": {"c": 1}\n  }\n}'),
        # Empty containers print as [] and {}.
        ([], "[]"),
        ({"a": [], "b": {}}, '{\n  "a": [],\n  "b": {}\n}'),
    ],
)
def test_vector_files_are_laid_out_as_the_to_text_docstring_says(value: object, text: str) -> None:
    assert to_text(value) == text
    assert json.loads(text) == value


def test_write_makes_missing_folders_and_writes_utf8_with_unix_line_ends(tmp_path: Path) -> None:
    outdir = tmp_path / "new" / "deeper"
    paths = write(outdir, ["perceptron/blum", "perceptron/mehta"])
    assert paths == [outdir / "perceptron" / "blum.json", outdir / "perceptron" / "mehta.json"]
    for path, name in zip(paths, ["perceptron/blum", "perceptron/mehta"], strict=True):
        raw = path.read_bytes()
        assert b"\r" not in raw and raw.endswith(b"}\n")
        doc = json.loads(raw.decode("utf-8"))
        assert doc["algorithm"] == name
        assert "§" in raw.decode("utf-8")  # "Press §4 ...": a non-ASCII comment, in UTF-8
    # Writing again into the same folders is fine (the files are replaced, byte for byte).
    assert write(outdir, ["perceptron/blum"]) == paths[:1]
    assert paths[0].read_bytes() == (VECTORS / "perceptron" / "blum.json").read_bytes()


def test_written_files_are_utf8_whatever_the_locale(tmp_path: Path) -> None:
    # Under the C locale with UTF-8 mode off, Python's default encoding is ASCII: the files must
    # still be the same UTF-8 bytes (byte-identical output whatever the machine).
    write(tmp_path / "here", ["perceptron/blum"])  # in-process too (mutmut sees the call)
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    env["PYTHONCOERCECLOCALE"] = "0"
    code = (
        "import sys; from perceptron_ref.testvectors import write; write(sys.argv[1], sys.argv[2:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "c"), "perceptron/blum"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "c" / "perceptron" / "blum.json").read_bytes()
    assert written == (VECTORS / "perceptron" / "blum.json").read_bytes()


@pytest.mark.parametrize(
    ("X", "eta", "large"),
    [
        # NOTES["LargeNumbers"]: "a numerator or denominator of 2^64 or more" (in X or eta).
        ([(2**64 - 1, 1)], "1", False),
        ([(2**64, 1)], "1", True),
        ([(-(2**64), 1)], "1", True),
        ([(f"1/{2**64}", 1)], "1", True),
        ([(f"-1/{2**64 - 1}", 200)], "1", False),
        ([(1, 2)], str(2**64), True),
        ([(1, 2)], f"{2**64 - 1}/{2**64 - 3}", False),
    ],
)
def test_large_numbers_flag_starts_at_2_to_the_64(
    X: list[tuple[int | str, ...]], eta: str, large: bool
) -> None:
    assert _large(case("c", X, [1] * len(X), eta=eta)) is large
