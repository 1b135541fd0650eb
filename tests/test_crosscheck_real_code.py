"""crosscheck takes Python code as it is written (issue 25): classes with fit or train and
their weights in the attributes real code uses, functions with their own parameter names,
dicts of parameters, data as d × n, rows with the label last or (x, y) pairs, labels 0/1,
a bias of their own, answers of any shape, files that run a demo at import, and loops too
slow for the largest data; each candidate in tests/candidates/ is run with no wrapper and
no option but what the issue says a user gives, and the report says how it was called."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.report import reporting

CANDIDATES = Path(__file__).resolve().parent / "candidates"
AS_WRITTEN = CANDIDATES / "as_written"  # code as it is written: untyped, unlinted


def target(name: str, entry: str) -> str:
    return f"{AS_WRITTEN / name}.py:{entry}"


RIGHT: list[tuple[str, str, str, dict[str, Any], Fraction | None, list[str]]] = [
    # (file, NAME, algorithm, options, learning rate named, what the report says of the call)
    (
        "class_raschka_style", "Perceptron", "perceptron/mehta", {}, Fraction(2),
        ["called as Perceptron(eta=1, n_iter=1).fit(X, y)", "it learns a bias of its own",
         "weights read from w_"],
    ),
    (
        "class_coef", "SimplePerceptron", "perceptron/gormley-online", {"bias": True}, None,
        ["called as SimplePerceptron(max_iter=1, eta0=1, fit_intercept=True).fit(X, y)",
         "weights read from coef_ and intercept_"],
    ),
    (
        "class_weights_bias", "Perceptron", "perceptron/blum", {}, None,
        ["called as Perceptron(learning_rate=1, epochs=1).train(X, y)",
         "weights read from weights and bias"],
    ),
    (
        "class_theta", "Perceptron", "perceptron/gormley-online", {"epochs": 2}, None,
        ["called as Perceptron(T=2).fit(X, y)", "weights read from theta and theta_0"],
    ),
    (
        # no name of the table: its one vector attribute, theta_ ("eta" inside a word is no
        # step), chosen over its settings T and d, single numbers that at d = 1 fit too
        "class_theta_underscore", "LinearClassifier", "perceptron/blum", {"epochs": 2}, None,
        ["called as LinearClassifier(T=2).fit(X, y)", "weights read from theta_"],
    ),
    (
        "class_private_w", "OnlinePerceptron", "perceptron/gormley-online", {}, None,
        ["called as OnlinePerceptron(lr=1, n_epochs=1).fit(X, y)", "weights read from _w and _b"],
    ),
    (
        "class_partial_fit", "StreamingPerceptron", "perceptron/gormley-online", {"epochs": 3},
        None, ["partial_fit called once per pass (--epochs)", "weights read from coef_"],
    ),
    (
        "model_factory", "make_model", "perceptron/gormley-online", {}, None,
        ["called as make_model().fit(X, y)", "a factory: its model keeps its own settings",
         "weights read from weights"],
    ),
    (
        "fitted_instance", "model", "perceptron/gormley-online", {}, None,
        ["called as copy of model.fit(X, y)", "left out of fitted_instance.py",
         "line 21: X_train = np.loadtxt"],
    ),
    (
        "mlm_l_rate", "train_weights", "perceptron/mehta", {}, None,
        ["called as train_weights(data, l_rate=1, n_epoch=1)",
         "labels 0/1 (-1 sent as 0); X and y as one argument: rows with the label last; it "
         "learns a bias of its own", "left out of mlm_l_rate.py"],
    ),
    (
        "mit_theta", "perceptron", "perceptron/gormley-online", {"epochs": 3}, None,
        ["called as perceptron(X, y, params={'T': 3})",
         "X as d × n (one example per column); y as a 1 × n row; it learns a bias of its own"],
    ),
    (
        "blog_threshold", "Perceptron", "perceptron/blum", {}, None,
        ["called as Perceptron(no_of_inputs=d, threshold=1, learning_rate=1).train(X, y)",
         "threshold = 1 (--epochs: it counts a loop)", "labels 0/1 (-1 sent as 0)"],
    ),
    (
        "epochs_typo", "fit", "perceptron/gormley-online", {"epochs": 2, "eta": "1/4"}, None,
        ["called as fit(X, y, alpha=0.25, ephocs_t=2)"],
    ),
    (
        "returns_passes", "perceptron", "perceptron/gormley-online", {"epochs": "converge"}, None,
        ["called as perceptron(X, y, lr=1, max_iter=1000)", "it returns (w, ...)"],
    ),
    (
        "returns_count_first", "pla", "perceptron/press", {"epochs": "converge"}, None,
        ["it returns (w, ...): w read from its first vector"],
    ),
    (
        "pairs_data", "train", "perceptron/mehta", {"input": "lists"}, None,
        ["called as train(data, epochs=1)", "X and y as one argument: (x, y) pairs"],
    ),
    (
        "demo_at_import", "train", "perceptron/gormley-online", {}, None,
        ["left out of demo_at_import.py", "line 6: df = pd.read_csv"],
    ),
    # a class that trains in its constructor: made with the data, read, not trained again
    (
        "trains_in_constructor", "Perceptron", "perceptron/gormley-online", {"epochs": 2}, None,
        ["called as Perceptron(X, y, epochs=2) (no method called: it trains in its constructor)",
         "weights read from w and b"],
    ),
    (
        "ctor_calls_fit", "Perceptron", "perceptron/gormley-online", {"epochs": 2}, None,
        ["called as Perceptron(X, y, max_iter=2, learning_rate=1) (no method called",
         "weights read from coef_ and intercept_"],
    ),
    (
        "ctor_run", "PLA", "perceptron/gormley-online", {"epochs": 2}, None,
        ["called as PLA(X, y, T=2).run()", "weights read from theta"],
    ),
    # a predict returned, or kept: its weights read from what it holds
    (
        "returns_predict", "train", "perceptron/gormley-online", {}, None,
        ["weights read from w and b of the function it returned (predict)"],
    ),
    (
        "returns_lambda", "perceptron", "perceptron/gormley-online", {"epochs": 2}, None,
        ["weights read from w of the function it returned (<lambda>)"],
    ),
    (
        "returns_model_lambda", "train", "perceptron/gormley-online", {}, None,
        ["weights read from m.w of the function it returned (<lambda>)"],
    ),
    (
        "predict_first_tuple", "train", "perceptron/gormley-online", {}, None,
        ["it learns a bias of its own"],
    ),
    (
        "predict_only_hidden", "Perceptron", "perceptron/gormley-online", {}, None,
        ["weights read from w of its function _decide"],
    ),
    (
        "params_dict_attr", "Perceptron", "perceptron/gormley-online", {}, None,
        ["weights read from params['w'] and params['b']"],
    ),
    (
        "dict_theta0", "perceptron", "perceptron/gormley-online", {}, None,
        ["weights read from theta and theta0 of the dict it returned",
         "it learns a bias of its own"],
    ),
    (
        # its one vector of d numbers, with its bias named offset (not left unread: it
        # was judged without a bias, and "wrong weights")
        "class_odd_names", "Classifier", "perceptron/gormley-online", {}, None,
        ["weights read from coefficients and offset", "it learns a bias of its own"],
    ),
    (
        "fit_returns_dict", "Learner", "perceptron/gormley-online", {}, None,
        ["weights read from theta and theta0 of the dict it returned"],
    ),
    # a start it must be given: the notes' zeros
    (
        "w0_required", "train", "perceptron/gormley-online", {}, None,
        ["called as train(X, y, w0=zeros(d), epochs=1)"],
    ),
    (
        "w0_b0_lists", "train", "perceptron/gormley-online", {"input": "lists"}, None,
        ["w0 = zeros (the notes' w₀ = 0), b0 = 0 (the notes' b₀ = 0)",
         "it learns a bias of its own"],
    ),
    # a step named mu (it was left at its 0.01), max_it the passes, the bias a first column
    # of ones it adds, a while loop until a clean pass, (w, passes) returned
    (
        "mu_pla", "pla", "perceptron/gormley-online", {"epochs": "converge", "examples": 12},
        None, ["called as pla(X, y, mu=1, max_it=1000)", "it learns a bias of its own"],
    ),
    # lists, labels turned into ±1 inside, coef_ (1, d) and intercept_ (1,)
    (
        "sk_labels01", "LinearPerceptron", "perceptron/gormley-online",
        {"epochs": 2, "examples": 12}, None,
        ["called as LinearPerceptron(max_iter=2, learning_rate=1).fit(X, y)",
         "weights read from coef_ and intercept_"],
    ),
    # the bias first, (θ₀, θ) (it was "a number before w that is no count")
    (
        "returns_b_w", "perceptron", "perceptron/gormley-online", {"epochs": 2, "examples": 12},
        None, ["called as perceptron(X, y, T=2)", "after the bias: (b, w)"],
    ),
]  # fmt: skip


WRONG: list[tuple[str, str, str, str]] = [
    # (file, NAME, algorithm, how the reason starts): wrong code in the shapes above
    ("ctor_wrong_tie", "Perceptron", "perceptron/gormley-online", "wrong weights"),
    ("returns_predict_wrong", "train", "perceptron/gormley-online", "wrong weights"),
    (
        "pandas_iterrows", "train", "perceptron/gormley-online",
        "crash: raised AttributeError: 'numpy.ndarray' object has no attribute 'iterrows' (it "
        "takes a pandas DataFrame or Series: crosscheck sends numpy arrays)",
    ),
    (
        "returns_opaque_predict", "train", "perceptron/gormley-online",
        "crash: raised TypeError: returned a function (<lambda>), not weights, and none could "
        "be read from what it holds (plane): return w (and b), or an object with them",
    ),
    ("class_epochs_from_one", "Perceptron", "perceptron/gormley-online", "wrong weights"),
    ("labels01_inside", "train", "perceptron/blum", "wrong weights"),
]  # fmt: skip
CAUSES = {"labels01_inside": {"label-coding"}}
"""The causes a wrong hand-in above is named with (and no other).  (class_epochs_from_one
makes no pass at all when asked for one: always zeros, as a loop that never updates from
w = 0 gives, so no count of passes is named there; asked for 3, it is below.)"""


@pytest.mark.parametrize(("name", "entry", "algorithm", "reason"), WRONG, ids=[w[0] for w in WRONG])
def test_wrong_code_as_written_disagrees_for_what_it_does(
    name: str, entry: str, algorithm: str, reason: str
) -> None:
    report = crosscheck(algorithm, target(name, entry), examples=12)
    assert report.verdict == "disagree"
    assert report.reason.startswith(reason), report.reason
    if name in CAUSES:
        assert {d.code for d in report.diagnosis} == CAUSES[name], report.diagnosis


def test_a_class_that_counts_its_passes_from_one_makes_one_pass_too_few() -> None:
    report = crosscheck("perceptron/gormley-online", target("class_epochs_from_one", "Perceptron"),
                        epochs=3, examples=12)  # fmt: skip
    assert report.verdict == "disagree" and {d.code for d in report.diagnosis} == {"passes"}
    assert "one pass too few" in report.diagnosis[0].evidence


@pytest.mark.parametrize(
    ("name", "entry", "algorithm", "options", "rate", "said"),
    RIGHT,
    ids=[r[0] for r in RIGHT],
)
def test_code_as_written_agrees_and_the_report_says_how_it_was_called(
    name: str,
    entry: str,
    algorithm: str,
    options: dict[str, Any],
    rate: Fraction | None,
    said: list[str],
) -> None:
    report = crosscheck(algorithm, target(name, entry), bias=options.pop("bias", None), **options)
    assert report.verdict == "agree", report.reason
    assert report.equivalence == rate
    calling = "\n".join(report.calling)
    for words in said:
        assert words in calling, calling
    assert reporting.to_json(report)["calling"] == list(report.calling)
    assert "how it was called:" in reporting.format_text(report)


def test_scikit_learns_own_class_is_constructed_fitted_and_read() -> None:
    report = crosscheck(
        "perceptron/gormley-online",
        "sklearn.linear_model:Perceptron",
        params={"shuffle": False, "tol": None},
    )
    assert report.verdict == "agree", report.reason
    calling = "\n".join(report.calling)
    assert "Perceptron(fit_intercept=False, max_iter=1, tol=None, shuffle=False, eta0=1)" in calling
    assert "only data with both classes were tried" in calling
    # at its defaults it shuffles: a disagreement, not a crash
    shuffled = crosscheck(
        "perceptron/gormley-online", "sklearn.linear_model:Perceptron", examples=12
    )
    assert shuffled.verdict == "disagree" and shuffled.reason.startswith("wrong weights")


def test_a_step_set_with_param_is_the_step_told_and_its_learning_rate_is_still_named() -> None:
    report = crosscheck(
        "perceptron/mehta", target("class_raschka_style", "Perceptron"), params={"eta": 0.5}
    )
    assert report.verdict == "agree" and report.equivalence == 1  # 2 × 0.5: told 1/2
    assert "eta = 0.5 (--param)" in "\n".join(report.calling)
    (named,) = [d for d in report.diagnosis if d.code == "learning-rate"]
    assert "2 × the reference's" in named.evidence and "η = 1/2 it was told" in named.evidence


def test_weights_attr_reads_what_no_table_names() -> None:
    odd = target("class_odd_names", "Classifier")
    report = crosscheck("perceptron/gormley-online", odd, weights_attr="coefficients,offset")
    assert report.verdict == "agree", report.reason
    assert "weights read from coefficients and offset" in "\n".join(report.calling)
    missing = crosscheck("perceptron/gormley-online", odd, weights_attr="w", examples=5)
    assert missing.verdict == "disagree" and "no numeric 'w'" in missing.reason


def test_each_layout_can_be_forced_and_then_is_kept() -> None:
    rows = crosscheck("perceptron/gormley-online", target("mit_theta", "perceptron"),
                      orientation="rows", examples=6)  # fmt: skip
    assert rows.verdict == "disagree"  # given n × d it answers nothing readable
    signs = crosscheck("perceptron/mehta", target("mlm_l_rate", "train_weights"),
                       labels="pm1", examples=12)  # fmt: skip
    assert signs.verdict == "disagree"
    assert "labels 0/1" not in "\n".join(signs.calling)
    plain = crosscheck("perceptron/mehta", target("class_raschka_style", "Perceptron"),
                       bias=False, examples=6)  # fmt: skip
    assert plain.verdict == "disagree" and "learns a bias" in plain.reason


def test_an_unknown_param_is_a_usage_error() -> None:
    from perceptron_ref.errors import InputError

    with pytest.raises(InputError, match="--param shufle: Perceptron has no parameter 'shufle'"):
        crosscheck("perceptron/mehta", target("class_raschka_style", "Perceptron"),
                   params={"shufle": False})  # fmt: skip


def test_a_class_with_no_fitting_method_is_said_not_called() -> None:
    report = crosscheck("perceptron/gormley-online",
                        target("class_no_fitting_method", "Perceptron"), examples=3)  # fmt: skip
    assert report.verdict == "disagree" and report.reason.startswith("load error")
    calling = "\n".join(report.calling)
    assert "not called: Perceptron has no fitting method" in calling
    assert "called as" not in calling  # no call it never made, as "Perceptron().()"


def test_a_slow_but_right_loop_is_given_data_it_can_finish() -> None:
    """A plain Python loop over numpy arrays at 5 passes: seconds on 5000 × 784.  It is not
    judged a hang: the large data are cut to its measured speed, the report says how far
    they reached.  (A time limit of 3 s: cut on any machine, where 5000 × 784 × 5
    multiply-adds in Python take far more than 1.5 s.)  Whether it adds that --input lists
    runs it faster rests on two timings, which a loaded machine moves: that sentence is
    pinned by test_crosscheck_calling's test of sizes.words, on given ratios."""
    report = crosscheck("perceptron/gormley-online", target("slow_python_loop", "train"), epochs=5,
                        timeout=3)  # fmt: skip
    assert report.verdict == "agree", report.reason
    (sized,) = [s for s in report.calling if s.startswith("data sized to its speed")]
    assert "the largest reached n = " in sized and "d = 784" in sized
    assert report.coverage.max_dimension == 784
    # and the verdict says so, where a grade's CSV and feedback show it
    assert "of them cut to its speed (the largest from n = 5000 to n = " in report.reason


