"""``perceptron-ref audit`` (``grading/audit.py``, ``bank.py``, ``bank_runtime.py``,
``cli/audit.py``): the bank is written for the assignment's exact interface, each variant
does what it says (checked in this process against the reference's own runs), and the audit
finds each kind of finding: full marks for wrong code (a tolerance too loose), right code
losing points (a time limit too short), and the gaps of a part -- with its exit status."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from perceptron_ref import run
from perceptron_ref.cli import main
from perceptron_ref.crosscheck.candidates import scripts
from perceptron_ref.crosscheck.data.tables import Case
from perceptron_ref.grading import assignment as A
from perceptron_ref.grading import bank, bank_family

CS4780 = A.read(A.example("cornell-cs4780"))
CS229 = A.read(A.example("stanford-cs229"))
CMU = A.read(A.example("cmu-10601"))


def load(a: A.Assignment, name: str) -> types.ModuleType:
    v = next(v for v in bank.variants(a) if v.name == name)
    module = types.ModuleType(name)
    exec(compile(bank.source(a, v), name, "exec"), module.__dict__)
    return module


def test_every_variant_is_written_for_the_assignments_names_and_compiles() -> None:
    for a in (CS4780, CS229, CMU):
        found = bank.variants(a)
        names = [v.name for v in found]
        assert len(names) == len(set(names))
        assert {"right-numpy", "right-lists", "right-fractions", "wrong-hard-coded"} <= set(names)
        for v in found:
            code = bank.source(a, v)
            compile(code, v.name, "exec")
            assert v.right | v.wrong == {p.check for p in a.parts} and not v.right & v.wrong
            for function in a.functions:
                assert f"def {function}(" in code


def test_every_variant_is_kept_whole_by_the_definitions_only_loader() -> None:
    # crosscheck loads a .py as its imports, definitions and constants: a variant whose
    # set-up ran at its top level lost it there, and every right variant crashed (NameError)
    for a in (CS4780, CS229, CMU):
        for v in bank.variants(a):
            kept, left = scripts.definitions(bank.source(a, v))
            assert left == [], (v.name, left)
    kept, _ = scripts.definitions(bank.source(CS4780, bank.variants(CS4780)[0]))
    module = types.ModuleType("kept")
    exec(compile(kept, "kept", "exec"), module.__dict__)
    w, b = module.perceptron(X, Y)
    ref = run("perceptron/gormley-online", X.tolist(), Y.tolist(), bias=True, epochs="converge")
    assert tuple(Fraction(v) for v in (b, *w)) == ref.weights


def test_the_named_variants_are_right_exactly_when_they_are_the_assignments_run() -> None:
    right = {v.name for v in bank.variants(CS4780) if not v.wrong}
    # gormley-online's rule (update iff y·s <= 0), run to convergence: ssbd has it too
    assert {"right-perceptron-gormley-online", "right-perceptron-ssbd"} <= right
    assert not {"right-perceptron-mehta", "right-perceptron-blum"} & right
    mehta = {v.name: v for v in bank.variants(CMU)}
    assert not mehta["right-perceptron-mehta"].wrong
    assert mehta["wrong-perceptron-press"].wrong  # a run to convergence, not 10 passes


X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [-1.0, 0.0], [0.0, 0.0]])
Y = np.array([1, 1, 1, -1, -1])  # separable with a bias: +1 iff x1 + x2 > 1/2


def test_the_right_train_functions_make_the_references_run() -> None:
    ref = run(
        "perceptron/gormley-online",
        X.tolist(),
        Y.tolist(),
        bias=True,
        epochs="converge",
        max_epochs=100,
    ).weights
    for name in ("right-numpy", "right-lists", "right-fractions", "right-step-always"):
        w, b = load(CS4780, name).perceptron(X, Y)
        assert tuple(Fraction(v) for v in (b, *w)) == ref, name


def test_each_wrong_train_function_differs_where_its_slip_shows() -> None:
    ref = run(
        "perceptron/gormley-online",
        X.tolist(),
        Y.tolist(),
        bias=True,
        epochs="converge",
        max_epochs=100,
    ).weights
    for name in ("wrong-perceptron-mehta", "wrong-averaged", "wrong-capped", "wrong-bias"):
        w, b = load(CS4780, name).perceptron(X, Y)
        assert tuple(Fraction(v) for v in (b, *w)) != ref, name


def test_the_step_functions_update_as_they_say() -> None:
    x, w = np.array([1.0, 0.0]), np.array([0.0, 1.0])  # w·x = 0: a mistake for gormley-online
    assert list(load(CS4780, "right-numpy").perceptron_update(x, -1, w)) == [-1.0, 1.0]
    assert list(load(CS4780, "wrong-perceptron-mehta").perceptron_update(x, 1, w)) == [0.0, 1.0]
    assert list(load(CS4780, "wrong-step-sign").perceptron_update(x, -1, w)) == [1.0, 1.0]
    far = np.array([0.0, 2.0])  # w·x = 2 with y = +1: no mistake
    assert list(load(CS4780, "right-step-always").perceptron_update(far, 1, w)) == [0.0, 3.0]
    assert list(load(CS4780, "right-numpy").perceptron_update(far, 1, w)) == [0.0, 1.0]


def test_the_state_variants_predict_and_update_as_they_say() -> None:
    def K(a: object, b: object) -> float:
        return float(np.dot(a, b))  # type: ignore[call-overload]

    right, sign0 = load(CS229, "right-numpy"), load(CS229, "wrong-zero-label")
    s = right.initial_state()
    assert right.predict(s, K, np.array([1.0, 2.0])) == 1
    assert sign0.predict(sign0.initial_state(), K, np.array([1.0, 2.0])) == 0
    right.update_state(s, K, 0.5, np.array([1.0, 0.0]), 0)  # predicted 1, label 0: a mistake
    assert right.predict(s, K, np.array([1.0, 0.0])) == 0


LAB01 = A.parse(
    """\
