"""The mutation score of the last ``make mutation`` run (issue 7), per module, and its survivors.

Run from mutmut's working folder (``out/mutation/work``, where ``make mutation`` runs it): reads
the verdicts mutmut left in ``mutants/**/*.py.meta`` and prints one row per module, then the score
line ``mutation score: KILLED/TOTAL killed (P%), S survived, N no tests, U not checked``.  With
``--survivors FILE`` it writes every mutant that was neither killed nor timed out, each with its
diff (``mutmut show``), to FILE.  A timeout counts as killed, as mutmut's own score does.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

ROOT = Path("mutants/src")
# mutmut.stats.status_by_exit_code, copied so that reading the score does not start mutmut.
STATUS: dict[int | None, str] = {
    **dict.fromkeys((1, 3), "killed"),
    **dict.fromkeys((36, -24, 24, 152, 255), "timeout"),
    **dict.fromkeys((5, 33), "no tests"),
    **dict.fromkeys((-11, -9), "segfault"),
    0: "survived",
    2: "interrupted",
    34: "skipped",
    37: "caught by type check",
    None: "not checked",
}


def status(code: int | None) -> str:
    """mutmut's word for a mutant's exit code."""
    return STATUS.get(code, "suspicious")


def verdicts() -> dict[str, dict[str, str]]:
    """module → mutant name → status, for every module that has mutants."""
    table: dict[str, dict[str, str]] = {}
    for meta in sorted(ROOT.rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if codes:
            module = ".".join(meta.relative_to(ROOT).with_suffix("").with_suffix("").parts)
            table[module] = {name: status(code) for name, code in sorted(codes.items())}
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", type=Path, help="write the survivors and their diffs here")
    args = parser.parse_args()
    table = verdicts()
    total: Counter[str] = Counter()
    print(f"{'module':44} {'killed':>7} {'total':>6} {'survived':>8} {'no tests':>8} {'unrun':>6}")
    for module, mutants in table.items():
        counts = Counter(mutants.values())
        killed = counts["killed"] + counts["timeout"]
        print(
            f"{module:44} {killed:7} {len(mutants):6} {counts['survived']:8}"
            f" {counts['no tests']:8} {counts['not checked']:6}"
        )
        total.update(counts)
        total["all"] += len(mutants)
    killed = total["killed"] + total["timeout"]
    checked = total["all"] - total["not checked"]
    share = f"{100 * killed / checked:.1f}%" if checked else "n/a"
    print(
        f"mutation score: {killed}/{checked} killed ({share}) of {total['all']} mutants,"
        f" {total['survived']} survived, {total['no tests']} no tests,"
        f" {total['not checked']} not checked"
    )
    if args.survivors:
        survivors = [
            (name, verdict)
            for mutants in table.values()
            for name, verdict in mutants.items()
            if verdict not in ("killed", "timeout", "not checked")
        ]
        args.survivors.parent.mkdir(parents=True, exist_ok=True)
        args.survivors.write_text(
            "".join(f"{name}: {verdict}\n{diff(name)}\n\n" for name, verdict in survivors),
            encoding="utf-8",
        )
        print(f"{len(survivors)} survivors written to {args.survivors}")


def diff(name: str) -> str:
    """The mutant's diff, as ``mutmut show`` prints it."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    return get_diff_for_mutant(name)


if __name__ == "__main__":
    main()
