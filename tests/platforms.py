"""The autograders on the platforms' real images (issue 24): ``make platforms``.

For each base image a bare root is made with ``debootstrap`` (Gradescope's Ubuntu 22.04 and
24.04; PrairieLearn's Debian 13, the Dockerfile's ``FROM``; Ubuntu 20.04, where setup.sh must
refuse) and kept under ``out/platforms/roots`` (a rerun reuses it).  Each run takes a fresh
copy of it and does what the platform does:

- Gradescope: the zip unpacked in ``/autograder/source``, ``setup.sh`` run there as root, then
  for each hand-in ``/autograder/run_autograder``'s results.json;
- PrairieLearn: the Dockerfile's instructions followed one by one (``COPY`` into the root,
  ``ENV``, each ``RUN`` as ``/bin/sh -c`` in it), then the ``ENTRYPOINT`` for each hand-in in
  ``/grade/student``.

Hand-ins: a right one (alice, Mehta's rule), a wrong one (carol) and a hostile one
(``hostile_grader``: it reads the grader's configuration and /etc/shadow, writes into the
grader's folders, forges results.json and leaves a daemon that forges it again for a while,
then answers wrong).  Checked: the right one gets the declared total, the wrong one less, the
hostile one less and a well-formed results.json that nothing rewrites after the grader, with
the grader's files unchanged.  The time ``setup.sh`` (or the Dockerfile's
steps) took and the size of the environment it made are printed, with the sandbox that ran
(results.json's ``sandbox``, where the grader writes one).

Needs root, ``debootstrap`` (installed with apt-get if missing) and the distributions' mirrors.
The roots are chroots, not containers: the hand-ins run with the host's kernel, /proc and
network, as in a Docker container without namespaces of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "out" / "platforms"
UBUNTU = "http://archive.ubuntu.com/ubuntu"
DEBIAN = "http://deb.debian.org/debian"
CANDIDATES = ROOT / "tests" / "candidates"
HAND_INS = {
    "right": CANDIDATES / "grading" / "alice.py",
    "wrong": CANDIDATES / "grading" / "carol.py",
    "hostile": CANDIDATES / "hostile_grader.py",
}
DAEMON = 10
"""Seconds to wait after a hostile hand-in's run: its daemon rewrites results.json for 8."""
OPTIONS = ["--examples", "10", "--timeout", "30"]


@dataclass(frozen=True)
class Base:
    """A base image: its name on the platform, and how debootstrap makes it."""

    name: str
    suite: str
    mirror: str
    sources: str
    """Its ``/etc/apt/sources.list``, as the platform's image has it."""

    @property
    def ubuntu(self) -> bool:
        return self.mirror == UBUNTU


def _ubuntu(suite: str) -> str:
    return "".join(
        f"deb {UBUNTU} {suite}{s} main universe\n" for s in ("", "-updates", "-security")
    )


BASES = {
    "ubuntu-22.04": Base("ubuntu-22.04", "jammy", UBUNTU, _ubuntu("jammy")),
    "ubuntu-24.04": Base("ubuntu-24.04", "noble", UBUNTU, _ubuntu("noble")),
    "ubuntu-20.04": Base("ubuntu-20.04", "focal", UBUNTU, _ubuntu("focal")),
    "debian-13": Base(
        "debian-13", "trixie", DEBIAN,
        f"deb {DEBIAN} trixie main\ndeb {DEBIAN} trixie-updates main\n"
        "deb http://deb.debian.org/debian-security trixie-security main\n",
    ),
}  # fmt: skip


def say(text: str) -> None:
    print(f"platforms: {text}", file=sys.stderr, flush=True)


def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, text=True, capture_output=True, check=False, **kwargs)


