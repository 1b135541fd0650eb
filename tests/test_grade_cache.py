"""The reference's work kept on disk (crosscheck/judge/cache.py, grading/precompute.py): a class
graded with the cache, cold and warm, and without it gives the same bytes (a class of the
core six, and one of a family: its answers per variant kept too); a stale, foreign,
tampered or planted entry is never used; the folder is the grader's and closed to candidates."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import threading
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import perceptron_ref
from perceptron_ref.cli import main
from perceptron_ref.crosscheck.check import crosscheck
from perceptron_ref.crosscheck.judge import cache, floats, oracle, replay
from perceptron_ref.crosscheck.judge.kept import Kept
from perceptron_ref.crosscheck.judge.replay import Scaled
from perceptron_ref.crosscheck.report import reporting
from perceptron_ref.errors import InputError
from perceptron_ref.grading import autograder, classrun, precompute, scoring
from perceptron_ref.trace import Trace
from tests.hostile import CANDIDATES, require_sandbox

OPTIONS = {"algorithm": "perceptron/mehta", "bias": False, "epochs": 1, "input": "numpy"}
OPTIONS |= {"examples": 12, "seed": 0, "timeout": 10.0}
ALICE = str(CANDIDATES / "grading" / "alice.py") + ":train"


def _class(folder: Path) -> Path:
    """Three right hand-ins (one up to its learning rate), two wrong, one ungradable."""
    folder.mkdir()
    for name in ("alice.py", "bob", "carol.py", "dave"):
        source = CANDIDATES / "grading" / name
        copy = shutil.copytree if source.is_dir() else shutil.copy
        copy(source, folder / name)
    for name in ("init_ones.py", "eta_001.py"):
        shutil.copy(CANDIDATES / name, folder / name)
    return folder


def _grade(folder: Path, out: Path, cache_dir: Path | None) -> tuple[str, dict[str, str]]:
    classrun.grade(folder, OPTIONS, jobs=2, out=out / "g.csv", results=out / "r", cache=cache_dir)
    results = {p.name: p.read_text() for p in sorted((out / "r").iterdir())}
    return (out / "g.csv").read_text(), results


def test_a_class_graded_with_the_cache_cold_and_warm_and_without_it_gives_the_same_bytes(
    tmp_path: Path,
) -> None:
    folder, store = _class(tmp_path / "class"), tmp_path / "cache"
    runs = {}
    for mode in ("cold", "warm", "none"):
        (tmp_path / mode).mkdir()
        runs[mode] = _grade(folder, tmp_path / mode, None if mode == "none" else store)
        if mode == "cold":
            entries = sorted(store.iterdir())
    assert runs["cold"] == runs["warm"] == runs["none"]
    verdicts = [line.split(",")[:2] for line in runs["none"][0].splitlines()[1:]]
    assert verdicts == [
        ["alice", "agree"],
        ["bob", "agree"],
        ["carol", "disagree"],
        ["dave", "ungradable"],
        ["eta_001", "disagree"],  # Gormley's tie rule, checked against Mehta's
        ["init_ones", "disagree"],
    ]
    assert entries and sorted(store.iterdir()) == entries  # warm: read, nothing new written
    assert (store.stat().st_mode & 0o777, entries[0].stat().st_mode & 0o777) == (0o700, 0o600)


def test_grade_and_crosscheck_share_one_entry_whether_the_bias_is_told_or_found(
    tmp_path: Path,
) -> None:
    """grade tells --bias; crosscheck finds it by probing: the reference's work is the same."""
    folder, store = _class(tmp_path / "class"), tmp_path / "cache"
    (tmp_path / "out").mkdir()
    _grade(folder, tmp_path / "out", store)
    entries = {p.name: p.read_bytes() for p in store.iterdir()}
    assert len(entries) == 1
    asked: dict[str, Any] = {k: v for k, v in OPTIONS.items() if k != "bias"}  # found
    report = crosscheck(target=ALICE, cache_dir=store, **asked)
    assert report.verdict == "agree"
    assert {p.name: p.read_bytes() for p in store.iterdir()} == entries  # read, not redone
    command = ["crosscheck", "perceptron/mehta", "--candidate", ALICE, "--examples", "12"]
    assert main([*command, "--cache", str(store)]) == 0  # the CLI's options: the same key
    assert {p.name: p.read_bytes() for p in store.iterdir()} == entries


