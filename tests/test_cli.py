"""The command line: every subcommand's options, and ``run`` end to end, fuzzed (issue 7).

Any argument vector ends in exit status 0 (the work done, or ``--help``) or 2 with exactly
one line on stderr, never a traceback; an option that is accepted holds exactly the value
its text says (an integer option ``int(text)``, a rational option a text the Decimal
oracle reads to the same number).  ``run`` is driven in-process (``main(argv)``) on good,
bad and missing files with hostile option values; a few runs through the real entry point
show that the installed command behaves the same.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from perceptron_ref.cli import build_parser, main
from perceptron_ref.cli.crosscheck import MAX_MEMORY, megabytes_arg, timeout_arg
from perceptron_ref.cli.run import epochs_arg, positive_int, rational_arg, seed_arg
from perceptron_ref.numbers import parse_rational
from perceptron_ref.registry import ALGORITHMS
from tests.test_numbers import BIG, NASTY, TEN_K, oracle, unlimited_int_digits

__all__ = ["unlimited_int_digits"]

VALUES = (*NASTY[:12], "0", "1", "2", "3", "-1", "1/2", "-1/2", "converge", "٣", "²", "1e308",
          "nan", "inf", "\n", "a\nb", "\u2028", "", " ", "--", "-", "=", "\udcff")  # fmt: skip
"""Option values: hostile numbers (huge, 10k digits, 1/0, -0, 1e308, nan), line breaks,
an undecodable argv byte (surrogate-escaped as Python passes it), empty text."""


def invoke(argv: Sequence[str]) -> tuple[int, str, str]:
    """``perceptron-ref ARGV`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit:  # argparse: --help, --version, usage errors
            status = exit.code if isinstance(exit.code, int) else 2
    return status, out.getvalue(), err.getvalue()


def check_status(status: int, out: str, err: str) -> None:
    """0, or 2 with one clear line on stderr (never a traceback)."""
    assert status in (0, 2), (status, err[-2000:])
    assert "Traceback" not in err
    if status == 2:
        assert err.endswith("\n") and len(err.splitlines()) == 1, err
        assert err.startswith("perceptron-ref") and ": error: " in err, err
        assert len(err) < 500, err


def parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every (sub)command's parser, by its words: (), ('run',), ('adversary', 'blum-...')."""
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        found[words] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*words, name))

    walk(build_parser(), ())
    return found


PARSERS = parsers()
COMMANDS = sorted(words for words in PARSERS if words and words != ("adversary",))

ORACLES: dict[Callable[[str], Any], Callable[[str], object]] = {
    positive_int: int,
    seed_arg: int,
    epochs_arg: lambda t: t if t == "converge" else int(t),
    megabytes_arg: int,
    timeout_arg: float,
    rational_arg: lambda t: t,
    int: int,
}
"""What an accepted value must be, read by Python's own int()/float()."""

BOUNDS: dict[Callable[[str], Any], Callable[[Any], bool]] = {
    positive_int: lambda v: v >= 1,
    seed_arg: lambda v: v >= 0,
    epochs_arg: lambda v: v == "converge" or v >= 1,
    megabytes_arg: lambda v: 1 <= v <= MAX_MEMORY,
    timeout_arg: lambda v: 0 < v <= 3600,
    rational_arg: lambda v: parse_rational(v) == oracle(v),
    int: lambda v: True,
}


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.option_strings and a.dest not in ("help", "version")]


@st.composite
def argvs(draw: st.DrawFn) -> tuple[tuple[str, ...], list[str], dict[str, str]]:
    """A command's words, then options with values (each option at most once) and loose words;
    and which option got which value, for the options given a value that is not a flag."""
    words = draw(st.sampled_from(COMMANDS))
    parser = PARSERS[words]
    groups: list[list[str]] = []
    given: dict[str, str] = {}
    for action in draw(st.lists(st.sampled_from(options(parser)), unique=True, max_size=5)):
        flag = draw(st.sampled_from(action.option_strings))
        if action.nargs == 0:
            groups.append([flag])
            continue
        pool = [*(action.choices or ()), *VALUES]
        value = draw(
            st.one_of(st.sampled_from(pool), st.text(max_size=6), st.integers(0, 99).map(str))
        )
        if value.startswith("-") or draw(st.integers(0, 4)) == 0:
            groups.append([f"{flag}={value}"])  # how a value that starts with '-' is given
        else:
            groups.append([flag, value])
        given[action.dest] = value
    loose = st.one_of(
        st.sampled_from(sorted(ALGORITHMS)),
        st.text(max_size=6).filter(lambda t: not t.startswith("-")),
    )
    for _ in range(draw(st.integers(0, 3))):  # between options, never between one and its value
        groups.insert(draw(st.integers(0, len(groups))), [draw(loose)])
    return words, [*words, *(token for group in groups for token in group)], given


@given(argvs())
@example(((("run",)), ["run", "perceptron/mehta", "f", "--eta", BIG], {"eta": BIG}))
@example(((("run",)), ["run", "perceptron/mehta", "f", "--eta", TEN_K], {"eta": TEN_K}))
@example(((("run",)), ["run", "perceptron/mehta", "f", "--eta", "1/0"], {"eta": "1/0"}))
@example(((("run",)), ["run", "perceptron/mehta", "f", "--eta=-0"], {"eta": "-0"}))
@example(((("run",)), ["run", "perceptron/mehta", "f", "--max-epochs", "9" * 5000], {}))
@example(((("run",)), ["run", "perceptron/mehta", "f", "--epochs", "²"], {"epochs": "²"}))
@example(((("crosscheck",)), ["crosscheck", "x", "--memory", "9" * 20], {"memory": "9" * 20}))
@example(((("crosscheck",)), ["crosscheck", "x", "--timeout", "nan"], {"timeout": "nan"}))
@example(((("demo",)), ["demo", "--examples", "0"], {"examples": "0"}))
@example(((("run",)), ["run", "a\nb", "f", "--bogus\nx"], {}))
def test_every_option_parses_to_what_it_says_or_is_one_line_and_exit_2(
    case: tuple[tuple[str, ...], list[str], dict[str, str]],
) -> None:
    words, argv, given = case
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exit:
            assert exit.code in (0, 2)
            check_status(int(exit.code or 0), out.getvalue(), err.getvalue())
            return
    parser = PARSERS[words]
    for action in options(parser):
        if action.dest not in given or action.nargs == 0:
            continue
        text, value = given[action.dest], getattr(args, action.dest)
        if isinstance(action, argparse._AppendAction):
            value = value[-1]  # --data, --algorithm: given once here
        if action.type is None:
            assert value == text and (action.choices is None or text in action.choices)
        else:  # the helper's value is exactly Python's reading of the text, within bounds
            helper = cast(Callable[[str], Any], action.type)
            assert value == ORACLES[helper](text), (action.dest, text, value)
            assert BOUNDS[helper](value), (action.dest, text, value)


GOOD = "# Gormley slide 15\n-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"
COQ = "2\n2\n1\n1 % 2\n-3 % 4\n0\n-3/9\n2 % 1\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Data files to run on: good CSV and Coq, hostile ones, a folder, a missing path."""
    folder = tmp_path_factory.mktemp("fuzz-cli")
    contents = {
        "good.csv": GOOD.encode(),
        "good.dat": COQ.encode(),
        "bom-crlf.csv": b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode(),
        "huge.csv": f"{BIG},{TEN_K},1\n-0,1e308,-1\n".encode(),
        "bad-byte.csv": b"1,2,1\n\xff,1,1\n",
        "nul.csv": b"1,\x00,1\n",
        "empty.csv": b"",
        "labels.csv": b"1,1\n2,0\n3,-1\n",
        "zero.csv": b"1/0,1\n",
        "bad.dat": b"\xc2\xb2\n1\n",
        "huge-n.dat": b"1000000000000000000\n1\n1\n1 % 2\n",
        "new\nline.csv": GOOD.encode(),
    }
    paths = {}
    for name, data in contents.items():
        (folder / name).write_bytes(data)
        paths[name] = str(folder / name)
    paths["folder"] = str(folder)
    paths["missing"] = str(folder / "missing.csv")
    return paths


RUN_VALUES = ("1", "2", "1/2", "-1", "0", "1e308", "-0", "1/0", "nan", TEN_K, BIG, "²", "٣", "")
ONLINE_FAST = (
    "perceptron/mehta",
    "perceptron/blum",
    "perceptron/ssbd",
    "perceptron/gormley-online",
)


@st.composite
def run_argvs(draw: st.DrawFn, files: dict[str, str]) -> list[str]:
    others = ("perceptron/press", "winnow/ltf", "perceptron/averaged", "perceptron/voted", "x")
    algorithm = draw(st.sampled_from((*ONLINE_FAST, *others)))
    argv = ["run", algorithm, draw(st.sampled_from(sorted(files.values())))]
    if draw(st.booleans()):
        argv.append(f"--eta={draw(st.sampled_from(RUN_VALUES))}")
    if draw(st.booleans()):
        argv.append(f"--epochs={draw(st.sampled_from(('1', '3', 'converge', '0', '²', BIG)))}")
    if draw(st.booleans()):
        argv.append(f"--max-epochs={draw(st.sampled_from(('1', '5', '0', '-1', BIG)))}")
    for flag, choices in (
        ("--engine", ("literal", "fast", "auto", "quick")),
        ("--record", ("full", "mistakes", "summary")),
        ("--format", ("text", "json")),
        ("--labels", ("pm1", "01")),
        ("--input-format", ("csv", "coq")),
    ):
        if draw(st.booleans()):
            argv.append(f"{flag}={draw(st.sampled_from(choices))}")
    if draw(st.booleans()):
        argv.append("--bias")
    return argv


@given(st.data())
def test_run_on_any_file_with_any_options_ends_in_0_or_one_line_and_2(
    files: dict[str, str], data: st.DataObject
) -> None:
    argv = data.draw(run_argvs(files))
    status, out, err = invoke(argv)
    check_status(status, out, err)
    if status == 0:
        assert out and not err


ZERO = "'1/0' has a zero denominator"
TOO_BIG = "n must be a positive integer below 10**18, got '1000000000000000000'"


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("huge.csv", ["--record", "summary"], None),
        ("huge.csv", ["--record", "summary", "--engine", "fast"], None),
        ("bom-crlf.csv", ["--eta", "1e308"], None),
        ("good.csv", ["--eta", TEN_K], None),
        ("good.dat", ["--input-format", "coq", "--engine", "fast"], None),
        ("bad-byte.csv", [], ":2: not UTF-8 text (byte 0xff at byte 1)"),
        ("nul.csv", [], ":1: '\\x00' is not a number (integer, decimal or p/q)"),
        ("empty.csv", [], ": no examples"),
        ("labels.csv", [], ":2: label '0' is not -1 or 1"),
        ("labels.csv", ["--labels", "01"], ":3: label '-1' is not 0 or 1"),
        ("zero.csv", ["--engine", "fast", "--record", "mistakes"], f":1: {ZERO}"),
        ("bad.dat", ["--input-format", "coq"], ":1: n must be a positive integer, got '²'"),
        ("huge-n.dat", ["--input-format", "coq", "--engine", "fast"], f":1: {TOO_BIG}"),
        ("new\nline.csv", ["--bogus"], None),
        ("folder", [], ": Is a directory"),
        ("missing", [], ": No such file or directory"),
    ],
)  # fmt: skip
def test_named_runs(
    files: dict[str, str], name: str, options: list[str], message: str | None
) -> None:
    status, out, err = invoke(["run", "perceptron/mehta", files[name], *options])
    check_status(status, out, err)
    if message is not None:
        assert status == 2
        path = files[name].replace("\n", "\\n")
        assert err == f"perceptron-ref: error: {path}{message}\n"
    elif "--bogus" in options:
        assert status == 2 and "unrecognized arguments: --bogus" in err
    else:
        assert status == 0 and "perceptron/mehta: " in out


def fill(word: str, files: dict[str, str]) -> str:
    """``{name}`` in a word replaced by the path of that file."""
    for name, path in files.items():
        word = word.replace("{" + name + "}", path)
    return word


@pytest.fixture(scope="module")
def entry_point() -> Iterator[list[str]]:
    """The installed command, else ``python -m perceptron_ref``."""
    script = Path(sys.executable).with_name("perceptron-ref")
    yield [str(script)] if script.exists() else [sys.executable, "-m", "perceptron_ref"]


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "perceptron/mehta", "{bad-byte.csv}"],
        ["run", "perceptron/mehta", "{huge.csv}", "--record", "summary"],
        ["run", "perceptron/mehta", "{good.csv}", "--eta", "1/0"],
        ["run", "perceptron/mehta", "{new\nline.csv}", "--epochs", "9" * 5000],
        ["run", "perceptron/mehta", "{good.dat}", "--input-format", "coq", "--engine", "fast"],
        ["demo", "--examples", "0"],
        ["crosscheck", "perceptron/mehta", "--candidate", "sklearn", "--memory", "9" * 20],
        ["run", "perceptron/mehta", "{good.csv}", "--eta", "\udcff"],
    ],
)
def test_the_real_entry_point_behaves_as_main_in_process(
    files: dict[str, str], entry_point: list[str], argv: list[str]
) -> None:
    argv = [fill(a, files) for a in argv]
    done = subprocess.run(
        [*entry_point, *argv], capture_output=True, check=False, timeout=120,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )  # fmt: skip
    err = done.stderr.decode("utf-8", "backslashreplace")
    check_status(done.returncode, done.stdout.decode(), err)
    status, out, in_process = invoke(argv)
    assert done.returncode == status
    assert done.stdout.decode() == out
    assert err == in_process.encode("utf-8", "backslashreplace").decode()


def test_a_huge_value_named_in_an_error_is_cut_to_one_short_line(files: dict[str, str]) -> None:
    status, out, err = invoke(["run", "winnow/ltf", files["huge.csv"]])
    check_status(status, out, err)
    assert err == (
        f"perceptron-ref: error: {files['huge.csv']}:1: feature 1 is "
        f"{'9' * 37}...; Winnow takes 0/1 features\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["vectors", "{good.csv}/under-a-file", "--algorithm", "perceptron/mehta"],
        ["grade", "perceptron/mehta", "{folder}", "--out", "{missing}/x.csv", "--examples", "1"],
        ["plot", "perceptron/mehta", "{good.csv}", "--out", "{missing}/x.png"],
        ["plot", "perceptron/mehta", "{folder}", "--out", "{missing}.png"],
        ["plot-bound", "--out", "{missing}/x.png", "--examples", "1"],
        ["adversary", "blum-lower-bound", "--gamma", "1/2", "--out", "{missing}/x.csv"],
        ["adversary", "blum-lower-bound", "--gamma", "1/0"],
        ["crosscheck", "perceptron/mehta", "--candidate", "sklearn", "--data", "{bad-byte.csv}"],
        ["crosscheck", "perceptron/mehta", "--candidate", "{missing}:train"],
        ["crosscheck", "perceptron/mehta", "--candidate", "cmd:"],
        ["run", "perceptron/structured", "{bad-byte.csv}"],
        ["run", "perceptron/structured", "{new\nline.csv}", "--eta", "0"],
    ],
)
def test_every_command_given_an_unusable_path_or_value_says_so_in_one_line(
    files: dict[str, str], argv: list[str]
) -> None:
    filled = [fill(a, files) for a in argv]
    status, out, err = invoke(filled)
    check_status(status, out, err)
    assert status == 2, err


def test_the_command_prints_all_of_a_long_run_before_it_leaves(tmp_path: Path) -> None:
    # The console script leaves a `run` at once (os._exit, no interpreter teardown): what it
    # printed must all be out first, whole, as main() prints it in this process; a status of
    # 2 passes through too.
    data = tmp_path / "long.csv"
    data.write_text("".join(f"{i % 7 - 3},{i % 5 - 2},{1 if i % 3 else -1}\n" for i in range(3000)))
    argv = ["run", "perceptron/mehta", str(data), "--epochs", "3", "--format", "json"]
    done = subprocess.run([sys.executable, "-m", "perceptron_ref", *argv], capture_output=True,
                          text=True, check=False)  # fmt: skip
    status, out, _ = invoke(argv)
    assert (done.returncode, status) == (0, 0)
    assert done.stdout == out and len(out) > 1_000_000
    bad = subprocess.run([sys.executable, "-m", "perceptron_ref", "run", "perceptron/mehta",
                          str(tmp_path / "absent.csv")], capture_output=True, text=True,
                         check=False)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("perceptron-ref: error:")


@pytest.mark.parametrize("command", ["grade", "gradescope", "prairielearn"])
def test_options_may_sit_between_an_optional_algorithm_and_the_folder(command: str) -> None:
    # [ALGORITHM] DIR: argparse alone filled DIR from the first positional and refused the
    # second ("unrecognized arguments") as soon as an option stood between them
    parse = build_parser(command).parse_args
    args = parse([command, "winnow/k-of-r", "--k", "2", "--examples", "3", "out"])
    assert (args.algorithm, args.k, args.examples) == ("winnow/k-of-r", 2, 3)
    assert args.__dict__.get("submissions", args.__dict__.get("outdir")) == "out"
    args = parse([command, "--assignment", "a.toml", "out"])
    assert args.algorithm is None and args.assignment == "a.toml"


@pytest.mark.parametrize(
    ("algorithm", "candidate"),
    [("perceptron/mehta", "gormley_lists.py:train"), ("perceptron/voted", "voted_numpy.py:train")],
)
def test_a_given_data_set_the_options_rule_out_is_refused_by_its_name(
    tmp_path: Path, algorithm: str, candidate: str
) -> None:
    # --data A.csv --data B.csv --dimension 2: B has d = 3, and the refusal names B (the
    # core's check and a family's share one loop over the given data sets)
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("1,2,1\n-1,-2,-1\n")
    b.write_text("1,2,3,1\n-1,-2,-3,-1\n")
    path = Path(__file__).resolve().parent / "candidates" / candidate
    argv = ["crosscheck", algorithm, "--candidate", str(path), "--data", str(a), "--data",
            str(b), "--dimension", "2", "--examples", "1"]  # fmt: skip
    status, out, err = invoke(argv)
    check_status(status, out, err)
    assert status == 2 and f"{b}: d = 3, but --dimension 2 was asked" in err, err