def need_debootstrap() -> None:
    if shutil.which("debootstrap"):
        return
    if os.geteuid() != 0:
        raise SystemExit("platforms: needs root (debootstrap, chroot)")
    say("installing debootstrap (apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "debootstrap"]
    if run(install, env=env).returncode != 0:
        run(["apt-get", "update", "-q"], env=env)
        done = run(install, env=env)
        if done.returncode != 0:
            raise SystemExit(f"platforms: cannot install debootstrap: {done.stderr.strip()[-300:]}")


def bootstrap(base: Base) -> Path:
    """The cached bare root of ``base`` (made once, about a minute and a half)."""
    root = CACHE / "roots" / base.name
    if (root / ".complete").is_file():
        return root
    need_debootstrap()
    partial = root.with_name(base.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    command = ["debootstrap", "--variant=minbase", base.suite, str(partial), base.mirror]
    if base.ubuntu:  # Debian has no Ubuntu archive keyring; noble is gutsy's script too
        command[1:1] = ["--no-check-gpg"]
        command.append("/usr/share/debootstrap/scripts/gutsy")
    say(f"debootstrap {base.suite} (once; cached in {root})")
    start = time.monotonic()
    done = run(command)
    if done.returncode != 0:
        raise SystemExit(f"platforms: debootstrap {base.suite} failed: "
                         f"{(done.stdout + done.stderr).strip()[-600:]}")  # fmt: skip
    (partial / "etc" / "apt" / "sources.list").write_text(base.sources, encoding="utf-8")
    (partial / ".complete").write_text(f"{time.monotonic() - start:.0f} s\n", encoding="utf-8")
    shutil.rmtree(root, ignore_errors=True)
    partial.rename(root)
    return root


@contextlib.contextmanager
def fresh(base: Base) -> Iterator[Path]:
    """A copy of ``base``'s bare root, removed after use."""
    bare = bootstrap(base)
    work = Path(tempfile.mkdtemp(prefix=f"{base.name}-", dir=CACHE))
    try:
        root = work / "root"
        copied = run(["cp", "-a", "--reflink=auto", str(bare), str(root)])
        assert copied.returncode == 0, copied.stderr
        yield root
    finally:
        shutil.rmtree(work, ignore_errors=True)


def inside(root: Path, script: str, env: dict[str, str] | None = None,
           timeout: float = 1800) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """``/bin/sh -c SCRIPT`` as root in ``root``: its own mount namespace with /proc, /dev and
    /sys, and the host's CA certificates (this machine reaches the index through a proxy that
    signs with its own; on the platforms, pip uses the image's)."""
    certs = Path("/etc/ssl/certs/ca-certificates.crt")
    mounts = [f"mount -t proc proc {root}/proc", f"mount --rbind /dev {root}/dev",
              f"mount -t sysfs sys {root}/sys"]  # fmt: skip
    environment = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                   "HOME": "/root", "LANG": "C.UTF-8", "PERCEPTRON_REF_UIDS": UIDS,
                   **(env or {})}  # fmt: skip
    if certs.is_file():
        (root / "etc" / "perceptron-ref-host-ca.crt").write_bytes(certs.read_bytes())
        environment["PIP_CERT"] = "/etc/perceptron-ref-host-ca.crt"
    exports = "".join(f"export {k}='{v}'; " for k, v in environment.items())
    chrooted = f"{exports}exec chroot {root} /bin/sh -c {shell_quote(script)}"
    command = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
               "; ".join(mounts) + "; " + chrooted]  # fmt: skip
    return subprocess.run(command, text=True, capture_output=True, check=False,
                          timeout=timeout, env={"PATH": environment["PATH"]})  # fmt: skip


UIDS = "65300-65399"
"""The sandbox uids of the graders in the roots: not the default range, which the graders of
this machine's own runs (tests, other checkouts) lend from.  A root's leases are its own files,
so a grader there could not see theirs and would share a uid with one, each killing the
other's processes; on a platform, one grader runs in each container."""


def shell_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def du(path: Path) -> int:
    """Bytes of the files under ``path`` (their apparent sizes)."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def tree(path: Path) -> str:
    """One hash of every file under ``path`` (names and contents)."""
    digest = hashlib.sha256()
    for f in sorted(p for p in path.rglob("*") if p.is_file() and not p.is_symlink()):
        if "__pycache__" in f.parts:
            continue  # Python writes its caches there itself
        digest.update(str(f.relative_to(path)).encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()


@dataclass
class Graded:
    hand_in: str
    score: float
    total: float
    sandbox: str
    results: dict[str, Any]
    changed: list[str] = field(default_factory=list)
    """The grader's folders the hand-in changed (none, if it was contained)."""
    log: str = ""
    """What the grader printed (its end)."""


@dataclass
class Report:
    platform: str
    base: str
    python: str = ""
    setup_seconds: float = 0.0
    venv_bytes: int = 0
    setup_status: int = 0
    setup_said: str = ""
    graded: list[Graded] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def sandbox_of(results: dict[str, Any], stdout: str) -> str:
    """The sandbox that ran, as results.json says (PrairieLearn's ``sandbox``, Gradescope's
    ``extra_data.sandbox``), else as the grader's log does (``perceptron-ref: sandbox NAME``)."""
    said = results.get("sandbox") or results.get("extra_data", {}).get("sandbox")
    if isinstance(said, str):
        return said
    logged = re.search(r"^perceptron-ref: sandbox (\S+)", stdout, flags=re.MULTILINE)
    if logged:
        return logged[1]
    return "none (the grader's warning)" if "no sandbox" in stdout else "not said"


