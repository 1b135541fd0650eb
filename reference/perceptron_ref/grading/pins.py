"""The autograders' pinned dependencies: a requirements file with hashes for each image.

An autograder image installs ``perceptron-ref[grading]`` and nothing else, each distribution
at an exact version and checked by its sha256 (``pip install --require-hashes``), so that a
rebuild next term grades with the same bytes.  The versions are those of the environment the
autograder is built in (where its tests ran), wherever they install on the image's Python;
where one does not (numpy 2.3 and later need Python 3.11), the newest older one that does.
That is one rule: each installed distribution ``name`` at ``version`` is the constraint
``name<=version``, and pip's resolver, asked for the image's Python and platform
(``pip install --dry-run --report``), picks the newest versions allowed and reports each
file's hash.

:data:`TARGETS` are the images the autograders build on: Gradescope's Ubuntu 22.04 (Python
3.10) and 24.04 (3.12) bases, and PrairieLearn's image, Debian 13 (3.13).  ``pins`` of an
earlier autograder can be given again (:func:`read`): the same versions, and no index needed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from perceptron_ref.errors import InputError

__all__ = ["DEBIAN_13", "TARGETS", "UBUNTU_22_04", "UBUNTU_24_04", "Target", "lock", "locks"]


@dataclass(frozen=True)
class Target:
    """An image's system: its ``/etc/os-release`` ID and VERSION_ID, its Python, its C library."""

    os: str
    version: str
    python: str
    full: str
    """Its Python's whole version, for the markers that name one."""
    glibc: int
    """The minor version of glibc 2.x: which manylinux wheels it runs."""

    def markers(self) -> dict[str, str]:
        """The environment markers of this system (PEP 508)."""
        return {"python_version": self.python, "python_full_version": self.full,
                "implementation_name": "cpython", "implementation_version": self.full,
                "platform_python_implementation": "CPython", "sys_platform": "linux",
                "platform_system": "Linux", "platform_machine": "x86_64", "os_name": "posix",
                "platform_release": "", "platform_version": ""}  # fmt: skip

    @property
    def name(self) -> str:
        """``ubuntu-22.04``: the requirements file is ``requirements-ubuntu-22.04.txt``."""
        return f"{self.os}-{self.version}"

    @property
    def file(self) -> str:
        return f"requirements-{self.name}.txt"

    def platforms(self) -> list[str]:
        """pip's ``--platform`` tags of this system, the most specific first (as its pip
        ranks the wheels of one version)."""
        tags = [f"manylinux_2_{minor}_x86_64" for minor in range(self.glibc, 4, -1)]
        aliases = {17: "manylinux2014_x86_64", 12: "manylinux2010_x86_64", 5: "manylinux1_x86_64"}
        for minor, alias in aliases.items():
            tags.insert(tags.index(f"manylinux_2_{minor}_x86_64") + 1, alias)
        return [*tags, "linux_x86_64"]


UBUNTU_22_04 = Target("ubuntu", "22.04", "3.10", "3.10.12", 35)
UBUNTU_24_04 = Target("ubuntu", "24.04", "3.12", "3.12.3", 39)
DEBIAN_13 = Target("debian", "13", "3.13", "3.13.5", 41)
TARGETS = {t.name: t for t in (UBUNTU_22_04, UBUNTU_24_04, DEBIAN_13)}


def constraints() -> str:
    """``name<=version`` for every distribution installed here but perceptron-ref itself."""
    found = {}
    for dist in metadata.distributions():
        name = re.sub(r"[-_.]+", "-", dist.metadata["Name"] or "").lower()
        if name and name != "perceptron-ref":
            found[name] = dist.version
    return "".join(f"{name}<={found[name]}\n" for name in sorted(found))