algorithm = "perceptron/mehta"
epochs = 3
eta = "1/2"
labels = "01"
[[parts]]
name = "train"
check = "train"
function = "train_perceptron"
arguments = ["X", "y", "eta"]
returns = "w"
points = 1
[[parts]]
name = "predict"
check = "predict"
function = "predict_one"
arguments = ["w", "x"]
returns = "label"
points = 1
""",
    "lab01.toml",
)


def test_the_bank_reads_a_rational_step_and_the_labels_a_train_part_is_sent() -> None:
    # eta = "1/2" was float("1/2"), a crash of every right variant, and a train part sent
    # 0/1 (labels = "01") was read as labels 0 and 1, not -1 and +1
    ref = run("perceptron/mehta", X.tolist(), Y.tolist(), epochs=3, eta=Fraction(1, 2)).weights
    sent = np.where(Y > 0, 1, 0)
    for name in ("right-numpy", "right-lists", "right-fractions"):
        w = load(LAB01, name).train_perceptron(X, sent)
        assert tuple(Fraction(v) for v in w) == ref, name
    # int16's slip is in training: its predict reads a given w of 1/2 as it is (w·x = -1/2)
    assert load(LAB01, "wrong-int16").predict_one(np.array([0.5]), np.array([-1.0])) == 0
    assert load(LAB01, "right-numpy").predict_one(np.array([0.5]), np.array([1.0])) == 1


def test_a_bank_program_reads_and_writes_the_files_the_assignment_names(tmp_path: Path) -> None:
    v = next(v for v in bank.variants(CMU) if v.name == "right-numpy")
    (tmp_path / "perceptron.py").write_text(bank.source(CMU, v))
    (tmp_path / "train.tsv").write_text("x1\tlabel\n0\t0\n2\t1\n")
    (tmp_path / "test.tsv").write_text("x1\tlabel\n-1\t0\n")
    command = [
        sys.executable,
        "perceptron.py",
        "train.tsv",
        "test.tsv",
        "a.labels",
        "b.labels",
        "m.txt",
        "1",
    ]
    subprocess.run(command, cwd=tmp_path, check=True, timeout=60)
    # Worked by hand (mehta, bias): w = (-1, 0), then (0, 2); (1, 0) scores 0 -> +1 (wrong)
    assert (tmp_path / "a.labels").read_text() == "1\n1\n"
    assert (tmp_path / "b.labels").read_text() == "0\n"
    assert (tmp_path / "m.txt").read_text() == "error(train): 0.500000\nerror(test): 0.000000\n"


def test_the_hard_coded_variant_knows_the_visible_data_and_nothing_else(tmp_path: Path) -> None:
    visible = Case("visible", (((1,), (-1,)), (1, -1)), (((2,),), (1,)))
    a = A.parse(CS4780.text, "v.toml").override()
    a = A.Assignment(**{**a.__dict__, "visible": (visible,)})
    memory = bank.memory(a)
    v = next(v for v in bank.variants(a, memory) if v.name == "wrong-hard-coded")
    module = types.ModuleType("hard")
    exec(bank.source(a, v), module.__dict__)
    w, b = module.perceptron(np.array([[1.0], [-1.0]]), np.array([1, -1]))
    ref = run(
        "perceptron/gormley-online",
        [(1,), (-1,)],
        [1, -1],
        bias=True,
        epochs="converge",
        max_epochs=10,
    ).weights
    assert (Fraction(b), Fraction(w[0])) == ref
    assert list(module.perceptron(np.array([[3.0]]), np.array([1]))[0]) == [0.0]


def audit(tmp_path: Path, text: str, *extra: str) -> tuple[int, dict[str, object]]:
    (tmp_path / "a.toml").write_text(text)
    status = main(
        [
            "audit",
            str(tmp_path / "a.toml"),
            "--format",
            "json",
            "--report",
            str(tmp_path / "report"),
            *extra,
        ]
    )
    document: dict[str, object] = json.loads((tmp_path / "report" / "audit.json").read_text())
    return status, document


def test_the_cs229_shape_passes_its_audit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = audit(tmp_path, CS229.text, "--examples", "8")
    assert status == 0 and document["passed"] is True
    printed = json.loads(capsys.readouterr().out)
    assert printed == document
    variants = {v["name"][3:]: v for v in document["variants"]}  # type: ignore[attr-defined]
    assert variants["right-numpy"]["total"] == 6 and variants["wrong-zero-label"]["total"] == 0
    # the initial state's point goes to code whose predict is right, whatever its update
    assert variants["wrong-state-always"]["points"] == [1, 0, 0]
    assert (tmp_path / "report" / "report.html").is_file()


LOOSE = """\
title = "metrics only, whole numbers"
algorithm = "perceptron/mehta"
bias = true
epochs = 2
examples = 3

