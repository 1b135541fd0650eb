"""Programs in other languages without a wrapper (issue 25): the shipped drivers for a
JavaScript class, a Java class, a C function, a C++ function and a Rust struct, each run for
real here (node, javac/java, gcc, g++, rustc, in the sandbox); and protocol programs that
print other lines beside their answer, a JVM at the default memory limit, a class path
folder, and doubles printed as the shortest decimal that reads back as them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.candidates.outcomes import Failure

CANDIDATES = Path(__file__).resolve().parent / "candidates"
AS_WRITTEN = CANDIDATES / "as_written"  # code as it is written: untyped, unlinted
EXAMPLES = 12  # a process (and for Java a JVM) per data set: fewer than the default 50


@pytest.mark.parametrize(
    ("file", "name", "algorithm", "said"),
    [
        ("perceptron_class.js", "Perceptron", "perceptron/mehta",
         ["called as Perceptron(learningRate=1, epochs=1).fit(X, y)",
          "weights read from weights and bias"]),
        ("Perceptron.java", "Perceptron", "perceptron/gormley-online",
         ["called as Perceptron(learningRate=1, epochs=1).fit(X, y)",
          "weights read from weights and bias"]),
        ("perceptron.c", "train", "perceptron/mehta",
         ["called as train(X, y, n_samples=n, n_features=d, weights=w (it writes), lr=1, "
          "epochs=1)", "it learns a bias of its own"]),
        ("perceptron.cpp", "perceptron", "perceptron/gormley-online",
         ["called as perceptron(X, y, epochs=1, eta=1)",
          "its other output on stdout was set aside (e.g. 'epoch 0')"]),
        ("perceptron.rs", "Perceptron", "perceptron/blum",
         ["called as Perceptron(n_features=d, learning_rate=1, epochs=1).fit(X, y)",
          "weights read from weights and bias"]),
        # trained in the constructor, read through getters (it was "has no fitting method")
        ("ctor_trains.js", "Perceptron", "perceptron/gormley-online",
         ["called as Perceptron(X, y, epochs=1, lr=1) (no method called: it trains in its "
          "constructor)", "weights read from weights and bias"]),
        ("PerceptronModel.java", "PerceptronModel", "perceptron/gormley-online",
         ["called as PerceptronModel(X, y, epochs=1) (no method called", "it learns a bias"]),
        ("ctor_trains.rs", "Perceptron", "perceptron/gormley-online",
         ["called as Perceptron(X, y, epochs=1) (no method called", "it learns a bias"]),
        # made with the data, then run by train() with none of its own
        ("ctor_then_train.js", "PLA", "perceptron/blum",
         ["called as PLA(X, y, maxIter=1).train()", "it learns a bias of its own"]),
    ],
)  # fmt: skip
def test_a_class_or_function_in_another_language_is_driven_with_no_wrapper(
    file: str, name: str, algorithm: str, said: list[str]
) -> None:
    report = crosscheck(algorithm, f"{AS_WRITTEN / file}:{name}", examples=EXAMPLES)
    assert report.verdict == "agree", report.reason
    assert algorithm in report.agrees_with
    calling = "\n".join(report.calling)
    for words in said:
        assert words in calling, calling


def test_the_javascript_class_learns_twice_its_rate_and_says_so() -> None:
    js = f"{AS_WRITTEN / 'perceptron_class.js'}:Perceptron"
    report = crosscheck("perceptron/mehta", js, examples=EXAMPLES)
    assert report.equivalence == 2 and report.coverage.max_dimension == 784
    assert "bias-last" not in {d.code for d in report.diagnosis}  # (w, b): b first when read


def test_the_c_function_writes_its_bias_last() -> None:
    report = crosscheck("perceptron/mehta", f"{AS_WRITTEN / 'perceptron.c'}:train", examples=8)
    assert "bias-last" in {d.code for d in report.diagnosis}


def test_wrong_code_in_another_language_is_caught_with_a_minimal_counterexample() -> None:
    js = f"{AS_WRITTEN / 'perceptron_wrong.js'}:train"
    report = crosscheck("perceptron/gormley-online", js, examples=EXAMPLES)
    assert report.verdict == "disagree" and report.reason.startswith("wrong weights")
    assert report.agrees_with == ("perceptron/mehta",)
    assert report.counterexample is not None and len(report.counterexample.data[0]) <= 2


WRONG: list[tuple[str, str, str, str, set[str]]] = [
    # (file, NAME, algorithm, how the reason starts, the diagnosis codes named)
    # made with its data, run by train(epochs): a zero score is no mistake (y·w·x < 0), so
    # w never leaves 0: a threshold at t = 0
    ("OnlinePLA.java", "OnlinePLA", "perceptron/gormley-online", "wrong weights", {"threshold"}),
    # w in a Float32Array: the same loop in float32 gives every answer (on 12 data sets it
    # was named printed-digits, 6 of them: a JavaScript function prints nothing)
    (
        "float32_weights.js",
        "train",
        "perceptron/gormley-online",
        "wrong weights",
        {"float-rounding"},
    ),
    # the bias folded in last, moved by +1 on every mistake, a while loop with max_iter
    ("bias_sign.rs", "perceptron", "perceptron/gormley-online", "wrong weights", set()),
]


@pytest.mark.parametrize(("file", "name", "algorithm", "reason", "codes"), WRONG,
                         ids=[w[0] for w in WRONG])  # fmt: skip
def test_wrong_code_in_another_language_as_written_disagrees_for_what_it_does(
    file: str, name: str, algorithm: str, reason: str, codes: set[str]
) -> None:
    report = crosscheck(algorithm, f"{AS_WRITTEN / file}:{name}", examples=EXAMPLES)
    assert report.verdict == "disagree" and report.reason.startswith(reason), report.reason
    found = {d.code for d in report.diagnosis}
    assert codes <= found and "printed-digits" not in found, report.diagnosis


def test_code_that_does_not_build_is_a_load_error_with_the_compilers_words(tmp_path: Path) -> None:
    broken = tmp_path / "broken.c"
    broken.write_text("void train(double **X, int *y, int n, int d, double *w) { w[0] = ; }\n")
    report = crosscheck("perceptron/mehta", f"{broken}:train", examples=3)
    assert report.verdict == "disagree" and report.counterexample is not None
    got = report.counterexample.got
    assert isinstance(got, Failure) and got.kind == "load error"
    assert "it does not build" in got.detail and "error" in got.detail


def test_a_java_program_on_a_class_path_folder_runs_at_the_default_memory_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``java -cp DIR Main``: the folder is shown to it read-only, the JVM is given the flags
    that start it within 1 GiB of address space, and its log lines are set aside."""
    classes = tmp_path / "classes"
    classes.mkdir()
    javac = shutil.which("javac")
    assert javac is not None, "javac (Debian: default-jdk-headless) is needed"
    subprocess.run([javac, "-d", str(classes), str(AS_WRITTEN / "java_cp" / "Main.java")],
                   check=True)  # fmt: skip
    monkeypatch.chdir(tmp_path)
    report = crosscheck("perceptron/gormley-online", "cmd:java -cp classes Main", examples=8)
    assert report.verdict == "agree", report.reason
    assert any("set aside (e.g. 'read " in s for s in report.calling)


