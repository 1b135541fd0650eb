"""The proofs say what spec/theorems/ says: ``spec_problems`` compares a theorem's indices,
hypotheses, assumptions and statement with the tables of its spec file, formula for formula
(sympy's printed form), and ``tables`` prints those tables for a spec file."""

from __future__ import annotations

import re
from pathlib import Path

from ._check import Rule, Theorem

_ROOT = Path(__file__).resolve().parent.parent  # the checkout, or site-packages
_CHECKOUT = _ROOT / "spec" / "theorems"
SPEC = _CHECKOUT if _CHECKOUT.is_dir() else _ROOT / "perceptron_ref_spec" / "theorems"
"""spec/theorems/ of the checkout, or its copy installed with the wheel (perceptron_ref_spec)."""


def spec_path(theorem_id: str) -> Path:
    return SPEC / f"{theorem_id}.md"


def index_text(theorem: Theorem) -> list[tuple[str, str, str]]:
    return [(str(i.symbol), f"{i.lo} <= {i.symbol} <= {i.hi}", i.text) for i in theorem.indices]


def rule_formula(rule: Rule) -> str:
    """The rule with its quantifiers, as the spec's Assumptions table writes it."""
    if rule.kind == "theorem":
        return f"{rule.id}: its hypotheses ⇒ {rule.conclusion}"
    variables = ", ".join(str(v) for v in rule.variables)

    def premise(p: object) -> str:
        over = [i for i in rule.indices if i.symbol in getattr(p, "free_symbols", ())]
        quantifiers = "".join(f"∀ {i.symbol} ∈ [{i.lo}, {i.hi}]: " for i in over)
        return f"({quantifiers}{p})" if over else str(p)

    premises = " ∧ ".join(premise(p) for p in rule.premises)
    body = f"{premises} ⇒ {rule.conclusion}" if premises else str(rule.conclusion)
    return f"∀ {variables}: {body}"


KIND = {
    "space": "axiom of the inner-product space",
    "lemma": "lemma (Coq proves it from its standard library)",
    "external": "assumption (cited by the note without proof)",
    "theorem": "theorem of this project",
}


def tables(theorem: Theorem) -> str:
    """The spec's formal tables for this theorem, as the checks expect them."""
    out = ["## Indices", "", "| index | range | meaning |", "| --- | --- | --- |"]
    out += [f"| `{s}` | `{r}` | {t} |" for s, r, t in index_text(theorem)]
    out += ["", "## Hypotheses", "", "| ID | hypothesis | formula |", "| --- | --- | --- |"]
    out += [f"| {h.id} | {h.text} | `{cell(h.formula)}` |" for h in theorem.hypotheses]
    out += ["", "## Assumptions", ""]
    rules = theorem.rules()
    if rules:
        out += ["| rule | kind | statement |", "| --- | --- | --- |"]
        out += [f"| `{r.id}` | {KIND[r.kind]} | `{cell(rule_formula(r))}` |" for r in rules]
    else:
        out.append(
            "None beyond the hypotheses (and the inner-product space's bilinearity and symmetry)."
        )
    out += ["", "## Formal statement", "", "| fact | formula |", "| --- | --- |"]
    out += [f"| S{n} | `{cell(f)}` |" for n, f in enumerate(theorem.statement, 1)]
    return "\n".join(out) + "\n"


def cell(value: object) -> str:
    """A table cell's text: a | inside a formula (sympy's Or) is escaped for Markdown."""
    return str(value).replace("|", "\\|")


def _rows(text: str, heading: str) -> list[list[str]]:
    """The table rows (cells, backticks kept) under a ``## heading``, header excluded."""
    match = re.search(
        rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL
    )
    if match is None:
        return []
    rows = []
    for line in match.group(1).splitlines():
        if line.startswith("|") and not line.startswith("| ---"):
            cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
            rows.append([c.strip().replace("\\|", "|") for c in cells])
    return rows[1:]


def _code(cell: str) -> str:
    return cell[1:-1] if cell.startswith("`") and cell.endswith("`") else cell


def spec_problems(theorem: Theorem) -> list[str]:
    path = spec_path(theorem.id)
    if not path.is_file():
        return [f"no spec file {path}"]
    text = path.read_text(encoding="utf-8")
    name = f"spec/theorems/{theorem.id}.md"
    problems = []
    indices = [(_code(r[0]), _code(r[1])) for r in _rows(text, "Indices")]
    if indices != [(s, r) for s, r, _ in index_text(theorem)]:
        problems.append(f"{name}: the indices differ from the proof's")
    hypotheses = [(r[0], _code(r[-1])) for r in _rows(text, "Hypotheses")]
    mine = [(h.id, str(h.formula)) for h in theorem.hypotheses]
    if hypotheses != mine:
        diff = next(
            (f"{a} ≠ {b}" for a, b in zip(hypotheses, mine, strict=False) if a != b),
            f"{len(hypotheses)} rows, the proof has {len(mine)}",
        )
        problems.append(f"{name}: the hypotheses differ from the proof's ({diff})")
    rules = [(_code(r[0]), _code(r[-1])) for r in _rows(text, "Assumptions")]
    if rules != [(r.id, rule_formula(r)) for r in theorem.rules()]:
        problems.append(f"{name}: the assumptions differ from the proof's")
    statement = [_code(r[-1]) for r in _rows(text, "Formal statement")]
    if statement != [str(f) for f in theorem.statement]:
        problems.append(f"{name}: the statement differs from the proof's last conclusion")
    return problems


def coq_conclusion(theorem_id: str) -> str | None:
    """The spec's Coq statement of the conclusion (the ```coq block of its statement)."""
    text = spec_path(theorem_id).read_text(encoding="utf-8")
    match = re.search(r"^## Formal statement\n.*?```coq\n(.*?)```", text, re.MULTILINE | re.DOTALL)
    return " ".join(match.group(1).split()) if match else None