[program]
command = "python perceptron.py {train} {test} {train_out} {test_out} {metrics_out} {epochs}"
metrics = ["error(test): {test_error}"]
decimals = 0

[[parts]]
name = "Error rate"
check = "metrics_out"
points = 2
"""


def test_a_tolerance_too_loose_gives_wrong_code_full_marks_and_fails_the_audit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = audit(tmp_path, LOOSE)
    assert status == 1 and document["passed"] is False
    full = document["wrong_with_full_marks"]
    assert isinstance(full, list) and any(n.endswith("wrong-metrics-truncated") for n in full)
    assert main(["audit", str(tmp_path / "a.toml")]) == 1
    table = capsys.readouterr().out
    assert "FULL MARKS FOR WRONG CODE" in table and "audit FAIL:" in table


def test_a_time_limit_too_short_makes_right_code_lose_points(tmp_path: Path) -> None:
    text = CS229.text.replace("epochs = 1", "epochs = 1\ntimeout = 0.01")
    status, document = audit(tmp_path, text, "--examples", "2")
    assert status == 1
    losing = document["right_losing_points"]
    assert isinstance(losing, list) and any(n.endswith("right-numpy") for n in losing)


def test_audit_refuses_what_its_bank_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.toml").write_text(LOOSE.replace("python perceptron.py", "java Perceptron"))
    assert main(["audit", str(tmp_path / "a.toml")]) == 2
    assert "the bank writes Python programs" in capsys.readouterr().err
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x").write_text("")
    assert main(["audit", str(A.example("stanford-cs229")), "--keep", str(tmp_path / "b")]) == 2
    assert "--keep" in capsys.readouterr().err


# -- A family's assignment: its bank, and its audit --------------------------------------

WINNOW = """\
title = "HW: Winnow for 2-of-r functions"
algorithm = "winnow/k-of-r"
epochs = 2

[options]
k = 2

