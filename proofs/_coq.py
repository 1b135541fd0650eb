"""Each theorem as a Coq file, checked by Coq's kernel.

``coq_file(theorem)`` writes one self-contained ``.v`` file (a theorem that cites another
``Require``s its file):

* a ``Section`` whose variables are an abstract real inner-product space (a type V, its
  vector-space operations and a symmetric bilinear positive-semidefinite form, with their
  axioms as section hypotheses: no coordinates, no dimension), the theorem's parameters, and
  its hypotheses, each with its full quantifiers;
* each step as a lemma: a sympy or z3 step proved by ``lra``/``nra`` after the inner products
  are expanded by bilinearity (or by the step's own short script), an induction by the nat
  induction ``Zind``, a rule by the rule's lemma (proved in the file from the standard
  library) or a cited theorem's closed form;
* after the section, the theorem closed over everything, with its hypotheses as premises,
  proved from the last step, and ``Print Assumptions`` of it.

The Coq text shared by every file is ``_coq_prelude``; ``_coq_kernel`` runs ``coqc``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sympy

from ._chain import quantified
from ._check import At, Premise, Step, Theorem, formula_of
from ._coq_prelude import (
    CAUCHY_SCHWARZ,
    CEILING,
    LOGS,
    PRELUDE,
    SPACE_AXIOMS,
    SPACE_VARIABLES,
    SUMS,
)
from ._coq_print import Param, Printer, coq_ident, function_keys, is_integer
from ._forms import (
    Expr,
    Gram,
    Inner,
    Norm,
    Vector,
    VectorSequence,
    _gram,
    definitions_of,
    expand_inner,
    is_vector,
    is_vector_equation,
)

LIBRARY = "Perceptron"


def comment(text: str) -> str:
    """Text that cannot end or nest a Coq comment."""
    return text.replace("(*", "( *").replace("*)", "* )")


def hyp_name(hypothesis_id: str) -> str:
    """H3 as Coq's Hyp3: Coq's fresh names (H, H0, H1, …) must not be a section variable's,
    or destruct keeps the hypotheses it splits."""
    return "Hyp" + hypothesis_id[1:]


def closed_name(theorem_id: str) -> str:
    return coq_ident(theorem_id.replace("/", "_").replace("-", "_"))


def file_of(theorem_id: str) -> Path:
    return Path(theorem_id.replace("-", "_") + ".v")


def module_of(theorem_id: str) -> str:
    return ".".join([LIBRARY, *theorem_id.replace("-", "_").split("/")])


# --- the theorem's signature ------------------------------------------------------------


def _formulas(theorem: Theorem) -> list[Expr]:
    """The hypotheses, the statement and the index ranges: what the theorem quantifies."""
    ranges = [sympy.Tuple(i.lo, i.hi) for i in theorem.indices]
    return [h.formula for h in theorem.hypotheses] + list(theorem.statement) + ranges


def _step_formulas(theorem: Theorem) -> list[Expr]:
    out = []
    for s in theorem.steps:
        out += [*s.premises, s.conclusion]
        if s.induction is not None:
            out.append(s.induction.predicate(s.induction.index))
    return out


def signature(theorem: Theorem, formulas: Sequence[Expr] | None = None) -> list[Param]:
    """The parameters of the hypotheses and statement (or of ``formulas``), first use first."""
    indices = {i.symbol for i in theorem.indices}
    found: dict[Any, Param] = {}
    for f in _formulas(theorem) if formulas is None else formulas:
        for a in sympy.preorder_traversal(f):
            if isinstance(a, sympy.Symbol) and not isinstance(a, sympy.Dummy):
                if a in indices or a in found or a not in f.free_symbols:
                    continue
                kind = "V" if isinstance(a, Vector) else "Z" if is_integer(a) else "R"
                found[a] = Param(a, coq_ident(a.name), kind)
            for key in function_keys(a) if isinstance(a, VectorSequence | sympy.Function) else ():
                if key in found or (isinstance(key, type) and issubclass(key, Inner | Norm | Gram)):
                    continue
                app = next(
                    b
                    for b in sympy.preorder_traversal(f)
                    if (type(b) if isinstance(b, VectorSequence) else getattr(b, "func", None))
                    is key
                )
                kinds = ["V" if is_vector(x) else "Z" if is_integer(x) else "R" for x in app.args]
                result = "V" if isinstance(app, VectorSequence) else "Z" if is_integer(app) else "R"
                name = coq_ident(getattr(key, "__name__", str(key)))
                found[key] = Param(key, name, " -> ".join([*kinds, result]))
    return list(found.values())


# --- printing facts -----------------------------------------------------------------------


def names_of(params: Iterable[Param]) -> dict[Any, str]:
    return {p.key: p.name for p in params}


def prefix(
    theorem: Theorem, printer: Printer, formula: Expr, names: Mapping[Any, str] | None = None
) -> str:
    """The quantifiers of a fact: ∀ index ∈ range, in declaration order."""
    out = []
    for symbol in quantified(theorem, formula):
        index = theorem.index_of(symbol)
        assert index is not None
        name = (names or {}).get(symbol, printer.name(symbol))
        out.append(
            f"forall {name} : Z, ({printer.z(index.lo)} <= {name} <= {printer.z(index.hi)})%Z -> "
        )
    return "".join(out)


def fact(theorem: Theorem, printer: Printer, formula: Expr) -> str:
    return prefix(theorem, printer, formula) + printer.p(formula)


# --- the proof of a step ------------------------------------------------------------------


@dataclass
class Context:
    """What the generator knows inside one step's proof."""

    theorem: Theorem
    names: dict[Any, str]
    facts: dict[Expr, str]
    """Each known fact (hypothesis or earlier conclusion) and its Coq name."""


