# ruff: noqa: E501  (the table of mistakes holds each message whole)
"""The assignment file (``grading/assignment.py``): the three course shapes it ships, every key
it takes, and every mistake in it refused with one line naming the file, the line and the
problem.  Checked against the files as written here (their keys, their line numbers)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.errors import InputError
from perceptron_ref.grading import assignment as A

GOOD = """\
algorithm = "perceptron/blum"
bias = true
epochs = 3
eta = "1/2"

[[parts]]
name = "train"
check = "train"
function = "fit"
points = 2
"""


FAMILY = """\
algorithm = "winnow/k-of-r"
epochs = 2

[options]
k = 2

[[parts]]
name = "w"
check = "train"
function = "winnow"
points = 1
"""


def test_a_family_assignment_keeps_its_options_as_run_reads_them() -> None:
    a = A.parse(FAMILY, "a.toml")
    assert not a.core and a.options == (("k", 2),) and a.max_epochs is None
    assert a.family_options.settings == (("k", 2),) and a.family_options.epochs == 2
    kernel = A.parse(
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/kernel"')
        .replace("epochs = 2", 'epochs = "converge"')
        .replace("k = 2", 'kernel = "polynomial"\ndegree = 2\nc = "1/2"\nmax_epochs = 50'),
        "k.toml",
    )
    assert dict(kernel.options) == {"kernel": "polynomial", "degree": 2, "c": Fraction(1, 2)}
    assert kernel.max_epochs == 50 and kernel.family_options.max_epochs == 50
    averaged = A.read(A.example("averaged-perceptron"))
    assert averaged.options == (("average", "after"),) and averaged.bias
    assert [p.check for p in averaged.parts] == ["train", "predict"]
    assert averaged.functions == ("train", "predict")
    # the kernel perceptron's state API is still the core's (its zero-score rules)
    assert A.read(A.example("stanford-cs229")).core


def test_the_three_course_shapes_parse_with_what_their_handouts_say() -> None:
    cmu = A.read(A.example("cmu-10601"))
    assert cmu.program is not None and cmu.program.file == "perceptron.py"
    assert cmu.program.outputs == ("train_out", "test_out", "metrics_out")
    assert cmu.program.table.delimiter == "\t" and cmu.program.table.header
    assert cmu.program.table.labels == ("0", "1") and cmu.program_epochs == (10, 1, 2)
    assert cmu.metrics.lines[0] == "error(train): {train_error}" and cmu.metrics.decimals == 6
    assert [p.check for p in cmu.parts] == ["train_out", "test_out", "metrics_out"]
    cornell = A.read(A.example("cornell-cs4780"))
    step, train = cornell.parts
    assert (step.check, step.function, step.update) == ("step", "perceptron_update", "either")
    assert step.arguments == (("x", "x"), ("y", "y"), ("w", "w"))
    assert (train.check, train.returns, cornell.epochs) == ("train", "w, b", "converge")
    assert cornell.functions == ("perceptron_update", "perceptron")
    cs229 = A.read(A.example("stanford-cs229"))
    assert cs229.state is not None and cs229.labels == "01" and cs229.eta == Fraction(1, 2)
    assert cs229.state.kernels == ((1, Fraction(0)), (2, Fraction(1)))
    assert cs229.functions == ("initial_state", "predict", "update_state")
    assert cs229.points == 6


def test_defaults_and_the_zero_label_of_each_rule() -> None:
    a = A.parse(GOOD, "a.toml")
    assert (a.title, a.eta, a.labels, a.input, a.examples, a.zero_label) == (
        "a",
        Fraction(1, 2),
        "pm1",
        "numpy",
        20,
        -1,
    )
    for algorithm, zero in (("perceptron/mehta", 1), ("perceptron/ssbd", 1)):
        b = A.parse(GOOD.replace("perceptron/blum", algorithm), "b.toml")
        assert b.zero_label == zero
    c = A.parse('zero_label = "+1"\n' + GOOD, "c.toml")
    assert c.zero_label == 1


def test_a_part_signature_reads_as_the_handout_writes_it() -> None:
    text = (
        GOOD + '\n[[parts]]\nname = "u"\ncheck = "step"\nfunction = "upd"\n'
        'arguments = ["xi=x", "yi=y", "w", "lr=eta"]\npoints = 1\n'
    )
    a = A.parse(text, "s.toml")
    assert a.parts[1].signature == "upd(xi, yi, w, lr)"
    assert a.parts[1].arguments == (("x", "xi"), ("y", "yi"), ("w", "w"), ("eta", "lr"))


BAD = [
    ('algorithm = "perceptron/nope"\n', "a.toml:1: algorithm = 'perceptron/nope': expected one of"),
    (
        GOOD.replace('eta = "1/2"', "eta = 0.1"),
        'a.toml:4: eta must be a rational number (write it as a string, "0.1", to be read exactly)',
    ),
    (
        GOOD.replace("epochs = 3", "epochs = 0"),
        'a.toml:3: epochs must be a positive integer or "converge", got 0',
    ),
    (GOOD + "colour = 1\n", "a.toml:11: unknown key 'colour'"),
    (GOOD.replace('check = "train"', 'check = "fly"'), "a.toml:8: check = 'fly': expected one of"),
    (GOOD.replace("points = 2", "points = -1"), "a.toml:10: points must be >= 0"),
    (GOOD.replace('function = "fit"\n', ""), "a.toml:6: a train part needs function = NAME"),
    (GOOD.replace("[[parts]]", "[[part]]"), "a.toml: unknown key 'part'"),
    ("algorithm = [\n", "a.toml:1: not TOML: Invalid value"),
    (
        GOOD.replace('check = "train"', 'check = "test_out"'),
        "a.toml:8: check 'test_out' needs a [program]",
    ),
    (GOOD.replace('check = "train"', 'check = "step"'), "a.toml:6: a step part needs arguments"),
    (
        GOOD + '\n[[parts]]\nname = "train"\ncheck = "train"\nfunction = "g"\npoints = 1\n',
        "a.toml:13: two parts are named 'train'",
    ),
    (
        GOOD.replace("bias = true", "bias = false") + 'returns = "w, b"\n',
        'a.toml:11: returns = "w, b" needs bias = true',
    ),
    (
        'algorithm = "perceptron/mehta"\n[program]\ncommand = "python p.py {train} {oops}"\n[[parts]]\nname = "x"\ncheck = "program"\npoints = 1\n',
        "a.toml:3: command 'python p.py {train} {oops}': unknown placeholder {oops}",
    ),
    (
        'algorithm = "perceptron/mehta"\n[program]\ncommand = "python p.py {train} {metrics_out}"\n[[parts]]\nname = "x"\ncheck = "program"\npoints = 1\n',
        "a.toml:2: the command writes {metrics_out}: say its lines",
    ),
    (
        'algorithm = "perceptron/mehta"\n[program]\ncommand = "python p.py {train} {train_out}"\nepochs = [1, 2]\n[[parts]]\nname = "x"\ncheck = "program"\npoints = 1\n',
        "a.toml:4: epochs lists several values, but the command has no {epochs}",
    ),
    (
        'algorithm = "perceptron/kernel"\n[state]\n[[parts]]\nname = "a"\ncheck = "state-pass"\npoints = 1\n[[parts]]\nname = "b"\ncheck = "train"\nfunction = "f"\npoints = 1\n',
        "a.toml:1: perceptron/kernel: a state API (state-initial, state-pass, state-test) or a train function, not both",
    ),
    (FAMILY.replace("k = 2", "k = 0"), "a.toml:5: k must be a positive integer, got 0"),
    (
        FAMILY.replace("k = 2", "k = 2.0"),
        'a.toml:5: k must be exact: write it as a string ("2.0") or an integer',
    ),
    (FAMILY.replace("k = 2", "kk = 2"), "a.toml:5: unknown key 'kk' (known: average, c, degree,"),
    (
        FAMILY.replace('check = "train"', 'check = "step"\narguments = ["x", "y", "w"]'),
        "a.toml:9: check 'step': a winnow/k-of-r assignment has train and predict parts (its function crosschecked against the reference's run, its prediction with the reference's model)",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/averaged"').replace(
            "k = 2", 'average = "middle"'
        ),
        "a.toml:5: average must be one of after, before, all, got 'middle'",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/blum"'),
        "a.toml:4: perceptron/blum takes no [options]",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/structured"')
        .replace("k = 2", "")
        .replace("epochs = 2", 'epochs = 2\nlabels = "01"'),
        "a.toml:3: labels: perceptron/structured's labels are the classes 0 … K-1",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"winnow/ltf"').replace("k = 2", "epsilon = 0.5"),
        'a.toml:5: epsilon must be exact: write it as a string ("0.5") or an integer',
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"halving/cover"').replace("k = 2", ""),
        'a.toml:1: halving/cover\'s hypotheses are exact: set input = "fractions"',
    ),
    # a family's predict part: its model's role, its bias, the families without one
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/voted"')
        .replace("k = 2", "")
        .replace('check = "train"', 'check = "predict"\narguments = ["x", "w"]'),
        "a.toml:10: argument 'w': a role of a perceptron/voted predict function among x, X, votes, or NAME=ROLE",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/structured"')
        .replace("k = 2", "")
        .replace('check = "train"', 'check = "predict"\narguments = ["x"]'),
        "a.toml:10: arguments of a predict function: need W (each role once)",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/structured"')
        .replace("k = 2", "")
        .replace('check = "train"', 'check = "predict"'),
        "a.toml:7: a predict part needs arguments (e.g. ['x', 'W'])",
    ),
    (
        FAMILY.replace('check = "train"', 'check = "predict"\narguments = ["x", "w", "b"]'),
        "a.toml:10: a predict function's b needs bias = true",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"perceptron/kernel"')
        .replace("k = 2", "")
        .replace('check = "train"', 'check = "predict"\narguments = ["x", "w"]'),
        "a.toml:9: check 'predict': a perceptron/kernel assignment has train parts (its function crosschecked against the reference's run); no predict: a kernel perceptron's prediction needs the training points, α and the kernel: grade it through the state API ([state], check state-test)",
    ),
    (
        FAMILY.replace('"winnow/k-of-r"', '"halving/cover"')
        .replace("k = 2", "")
        .replace("epochs = 2", 'epochs = 2\ninput = "fractions"')
        .replace('check = "train"', 'check = "predict"\narguments = ["x", "w"]'),
        "a.toml:10: check 'predict': a halving/cover assignment has train parts (its function crosschecked against the reference's run); no predict: the halving algorithm predicts",
    ),
]


@pytest.mark.parametrize(("text", "said"), BAD, ids=[s[:30] for _, s in BAD])
def test_every_mistake_is_one_line_naming_the_file_and_line(text: str, said: str) -> None:
    with pytest.raises(InputError) as caught:
        A.parse(text, "a.toml")
    message = str(caught.value)
    assert message.startswith(said), message
    assert "\n" not in message


def test_a_missing_file_and_its_visible_data_are_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"nope\.toml: no such assignment file"):
        A.read(tmp_path / "nope.toml")
    text = GOOD + '\n[[visible]]\ntrain = "small.csv"\n'
    (tmp_path / "a.toml").write_text(text)
    with pytest.raises(InputError, match=r"a.toml:\d+: visible: cannot read .*small.csv"):
        A.read(tmp_path / "a.toml")
    (tmp_path / "small.csv").write_text("1,2,1\n0,-1,-1\n")
    a = A.read(tmp_path / "a.toml")
    assert a.visible[0].train == (((1, 2), (0, -1)), (1, -1))
    (tmp_path / "small.csv").write_text("1,2,1\n0,x,-1\n")
    with pytest.raises(InputError, match=r"small\.csv:2: .x. is not a number"):
        A.read(tmp_path / "a.toml")


def test_the_configuration_carries_the_file_its_overrides_and_its_visible_data(
    tmp_path: Path,
) -> None:
    (tmp_path / "small.csv").write_text("1,2,1\n")
    (tmp_path / "a.toml").write_text(GOOD + '\n[[visible]]\ntrain = "small.csv"\n')
    a = A.read(tmp_path / "a.toml").override(examples=5, timeout=2.5)
    (tmp_path / "small.csv").unlink()  # a platform's container has no such file
    b = A.from_config(a.config())
    assert (b.examples, b.timeout, b.visible, b.parts) == (5, 2.5, a.visible, a.parts)