[[parts]]
name = "winnow(X, y)"
check = "train"
function = "winnow"
arguments = ["X", "y"]
points = 4
"""

FAMILY_TEXTS = {
    "averaged": A.example("averaged-perceptron").read_text(),
    "winnow": WINNOW,
    "voted": WINNOW.replace('"winnow/k-of-r"', '"perceptron/voted"').replace("k = 2", ""),
    "multiclass": WINNOW.replace('"winnow/k-of-r"', '"perceptron/structured"').replace("k = 2", ""),
    "kernel": A.example("kernel-perceptron").read_text(),
    "halving": A.example("halving").read_text(),
}


def family_answer(name: str, a: A.Assignment, knobs: dict[str, object], data: object) -> object:
    from perceptron_ref.crosscheck.family import of
    from perceptron_ref.crosscheck.judge.families import Variant as JudgeVariant

    judge = of(a.algorithm).judge
    options = a.family_options
    dims = [d.name for d in judge.dims(options) if not d.predictions]
    variant = JudgeVariant(tuple((d, str(knobs[d])) for d in dims))
    return judge.answer(data, variant, options)  # type: ignore[arg-type]


FAMILY_DATA = {
    "averaged": (((0, 1), (1, 0), (2, 1), (-1, 0), (0, 0), (1, -1)), (1, 1, 1, -1, -1, -1)),
    "voted": (((0, 1), (1, 0), (2, 1), (-1, 0), (0, 0), (1, -1)), (1, 1, 1, -1, -1, -1)),
    "winnow": (
        ((1, 1, 0, 0), (1, 0, 1, 1), (0, 1, 1, 0), (0, 0, 0, 1), (1, 1, 1, 0), (0, 1, 0, 1)),
        (1, 1, 1, -1, 1, -1),
    ),
    "multiclass": (((1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (2, 1)), (0, 1, 2, 1, 0, 2)),
    "kernel": (((0, 1), (1, 0), (2, 1), (-1, 0), (0, 0), (1, -1)), (1, 1, 1, -1, -1, -1)),
    # (16, 63) and (-16, 63) lie on the boundary of cover points: sgn(0) decides them
    "halving": (((-2, -1), (16, 63), (1, 0), (63, 16), (2, 1), (-16, 63)), (-1, 1, 1, 1, 1, 1)),
}


def hypotheses(a: A.Assignment, data: object) -> list[list[Fraction]] | None:
    """Halving's hypotheses for these data (the cover the grader tells), None for the rest."""
    if a.algorithm != "halving/cover":
        return None
    from perceptron_ref.crosscheck.data.families.halving import hypotheses as cover

    X = data[0]  # type: ignore[index]
    return [list(w) for w in cover(len(X[0]), a.family_options)]


def answer(
    family: str, got: object, style: str, y: tuple[int, ...], H: list[list[Fraction]] | None
) -> object:
    """A bank variant's return value in its judge's layout: the kernel's α signed (the lists
    style returns mistake counts) with no b; Halving's survivors as vectors (the numpy style
    returns a mask, the fractions style indices)."""
    got = _exact(got)
    if family == "kernel":
        assert isinstance(got, list)
        signed = [a * t for a, t in zip(got, y, strict=True)] if style == "lists" else got
        return [signed, None]
    if family == "halving":
        assert isinstance(got, list) and H is not None
        if style == "numpy":
            return [w for w, keep in zip(H, got, strict=True) if keep]
        if style == "fractions":
            return [H[int(i)] for i in got]
    return got