def test_a_javascript_program_printing_shortest_doubles_agrees() -> None:
    """JSON.stringify prints 2⁻²⁴ as 5.960464477539063e-8: read as the double it denotes."""
    report = crosscheck(
        "perceptron/gormley-online", f"cmd:node {AS_WRITTEN / 'js_doubles.js'}", examples=20
    )
    assert report.verdict == "agree", report.reason
    assert report.regimes and dict(report.regimes)["near-zero"] >= 1


def test_a_javascript_options_object_is_filled_with_the_keys_it_reads(tmp_path: Path) -> None:
    # options.lr ?? 1 and options.epochs ?? 10: the passes are told, not left at 10.
    code = tmp_path / "percep.js"
    code.write_text(
        "function trainPerceptron(inputs, targets, options = {}) {\n"
        "  const lr = options.lr ?? 1;\n  const epochs = options.epochs ?? 10;\n"
        "  let w = new Array(inputs[0].length).fill(0);\n  let b = 0;\n"
        "  for (let e = 0; e < epochs; e++) {\n    inputs.forEach((x, i) => {\n"
        "      const s = x.reduce((acc, xi, j) => acc + xi * w[j], b);\n"
        "      const err = targets[i] - (s > 0 ? 1 : 0);\n"
        "      if (err !== 0) { w = w.map((wj, j) => wj + lr * err * x[j]); b += lr * err; }\n"
        "    });\n    console.log('epoch', e, w);\n  }\n  return { weights: w, bias: b };\n}\n"
        "module.exports = { trainPerceptron };\n"
    )
    report = crosscheck("perceptron/blum", f"{code}:trainPerceptron", examples=12)
    assert report.verdict == "agree", report.reason
    assert any('options["epochs"] = 1 (--epochs)' in said for said in report.calling)


def test_a_drivers_seconds_are_held_to_the_run_it_was_seen_to_take() -> None:
    """A driver times the call in the candidate's own process, whose code can replace its
    clock: the seconds it reports are no more than the whole run took as the harness saw it
    (its answer line's arrival, or the run's end for a last line without its newline), and a
    run with no time seen has none believed.  (The Python worker's: test_crosscheck_real_code.)"""
    from perceptron_ref.crosscheck.candidates import drivers
    from perceptron_ref.crosscheck.candidates.layouts import Layout
    from perceptron_ref.crosscheck.candidates.outcomes import Data, Returned
    from perceptron_ref.crosscheck.run.sandbox import Execution

    line = b'{"perceptron-ref": 1, "result": [1.0], "seconds": "90.0"}'
    data: Data = (((1,),), (1,))

    def seconds(lines: tuple[bytes, ...], rest: bytes, times: tuple[float, ...]) -> object:
        got = drivers.answer(Execution(lines, rest, "", 0, False, False, None, times), data,
                             Layout())  # fmt: skip
        assert isinstance(got, Returned), got
        return got.seconds

    assert seconds((line,), b"", (0.25,)) == 0.25  # it said 90 s: seen in a quarter second
    assert seconds((line.replace(b"90.0", b"0.125"),), b"", (0.25,)) == 0.125
    assert seconds((), line, (0.5,)) == 0.5  # no newline: held to the run's end
    assert seconds((line,), b"", ()) is None