def test_a_candidate_that_replaces_the_clock_to_look_slow_is_given_its_whole_data() -> None:
    """Its calls time themselves with the worker's clock, in its own process: it makes them
    seem a thousand times slower, so that the large data sets, cut to that speed, are ones it
    answers right.  The seconds it says are held to those seen passing outside: it is given
    the whole data sets, and its one-pass-on-the-first-1000-examples is found."""
    hostile = Path(__file__).parent / "candidates" / "hostile_clock.py"
    report = crosscheck("perceptron/mehta", f"{hostile}:train")
    assert report.verdict == "disagree", report.reason
    assert report.counterexample is not None and len(report.counterexample.data[0]) > 1000
    assert not any(s.startswith("data sized to its speed") for s in report.calling)


def test_a_loop_slower_on_large_data_than_its_prefix_shows_is_cut_after_one_hang() -> None:
    """Its time grows as n²: priced on a prefix it looks fast, and it hangs on the first
    data set past n ≈ 1700 (3 s).  That set is asked again on a quarter, which takes long
    enough for a cost growing as n³ to explain the hang: it is slow, not hung, and no later
    set has more examples than that quarter.  Judged right, and the report says so."""
    report = crosscheck("perceptron/mehta", target("slow_quadratic", "train"), timeout=3)
    assert report.verdict == "agree", report.reason
    (sized,) = [s for s in report.calling if s.startswith("data sized to its speed")]
    assert "it hung at n = " in sized and "answered on a quarter of it" in sized, sized
    ceiling = int(sized.split("no data set after had more than ")[1].split()[0])
    assert ceiling * 4 <= int(sized.split("it hung at n = ")[1].split(",")[0]) + 3
    assert report.coverage.data_sets == 48