@pytest.mark.parametrize("family", sorted(FAMILY_TEXTS))
def test_a_familys_bank_holds_every_variant_its_judge_names_each_running_as_named(
    family: str,
) -> None:
    from perceptron_ref.crosscheck.family import of

    a = A.parse(FAMILY_TEXTS[family], f"{family}.toml")
    found = bank.variants(a)
    names = [v.name for v in found]
    assert len(names) == len(set(names))
    judge = of(a.algorithm).judge
    named = judge.variants(a.family_options, predictions=False)
    # every variant the judge names is in the bank (the reference's three times: its styles)
    assert len([v for v in found if "style" in v.knobs or v.name.startswith("wrong-")]) >= len(
        named
    )
    assert {"right-numpy", "right-lists", "wrong-fixed"} <= set(names)
    assert ("right-fractions" in names) == (a.input == "fractions")
    slips = {"wrong-pass-too-many", "wrong-pass-too-few", "wrong-shuffle"}
    if family == "halving":  # one pass leaves the same survivors whatever the order or passes
        assert slips & set(names) == {"wrong-pass-too-few"} and "wrong-mistakes-only" in names
        two = A.parse(FAMILY_TEXTS[family].replace("epochs = 1", "epochs = 2"), "h.toml")
        assert not slips & {v.name for v in bank.variants(two)}
    else:
        assert slips <= set(names)
    data = FAMILY_DATA[family]
    X, y = data
    H = hypotheses(a, data)
    seen = set()
    for v in found:
        if {"passes", "shuffle", "fixed", "mistakes only"} & set(v.knobs):
            continue
        assert not scripts.definitions(bank.source(a, v))[1], v.name  # loaded whole
        expected = _exact(family_answer(family, a, v.knobs, data))
        # in exact fractions, each variant's answer is its judge variant's, exactly ...
        for style in ("fractions", v.knobs.get("style", "numpy")):
            module = types.ModuleType(v.name)
            code = bank.source(a, dataclasses.replace(v, knobs=v.knobs | {"style": style}))
            exec(compile(code, v.name, "exec"), module.__dict__)
            told = [H] if H is not None else []
            got = getattr(module, a.parts[0].function)([list(x) for x in X], list(y), *told)
            got = answer(family, got, style, y, H)
            if style == "fractions" or H is not None:  # Halving computes in the numbers told
                assert got == expected, (v.name, got, expected)
            else:  # ... and in floats, within rounding
                assert np.allclose(_floats(got), _floats(expected)), (v.name, style)
        seen.add(
            tuple(str(v.knobs[d.name]) for d in judge.dims(a.family_options) if not d.predictions)
        )
        assert bool(v.wrong) == (v.knobs.get("style") is None), v.name
    assert len(seen) == len(named)  # each judge variant once (the reference in two styles)
    if a.input != "fractions":
        exact = A.parse(
            FAMILY_TEXTS[family].replace("epochs = ", 'input = "fractions"\nepochs = ', 1), "e.toml"
        )
        rights = [v.name for v in bank.variants(exact) if not v.wrong]
        # exact input: code converting it to float64 is not right code (it rounds)
        styles = ("fractions",) if family in bank_family.FLOATS else bank_family.STYLES
        assert rights == [f"right-{s}" for s in styles]


def _floats(value: object) -> list[float]:
    """Every number of a nested answer, flattened, as a float."""
    if isinstance(value, list):
        return [f for v in value for f in _floats(v)]
    if value is None:  # the kernel's b, absent
        return []
    return [float(value)]  # type: ignore[arg-type]