def normalize(ctx: Context, template: Expr, values: Mapping[Any, Expr], where: str) -> list[str]:
    """Coq's literal substitution of ``values`` into ``template`` leaves index arguments such as
    ((n + 1) - 1); rewrite each into the form the printer gives the substituted formula."""
    if not values:
        return []
    literal = Printer(ctx.names, {k: Printer(ctx.names).z(v) for k, v in values.items()})
    canonical = Printer(ctx.names)
    lines = []
    seen = set()
    for a in sympy.preorder_traversal(template):
        if isinstance(a, VectorSequence) or (
            isinstance(a, sympy.core.function.AppliedUndef)
            and not isinstance(a, Inner | Norm | Gram)
        ):
            for x in a.args:
                if not is_integer(x) or not (x.free_symbols & set(values)):
                    continue
                lit = literal.z(x)
                can = canonical.z(x.xreplace(dict(values)))
                if lit != can and (lit, can) not in seen:
                    seen.add((lit, can))
                    target = "" if where == "goal" else f" in {where}"
                    lines.append(f"try replace ({lit})%Z with ({can})%Z{target} by ring.")
    return lines


def _vector_pairs(e: Expr, definitions: Mapping[Any, Any]) -> set[tuple[Any, Any]]:
    """The (left, right) atom pairs Coq's bilinear expansion of e produces, in its order."""
    pairs: set[tuple[Any, Any]] = set()

    def atoms(v: Expr) -> list[Any]:
        for _ in range(10):
            new = v.xreplace(dict(definitions))
            if new == v:
                break
            v = new
        out = []
        for term in sympy.Add.make_args(sympy.expand(v)):
            out += [f for f in sympy.Mul.make_args(term) if isinstance(f, Vector | VectorSequence)]
        return out

    for a in sympy.preorder_traversal(e):
        if isinstance(a, Inner):
            for x in atoms(a.args[0]):
                for y in atoms(a.args[1]):
                    pairs.add((x, y))
    return pairs