def test_a_real_hang_stays_a_hang_on_the_data_it_hung_on() -> None:
    """Past 40 examples it never returns: on a quarter of the set it hung on it answers at
    once, which no cost growing as n³ explains, so the hang stands, shown on the whole set."""
    report = crosscheck("perceptron/mehta", target("hangs_past_40", "train"), timeout=2)
    assert report.verdict == "disagree" and report.reason.startswith("hang: "), report.reason
    assert report.counterexample is not None
    assert len(report.counterexample.data[0]) > 40
    assert not any("it hung at" in s for s in report.calling)


def test_a_class_told_to_converge_through_its_pass_count_is_sized_for_every_pass() -> None:
    """Told "until a clean pass" through ``n_iter``, a class makes all 1000 passes: its data
    are priced at 1000 passes (not the reference's few), and it is judged right, not hung."""
    report = crosscheck(
        "perceptron/press", target("class_raschka_style", "Perceptron"), epochs="converge",
        examples=12, timeout=5,
    )  # fmt: skip
    assert report.verdict == "agree", report.reason
    assert any("n_iter = 1000 (converge)" in said for said in report.calling), report.calling


EPOCHS_LOOP = """\
import numpy as np


def train(X, y, epochs):
    w = np.zeros(X.shape[1])
    for _ in range(epochs):{reads}
        for x, label in zip(X, y):
            if label * (w @ x) <= 0:
                w = w + label * x
    return w
"""


def test_an_epochs_parameter_is_told_converge_only_where_its_code_reads_that_word(
    tmp_path: Path,
) -> None:
    """``for _ in range(epochs)`` told "converge" raised a TypeError (a right loop judged
    crashed): it is told 1000 passes; a loop that reads "converge" is still told the word."""
    plain, reads = tmp_path / "plain.py", tmp_path / "reads.py"
    plain.write_text(EPOCHS_LOOP.format(reads=""))
    reads.write_text(
        EPOCHS_LOOP.format(reads="  # epochs is an int here")
        .replace("range(epochs)", 'range(1000 if epochs == "converge" else epochs)')
    )  # fmt: skip
    for path, said in ((plain, "epochs = 1000 (converge)"), (reads, "epochs = converge")):
        report = crosscheck("perceptron/gormley-online", f"{path}:train", epochs="converge",
                            examples=10, timeout=5)  # fmt: skip
        assert report.verdict == "agree", report.reason
        assert any(said + " (--epochs)" in s for s in report.calling), report.calling