def _exact(value: object) -> object:
    """Numbers as Fractions, arrays and tuples as lists (to compare with a judge's answer)."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, list | tuple):
        return [_exact(v) for v in value]
    if isinstance(value, float | int | Fraction | np.floating | np.integer):
        return Fraction(value)  # type: ignore[arg-type]
    return value


def test_a_sound_family_assignment_passes_its_audit_and_a_thin_one_fails(tmp_path: Path) -> None:
    # 20 data sets tell every Winnow variant and every slip of the loop from the reference
    status, document = audit(tmp_path, WINNOW)
    assert status == 0 and document["passed"] is True, document["wrong_with_full_marks"]
    variants = {v["name"][3:]: v for v in document["variants"]}  # type: ignore[attr-defined]
    assert variants["right-lists"]["total"] == 4
    assert variants["wrong-theta-n-2"]["total"] == 0
    # 8 data sets drawn have too few demotions and runs that a second pass changes (a wrong
    # demotion and a pass too many or too few earned full marks: the audit failed); the
    # crosscheck now adds the smallest data set of more drawn that tells each apart
    thin = tmp_path / "thin"
    thin.mkdir()
    status, document = audit(thin, WINNOW.replace("epochs = 2", "epochs = 2\nexamples = 8"))
    assert status == 0 and document["passed"] is True, document["wrong_with_full_marks"]
    variants = {v["name"][3:]: v for v in document["variants"]}  # type: ignore[attr-defined]
    for slip in ("wrong-pass-too-many", "wrong-pass-too-few"):
        assert variants[slip]["total"] < 4, slip


@pytest.mark.parametrize(
    ("example", "right", "wrong", "said"),
    [
        ("kernel-perceptron", "right-lists", "wrong-scikit-learn-s-gamma-1-d",
         "those of perceptron/kernel ((x·x'/d + 1)^2 (scikit-learn's gamma = 1/d))"),
        ("halving", "right-numpy", "wrong-sgn-0-minus-1", "those of halving/cover (sgn(0) = −1)"),
        ("halving", "right-fractions", "wrong-mistakes-only", "surviving hypotheses differ"),
    ],
)  # fmt: skip
def test_the_kernel_and_halving_banks_are_judged_as_they_say(
    example: str,
    right: str,
    wrong: str,
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # two hand-ins of the bank, graded by the example assignment as the audit grades them
    a = A.read(A.example(example))
    found = {v.name: v for v in bank.variants(a)}
    named = bank.write(a, tmp_path, [found[right], found[wrong]])
    points = a.parts[0].points
    for name, variant in named.items():
        command = ["crosscheck", "--assignment", str(A.example(example)), "--examples", "6"]
        status = main([*command, "--candidate", str(tmp_path / f"{name}.py")])
        out = capsys.readouterr().out
        first = out.splitlines()[0]
        if variant.correct:
            assert status == 0 and f"AGREE, {points:g}/{points:g} points" in first
        else:
            assert status == 1 and f"DISAGREE, 0/{points:g} points" in first and said in out


def test_a_halving_run_to_convergence_still_meets_sgn_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a run to convergence draws boundary data labelled by a cover point (the run converges):
    # without them, crosscheck drew only separable data, where no ⟨w, x⟩ is 0, and the audit
    # found both wrong sgn(0) variants earning full marks
    converge = 'epochs = "converge"\nbias = true'
    text = A.example("halving").read_text().replace("epochs = 1", converge)
    (tmp_path / "h.toml").write_text(text)
    a = A.read(tmp_path / "h.toml")
    found = {v.name: v for v in bank.variants(a)}
    named = bank.write(a, tmp_path / "bank", [found["right-lists"], found["wrong-sgn-0-0"]])
    command = ["crosscheck", "--assignment", str(tmp_path / "h.toml"), "--examples", "8"]
    statuses = [
        main([*command, "--candidate", str(tmp_path / "bank" / f"{name}.py")]) for name in named
    ]
    out = capsys.readouterr().out
    assert statuses == [0, 1] and "those of halving/cover (sgn(0) = 0)" in out


@pytest.mark.slow  # a whole audit: 2 to 4 minutes on 2 cores
@pytest.mark.parametrize("example", ["kernel-perceptron", "halving"])
def test_the_kernel_and_halving_examples_pass_their_audits_as_shipped(
    example: str, tmp_path: Path
) -> None:
    status, document = audit(tmp_path, A.example(example).read_text())
    assert status == 0 and document["passed"] is True, document["wrong_with_full_marks"]
    variants = document["variants"]
    assert isinstance(variants, list)
    assert all(v["total"] == 4 for v in variants if v["code"] == "right")
    assert all(v["total"] == 0 for v in variants if v["code"] == "wrong")


PREDICTS = {  # a predict part for each family beyond the averaged perceptron's
    "winnow": '["x", "w"]',
    "voted": '["x", "votes"]',
    "multiclass": '["X", "W"]\nreturns = "labels"',
}


@pytest.mark.parametrize("family", sorted(PREDICTS))
def test_a_familys_predict_at_the_tie_costs_the_predict_points_only(
    family: str, tmp_path: Path
) -> None:
    from perceptron_ref.grading import parts

    text = FAMILY_TEXTS[family].replace("epochs = 2", "epochs = 2\nexamples = 6")
    text += (
        '\n[[parts]]\nname = "predict"\ncheck = "predict"\nfunction = "predict"\n'
        f"arguments = {PREDICTS[family]}\npoints = 2\n"
    )
    a = A.parse(text, f"{family}.toml")
    found = {v.name: v for v in bank.variants(a)}
    tie = next(v for n, v in found.items() if n.startswith("wrong-predict-"))
    assert tie.wrong == {"predict"} and tie.right == {"train"}
    assert found["wrong-fixed"].wrong == {"train", "predict"}
    scores = {}
    for v in (found["right-numpy"], found["right-lists"], tie):
        (tmp_path / f"{v.name}.py").write_text(bank.source(a, v))
        got = parts.grade(a, tmp_path / f"{v.name}.py", None)
        scores[v.name] = [r.score for r in got]
    assert scores["right-numpy"] == scores["right-lists"] == [4, 2]
    assert scores[tie.name] == [4, 0]  # the train part's points kept


def test_a_bad_family_predict_part_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = FAMILY_TEXTS["voted"] + (
        '\n[[parts]]\nname = "predict"\ncheck = "predict"\nfunction = "predict"\n'
        'arguments = ["x", "w"]\npoints = 2\n'
    )
    (tmp_path / "v.toml").write_text(bad)
    assert main(["audit", str(tmp_path / "v.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.endswith(
        "v.toml:19: argument 'w': a role of a perceptron/voted predict function among x, X, "
        "votes, or NAME=ROLE"
    ), err