def test_crosscheck_reads_the_entry_of_the_usual_needs_while_the_candidate_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key holds what probing finds (a bias of its own, the label coding): crosscheck
    guesses those of most code and reads that entry in a thread meanwhile.  Right, it is the
    entry used, read once; wrong (a candidate with a bias), it is left, and the report is
    the one worked out with no cache at all."""
    store = tmp_path / "cache"
    asked: dict[str, Any] = {k: v for k, v in OPTIONS.items() if k != "bias"}  # found
    crosscheck(target=ALICE, cache_dir=store, **asked)
    (entry,) = store.iterdir()
    guessed: list[str] = []
    read: list[tuple[str, bool]] = []  # (key, read by crosscheck's own thread)
    start, load = cache.Ahead.__init__, cache.Store._read

    def ahead(self: cache.Ahead, folder: Any, facts: Any) -> None:
        start(self, folder, facts)
        guessed.append(self.key)

    def reading(self: cache.Store, key: str) -> cache.Entry | None:
        read.append((key, threading.current_thread() is threading.main_thread()))
        return load(self, key)

    monkeypatch.setattr(cache.Ahead, "__init__", ahead)
    monkeypatch.setattr(cache.Store, "_read", reading)
    monkeypatch.setattr(cache, "_READ", {})  # as a new process finds it
    again = crosscheck(target=ALICE, cache_dir=store, **asked)
    assert again.verdict == "agree"
    assert entry.name == f"reference-{guessed[0][:40]}.bin"
    assert read == [(guessed[0], False)]  # read by the other thread, and only there
    assert list(store.iterdir()) == [entry]  # used: nothing was worked out again
    biased = f"{CANDIDATES / 'bias_last.py'}:train"
    guessed.clear()
    read.clear()
    monkeypatch.setattr(cache, "_READ", {})
    found = crosscheck(target=biased, cache_dir=store, **asked)
    assert read == [(guessed[0], False)]  # read, and left: its own entry was not there yet
    assert len(list(store.iterdir())) == 2  # its own, worked out
    alone = crosscheck(target=biased, **asked)
    assert reporting.to_json(found) == reporting.to_json(alone)


def test_a_wrong_float_hand_in_finds_the_variants_float_exactness_and_walks_in_the_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which data sets each variant's run is float-exact on (a float answer is held against
    a variant only there), and the exact walks a wrong float answer's bound starts from, are
    the reference's work: kept in the entry with the rest, so the next wrong hand-in of the
    class is judged without working them out again."""
    wrong = tmp_path / "tie.py"  # numpy, and > 0 where Mehta's rule takes >= 0: Blum's
    source = (CANDIDATES / "grading" / "alice.py").read_text()
    wrong.write_text(source.replace(">= 0", "> 0"))
    assert wrong.read_text() != source
    store = tmp_path / "cache"
    asked: dict[str, Any] = {k: v for k, v in OPTIONS.items() if k != "bias"}  # found
    first = crosscheck(target=f"{wrong}:train", cache_dir=store, **asked)
    assert first.verdict == "disagree" and "perceptron/blum" in first.agrees_with
    worked: list[str] = []
    exact = floats.exact  # what the oracle calls

    def counted(*args: Any, **kwargs: Any) -> bool:
        worked.append("exact")
        return exact(*args, **kwargs)

    walk = replay.walk  # what the oracle calls

    def walked(*args: Any, **kwargs: Any) -> Any:
        worked.append("walk")
        return walk(*args, **kwargs)

    monkeypatch.setattr(oracle, "exact", counted)
    monkeypatch.setattr(oracle, "walk", walked)
    monkeypatch.setattr(oracle, "RESULTS", Kept(4000))  # as a new process finds them
    monkeypatch.setattr(cache, "_READ", {})
    again = crosscheck(target=f"{wrong}:train", cache_dir=store, **asked)
    assert reporting.to_json(again) == reporting.to_json(first)
    assert worked == []
    monkeypatch.setattr(oracle, "RESULTS", Kept(4000))
    alone = crosscheck(target=f"{wrong}:train", **asked)  # the control: no entry, worked out
    assert reporting.to_json(alone) == reporting.to_json(first)
    assert {"exact", "walk"} <= set(worked)


