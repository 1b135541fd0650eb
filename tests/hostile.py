"""What the isolation tests share: the sandbox must work, hashes of the project's files, and a
scan of every process on the machine for a marker in its command line or environment."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from perceptron_ref.crosscheck.run import sandbox

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "tests" / "candidates"
MARKERS = (
    "perceptron-ref-hostile-daemon",
    "perceptron-ref-hostile-write",
    "perceptron-ref-hostile-forkbomb",
)


def require_sandbox() -> None:
    """A hostile candidate runs only inside the sandbox: no bubblewrap is a failure, not a skip."""
    why = sandbox.unavailable()
    assert why is None, f"the candidate sandbox does not work here: {why}"


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


def copy_candidate(name: str, into: Path) -> Path:
    """A hostile candidate copied into ``into`` (never run from the checkout), a folder open
    to all (pytest makes tmp_path 0700): as root, the harness runs it as uid 65534."""
    into.mkdir(parents=True, exist_ok=True)
    into.chmod(0o755)
    return Path(shutil.copy(CANDIDATES / f"{name}.py", into / f"{name}.py"))