def settled(path: Path, hand_in: str) -> tuple[dict[str, Any], bool]:
    """results.json as the grader wrote it, and whether it is still so :data:`DAEMON` seconds
    later (for the hostile hand-in)."""
    text = path.read_text(encoding="utf-8")
    if hand_in == "hostile":
        time.sleep(DAEMON)
    later = path.read_text(encoding="utf-8") if path.is_file() else ""
    return json.loads(text), later == text


def gradescope(base: Base, built: Path) -> Report:
    """setup.sh and run_autograder as Gradescope runs them, on a fresh copy of ``base``."""
    report = Report("gradescope", base.name)
    with fresh(base) as root:
        source = root / "autograder" / "source"
        source.mkdir(parents=True)
        with zipfile.ZipFile(built) as z:
            z.extractall(source)
        for name in ("setup.sh", "run_autograder"):
            (source / name).chmod(0o755)
        start = time.monotonic()
        done = inside(root, "cd /autograder/source && ./setup.sh")
        report.setup_seconds = time.monotonic() - start
        report.setup_status, report.setup_said = done.returncode, done.stderr.strip()
        if done.returncode != 0:
            return report
        venv = root / "autograder" / "venv"
        report.venv_bytes = du(venv)
        report.python = inside(root, "/autograder/venv/bin/python -V").stdout.strip()
        shutil.copy(source / "run_autograder", root / "autograder" / "run_autograder")
        for hand_in, path in HAND_INS.items():
            submission, results = (
                root / "autograder" / "submission",
                root / "autograder" / "results",
            )
            for folder in (submission, results):
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
            shutil.copy(path, submission / path.name)
            before = {name: tree(p) for name, p in (("source", source), ("venv", venv))}
            ran = inside(root, "cd /autograder && /autograder/run_autograder", timeout=900)
            document, kept = settled(results / "results.json", hand_in)
            tests = document.get("tests", [])
            score = sum(t["score"] for t in tests) if "score" not in document else document["score"]
            total = sum(t["max_score"] for t in tests)
            changed = [name for name, p in (("source", source), ("venv", venv))
                       if tree(p) != before[name]]  # fmt: skip
            changed += [] if kept else ["results.json, after the grader wrote it"]
            changed += [f"results/{p.name}" for p in results.iterdir() if p.name != "results.json"]
            log = (ran.stdout + ran.stderr)[-3000:]
            report.graded.append(Graded(hand_in, score, total, sandbox_of(document, ran.stdout),
                                        document, changed, log))  # fmt: skip
    return report


def dockerfile(folder: Path) -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined: (keyword, arguments)."""
    text = (folder / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.replace("\\\n", " ").splitlines() if line.strip()]
    steps = []
    for line in lines:
        if line.lstrip().startswith("#"):
            continue
        keyword, _, rest = line.strip().partition(" ")
        steps.append((keyword.upper(), rest.strip()))
    return steps


def prairielearn(base: Base, folder: Path) -> Report:
    """The Dockerfile followed by hand on a fresh copy of ``base``, then its entry point."""
    report = Report("prairielearn", base.name)
    steps = dockerfile(folder)
    assert steps[0][0] == "FROM", steps[0]
    env: dict[str, str] = {}
    entry: list[str] = []
    with fresh(base) as root:
        start = time.monotonic()
        for keyword, rest in steps[1:]:
            if keyword == "RUN":
                done = inside(root, rest, env)
                if done.returncode != 0:
                    report.setup_status, report.setup_said = done.returncode, done.stderr.strip()
                    return report
            elif keyword == "COPY":
                *names, target = rest.split()
                (root / target.lstrip("/")).mkdir(parents=True, exist_ok=True)
                for name in names:
                    source, destination = folder / name, root / target.lstrip("/")
                    if source.is_dir():  # as Docker copies a folder: its contents, into target
                        shutil.copytree(source, destination, dirs_exist_ok=True)
                    else:
                        shutil.copy(source, destination / name)
            elif keyword == "ENV":
                env.update(dict(pair.split("=", 1) for pair in rest.split()))
            elif keyword == "ENTRYPOINT":
                entry = json.loads(rest)
            else:
                raise AssertionError(f"Dockerfile: {keyword} is not followed here")
        report.setup_seconds = time.monotonic() - start
        home = Path(entry[0]).parent
        venv = root / home.relative_to("/") / "venv"
        report.venv_bytes = du(venv)
        report.python = inside(root, f"{home}/venv/bin/python -V").stdout.strip()
        for hand_in, path in HAND_INS.items():
            grade = root / "grade"
            shutil.rmtree(grade, ignore_errors=True)
            (grade / "student").mkdir(parents=True)
            shutil.copy(path, grade / "student" / path.name)
            installed = root / home.relative_to("/")
            before = tree(installed)
            ran = inside(root, "cd /grade && " + " ".join(entry), env, timeout=900)
            document, kept = settled(grade / "results" / "results.json", hand_in)
            won = sum(t["points"] for t in document.get("tests", []))
            top = sum(t["max_points"] for t in document.get("tests", []))
            changed = [str(home)] if tree(installed) != before else []
            changed += [] if kept else ["results.json, after the grader wrote it"]
            changed += [f"results/{p.name}" for p in (grade / "results").iterdir()
                        if p.name != "results.json"]  # fmt: skip
            log = (ran.stdout + ran.stderr)[-3000:]
            graded = Graded(hand_in, won, top, sandbox_of(document, ran.stdout), document, changed,
                            log)  # fmt: skip
            report.graded.append(graded)
    return report


def check(report: Report) -> list[str]:
    """What is wrong with ``report``: the right hand-in below the declared total, the wrong or
    hostile one not below it, a grader's file changed by a hand-in."""
    problems = []
    if report.setup_status != 0:
        return [f"set-up failed ({report.setup_status}): {report.setup_said[-400:]}"]
    by = {g.hand_in: g for g in report.graded}
    declared = by["right"].total
    if not (declared > 0 and by["right"].score == declared):
        problems.append(f"right: {by['right'].score}/{declared}, not the declared total")
    for name in ("wrong", "hostile"):
        if not by[name].score < by[name].total:
            problems.append(f"{name}: {by[name].score}/{by[name].total}, not less than the total")
    for g in report.graded:
        if g.total != declared:
            problems.append(f"{g.hand_in}: out of {g.total}, the right one out of {declared}")
        if g.changed:
            problems.append(f"{g.hand_in}: changed the grader's {', '.join(g.changed)}")
    return problems


