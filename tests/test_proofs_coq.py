"""The Coq kernel checks the proofs (issue 14): each theorem's file is accepted with no axiom
beyond the standard library's; a broken or axiom-positing file is rejected; and the spec,
the proof's last conclusion and the Coq theorem say the same thing — the Coq statement read
back into sympy by the small parser below, independently of the printer that wrote it.

``make prove`` has the kernel check all thirteen theorems; here three (one citing another)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, ClassVar

import pytest
import sympy

from perceptron_ref_proofs import THEOREMS, theorem
from perceptron_ref_proofs._chain import quantified
from perceptron_ref_proofs._check import Inner, Norm, Theorem
from perceptron_ref_proofs._coq import closed_name, conclusion_text, coq_file, file_of, signature
from perceptron_ref_proofs._coq_kernel import STDLIB_AXIOMS, axioms_printed, check_file, check_files
from perceptron_ref_proofs._spec import coq_conclusion


def test_coqc_is_installed() -> None:
    """Never skipped: without coqc this fails, with the one line that says how to get it."""
    assert shutil.which("coqc"), "coqc is missing: sudo apt-get install coq (make setup does it)"


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    outdir = tmp_path_factory.mktemp("coq")
    ids = ["novikoff/mehta", "perceptron/freund-schapire", "halving/mehta-cover"]
    return outdir, check_files([theorem(i) for i in ids], outdir)


@pytest.mark.parametrize(
    "theorem_id", ["novikoff/mehta", "perceptron/freund-schapire", "halving/mehta-cover"]
)
def test_the_kernel_accepts_the_proof_with_only_standard_axioms(
    kernel: tuple[Path, dict[str, Any]], theorem_id: str
) -> None:
    outdir, verdicts = kernel
    v = verdicts[theorem_id]
    assert v.accepted, v.detail
    assert set(v.axioms) <= STDLIB_AXIOMS
    assert "ClassicalDedekindReals.sig_forall_dec" in v.axioms  # the real numbers' own
    source = (outdir / file_of(theorem_id)).read_text(encoding="utf-8")
    assert not re.search(r"\b(Admitted|admit|Axiom|Parameter)\b", source)
    assert source.rstrip().splitlines()[-1].startswith("Print Assumptions ")


def test_a_citing_theorems_file_requires_the_cited_one(kernel: tuple[Path, dict[str, Any]]) -> None:
    outdir, _ = kernel
    source = (outdir / "perceptron" / "freund_schapire.v").read_text(encoding="utf-8")
    assert "Require Perceptron.novikoff.gormley." in source
    assert "Perceptron.novikoff.gormley.novikoff_gormley" in source
    assert (outdir / "novikoff" / "gormley.vo").is_file()


def test_a_broken_step_is_rejected(kernel: tuple[Path, dict[str, Any]]) -> None:
    outdir, _ = kernel
    path = outdir / "novikoff" / "mehta.v"
    text = path.read_text(encoding="utf-8")
    broken = text.replace("apply novikoff_algebra; lra.", "idtac.", 1)
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    try:
        v = check_file("novikoff/mehta", outdir)
    finally:
        path.write_text(text, encoding="utf-8")
    assert not v.accepted and v.detail.startswith("rejected: File ")


def test_an_axiom_or_an_admitted_lemma_is_rejected(kernel: tuple[Path, dict[str, Any]]) -> None:
    outdir, _ = kernel
    path = outdir / "novikoff" / "mehta.v"
    text = path.read_text(encoding="utf-8")
    cheats = {
        "Axiom": text.replace(
            "Print Assumptions", "Axiom cheat : False.\nPrint Assumptions cheat.\nPrint Assumptions"
        ),
        "Admitted": text.replace("apply novikoff_algebra; lra.\nQed.", "Admitted.", 1),
    }
    for name, cheat in cheats.items():
        assert cheat != text, name
        path.write_text(cheat, encoding="utf-8")
        try:
            v = check_file("novikoff/mehta", outdir)
        finally:
            path.write_text(text, encoding="utf-8")
        assert not v.accepted, name


def test_print_assumptions_is_read_and_only_the_standard_librarys_pass() -> None:
    output = (
        "Axioms:\nClassicalDedekindReals.sig_not_dec : forall P : Prop, {~ ~ P} + {~ P}\n"
        "Perceptron.novikoff.mehta.cheat\n  : False\n"
    )
    assert axioms_printed(output) == (
        "ClassicalDedekindReals.sig_not_dec",
        "Perceptron.novikoff.mehta.cheat",
    )
    assert axioms_printed("Closed under the global context\n") == ()
    assert axioms_printed("") is None
    assert "Perceptron.novikoff.mehta.cheat" not in STDLIB_AXIOMS


# --- the statement, three ways -----------------------------------------------------------

TOKEN = re.compile(r"\s*(%Z|/\\|<=|>=|<>|->|[A-Za-z_][A-Za-z_0-9']*|\d+|[()+\-*/^<>=,:])")


def tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        assert m, f"cannot read {text[pos : pos + 20]!r}"
        out.append(m.group(1))
        pos = m.end()
    return out


class CoqReader:
    """Coq terms of the printer's grammar as sympy, over the theorem's own names."""

    RELATIONS: ClassVar[dict[str, Any]] = {
        "<=": sympy.Le,
        ">=": sympy.Ge,
        "<": sympy.Lt,
        ">": sympy.Gt,
        "=": sympy.Eq,
        "<>": sympy.Ne,
    }

    def __init__(self, t: Theorem, text: str) -> None:
        self.names: dict[str, Any] = {p.name: p.key for p in signature(t)}
        self.names.update({str(i.symbol): i.symbol for i in t.indices})
        self.toks = tokens(text)
        self.pos = 0

    def peek(self) -> str | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.toks[self.pos]
        assert expected is None or tok == expected, (tok, expected, self.toks[self.pos - 5 :])
        self.pos += 1
        return tok

    def fact(self) -> tuple[list[tuple[Any, Any, Any]], Any]:
        """forall i : Z, (lo <= i <= hi)%Z -> ... -> relation: the ranges and the relation."""
        ranges = []
        while self.peek() == "forall":
            self.take("forall")
            name = self.take()
            self.take(":")
            self.take("Z")
            self.take(",")
            self.take("(")
            lo = self.sum()
            self.take("<=")
            assert self.take() == name
            self.take("<=")
            hi = self.sum()
            self.take(")")
            self.take("%Z")
            self.take("->")
            ranges.append((self.names[name], lo, hi))
        return ranges, self.relation()

    def relation(self) -> Any:
        if self.peek() == "(" and self.closes_with_z():
            self.take("(")
            r = self.relation()
            self.take(")")
            self.take("%Z")
            return r
        left = self.sum()
        op = self.take()
        return self.RELATIONS[op](left, self.sum())

    def closes_with_z(self) -> bool:
        depth = 0
        for k in range(self.pos, len(self.toks)):
            depth += {"(": 1, ")": -1}.get(self.toks[k], 0)
            if depth == 0:
                return k + 1 < len(self.toks) and self.toks[k + 1] == "%Z"
        return False

    def sum(self) -> Any:
        value = self.product()
        while self.peek() in ("+", "-"):
            value = value + self.product() if self.take() == "+" else value - self.product()
        return value

    def product(self) -> Any:
        value = self.power()
        while self.peek() in ("*", "/"):
            value = value * self.power() if self.take() == "*" else value / self.power()
        return value

    def power(self) -> Any:
        if self.peek() == "-":
            self.take()
            return -self.power()
        if self.peek() == "/":  # Rinv
            self.take()
            return 1 / self.power()
        base = self.atom()
        if self.peek() == "^":
            self.take()
            return base ** int(self.take())
        return base

    def atom(self) -> Any:
        tok = self.take()
        if tok.isdigit():
            value: Any = sympy.Integer(int(tok))
        elif tok == "(":
            head = self.peek()
            if head in self.FUNCTIONS or (head in self.names and self.applied()):
                value = self.application()
            else:
                value = self.sum()
            self.take(")")
        elif tok == "vzero":
            value = sympy.Integer(0)
        else:
            value = self.names[tok]
        if self.peek() == "%Z":
            self.take()
        return value

    FUNCTIONS: ClassVar[set[str]] = {
        "IZR",
        "inner",
        "norm",
        "sqrt",
        "ln",
        "Rpower",
        "Rceil",
        "vadd",
        "vscal",
        "Rabs",
        "Rmax",
        "if",
        "Rle_dec",
    }

    def applied(self) -> bool:
        nxt = self.toks[self.pos + 1] if self.pos + 1 < len(self.toks) else ")"
        return nxt not in ("+", "-", "*", "/", "^", ")", "<=", ">=", "<", ">", "=")

    def application(self) -> Any:
        head = self.take()
        if head == "if":  # if DEC a b then v else w, DEC deciding a relation
            decide = {"Rle_dec": sympy.Le, "Rlt_dec": sympy.Lt, "Rge_dec": sympy.Ge}
            condition = decide[self.take()](self.atom(), self.atom())
            self.take("then")
            yes = self.sum()
            self.take("else")
            return sympy.Piecewise((yes, condition), (self.sum(), True))
        args = []
        while self.peek() != ")":
            args.append(self.atom())
        if head == "IZR":
            return args[0]
        if head == "inner":
            return Inner(*args)
        if head == "norm":  # outside the section: norm V inner v
            assert args[:2] == [self.names.get("V", args[0]), args[1]] or len(args) == 3
            return Norm(args[-1])
        simple = {"sqrt": sympy.sqrt, "ln": sympy.log, "Rceil": sympy.ceiling, "Rabs": sympy.Abs}
        if head in simple:
            return simple[head](args[0])
        if head == "Rpower":
            return args[0] ** args[1]
        if head == "Rmax":
            return sympy.Max(args[0], args[1])
        if head == "vadd":
            return args[0] + args[1]
        if head == "vscal":
            return args[0] * args[1]
        return self.names[head](*args)


def same(a: Any, b: Any) -> bool:
    """Two relations say the same: same kind, and sides equal as expressions."""
    if type(a) is not type(b):
        return False
    return all(
        sympy.simplify(sympy.expand(p - q)) == 0 for p, q in zip(a.args, b.args, strict=True)
    )


@pytest.mark.parametrize("theorem_id", THEOREMS)
def test_spec_proof_and_coq_state_the_same_thing(theorem_id: str) -> None:
    t = theorem(theorem_id)
    coq = conclusion_text(t)
    # 1. the spec's Coq statement is the Coq file's (and the spec's sympy statement is the
    #    proof's last conclusion: tests/test_proofs.py, spec_problems)
    assert coq_conclusion(theorem_id) == " ".join(coq.split())
    source = coq_file(t)
    closing = source[source.index(f"Theorem {closed_name(theorem_id)} :") :]
    assert " ".join(coq.split()) in " ".join(closing.split())
    # 2. read back into sympy, it is the proof's statement, fact by fact, ranges included
    parts = [coq] if len(t.statement) == 1 else re.split(r"\) /\\ \(", coq[1:-1])
    assert len(parts) == len(t.statement)
    for text, fact in zip(parts, t.statement, strict=True):
        ranges, relation = CoqReader(t, text).fact()
        assert same(relation, fact), (relation, fact)
        symbols = quantified(t, fact)
        assert [r[0] for r in ranges] == symbols
        for symbol, lo, hi in ranges:
            index = t.index_of(symbol)
            assert index is not None
            assert sympy.expand(lo - index.lo) == 0 and sympy.expand(hi - index.hi) == 0


def test_a_coq_statement_that_says_something_else_is_caught() -> None:
    """The reading above can fail: a relation flipped, a constant changed or a range shifted
    in the Coq text no longer reads as the proof's statement."""
    t = theorem("novikoff/mehta")
    (fact,) = t.statement
    text = conclusion_text(t)
    for wrong in (
        text.replace("<=", ">=", 1),
        text.replace("(R_ ^ 2)", "(R_ ^ 3)"),
        text.replace("(IZR m)", "((IZR m) + 1)"),
    ):
        assert wrong != text
        _, relation = CoqReader(t, wrong).fact()
        assert not same(relation, fact), wrong
    t = theorem("perceptron/blum-lower-bound")
    shifted = conclusion_text(t).replace("(1 <= k <= N_)%Z", "(0 <= k <= N_)%Z", 1)
    ranges, _ = CoqReader(t, re.split(r"\) /\\ \(", shifted[1:-1])[0]).fact()
    index = t.index_of(ranges[0][0])
    assert index is not None and sympy.expand(ranges[0][1] - index.lo) != 0