def test_a_family_class_graded_with_the_cache_cold_and_warm_and_without_it_gives_the_same_bytes(
    tmp_path: Path,
) -> None:
    require_sandbox()
    folder, store = tmp_path / "class", tmp_path / "cache"
    folder.mkdir()
    for name, candidate in (("alice", "voted_numpy"), ("bob", "voted_count0"),
                            ("carol", "voted_npsign"), ("dan", "voted_model")):  # fmt: skip
        shutil.copy(CANDIDATES / f"{candidate}.py", folder / f"{name}.py")
    options = {"algorithm": "perceptron/voted", "examples": 6, "timeout": 60.0}
    tests = scoring.configured(scoring.tests(algorithm="perceptron/voted"), options)
    runs = {}
    for mode in ("cold", "warm", "none"):
        out = tmp_path / mode
        classrun.grade(folder, options, tests=tests, jobs=2, out=out / "g.csv", results=out / "r",
                       cache=None if mode == "none" else store)  # fmt: skip
        results = {p.name: p.read_text() for p in sorted((out / "r").iterdir())}
        runs[mode] = (out / "g.csv").read_text(), results
        if mode == "cold":
            entries = {p.name: p.read_bytes() for p in store.iterdir()}
    assert runs["cold"] == runs["warm"] == runs["none"]
    verdicts = [line.split(",")[:2] for line in runs["none"][0].splitlines()[1:]]
    assert verdicts == [["alice", "agree"], ["bob", "disagree"], ["carol", "disagree"],
                        ["dan", "agree"]]  # fmt: skip
    # one entry a configuration, the family's answers in it: the one asked, and the same with
    # a bias, which carol's model (wrong, judged by its predictions, no --bias told) is asked
    # again with (crosscheck/check.py)
    assert len(entries) == 2
    loaded = [cache.Store(store).load(k) for k in _keys(store)]
    assert all(found is not None and found.cases and found.runs for found in loaded)
    whole = [
        found
        for found in loaded
        if found is not None
        and {tail[0] for _, tail, _ in found.runs} >= {"answer", "exact", "stats", "probes"}
        and {i for i, tail, _ in found.runs if tail == ("stats",)} == set(range(len(found.cases)))
    ]
    assert whole  # the class's entry: every data set's coverage, done once
    assert sorted(p.name for p in store.iterdir()) == sorted(entries)  # warm: no other key


def _keys(store: Path) -> list[str]:
    """The full keys of the entries in ``store`` (their headers say them)."""
    keys = []
    for path in store.iterdir():
        line = path.read_bytes()[len(cache.MAGIC) :].partition(b"\n")[0]
        keys.append(json.loads(line)["key"])
    return keys


def _entry(store: Path) -> tuple[str, cache.Entry]:
    """The usual candidate's entry for OPTIONS (made by precompute), and its key."""
    assert precompute.prepare(store, OPTIONS)
    found = precompute.usual(OPTIONS)
    assert found is not None
    from perceptron_ref.crosscheck.check import facts

    key = cache.key(facts(OPTIONS, found[1], found[0].eta))
    entry = cache.Store(store).load(key)
    assert entry is not None
    return key, entry


def _lying(entry: cache.Entry) -> cache.Entry:
    """The same entry, but every final w of the reference's runs negated, and the data its
    float64 bound is computed on doubled (so that no rounding explains an answer)."""

    def lie(value: object) -> object:
        if isinstance(value, Trace):
            return replace(value, weights=tuple(-v for v in value.weights))
        if isinstance(value, Scaled):
            return replace(value, X=2 * value.X)
        return value

    return replace(entry, runs=tuple((i, t, lie(v)) for i, t, v in entry.runs))


def _verdict(store: Path) -> str:
    options: dict[str, Any] = {k: v for k, v in OPTIONS.items() if k != "algorithm"}
    return crosscheck("perceptron/mehta", ALICE, cache_dir=store, **options).verdict