def _cofactors(premises: Sequence[Expr], conclusion: Expr) -> list[tuple[int, Expr]] | None:
    """Polynomials c_k with lhs − rhs = Σ c_k·(a_k − b_k) over the premises' equations a_k = b_k
    (inner products expanded): lra then closes the identity from the premises times c_k."""
    definitions = definitions_of(premises)
    equations = [
        (n, expand_inner(p.lhs - p.rhs, definitions))
        for n, p in enumerate(premises)
        if isinstance(p, sympy.Eq) and not is_vector_equation(p) and not p.has(sympy.Sum)
    ]
    if not isinstance(conclusion, sympy.Eq) or conclusion.has(sympy.Sum):
        return None
    goal = sympy.expand(expand_inner(conclusion.lhs - conclusion.rhs, definitions))
    if goal == 0 or not equations:
        return []
    if goal.has(sympy.Sum) or any(e.has(sympy.Sum) for _, e in equations):
        return None
    found: dict[Any, Any] = {}
    exprs = [goal, *(sympy.expand(e) for _, e in equations)]
    for e in exprs:
        for a in e.atoms(sympy.Function):
            found.setdefault(a, sympy.Dummy("a"))
    back = {v: k for k, v in found.items()}
    polys = [e.xreplace(found) for e in exprs]
    if any(sympy.fraction(sympy.together(p))[1] != 1 for p in polys):
        return None
    gens = sorted(set().union(*(p.free_symbols for p in polys)), key=sympy.default_sort_key)
    quotients, remainder = sympy.reduced(polys[0], polys[1:], *gens)
    if sympy.expand(remainder) != 0:
        return None
    return [
        (equations[k][0], sympy.expand(q).xreplace(back))
        for k, q in enumerate(quotients)
        if sympy.expand(q) != 0
    ]


def _functions_of(e: Expr) -> set[Expr]:
    return {
        a
        for a in sympy.preorder_traversal(e)
        if isinstance(a, Norm) or (isinstance(a, sympy.Pow) and a.exp == sympy.Rational(1, 2))
    }


def _is_z_relation(e: Expr) -> bool:
    return isinstance(e, sympy.core.relational.Relational) and all(is_integer(a) for a in e.args)


def step_body(
    ctx: Context,
    s: Step,
    premises: Sequence[Expr],
    goal: Expr,
    names: Sequence[str],
    ranges: Sequence[str],
) -> list[str]:
    """After the premises are posed as ``names``: definitions, expansion, arithmetic."""
    printer = Printer(ctx.names)
    lines = []
    for n, p in zip(names, premises, strict=True):
        if is_vector_equation(p):
            lines.append(f"repeat rewrite {n} in *.")
    for e in sorted(
        set().union(*(_functions_of(f) for f in [*premises, goal])), key=sympy.default_sort_key
    ):
        if isinstance(e, Norm):
            v = printer.v(e.args[0])
            lines.append(f"pose proof (norm_nonneg {v}). pose proof (norm_sq {v}).")
        else:
            r = printer.r(e.args[0])
            lines.append(f"pose proof (sqrt_pos {r}). pose proof (sqrt_sqrt {r}).")
    lines.append("expand.")
    definitions = definitions_of(premises)
    pairs = set().union(*(_vector_pairs(f, definitions) for f in [*premises, goal]))
    for x, y in sorted(pairs, key=sympy.default_sort_key):
        if x != y and _gram(x, y).args != (x, y):
            lines.append(f"rewrite ?(inner_sym {printer.v(x)} {printer.v(y)}) in *.")
    for n in ranges:
        lines.append(f"zr1 {n}.")
    for n, p in zip(names, premises, strict=True):
        if _is_z_relation(p):
            lines.append(f"zr1 {n}.")
    lines.append("izr.")
    if s.method == "sympy" and s.coq is None:
        cofactors = _cofactors(premises, goal)
        for k, c in cofactors or []:
            lines.append(
                f"pose proof (f_equal (fun z_ => {printer.r(c)} * z_) {names[k]}) as C{k}; "
                f"cbv beta in C{k}."
            )
    kinds = (sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise, sympy.KroneckerDelta)
    split = ""
    bases = [p.fact if isinstance(p, At) else p for p in s.hypotheses]
    if any(f.has(k) for f in [*premises, *bases, goal] for k in kinds):
        split = "unfold Rmax, Rmin, Rabs in *; destruct_ifs; "
    if _is_z_relation(goal) and s.coq is None:
        finisher = (
            "first [ lia | (apply le_IZR || apply lt_IZR || apply eq_IZR "
            "|| apply Z.le_ge, le_IZR); izr; first [ lra | nra ] | lra | nra ]."
        )
    else:
        finisher = s.coq or (
            "first [ lra | lia | (intros; modus; first [ lra | lia | congruence ]) "
            "| (intros; cases; modus; first [ lra | lia | congruence ]) "
            "| nra | (intros; modus; nra) | (exfalso; lia) | congruence ]."
        )
    if split and s.coq is None:
        finisher = split + "(" + finisher.rstrip(".") + ")."
    lines.append(finisher)
    return lines


