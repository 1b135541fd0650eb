"""How crosscheck calls code as it is written (issue 25), piece by piece and without running
a candidate: the names of parameters and the call planned from them, the shapes of answers,
the probes that find a layout, definitions only of a script, protocol lines among other
output and numbers read as doubles, the sizes a speed affords, and the declarations read
from C, C++ and Rust files.  (Whole crosschecks of real code: test_crosscheck_real_code.py.)"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.crosscheck import candidates
from perceptron_ref.crosscheck.candidates import (
    adapters,
    commands,
    layouts,
    parameters,
    scripts,
    sources,
    toplevel,
)
from perceptron_ref.crosscheck.candidates.drivers import native, rust
from perceptron_ref.crosscheck.candidates.outcomes import (
    Data,
    Failure,
    Returned,
    from_command,
    interpret,
)
from perceptron_ref.crosscheck.data import sizes
from perceptron_ref.crosscheck.run.sandbox import Execution
from perceptron_ref.errors import InputError

F = Fraction
CANDIDATES = Path(__file__).resolve().parent / "candidates"
AS_WRITTEN = CANDIDATES / "as_written"  # code as it is written: untyped, unlinted

# -- parameters by their real names --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("eta", "step"),
        ("eta0", "step"),
        ("lr", "step"),
        ("l_rate", "step"),
        ("learning_rate", "step"),
        ("learningRate", "step"),
        ("alpha", "step"),
        ("rate", "step"),
        ("t", "step"),
        ("step_size", "step"),
        ("mu", "step"),  # LMS's and Widrow-Hoff's μ
        ("lr0", "step"),
        ("eta_init", "step"),
        ("learning_rate_init", "step"),
        ("step_length", "step"),
        ("learning_constant", "step"),
        ("epochs", "passes"),
        ("num_of_epochs", "passes"),
        ("total_epochs", "passes"),
        ("max_it", "passes"),
        ("maxit", "passes"),
        ("iter_max", "passes"),
        ("nb_epochs", "passes"),
        ("numEpochs", "passes"),
        ("n_iter", "passes"),
        ("n_epoch", "passes"),
        ("T", "passes"),
        ("max_iter", "passes"),
        ("ephocs_t", "passes"),
        ("num_epochs", "passes"),
        ("n_iterations", "passes"),
        ("passes", "passes"),
        ("fit_intercept", "bias"),
        ("bias", "bias"),
        ("use_bias", "bias"),
        ("classes", "classes"),
        ("params", "dict"),
        ("y", "y"),
        ("labels", "y"),
        ("targets", "y"),
        ("X", ""),
        ("data", ""),
        ("threshold", "margin"),
        ("margin", "margin"),
        ("thresh", "margin"),
        ("random_state", ""),
        ("n_iter_no_change", ""),
        ("shuffle", ""),
        ("hook", ""),
    ],
)
def test_a_name_says_what_it_is_filled_with(name: str, expected: str) -> None:
    assert parameters.role(name) == expected


def test_the_number_of_inputs_is_the_dimension_in_a_constructor_only() -> None:
    for name in ("no_of_inputs", "n_features", "input_size", "num_inputs", "dim", "d"):
        assert parameters.role(name, constructor=True) == "dimension", name
    assert parameters.role("d") == ""  # a function's d is data as much as a dimension


def told(**kw: Any) -> parameters.Told:
    return parameters.Told(**({"eta": F(1), "epochs": 1} | kw))


def test_a_margin_without_a_default_is_the_notes_zero_and_one_with_a_default_is_kept() -> None:
    """``train(X, y, margin)`` was "cannot call train: its parameter 'margin' has no
    default"; a margin with a default is the candidate's own, and a threshold a loop counts
    is its passes (blog_threshold.py)."""
    bare = parameters.describe("function", "train", [("X",), ("y",), ("margin",), ("mu", 0.1)])
    p = parameters.plan(bare, told())
    assert not p.problem and p.call_text() == "train(X, y, margin=0, mu=1)"
    assert "margin = 0 (the notes' threshold 0)" in p.filled and "mu = 1 (--eta)" in p.filled
    own = parameters.describe("function", "train", [("X",), ("y",), ("threshold", 0.0)])
    assert parameters.plan(own, told()).call.kwargs == ()
    source = "def train(X, y, threshold=100):\n    for _ in range(threshold):\n        f(X)\n"
    counts = parameters.describe("function", "train", [("X",), ("y",), ("threshold", 100)],
                                 source=source)  # fmt: skip
    assert parameters.plan(counts, told(epochs=3)).call_text() == "train(X, y, threshold=3)"


def test_a_tutorial_function_gets_its_step_and_passes_and_one_data_argument() -> None:
    d = parameters.describe("function", "train_weights", [("train",), ("l_rate",), ("n_epoch",)])
    p = parameters.plan(d, told(eta=F(1, 10), epochs=3))
    assert p.call_text() == "train_weights(data, l_rate=0.1, n_epoch=3)"
    assert p.data == ("data",) and p.passes and p.step is None
    assert p.filled == ("l_rate = 0.1 (--eta)", "n_epoch = 3 (--epochs)")


MIT = """
def perceptron(data, labels, params={}, hook=None):
    T = params.get("T", 100)
    for t in range(T):
        for i in range(data.shape[1]):
            pass
