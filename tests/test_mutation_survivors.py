"""``tests/mutation-survivors.md``, the surviving mutants argued equivalent, stays well formed:
every listed mutant has an ID, a diff and an argument (issue 7).  Whether the ID still names a
live mutant needs a mutmut run; this only keeps the list readable and complete in form."""

from __future__ import annotations

import re
from pathlib import Path

SURVIVORS = Path(__file__).resolve().parent / "mutation-survivors.md"
ENTRY = re.compile(r"^### `(?P<id>[^`]+)`\n(?P<body>.*?)(?=^### |^## |\Z)", re.M | re.S)
ID = re.compile(r"^perceptron_ref(\.\w+)+\.x[_ǁ][\wǁ]*__mutmut_\d+$")


def entries() -> list[tuple[str, str]]:
    return [(m["id"], m["body"]) for m in ENTRY.finditer(SURVIVORS.read_text(encoding="utf-8"))]


def test_every_listed_survivor_has_an_id_a_diff_and_an_argument() -> None:
    found = entries()
    assert found, "no entries found: the heading format changed?"
    for mutant, body in found:
        assert ID.match(mutant), f"{mutant}: not a mutmut mutant ID"
        diff = re.search(r"```diff\n(.*?)```", body, re.S)
        assert diff, f"{mutant}: no ```diff block"
        lines = diff[1].splitlines()
        assert any(line.startswith("-") for line in lines), f"{mutant}: diff has no - line"
        assert any(line.startswith("+") for line in lines), f"{mutant}: diff has no + line"
        argument = body[diff.end() :]
        assert re.search(r"\*\*Equivalent:\*\* \S.{20,}", argument, re.S), f"{mutant}: no argument"


def test_no_survivor_is_listed_twice() -> None:
    ids = [mutant for mutant, _ in entries()]
    assert len(ids) == len(set(ids))
