"""What the isolation tests share: the sandbox must work, hashes of the project's files, and a
scan of every process on the machine for a marker in its command line or environment."""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from perceptron_ref.crosscheck.run import sandbox

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "tests" / "candidates"
WRITTEN = (
    "perceptron-ref-hostile-daemon",
    "perceptron-ref-hostile-write",
    "perceptron-ref-hostile-forkbomb",
    "perceptron-ref-hostile-grader",
)
"""The markers as the hostile candidates in ``tests/candidates/`` spell them: each leaves its
own in its processes' command lines, or names a file by it."""
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "alone")
MARKERS = tuple(f"{marker}[{WORKER}]" for marker in WRITTEN)
"""The markers of the copies this pytest-xdist worker runs (:func:`copy_candidate` writes them
in): a worker's tests run one at a time, so a marker found after a test is that test's, never a
neighbour's (two fork bombs on two workers at once would each see the other's 127 processes)."""


DOCKER_SAYS = (
    "bwrap: No permissions to create new namespace, likely because the kernel does not "
    "allow non-privileged user namespaces."
)
"""What bubblewrap says in a default Docker container (Gradescope's, PrairieLearn's)."""
LAYERS = {
    "bwrap": "bwrap+uid+seccomp+landlock",
    "container": "uid+seccomp+landlock",
}
"""The sandboxes the hostile tests run in (as root, as CI runs them): bubblewrap with a uid
of its own, and where bubblewrap cannot make namespaces, as in a platform's container."""


def require_sandbox() -> None:
    """A hostile candidate runs only inside a strong sandbox: none is a failure, not a skip."""
    why = sandbox.unavailable()
    assert why is None, f"the candidate sandbox does not work here: {why}"


def refusing_bwrap(folder: Path) -> Path:
    """A bubblewrap that fails as it does in a default Docker container."""
    fake = folder / "bwrap"
    fake.write_text(f"#!/bin/sh\necho '{DOCKER_SAYS}' >&2\nexit 1\n")
    fake.chmod(0o755)
    return fake


@pytest.fixture(params=list(LAYERS))
def layer(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Each test using it runs in both sandboxes: with bubblewrap, and as in a container
    where bubblewrap cannot start (there the harness must be root to give the candidate a
    uid of its own: CI is)."""
    if request.param == "container":
        if os.geteuid() != 0:
            pytest.skip("the container sandbox needs the harness to be root (CI runs as root)")
        fake = refusing_bwrap(tmp_path_factory.mktemp("docker"))
        patch = pytest.MonkeyPatch()
        patch.setenv("PERCEPTRON_REF_BWRAP", str(fake))
    sandbox.forget()
    try:
        if os.geteuid() == 0:
            assert sandbox.plan().name == LAYERS[request.param], sandbox.plan()
        yield request.param
    finally:
        if request.param == "container":
            patch.undo()
        sandbox.forget()


def tree_hash(*roots: Path) -> dict[str, str]:
    """sha256 of every file under ``roots`` (the project's tracked files, or a folder)."""
    out = {}
    for root in roots:
        if (root / ".git").exists():
            listed = subprocess.run(
                ["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True
            ).stdout.split(b"\0")
            files = [root / f.decode() for f in listed if f]
        else:
            files = [p for p in root.rglob("*") if p.is_file()]
        for f in files:
            if f.is_file():
                out[str(f)] = hashlib.sha256(f.read_bytes()).hexdigest()
    return out


def processes_with(marker: str) -> list[int]:
    """Every process whose command line or environment holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        for what in ("cmdline", "environ"):
            try:
                if marker.encode() in (entry / what).read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def copy_candidate(name: str, into: Path, as_name: str | None = None) -> Path:
    """A hostile candidate copied into ``into`` (never run from the checkout), a folder open
    to all (pytest makes tmp_path 0700), as ``as_name`` (its own name by default), its markers
    this worker's :data:`MARKERS`."""
    into.mkdir(parents=True, exist_ok=True)
    into.chmod(0o755)
    text = (CANDIDATES / f"{name}.py").read_text()
    for written, own in zip(WRITTEN, MARKERS, strict=True):
        text = text.replace(written, own)
    copy = into / (as_name or f"{name}.py")
    copy.write_text(text)
    return copy