"""


def test_a_params_dict_is_filled_with_the_keys_the_source_reads() -> None:
    d = parameters.describe(
        "function",
        "perceptron",
        [("data",), ("labels",), ("params", {}), ("hook", None)],
        source=MIT,
    )
    p = parameters.plan(d, told(epochs=5))
    assert p.call_text() == "perceptron(X, y, params={'T': 5})"
    assert p.data == ("X", "y") and p.passes
    assert sources.keys_read(MIT, "params") == ["T"]


@pytest.mark.parametrize(
    "name", ["num_classes", "n_classes", "nb_classes", "number_of_classes", "n_labels", "k", "K"]
)
def test_a_multiclass_candidates_number_of_classes_is_filled_with_each_data_sets_k(
    name: str,
) -> None:
    from perceptron_ref.crosscheck.candidates import worker

    space: dict[str, Any] = {}
    exec(f"def train(X, y, {name}, classes=None, epochs=1): pass", space)
    told = {"epochs": 1, "n_classes": 3}  # the multiclass family's, for a data set of K = 3
    assert worker.named(space["train"], told, parameters.ROLES_JSON) == {name: 3, "epochs": 1}
    # scikit-learn's classes are the labels, not their count: left to its default; and
    # Winnow's k (k-of-r) is its own option, told by that name
    assert worker.named(space["train"], {"k": 2}, parameters.ROLES_JSON) == (
        {"k": 2} if name == "k" else {}
    )


@pytest.mark.parametrize("name", ["n_features", "num_features", "input_dim", "no_of_inputs", "dim"])
def test_a_family_candidates_dimension_is_filled_with_d_but_a_bare_d_is_not(name: str) -> None:
    from perceptron_ref.crosscheck.candidates import worker

    space: dict[str, Any] = {}
    exec(f"def __init__(self, {name}, d=2, epochs=1): pass", space)
    told = {"epochs": 1, "n_features": 4}  # a family's, for a data set of d = 4
    # d may be a kernel's degree in real code: left to its default
    assert worker.named(space["__init__"], told, parameters.ROLES_JSON) == {name: 4, "epochs": 1}


BLOG = """
class Perceptron(object):
    def __init__(self, no_of_inputs, threshold=100, learning_rate=0.01):
        self.threshold = threshold
    def train(self, training_inputs, labels):
        for _ in range(self.threshold):
            for inputs, label in zip(training_inputs, labels):
                self.predict(inputs)