def table(reports: list[Report]) -> str:
    rows = ["platform      base           python          set-up  venv     right   wrong   "
            "hostile  sandbox"]  # fmt: skip
    for r in reports:
        if r.setup_status != 0:
            said = [line for line in r.setup_said.splitlines() if "perceptron-ref" in line]
            rows.append(f"{r.platform:<13} {r.base:<14} set-up failed (status {r.setup_status}):")
            rows += [f"    {line}" for line in said or r.setup_said.splitlines()[-3:]]
            continue
        scores = {g.hand_in: f"{g.score:g}/{g.total:g}" for g in r.graded}
        sandboxes = sorted({g.sandbox for g in r.graded})
        rows.append(f"{r.platform:<13} {r.base:<14} {r.python:<15} {r.setup_seconds:>5.0f} s "
                    f"{r.venv_bytes / 1e6:>4.0f} MB  {scores['right']:<7} {scores['wrong']:<7} "
                    f"{scores['hostile']:<8} {', '.join(sandboxes)}")  # fmt: skip
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make platforms", description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", default=None, help="these bases only: "
                        + ", ".join(BASES))  # fmt: skip
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        raise SystemExit("platforms: needs root (debootstrap, chroot)")
    wanted = args.only or list(BASES)
    from perceptron_ref.cli import main as cli

    CACHE.mkdir(parents=True, exist_ok=True)
    built = Path(tempfile.mkdtemp(prefix="built-", dir=CACHE))
    try:
        say("building the autograders (the wheel, the pins for each image)")
        assert cli(["gradescope", "perceptron/mehta", str(built / "gs"), *OPTIONS]) == 0
        assert cli(["prairielearn", "perceptron/mehta", str(built / "pl"), *OPTIONS]) == 0
        reports, failed = [], False
        for name in wanted:
            base = BASES[name]
            say(f"{name}: {'the Dockerfile' if name == 'debian-13' else 'setup.sh'}")
            if name == "debian-13":
                report = prairielearn(base, built / "pl")
            else:
                report = gradescope(base, built / "gs" / "autograder.zip")
            reports.append(report)
            if name == "ubuntu-20.04":  # setup.sh must refuse, and say why
                ok = report.setup_status != 0 and "Ubuntu 22.04 or 24.04" in report.setup_said
                report.problems = [] if ok else ["setup.sh did not refuse Ubuntu 20.04 clearly"]
            else:
                report.problems = check(report)
            failed |= bool(report.problems)
            for problem in report.problems:
                say(f"{name}: {problem}")
        print(table(reports))
        out = CACHE / "report.json"
        out.write_text(json.dumps([r.__dict__ | {"graded": [g.__dict__ for g in r.graded]}
                                   for r in reports], indent=1, default=str) + "\n")  # fmt: skip
        say(f"details: {out}")
        return 1 if failed else 0
    finally:
        shutil.rmtree(built, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