def lock(wheel: Path, target: Target) -> str:
    """The requirements file of ``target``: ``wheel``'s ``[grading]`` dependencies, each
    ``name==version --hash=sha256:...``, resolved for the target's Python and platform.

    pip's resolver takes the target's wheel tags but evaluates the dependencies' markers here
    (``exceptiongroup; python_version < "3.11"`` is left out when building on 3.11 for 3.10):
    each distribution's markers are evaluated for the target too (``packaging``), and what they
    add is asked for by name, again until nothing is missing."""
    wanted = [f"perceptron-ref[grading] @ {wheel.resolve().as_uri()}"]
    while True:
        installs = resolve(wanted, target)
        missing = sorted(
            needed(installs, target) - {_name(i["metadata"]["name"]) for i in installs}
        )
        if not missing:
            break
        wanted += missing
    lines = []
    for item in installs:
        name = _name(item["metadata"]["name"])
        if name == "perceptron-ref":
            continue  # the bundled wheel, installed beside the pins
        hashes = item["download_info"].get("archive_info", {}).get("hashes", {})
        if "sha256" not in hashes:
            raise InputError(f"cannot pin {name}: the package index gave no sha256 of its file")
        lines.append(f"{name}=={item['metadata']['version']} --hash=sha256:{hashes['sha256']}\n")
    return header(target) + "".join(sorted(lines))


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def resolve(wanted: list[str], target: Target) -> list[dict[str, Any]]:
    """What pip would install for ``wanted`` on ``target`` (its ``--report``'s ``install``),
    every distribution installed here capped at its version here."""
    with tempfile.TemporaryDirectory(prefix="perceptron-ref-pins-") as work:
        allowed, report = Path(work) / "constraints.txt", Path(work) / "report.json"
        allowed.write_text(constraints(), encoding="utf-8")
        abi = "cp" + target.python.replace(".", "")
        command = [
            sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
            "--quiet", "--disable-pip-version-check", "--report", str(report),
            "--target", str(Path(work) / "target"),  # pip asks for one; --dry-run writes nothing
            "--only-binary", ":all:", "--python-version", target.python,
            "--implementation", "cp", "--abi", abi,
            *(f"--platform={tag}" for tag in target.platforms()),
            "--constraint", str(allowed), *wanted,
        ]  # fmt: skip
        env = {**os.environ, "PIP_REQUIRE_VIRTUALENV": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise InputError(
                f"cannot pin perceptron-ref[grading] for {target.name} (Python {target.python})"
                f": pip says: {last}"
            )
        installs: list[dict[str, Any]] = json.loads(report.read_text(encoding="utf-8"))["install"]
    return installs


def needed(installs: list[dict[str, Any]], target: Target) -> set[str]:
    """The distributions (names) that ``installs`` require on ``target``."""
    from packaging.requirements import Requirement

    environment = target.markers()
    names = set()
    for item in installs:
        extras = item.get("requested_extras") or [""]
        for text in item["metadata"].get("requires_dist") or []:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is None or any(marker.evaluate({**environment, "extra": e}) for e in extras):
                names.add(_name(requirement.name))
    return names


def header(target: Target) -> str:
    """The requirements file's first lines: what it is for, and (``# python:``) the Python the
    image's set-up checks it has."""
    return (
        f"# perceptron-ref[grading] for {target.name}, x86_64: every distribution at the version\n"
        "# its autograder was built with, checked by its hash (pip install --no-deps\n"
        "# --only-binary :all: --require-hashes -r THIS_FILE; the bundled wheel beside it)\n"
        f"# python: {target.python}\n"
    )


def locks(wheel: Path, targets: list[Target], pins: Path | None = None) -> dict[str, bytes]:
    """The requirements file of each target, by file name: resolved (:func:`lock`), or read
    from ``pins``, a folder with the files of an earlier autograder (:func:`read`)."""
    if pins is not None:
        return {t.file: read(pins, t) for t in targets}
    return {t.file: lock(wheel, t).encode() for t in targets}


PIN = re.compile(r"[a-z0-9-]+==[^\s;]+ --hash=sha256:[0-9a-f]{64}\n")


def read(folder: Path, target: Target) -> bytes:
    """``folder``'s requirements file of ``target``, checked: every line a comment or one
    ``name==version --hash=sha256:...``."""
    path = folder / target.file
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"--pins: cannot read {path}: {error.strerror}") from None
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if not line.startswith("#") and not PIN.fullmatch(line):
            raise InputError("not 'name==version --hash=sha256:...'", source=str(path), line=number)
    return text.encode()