def pose(ctx: Context, p: Premise, name: str, bound: Iterable[Expr]) -> list[str]:
    """`pose proof` of a premise at its index values, and the arguments normalized.  The
    longest prefix of its quantifiers that the step binds (or that has stated values) is
    instantiated; a fact the step uses inside sums stays quantified."""
    t = ctx.theorem
    base = p.fact if isinstance(p, At) else p
    values = dict(p.values) if isinstance(p, At) else {}
    scope = set(bound)
    printer = Printer(ctx.names)
    args = []
    for symbol in quantified(t, base):
        if symbol in values:
            args.append(f"{printer.zz(values[symbol])} ltac:(lia)")
        elif symbol in scope:
            args.append(f"{printer.name(symbol)} ltac:(lia)")
        else:
            break
    head = ctx.facts[base]
    lines = [
        f"pose proof ({head} {' '.join(args)}) as {name}."
        if args
        else f"pose proof {head} as {name}."
    ]
    lines += normalize(ctx, base, values, name)
    return lines


def prove_step(ctx: Context, s: Step) -> list[str]:
    t = ctx.theorem
    printer = Printer(ctx.names)
    out: list[str] = []
    symbols = [
        x for x in quantified(t, s.conclusion) if s.induction is None or x != s.induction.every
    ]
    intros, ranges = [], []
    for x in symbols:
        intros += [printer.name(x), f"R_{printer.name(x)}"]
        ranges.append(f"R_{printer.name(x)}")
    if intros:
        out.append("intros " + " ".join(intros) + ".")
    clear = "clear " + " ".join(hyp_name(h.id) for h in t.hypotheses) + "."
    if s.instance is not None:
        rule = s.instance.rule
        values = dict(s.instance.values)
        names = []
        for n, p in enumerate(s.hypotheses, 1):
            if formula_of(p) is sympy.true:  # a premise true by arithmetic (2 > 1)
                names.append("ltac:(first [ lra | lia ])")
                continue
            out += pose(ctx, p, f"P{n}", symbols)
            names.append(f"P{n}")
        args = []
        if rule.kind == "theorem":
            args += [v for v, _ in SPACE_VARIABLES] + [a for a, _ in SPACE_AXIOMS]
        for var in rule.variables:
            value = values.get(var, var)
            if isinstance(value, int | float):
                value = sympy.sympify(value)
            if not isinstance(value, sympy.Basic):  # a function
                args.append(printer.name(value))
            elif isinstance(var, Vector):
                args.append(printer.v(value))
            elif is_integer(var):
                args.append(printer.zz(value))
            else:  # a real variable: an integer value is lifted
                args.append(printer.r(value))
        out.append(f"pose proof ({rule.coq} {' '.join(args)}) as Rule_.")
        out.append(
            s.coq
            or "first [ exact (Rule_ "
            + " ".join(names)
            + ") | (apply Rule_; first [ assumption | lra | lia | (zr_all; lra) ]) | tauto | lra ]."
        )
        return out
    if s.induction is None:
        names = []
        for n, p in enumerate(s.hypotheses, 1):
            out += pose(ctx, p, f"P{n}", symbols)
            names.append(f"P{n}")
        out.append(clear)
        out += step_body(ctx, s, s.premises, s.conclusion, names, ranges)
        return out
    ind = s.induction
    j = ind.index
    n = sympy.Symbol("n_", integer=True)
    lam = f"(fun n_ : Z => {printer.p(ind.predicate(n))})"
    outer = [p for p in s.hypotheses if j not in formula_of(p).free_symbols]
    start, end = printer.zz(ind.start), printer.zz(ind.end)
    if ind.every is None:
        out.append(f"apply (Zind {lam} {start} {end}).")
        block = []
        for k, p in enumerate(outer, 1):
            block += pose(ctx, p, f"B{k}", symbols)
        block += [f"zr1 {r}." for r in ranges]
        block += [f"zr1 B{k}." for k, p in enumerate(outer, 1) if _is_z_relation(formula_of(p))]
        block.append("izr. first [ lia | lra ].")
        out.append("- " + " ".join(block))
    else:
        every = printer.name(ind.every)
        out.append(f"intros {every} R_{every}.")
        out.append(f"apply (Zind_all {lam} {start} {end}); [ | | exact R_{every} ].")
    # the base case
    block = ["cbv beta."]
    block += normalize(ctx, ind.predicate(n), {n: ind.start}, "goal")
    names = []
    for k, p in enumerate(outer, 1):
        block += pose(ctx, p, f"B{k}", symbols)
        names.append(f"B{k}")
    block.append(clear)
    base = ind.predicate(ind.start)
    base_step = dataclasses.replace(s, coq=s.coq_base)
    block += step_body(ctx, base_step, [formula_of(p) for p in outer], base, names, ranges)
    out.append("- " + " ".join(block))
    # the step case, at n = j + offset
    block = ["intros n_ Rn_ IH.", "cbv beta in IH |- *."]
    block += normalize(ctx, ind.predicate(n), {n: n + 1}, "goal")
    names, premises = [], []
    jv = n - ind.offset
    for k, p in enumerate(s.hypotheses, 1):
        f = formula_of(p)
        if j in f.free_symbols:
            base_fact = p.fact if isinstance(p, At) else p
            # (base[values])[j := jv], as one substitution of base
            values = {
                key: sympy.sympify(val).xreplace({j: jv})
                for key, val in (p.values if isinstance(p, At) else ())
            }
            values.setdefault(j, jv)
            block += pose(ctx, At(base_fact, tuple(values.items())), f"S{k}", symbols)
            premises.append(f.xreplace({j: jv}))
        else:
            block += pose(ctx, p, f"S{k}", symbols)
            premises.append(f)
        names.append(f"S{k}")
    block.append(clear)
    premises.append(ind.predicate(n))
    block += step_body(ctx, s, premises, ind.predicate(n + 1), [*names, "IH"], [*ranges, "Rn_"])
    out.append("- " + " ".join(block))
    return out