def test_a_planted_entry_is_used_only_with_this_version_source_and_key(tmp_path: Path) -> None:
    store = tmp_path / "cache"
    key, entry = _entry(store)
    path = cache.Store(store).path(key)
    cache.Store(store).save(key, _lying(entry))
    assert _verdict(store) == "disagree"  # a valid header is trusted: the lie is believed
    good = pickle.dumps(_lying(entry), protocol=5)
    header = json.loads(path.read_bytes()[len(cache.MAGIC) :].partition(b"\n")[0])
    planted = {
        "another version": header | {"version": perceptron_ref.__version__ + ".post1"},
        "another source": header | {"source": "0" * 64},
        "another key": header | {"key": "f" * 64},
        "another format": header | {"format": cache.FORMAT + 1},
    }
    for why, head in planted.items():
        path.write_bytes(cache.MAGIC + json.dumps(head).encode() + b"\n" + good)
        assert _verdict(store) == "agree", why
        assert cache.Store(store).load(key) is not None, why  # rebuilt, with this header
    tampered = bytearray(path.read_bytes())
    tampered[-40] ^= 1  # one bit of the payload: its SHA-256 no longer matches
    for why, blob in {
        "tampered": bytes(tampered),
        "garbage": os.urandom(5000),
        "empty": b"",
    }.items():
        path.write_bytes(blob)
        assert cache.Store(store).load(key) is None, why
        assert _verdict(store) == "agree", why
        assert cache.Store(store).load(key) is not None, why


def test_a_payload_naming_another_global_is_refused_even_with_a_valid_header(
    tmp_path: Path,
) -> None:
    store = tmp_path / "cache"
    key, _ = _entry(store)
    payload = pickle.dumps(cache.Entry((), ((0, (), shutil.rmtree),)), protocol=5)
    head = json.dumps(cache._header(key, payload), sort_keys=True).encode()
    cache.Store(store).path(key).write_bytes(cache.MAGIC + head + b"\n" + payload)
    assert cache.Store(store).load(key) is None
    with pytest.raises(pickle.UnpicklingError, match=r"shutil\.rmtree"):
        cache._Unpickler(__import__("io").BytesIO(payload)).load()


def test_the_folder_must_be_the_graders_own_and_is_closed_to_others(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o777)
    cache.Store(mine)
    assert mine.stat().st_mode & 0o777 == 0o700
    if os.geteuid() == 0:  # root: make one of another user's (CI runs as root)
        theirs = tmp_path / "theirs"
        theirs.mkdir()
        os.chown(theirs, 65534, 65534)
        with pytest.raises(InputError, match="not a folder of uid"):
            cache.Store(theirs)
    link = tmp_path / "link"
    link.symlink_to(mine)
    with pytest.raises(InputError, match="not a folder of uid"):
        cache.Store(link)


def test_a_candidate_can_neither_read_nor_write_the_cache(tmp_path: Path) -> None:
    require_sandbox()
    store = tmp_path / "cache"
    folder = tmp_path / "class"
    folder.mkdir()
    spy = (
        (CANDIDATES / "grading" / "alice.py")
        .read_text()
        .replace(
            "    w = np.zeros(X.shape[1])",
            f"    import os\n    w = np.zeros(X.shape[1])\n"
            f"    for reach in (lambda: os.listdir({str(store)!r}),\n"
            f"                  lambda: open({str(store)!r} + '/planted', 'w')):\n"
            f"        try:\n            reach()\n            w = w + 1\n"
            f"        except OSError:\n            pass",
        )
    )
    (folder / "spy.py").write_text(spy)
    rows = classrun.grade(folder, OPTIONS, cache=store)
    assert [r["verdict"] for r in rows] == ["agree"]
    assert not (store / "planted").exists()


def test_the_platforms_carry_the_entries_and_grade_the_same_with_them_or_without(
    tmp_path: Path, pinned: Path
) -> None:
    require_sandbox()
    out = tmp_path / "out"
    command = ["gradescope", "perceptron/mehta", str(out), "--examples", "12"]
    assert main([*command, "--pins", str(pinned)]) == 0
    with zipfile.ZipFile(out / "autograder.zip") as z:
        carried = [n for n in z.namelist() if n.startswith(precompute.FOLDER + "/")]
        config = json.loads(z.read("autograder.json"))
    assert len(carried) == 1
    root = tmp_path / "root"
    with zipfile.ZipFile(out / "autograder.zip") as z:
        z.extractall(root / "source")
    (root / "submission").mkdir()
    shutil.copy(CANDIDATES / "grading" / "alice.py", root / "submission" / "alice.py")
    entry = root / "source" / carried[0]
    key = entry.name.removeprefix("reference-").removesuffix(".bin")
    assert cache.Store(entry.parent).load(cache.key(_usual_facts(config["options"])))
    assert key == cache.key(_usual_facts(config["options"]))[:40]  # the usual hand-in's key

    def results() -> dict[str, Any]:
        arguments = ["gradescope", str(root), str(root / "source" / "autograder.json")]
        assert autograder.main(arguments) == 0
        document = json.loads((root / "results" / "results.json").read_text())
        assert isinstance(document, dict)
        document.pop("execution_time")
        return document

    carrying = results()
    blob = entry.read_bytes()
    line, _, payload = blob[len(cache.MAGIC) :].partition(b"\n")
    stale = json.loads(line) | {"version": "0.0.0"}  # another version's: ignored, rebuilt
    entry.write_bytes(cache.MAGIC + json.dumps(stale).encode() + b"\n" + payload)
    written = entry.read_bytes()
    assert results() == carrying
    # rebuilt in a private copy: the autograder's own files stay as they were built
    assert entry.read_bytes() == written
    assert cache.Store(entry.parent).load(cache.key(_usual_facts(config["options"]))) is None
    shutil.rmtree(entry.parent)
    assert results() == carrying  # and without any
    assert [t["score"] for t in carrying["tests"]] == [t["max_score"] for t in carrying["tests"]]