"""


def test_a_parameter_named_for_nothing_is_the_passes_when_a_loop_counts_with_it() -> None:
    assert sources.counted(BLOG) == {"threshold"}
    d = parameters.describe(
        "class",
        "Perceptron",
        [("no_of_inputs",), ("threshold", 100), ("learning_rate", 0.01)],
        methods={"train": [("training_inputs",), ("labels",)]},
        source=BLOG,
    )
    p = parameters.plan(d, told())
    assert p.call_text() == "Perceptron(no_of_inputs=d, threshold=1, learning_rate=1).train(X, y)"
    assert "threshold = 1 (--epochs: it counts a loop)" in p.filled
    assert sources.counted("for i in range(len(X)):\n    f(i)") == set()  # data, not passes


def test_scikit_learns_own_class_is_described_and_planned_as_a_user_would_call_it() -> None:
    from sklearn.linear_model import Perceptron

    d = parameters.from_json(adapters.describe(Perceptron))
    assert d.kind == "class" and {"fit", "partial_fit"} <= set(d.methods)
    p = parameters.plan(d, told(params={"shuffle": False, "tol": None}))
    kwargs = dict(p.construct.kwargs) if p.construct else {}
    assert kwargs["eta0"] == {"$harness": "eta"} and "alpha" not in kwargs  # alpha: its own
    assert kwargs["max_iter"] == {"$harness": "passes"} and kwargs["shuffle"] is False
    assert kwargs["fit_intercept"] == {"$harness": "bias"} and p.method == "fit"


def test_a_step_set_with_param_is_the_step_the_reference_is_told() -> None:
    d = parameters.describe("class", "P", [("lr", 0.1)], methods={"fit": [("X",), ("y",)]})
    p = parameters.plan(d, told(params={"lr": 0.25}))
    assert p.step == F(1, 4) and "lr = 0.25 (--param)" in p.filled


def test_an_unknown_param_is_a_usage_error_naming_the_parameters() -> None:
    d = parameters.describe("function", "train", [("X",), ("y",), ("lr", 1.0)])
    with pytest.raises(
        InputError,
        match=r"--param shuffle: train has no parameter 'shuffle' \(its parameters: X, lr, y\)",
    ):
        parameters.plan(d, told(params={"shuffle": False}))


def test_a_parameter_nothing_fills_makes_a_plan_with_the_problem() -> None:
    d = parameters.describe("function", "train", [("X",), ("y",), ("tolerance",)])
    p = parameters.plan(d, told())
    assert "its parameter 'tolerance' has no default" in p.problem
    assert "--param tolerance=VALUE" in p.problem


@pytest.mark.parametrize("name", ["w0", "w_init", "initial_weights", "weights_init", "init_w"])
def test_a_start_it_must_be_given_is_the_notes_zeros(name: str) -> None:
    d = parameters.describe("function", "train", [("X",), ("y",), (name,), ("b0",)])
    p = parameters.plan(d, told())
    assert not p.problem and p.data == ("X", "y")
    assert dict(p.call.kwargs) == {name: {"$harness": "zeros"}, "b0": {"$harness": "zero"}}
    assert p.call_text() == f"train(X, y, {name}=zeros(d), b0=0)"
    own = parameters.describe("function", "train", [("X",), ("y",), (name, None)])
    assert parameters.plan(own, told()).call.kwargs == ()  # its own start: left alone


def test_a_constructor_that_takes_the_data_is_made_with_them_then_run_or_only_made() -> None:
    methods: dict[str, Any] = {"run": [], "predict": [("x",)], "plot_errors": []}
    made = [("X",), ("y",), ("epochs", 10)]
    ran = parameters.plan(parameters.describe("class", "P", made, methods=methods), told())
    assert (ran.method, ran.data, ran.problem) == ("run", ("X", "y"), "")
    assert ran.call_text() == "P(X, y, epochs=1).run()"
    # a method the constructor calls itself trained already: not called a second time
    source = "class P:\n def __init__(self, X, y, epochs=10):\n  self.fit()\n def fit(self): ..."
    d = parameters.describe("class", "P", made, methods={"fit": []}, source=source)
    once = parameters.plan(d, told())
    assert once.method == "" and not once.problem
    assert once.call_text() == "P(X, y, epochs=1) (no method called: it trains in its constructor)"
    only = parameters.describe("class", "P", made, methods={"predict": [("x",)]})
    assert parameters.plan(only, told()).method == ""
    # a parameter named for nothing (size) beside a fit(X, y): no data, the old problem
    sized = parameters.describe("class", "P", [("size",)], methods={"fit": [("X",), ("y",)]})
    assert "its parameter 'y' has no default" in parameters.plan(sized, told()).problem
    # no data in its constructor and nothing to fit with: not called, and said so
    none = parameters.describe("class", "P", [("eta", 1)], methods={"run": []})
    assert "P has no fitting method" in parameters.plan(none, told()).problem


@pytest.mark.parametrize(
    ("language", "source"),
    [
        ("java", "class P { P(double[][] X, int[] y, int epochs) { if (epochs > 0) { fit(); } }"
                 " void fit() { step(); } void step() { } }"),
        ("javascript", "class P { constructor(X, y, epochs = 10) { this.X = X; this.fit(); }"
                       " fit() { } }"),
        ("rust", "impl P { pub fn new(x: &[Vec<f64>], y: &[f64], epochs: usize) -> Self {"
                 " let mut p = P { w: vec![0.0; x[0].len()] }; p.fit(); p }"
                 " pub fn fit(&mut self) { } }"),
    ],
)  # fmt: skip
def test_another_languages_constructor_that_takes_the_data_is_planned_as_pythons(
    language: str, source: str
) -> None:
    """Java, JavaScript and Rust go through the same decision (it was "P has no fitting
    method"): made with the data, then run by the method that takes no data, unless the
    constructor calls that method itself (read from the source, between braces)."""
    made = [("X",), ("y",), ("epochs", 10)]
    methods: dict[str, Any] = {"fit": [], "predict": [("x",)]}
    calls = parameters.describe("class", "P", made, methods=methods, source=source,
                                language=language)  # fmt: skip
    once = parameters.plan(calls, told())
    assert (once.method, once.data, once.problem) == ("", ("X", "y"), "")
    plain = source.replace("this.fit();", "").replace("p.fit();", "").replace("fit();", "")
    runs = parameters.describe("class", "P", made, methods=methods | {"train": []},
                               source=plain, language=language)  # fmt: skip
    ran = parameters.plan(runs, told())
    assert (ran.method, ran.problem) == ("fit", ""), ran
    only = parameters.describe("class", "P", made, methods={"predict": [("x",)]},
                               source=plain, language=language)  # fmt: skip
    assert parameters.plan(only, told()).call_text() == (
        "P(X, y, epochs=1) (no method called: it trains in its constructor)"
    )


def test_partial_fit_alone_is_called_once_per_pass_with_the_classes() -> None:
    d = parameters.describe(
        "class", "S", [("eta0", 1.0)], methods={"partial_fit": [("X",), ("y",), ("classes", None)]}
    )
    p = parameters.plan(d, told(epochs=4))
    assert p.method == "partial_fit" and p.repeat == "epochs"
    assert dict(p.call.kwargs)["classes"] == {"$harness": "classes"}


# -- definitions only, for any .py ---------------------------------------------------------------


def test_a_script_keeps_its_definitions_on_their_own_lines_and_lists_the_rest() -> None:
    text = (AS_WRITTEN / "demo_at_import.py").read_text()
    kept, left = scripts.definitions(text)
    assert len(kept.splitlines()) == len(text.splitlines())  # tracebacks keep their lines
    for i, (a, b) in enumerate(zip(kept.splitlines(), text.splitlines(), strict=True)):
        assert a in ("", b), i
    assert "def train(X, y, epochs=1):" in kept and "pd.read_csv" not in kept
    assert [line.split(":")[0] for line in left] == [
        "line 6",
        "line 7",
        "line 8",
        "line 20",
        "line 21",
        "line 22",
    ]


def test_a_module_with_nothing_to_leave_out_is_loaded_as_it_is() -> None:
    text = (CANDIDATES / "mehta_numpy.py").read_text()
    assert scripts.definitions(text) == (text, [])


def test_a_value_made_by_the_files_own_function_is_kept_when_a_kept_definition_needs_it() -> None:
    # sign = _make_sign() calls the file's own code, yet train cannot run without it; a demo
    # that calls train at the top level binds a name no definition reads, and stays out.
    text = (
        "def _make_sign():\n    return lambda s: 1 if s >= 0 else -1\n"
        "sign = _make_sign()\n"
        "def train(X, y):\n    return [sign(v) for v in y]\n"
        "w = train([[1]], [1])\nprint(w)\n"
    )
    kept, left = scripts.definitions(text)
    assert "sign = _make_sign()" in kept.splitlines()
    assert left == ["line 6: w = train([[1]], [1])", "line 7: print(w)"]
    code = toplevel.keep([text])[0]
    assert "sign = _make_sign()" in code and "w = train" not in code


def test_the_target_made_at_the_top_level_is_kept_and_a_main_block_goes_unlisted() -> None:
    text = (AS_WRITTEN / "fitted_instance.py").read_text()
    kept, left = scripts.definitions(text, name="model")
    assert "model = Perceptron(lr=1.0, epochs=1)" in kept
    assert all("model =" not in line for line in left) and len(left) == 2
    main = "def f():\n    pass\n\nif __name__ == '__main__':\n    f()\n"
    assert scripts.definitions(main) == ("def f():\n    pass\n\n\n\n", [])


def test_parse_reads_a_script_as_its_definitions_and_says_what_it_left_out() -> None:
    c = candidates.parse(f"{AS_WRITTEN / 'mlm_l_rate.py'}:train_weights")
    assert c.source and "def train_weights" in c.source and "print(weights)" not in c.source
    (note,) = c.notes
    assert note.startswith("left out of mlm_l_rate.py") and "line 30: dataset = " not in note
    assert "line 34: weights = train_weights(dataset, l_rate, n_epoch)" in note


def test_parse_takes_a_file_here_as_a_file_whatever_its_suffix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a hand-in saved as train.txt is Python in another suffix; a dotted name no file has is
    # a module (before, train.txt:train was imported as the module train.txt: "No module")
    (tmp_path / "train.txt").write_text("def train(X, y):\n    return [0] * len(X[0])\n")
    monkeypatch.chdir(tmp_path)
    c = candidates.parse("train.txt:train")
    assert c.kind == "file" and c.path == str(tmp_path / "train.txt")
    assert candidates.parse("json.decoder:train").kind == "module"


# -- shapes of answers ---------------------------------------------------------------------------


DATA: Data = (((F(1), F(2)),), (1,))  # d = 2


@pytest.mark.parametrize(
    ("value", "bias", "extras", "weights", "shape"),
    [
        ([["1"], ["2"]], False, False, (1, 2), "a column, shape (d, 1)"),
        ([[["1"], ["2"]], [["3"]]], True, False, (3, 1, 2), "(θ (d, 1), θ₀ (1, 1))"),
        ([["1", "2"], "3"], True, False, (3, 1, 2), "(w, b)"),
        ([["1", "2"], "0"], False, False, (1, 2), "(w, b) with b = 0"),
        ([["1", "2"], "7"], False, True, (1, 2), "(w, ...)"),
        ([["1", "2"], "7", None], True, True, (7, 1, 2), "(w, b, ...)"),
        ([["1", "2", "3"], "7"], True, True, (1, 2, 3), "(w, ...)"),
        # the bias first, (θ₀, θ) as some notes return it (it was "no count": unparsable)
        (["-3", ["1", "2"]], True, True, (-3, 1, 2), "(b, w)"),
        (["3", [["1", "2"]]], True, True, (3, 1, 2), "(b, w)"),
        (["3", ["7", "1", "2"]], True, True, (7, 1, 2), "(k, w)"),  # w of d + 1: a count
    ],
)
def test_answers_are_read_in_the_shapes_real_code_returns(
    value: Any, bias: bool, extras: bool, weights: tuple[int, ...], shape: str
) -> None:
    got = interpret(value, DATA, bias, extras=extras)
    assert isinstance(got, Returned), got
    assert got.weights == tuple(F(v) for v in weights) and got.shape == shape


def test_a_bias_learned_when_none_is_asked_for_is_said_not_dropped() -> None:
    got = interpret([["1", "2"], "1/2"], DATA, False)
    assert isinstance(got, Failure) and "learns a bias" in got.detail


# -- probing the layout --------------------------------------------------------------------------

Rule = Callable[[Fraction, int], Fraction]  # (score, label as given) → the step's factor


def tie_mistake(s: Fraction, t: int) -> Fraction:
    return F(t) if t * s <= 0 else F(0)


def mehta_01(s: Fraction, t: int) -> Fraction:  # labels 0/1: error = label − prediction
    return t - F(1 if s >= 0 else 0)


def run(X: Any, y: Any, rule: Rule, passes: int, bias: bool) -> tuple[Fraction, ...]:
    w = [F(0)] * (len(X[0]) + bias)
    for _ in range(passes):
        for x, t in zip(X, y, strict=True):
            x = ([F(1)] if bias else []) + list(x)
            step = rule(sum((a * b for a, b in zip(w, x, strict=True)), F(0)), t)
            w = [a + step * b for a, b in zip(w, x, strict=True)]
    return tuple(w)


def proportional(a: tuple[Fraction, ...], b: tuple[Fraction, ...]) -> bool:
    if not any(b):
        return not any(a)
    ratios = {u / v for u, v in zip(a, b, strict=True) if v} | set()
    zeros = all(u == 0 for u, v in zip(a, b, strict=True) if v == 0)
    return zeros and len(ratios) == 1 and next(iter(ratios)) > 0


VARIANTS: list[Rule] = [
    tie_mistake,
    lambda s, t: F(t) if (1 if s >= 0 else -1) != t else F(0),
    lambda s, t: F(t) if (1 if s > 0 else -1) != t else F(0),
]


@pytest.mark.parametrize(("passes", "bias"), list(itertools.product((1, 2, 3), (False, True))))
def test_the_probes_tell_the_label_codings_apart(passes: int, bias: bool) -> None:
    """Independently of the harness: on the probes, a perceptron given the labels it was not
    written for ends apart from every variant (no c > 0 maps it on one), while the same code
    given its own labels matches one; and w alone of a run with a bias matches none without."""
    for X, y in layouts.PROBES:
        zero_one = [(t + 1) // 2 for t in y]
        refs = [run(X, y, r, passes, bias) for r in VARIANTS]
        plain = [run(X, y, r, passes, False) for r in VARIANTS]
        assert any(proportional(run(X, zero_one, mehta_01, passes, bias), r) for r in refs)
        assert not any(proportional(run(X, y, mehta_01, passes, bias), r) for r in refs)
        assert not any(proportional(run(X, zero_one, tie_mistake, passes, bias), r) for r in refs)
        if bias:
            w = run(X, y, tie_mistake, passes, True)[1:]
            assert not any(proportional(w, r) for r in plain)


def fake(kind: str) -> layouts.Ask:
    """A candidate simulated in the parent: each answer a worker line."""

    def ask(sets: Any, layout: layouts.Layout) -> list[object]:
        out: list[object] = []
        for X, y in sets:
            labels = [(t + 1) // 2 for t in y] if layout.labels == "01" else list(y)
            if kind == "columns" and layout.orientation != "columns":
                out.append(Failure("crash", "IndexError"))
                continue
            if kind == "01":
                w = run(X, labels, mehta_01, 1, False)
            elif kind == "inside":
                w = run(X, labels, tie_mistake, 1, True)
            else:
                w = run(X, labels, tie_mistake, 1, False)
            result: Any = [str(v) for v in w]
            if kind == "passes":
                result = [result, "1"]
            out.append({"result": result})
        return out

    return ask


@pytest.mark.parametrize(
    ("kind", "found"),
    [
        ("plain", layouts.Layout()),
        ("01", layouts.Layout(labels="01")),
        ("inside", layouts.Layout(bias="inside")),
        ("passes", layouts.Layout(extras=True)),
        ("columns", layouts.Layout(orientation="columns", y="row")),
    ],
)
def test_probing_finds_the_layout_and_says_so(kind: str, found: layouts.Layout) -> None:
    got = layouts.find(
        fake(kind), "perceptron/gormley-online", 1, bias=None, switch=False, data="separate"
    )
    assert got.layout == found and got.confirmed
    assert bool(got.notes()) == (found != layouts.Layout())


def test_a_forced_option_is_kept_even_when_another_layout_would_fit() -> None:
    got = layouts.find(
        fake("01"),
        "perceptron/gormley-online",
        1,
        bias=False,
        switch=False,
        data="separate",
        forced={"labels": "pm1"},
    )
    assert got.layout.labels == "pm1" and not got.confirmed


# -- protocol lines and numbers ------------------------------------------------------------------


def ran(*lines: bytes) -> Execution:
    return Execution(tuple(lines), b"", "", 0, False, False)


def test_the_protocol_line_is_found_among_a_programs_other_output() -> None:
    got = from_command(ran(b"epoch 1", b'{"weights": [1, 2]}', b"done"), DATA, False)
    assert isinstance(got, Returned) and got.weights == (F(1), F(2))
    assert got.output == "epoch 1\ndone"
    pretty = from_command(ran(b"{", b'  "weights": [1, 2]', b"}"), DATA, False)
    assert isinstance(pretty, Returned) and pretty.weights == (F(1), F(2))  # over many lines


def test_a_json_number_is_the_double_it_denotes_unless_the_program_says_exact() -> None:
    shortest = from_command(ran(b'{"weights": [5.960464477539063e-8, 0.1]}'), DATA, False)
    assert isinstance(shortest, Returned)
    assert shortest.weights == (F(1, 2**24), F(0.1))  # 2^-24, and the double nearest 0.1
    exact = from_command(ran(b'{"weights": [0.1, 2], "numbers": "exact"}'), DATA, False)
    assert isinstance(exact, Returned) and exact.weights == (F(1, 10), F(2))
    big = from_command(ran(b'{"weights": [12345678901234567891, 1e400]}'), DATA, False)
    assert isinstance(big, Failure) and "past float64's range" in big.detail


# -- sizes ---------------------------------------------------------------------------------------


def test_a_speed_is_read_beyond_the_overhead_of_a_call_and_affords_a_size() -> None:
    speed = sizes.Speed.measured([(10, 0.01), (100_000, 0.11)])
    assert speed.overhead == 0.01 and speed.rate == pytest.approx(1e-6)
    assert sizes.keep(5000, 4_000_000, speed, limit=10.0) == 5000  # 4 s: within half of 10
    kept = sizes.keep(5000, 4_000_000, speed, limit=4.0)
    assert kept == int((0.3 * 4.0 - 0.01) / (1e-6 * 800))  # 30 % of the limit
    assert sizes.keep(5000, 10**9, sizes.Speed.measured([(10, 0.01)]), limit=1.0) == 5000
    said = sizes.words([sizes.Sized("realistic", 5000, kept, 784)], speed, 3.0)
    assert f"n = {kept}, d = 784 (5000 examples planned)" in said and "--input lists" in said
    assert "--input lists" not in sizes.words([sizes.Sized("r", 5000, kept, 784)], speed, 1.1)


# -- declarations of other languages -------------------------------------------------------------


def test_a_c_function_is_read_with_each_parameters_role() -> None:
    sig = native.signature((AS_WRITTEN / "perceptron.c").read_text(), "train")
    assert sig.returns == "void" and [p.kind for p in sig.params] == [
        "rows",
        "flat",
        "scalar",
        "scalar",
        "flat",
        "scalar",
        "scalar",
    ]
    d = parameters.from_json(native.description(sig), "c")
    p = parameters.plan(d, told())
    assert (
        p.call_text()
        == "train(X, y, n_samples=n, n_features=d, weights=w (it writes), lr=1, epochs=1)"
    )


@pytest.mark.parametrize(
    ("source", "kinds", "returns"),
    [
        (
            "double* fit(const double *X, const int *y, size_t n, size_t d, double eta) { }",
            ["flat", "flat", "scalar", "scalar", "scalar"],
            "ptr",
        ),
        (
            "void learn(double X[][4], int y[], int n, double w[]);",
            ["fixed", "flat", "scalar", "flat"],
            "void",
        ),
        (
            "std::pair<std::vector<double>, double> fit(const std::vector<std::vector<float>>& X,"
            " std::vector<int> y, int epochs = 5) { }",
            ["vecvec", "vec", "scalar"],
            "pair",
        ),
        (
            "static inline void fit(double (*X)[2], int *y, int n, double *w, double *b) {}",
            ["fixed", "flat", "scalar", "flat", "flat"],
            "void",
        ),
    ],
)
def test_c_and_cpp_declarations_are_read(source: str, kinds: list[str], returns: str) -> None:
    name = source.split("(")[0].split()[-1].lstrip("*")
    sig = native.signature("int other(void) { return fit_x(1); }\n" + source, name)
    assert [p.kind for p in sig.params] == kinds and sig.returns == returns


def test_a_rust_struct_is_read_with_its_fields_methods_and_parameter_types() -> None:
    r = rust.read((AS_WRITTEN / "perceptron.rs").read_text(), "Perceptron")
    assert r.kind == "class" and r.fields["weights"] == "Vec<f64>" and r.fields["bias"] == "f64"
    params, _, takes_self = r.methods["fit"]
    assert takes_self and [(p.name, p.type) for p in params] == [
        ("x", "&[Vec<f64>]"),
        ("y", "&[i32]"),
    ]
    d = parameters.from_json(rust.description(r, "Perceptron"), "rust")
    p = parameters.plan(d, told())
    assert p.call_text() == "Perceptron(n_features=d, learning_rate=1, epochs=1).fit(X, y)"
    assert (
        rust.read(
            "#[derive(Default)]\nstruct P { w: Vec<f32> }\nimpl P { fn train(&mut self, "
            "x: Vec<Vec<f32>>, y: Vec<i8>) {} }",
            "P",
        ).methods["default"][0]
        == ()
    )


def test_a_rust_functions_sizes_are_read_by_their_names_as_a_c_functions_are() -> None:
    # One reading of n and d for C, C++ and Rust (drivers/declarations.py): a Rust `d: usize`
    # is the dimension, as a C `int d` is, not a third data argument.
    source = (
        "// fn decoy(a: f64) {}\npub fn train(x: &[f64], y: &[i32], n: usize, d: usize, "
        "eta: f64) -> Vec<f64> { vec![] }"
    )
    r = rust.read(source, "train")
    assert [p.name for p in r.methods["train"][0]] == ["x", "y", "n", "d", "eta"]
    p = parameters.plan(parameters.from_json(rust.description(r, "train"), "rust"), told())
    assert p.call_text() == "train(X, y, n=n, d=d, eta=1)"
    sig = native.signature("double *train(double *x, int *y, int n, int d, double eta);", "train")
    c = parameters.plan(parameters.from_json(native.description(sig), "c"), told())
    assert c.call_text() == p.call_text()


# -- command lines -------------------------------------------------------------------------------


def test_a_command_lines_folders_are_made_absolute_and_shared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "classes").mkdir()
    (tmp_path / "lib.jar").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    argv = commands.command(["java", "-cp", "classes:lib.jar:missing", "Main"])
    assert argv == ("java", "-cp", f"{tmp_path}/classes:{tmp_path}/lib.jar:missing", "Main")
    shared = commands.shared_paths(argv)
    assert tmp_path / "classes" in shared and tmp_path in shared  # the jar's folder


def test_a_jvm_and_node_get_flags_for_the_memory_limit_unless_they_set_their_heap() -> None:
    java = commands.jvm(["java", "-cp", "x", "Main"], 1024**3)
    assert java[:2] == ["java", "-Xmx256m"] and "-XX:+UseSerialGC" in java and java[-1] == "Main"
    assert commands.jvm(["java", "-Xmx2g", "Main"], 1024**3) == ["java", "-Xmx2g", "Main"]
    assert commands.jvm(["node", "a.js"], 1024**3) == [
        "node",
        "--single-threaded-gc",
        "--max-old-space-size=512",
        "a.js",
    ]
    assert commands.jvm([sys.executable, "a.py"], 1024**3) == [sys.executable, "a.py"]


def test_the_readmes_table_names_every_name_the_code_recognises() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| what | recognised | to set it yourself |") :]
    table = table[: table.index("\n\n")]
    names = [*parameters.WEIGHTS, *parameters.BIASES, *parameters.METHODS, *parameters.STEP_RANK]
    missing = [
        n for n in names if f"`{n}`" not in table and n not in ("eta_0", "learningrate", "stepsize")
    ]
    assert not missing, missing
    recognised = " ".join(row.split(" | ")[1] for row in table.splitlines()[2:-1])  # not answers
    for name in re.findall(r"`(\w+)`", recognised):  # every name the table gives is known
        if name in ("fit", "train") or not name.isidentifier():
            continue
        known = parameters.role(name, constructor=True) != "" or name in (
            *parameters.WEIGHTS,
            *parameters.BIASES,
            *parameters.METHODS,
        )
        assert known or name in ("classes", "errors_", "loss", "bool", "kwargs"), name


def test_a_layout_that_fits_once_by_chance_is_not_taken() -> None:
    """A candidate that shuffles may fit another layout once: asked again, it does not."""
    honest = fake("01")
    calls = {"01": 0}

    def fickle(sets: Any, layout: layouts.Layout) -> list[object]:
        if layout.labels == "01":
            calls["01"] += 1
            if calls["01"] > 1:
                return [{"result": ["9", "9"]} for _ in sets]
        return honest(sets, layout)

    got = layouts.find(
        fickle, "perceptron/gormley-online", 1, bias=None, switch=False, data="separate"
    )
    assert not got.confirmed and got.layout.labels == "pm1"
    assert layouts.find(fake("plain"), "perceptron/gormley-online", 1, bias=None,
                        switch=False, data="separate").layout.bias == "none"  # fmt: skip


# -- a file named with no function ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "chosen"),
    [
        ("def sign(v): ...\ndef train(X, y): ...\ndef fit(X, y): ...", "train"),
        (
            "import numpy as np\ndef pla(X, y): ...\nif __name__ == '__main__':\n    pla(1, 2)",
            "pla",
        ),
        ("def sign(v): ...\ndef perceptron(X, y): ...\ndef predict(w, x): ...", "perceptron"),
        ("def perceptron_predict(w, x): ...\ndef perceptron_fit(X, y): ...", "perceptron_fit"),
        ("class Perceptron:\n    def fit(self, X, y): ...\ndef main(): ...", "Perceptron"),
        ("def _helper(): ...\nclass Classifier: ...", "Classifier"),
    ],
)
def test_a_python_file_named_alone_is_called_through_its_training_function(
    tmp_path: Path, source: str, chosen: str
) -> None:
    path = tmp_path / "handin.py"
    path.write_text(source)
    assert candidates.parse(str(path)).function == chosen
    assert candidates.parse(str(path), entry="other").function == "other"  # --entry wins


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("def fit_a(X, y): ...\ndef fit_b(X, y): ...", "it defines fit_a, fit_b"),
        ("def main(): ...", "it defines main"),
        ("x = 1\n", "it defines no function"),
        ("def f(:\n", "it defines no function"),
    ],
)
def test_a_file_whose_training_function_is_not_clear_is_one_line_naming_what_it_defines(
    tmp_path: Path, source: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from perceptron_ref.cli import main

    path = tmp_path / "handin.py"
    path.write_text(source)
    with pytest.raises(InputError, match=re.escape(said)):
        candidates.parse(str(path))
    assert main(["crosscheck", "perceptron/mehta", "--candidate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:NAME" in err and said in err