# --- the file --------------------------------------------------------------------------


def _uses(theorem: Theorem, *kinds: type) -> bool:
    formulas = _formulas(theorem) + _step_formulas(theorem)
    return any(f.has(k) for f in formulas for k in kinds)


def coq_file(theorem: Theorem) -> str:
    """The theorem as a Coq file (see the module docstring)."""
    t = theorem
    params = signature(t)
    extra = [
        p
        for p in signature(t, _formulas(t) + _step_formulas(t))
        if p.key not in {q.key for q in params}
    ]
    names = names_of([*params, *extra])
    printer = Printer(names)
    section = closed_name(t.id) + "_proof"
    cited = [r for r in t.rules() if r.kind == "theorem"]
    lines = [
        f"(* {t.id}: {comment(t.source)}.",
        f"   Written by `perceptron-ref prove --coq` from proofs/{t.id.replace('-', '_')}.py; the",
        f"   statement is spec/theorems/{t.id}.md's. *)",
        "From Coq Require Import Reals Lra Lia Psatz ZArith.",
    ]
    for r in cited:
        lines.append(f"Require {module_of(r.id)}.")
    lines += [
        "Open Scope R_scope.",
        "",
        f"Section {section}.",
        "",
        "(* An abstract real inner-product space: no coordinates, no dimension. *)",
    ]
    lines += [f"Variable {n} : {ty}." for n, ty in SPACE_VARIABLES]
    lines += [f"Hypothesis {n} : {ty}." for n, ty in SPACE_AXIOMS]
    lines.append(PRELUDE)
    if _uses(t, sympy.Sum):
        lines.append(SUMS)
    if _uses(t, sympy.ceiling):
        lines.append(CEILING)
    rule_ids = {r.id for r in t.rules()}
    if rule_ids & {"log-increasing", "log-power", "ceiling-log", "ceiling-log-nonneg"}:
        lines.append(LOGS)
    if "cauchy-schwarz" in rule_ids:
        lines.append(CAUCHY_SCHWARZ)
    lines.append("(* The theorem's parameters and hypotheses. *)")
    for p in [*params, *extra]:
        lines.append(f"Variable {p.name} : {p.type}.")
    for r in t.rules():
        if r.kind == "external":
            lines.append(f"(* Assumption {r.id}: {comment(r.text)} *)")
            lines.append(f"Hypothesis {r.coq} : {rule_statement(r, printer)}.")
    for h in t.hypotheses:
        lines.append(f"(* {h.id}: {comment(h.text)} *)")
        lines.append(f"Hypothesis {hyp_name(h.id)} : {fact(t, printer, h.formula)}.")
    lines.append("")
    facts = {h.formula: hyp_name(h.id) for h in t.hypotheses}
    ctx = Context(t, names, facts)
    for n, s in enumerate(t.steps, 1):
        name = f"step_{n}"
        lines.append(f"(* {s.id}: {comment(s.claim)} [{s.method}] *)")
        lines.append(f"Lemma {name} : {fact(t, printer, s.conclusion)}.")
        lines.append("Proof using All.")  # over every section variable: the closing is exact
        lines += ["  " + line for line in prove_step(ctx, s)]
        lines.append("Qed.")
        lines.append("")
        facts.setdefault(s.conclusion, name)
    lines.append(f"End {section}.")
    lines.append("")
    lines.append(closed_theorem(t, params, Printer(names, closed=True)))
    lines.append("Proof.")
    arguments = [n for n, _ in SPACE_VARIABLES] + [n for n, _ in SPACE_AXIOMS]
    arguments += [p.name for p in [*params, *extra]]
    arguments += [r.coq for r in t.rules() if r.kind == "external"]
    arguments += [hyp_name(h.id) for h in t.hypotheses]
    parts = [f"exact ({facts[f]} {' '.join(arguments)})" for f in t.statement]
    lines.append(
        "  intros. "
        + ("repeat split; " if len(parts) > 1 else "")
        + "first [ "
        + " | ".join(parts)
        + " ]."
    )
    lines.append("Qed.")
    lines.append("")
    lines.append(f"Print Assumptions {closed_name(t.id)}.")
    return "\n".join(lines) + "\n"