def _usual_facts(options: dict[str, Any]) -> dict[str, Any]:
    from perceptron_ref.crosscheck.check import facts

    found = precompute.usual(options)
    assert found is not None
    return facts(options, found[1], found[0].eta)


def test_crosscheck_keeps_the_reference_work_where_told_and_nothing_with_no_cache(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = f"{CANDIDATES / 'grading' / 'alice.py'}:train"
    common = ["crosscheck", "perceptron/mehta", "--candidate", target, "--examples", "6"]
    assert main([*common, "--cache", str(tmp_path / "kept"), "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(list((tmp_path / "kept").iterdir())) == 1
    assert main([*common, "--no-cache", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == first  # the same report, worked out again
    with pytest.raises(SystemExit) as usage:  # one or the other
        main([*common, "--cache", str(tmp_path / "kept"), "--no-cache"])
    assert usage.value.code == 2


def test_an_assignments_train_part_keeps_its_reference_work_and_grades_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from perceptron_ref.grading import assignment

    hand_in = Path(__file__).parent / "candidates" / "assignments" / "cs4780" / "update_always.py"
    common = ["crosscheck", "--assignment", str(assignment.example("cornell-cs4780"))]
    common += ["--candidate", str(hand_in), "--examples", "6", "--format", "json"]
    kept = tmp_path / "kept"
    documents = []
    for mode in (["--cache", str(kept)], ["--cache", str(kept)], ["--no-cache"]):
        assert main([*common, *mode]) == 0
        documents.append(json.loads(capsys.readouterr().out))
        if len(documents) == 1:
            entries = {p.name: p.read_bytes() for p in kept.iterdir()}
    assert documents[0] == documents[1] == documents[2]
    assert documents[0]["score"] == 8 and len(entries) == 1  # the train part's entry
    assert {p.name: p.read_bytes() for p in kept.iterdir()} == entries  # read, not redone


HOMEWORK = Path(__file__).parent / "candidates" / "assignments" / "averaged"
PLATFORM_CONFIGS = {
    # what: the platform commands' arguments (OUTDIR first), a right and a wrong hand-in
    "family": (
        ["perceptron/voted", "--examples", "6", "--timeout", "60"],
        CANDIDATES / "voted_numpy.py",
        CANDIDATES / "voted_count0.py",
    ),
    "assignment": (
        ["--assignment", "averaged-perceptron", "--examples", "6"],
        HOMEWORK / "right.py",
        HOMEWORK / "wrong_before.py",
    ),
}


def _swapped(entry: cache.Entry) -> cache.Entry:
    """The same entry, but each data set given the next one's exact answers (of every
    variant): a right hand-in is wrong against it, whatever the family's answers are."""
    n = len(entry.cases)
    answers = {(i, t): v for i, t, v in entry.runs if t[0] == "answer"}
    return replace(
        entry,
        runs=tuple(
            (i, t, answers.get(((i + 1) % n, t), v) if t[0] == "answer" else v)
            for i, t, v in entry.runs
        ),
    )


@pytest.mark.parametrize("what", sorted(PLATFORM_CONFIGS))
def test_the_platforms_carry_a_familys_and_an_assignments_entries_and_grade_the_same_without(
    what: str, tmp_path: Path, pinned: Path
) -> None:
    require_sandbox()
    arguments, right, wrong = PLATFORM_CONFIGS[what]
    if what == "assignment":
        from perceptron_ref.grading.assignment import example

        arguments = [arguments[0], str(example(arguments[1])), *arguments[2:]]
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    built = ["--wheel", str(wheel), "--pins", str(pinned)]
    for platform in ("gradescope", "prairielearn"):
        out = str(tmp_path / platform)
        command = [platform, arguments[0], out, *arguments[1:]]
        if what == "assignment":
            command = [platform, out, *arguments]
        assert main([*command, *built]) == 0
    with zipfile.ZipFile(tmp_path / "gradescope" / "autograder.zip") as z:
        carried = {
            n.removeprefix(precompute.FOLDER + "/"): z.read(n)
            for n in z.namelist()
            if n.startswith(precompute.FOLDER + "/")
        }
        config = json.loads(z.read("autograder.json"))
    assert len(carried) == 1 and bool(config.get("assignment")) == (what == "assignment")
    folder = tmp_path / "prairielearn" / precompute.FOLDER
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == carried  # the same entry
    (name, blob), = carried.items()  # fmt: skip
    key = json.loads(blob[len(cache.MAGIC) :].partition(b"\n")[0])["key"]
    kept = cache.Store(folder).load(key)
    assert kept is not None and kept.cases
    assert {t[0] for _, t, _ in kept.runs} >= {"answer", "stats", "probes"}

    def store(mode: str) -> Path:
        """A copy of the carried folder: as built, with a lying entry (a valid header), or
        with the same lie under another version's header (stale)."""
        copy = tmp_path / "stores" / mode / precompute.FOLDER
        copy.mkdir(parents=True, mode=0o700)
        (copy / name).write_bytes(blob)
        if mode in ("lying", "stale"):
            cache.Store(copy).save(key, _swapped(kept))
        if mode == "stale":
            line, _, payload = (copy / name).read_bytes()[len(cache.MAGIC) :].partition(b"\n")
            head = json.loads(line) | {"version": "0.0.0"}
            (copy / name).write_bytes(cache.MAGIC + json.dumps(head).encode() + b"\n" + payload)
        return copy

    def results(hand_in: Path, cache_dir: Path | None, platform: str = "gradescope") -> str:
        root = tmp_path / "roots" / f"{len(list((tmp_path / 'roots').glob('*')))}"
        handed, _ = autograder.PLACES[platform]
        (root / handed).mkdir(parents=True)
        shutil.copy(hand_in, root / handed / ("train.py" if what == "family" else hand_in.name))
        document = autograder.grade(platform, root, config, cache_dir)
        document.pop("execution_time", None)
        return json.dumps(document, indent=1, ensure_ascii=False)

    (tmp_path / "roots").mkdir()
    carrying = store("carried")
    graded = {right: results(right, carrying)}
    # used: the right hand-in's crosscheck found all it asked of the reference in the entry,
    # and wrote nothing (the cache writes only what a crosscheck computed anew)
    assert {p.name: p.read_bytes() for p in carrying.iterdir()} == {name: blob}
    graded[wrong] = results(wrong, store("carried-wrong"))
    for hand_in in (right, wrong):
        assert results(hand_in, None) == graded[hand_in]  # byte for byte, without any entry
    scores = [json.loads(graded[h])["score"] for h in (right, wrong)]
    assert scores[0] > scores[1]  # the right one is graded right, the wrong one loses points
    # read: a lying entry under a valid header is believed (the right hand-in loses points) ...
    assert json.loads(results(right, store("lying")))["score"] < scores[0]
    # ... but under another version's header it is never used: rebuilt, the same results
    stale = store("stale")
    assert cache.Store(stale).load(key) is None
    assert results(right, stale) == graded[right]
    assert cache.Store(stale).load(key) is not None  # rewritten, with this version's header
    on_prairielearn = results(right, store("prairielearn"), "prairielearn")
    assert on_prairielearn == results(right, None, "prairielearn")


def test_options_no_hand_in_can_be_judged_with_carry_no_entry_and_build_as_before() -> None:
    halving = f"{CANDIDATES / 'halving_npsign.py'}:train"
    with pytest.raises(InputError):  # each hand-in's crosscheck says why, as before
        crosscheck("halving/cover", halving, input="numpy")
    for options in ({"algorithm": "halving/cover"}, {"algorithm": "perceptron/voted", "epochs": 0}):
        assert precompute.bundle({"algorithm": options["algorithm"], "options": options}) == {}