def rule_statement(rule: Any, printer: Printer) -> str:
    """A rule with its full quantifiers, in Coq."""
    p = Printer(printer.names)
    binders = []
    for v in rule.variables:
        name = p.name(v)
        ty = "V" if isinstance(v, Vector) else "Z" if is_integer(v) else "R"
        binders.append(f"({name} : {ty})")
    out = f"forall {' '.join(binders)}, " if binders else ""
    for premise in rule.premises:
        quantifiers = ""
        for index in rule.indices:
            if index.symbol in premise.free_symbols:
                name = p.name(index.symbol)
                quantifiers += (
                    f"forall {name} : Z, ({p.z(index.lo)} <= {name} <= {p.z(index.hi)})%Z -> "
                )
        out += (f"({quantifiers}{p.p(premise)})" if quantifiers else p.p(premise)) + " -> "
    return out + p.p(rule.conclusion)


def conclusion_text(theorem: Theorem, printer: Printer | None = None) -> str:
    """The statement as the Coq theorem states it (its facts joined by /\\)."""
    printer = printer or Printer(names_of(signature(theorem)), closed=True)
    parts = [fact(theorem, printer, f) for f in theorem.statement]
    return parts[0] if len(parts) == 1 else " /\\ ".join(f"({p})" for p in parts)


def closed_theorem(theorem: Theorem, params: Sequence[Param], printer: Printer) -> str:
    """The theorem closed over the space, its parameters and its hypotheses."""
    t = theorem
    binders = [f"({n} : {ty})" for n, ty in SPACE_VARIABLES]
    binders += [f"({n} : {ty})" for n, ty in SPACE_AXIOMS]
    binders += [f"({p.name} : {p.type})" for p in params]
    binders += [
        f"({r.coq} : {rule_statement(r, printer)})" for r in t.rules() if r.kind == "external"
    ]
    binders += [f"({hyp_name(h.id)} : {fact(t, printer, h.formula)})" for h in t.hypotheses]
    body = "\n  ".join(f"forall {b}," for b in binders)
    return f"Theorem {closed_name(t.id)} :\n  {body}\n  {conclusion_text(t, printer)}."
