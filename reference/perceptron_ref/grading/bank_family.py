"""The audit's bank for an algorithm beyond the core six: every variant its judge names, the
slips of any training loop, and right code in the usual styles.

A family's judge (:mod:`~perceptron_ref.crosscheck.judge.families`) names the places where
real code of the family differs -- the averaged perceptron's average and its zero score in
training, the voted perceptron's count, Winnow's threshold, its rule at w·x = θ and its
demotion, the multiclass perceptron's argmax tie and its update, the kernel perceptron's kernel
and its zero score in training, Halving's sgn(0) -- each with its values, the reference's
first.  The bank holds one hand-in per combination of those values
(:meth:`~perceptron_ref.crosscheck.judge.families.Judge.variants`): the reference's, written
with numpy and with lists of floats (and with exact fractions when the assignment's ``input``
is ``fractions``), is right; every other one is wrong
in the ``train`` parts, named by its values and its diagnosis codes
(:mod:`~perceptron_ref.crosscheck.explain.families`).  Then one pass too many and too few (a
run to convergence: capped at 2 passes), a shuffle each pass and a fixed answer; for a
``predict`` part, the prediction wrong at the tie only (:data:`TIES`: −1 at a zero score or at
w·x = θ, sign(0) = −1 in the vote, the last of tied classes), wrong in that part only.

Halving is told its hypotheses (a train function's third argument, ``hypotheses``) and its
bank has no pass too many, no shuffle and no cap: after one pass the hypotheses left are
those consistent with every example, whatever the order, and a further pass drops none, so
these slips return the right answer on every data set (one pass too few is a slip only when
one pass is asked: then none is made).  It has instead the slip of dropping hypotheses only
when the majority vote errs.

The code is :mod:`~perceptron_ref.grading.bank_code`'s module of the family, copied whole with
the variant's ``KNOBS``, and the functions the assignment names around it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.family import of as family_of
from perceptron_ref.crosscheck.judge.families.kernel import polynomial
from perceptron_ref.crosscheck.judge.families.winnow import factor
from perceptron_ref.errors import InputError
from perceptron_ref.grading.assignment import Assignment, Part, model_role
from perceptron_ref.grading.bank_variant import Variant

CODE = Path(__file__).with_name("bank_code")
WRITTEN = ("averaged", "voted", "winnow", "multiclass", "kernel", "halving")
"""The families whose code the bank has (``bank_code/<family>.py``)."""
STYLES = ("numpy", "lists", "fractions")
FLOATS = ("averaged", "voted", "winnow", "multiclass")
"""The families whose numpy and lists styles convert the numbers to float64: right code for
float input, not for exact input (``input = "fractions"``), where float rounding is wrong."""
SYMBOLS = {"θ": "theta", "ε": "eps", "−": "-minus-", "÷": "div", "×": "times", "½": "half",
           "→": "", "·": "", "Σ": "sum", "α": "alpha-"}  # fmt: skip


def slug(values: list[str]) -> str:
    """``tie → positive`` → ``tie-positive``: a variant's values as a file name (a value that
    ends with its name in words, the kernel's ``(x·x' + 2)^1 (p and c swapped)``, by those)."""
    out = []
    for v in values:
        named = re.fullmatch(r".+ \(([a-z][^()]*)\)", v)
        v = named.group(1) if named else v
        for symbol, said in SYMBOLS.items():
            v = v.replace(symbol, said)
        word = "".join(c if c.isascii() and c.isalnum() else "-" for c in v)
        out.append("-".join(filter(None, word.split("-"))))
    return "-".join(out)


def variants(a: Assignment) -> list[Variant]:
    """The bank for a family's assignment (right variants first)."""
    family = family_of(a.algorithm)
    if family.name not in WRITTEN:
        raise InputError(
            f"audit: the bank has no code for {a.algorithm} yet (it writes "
            f"{', '.join(WRITTEN)}); grade and crosscheck judge it all the same"
        )
    options = a.family_options
    judge, explain = family.judge, family.explain
    dims = [d for d in judge.dims(options) if not d.predictions]
    found = judge.variants(options, predictions=False)
    reference = found[0]
    checks = frozenset(p.check for p in a.parts)
    base: dict[str, Any] = {}
    if family.name == "winnow":
        f = factor(a.algorithm, options.settings)
        base["factor"] = f"{f.numerator}/{f.denominator}"
    if family.name == "kernel":
        p, c = polynomial(options)
        base |= {"degree": p, "c": f"{c.numerator}/{c.denominator}"}
    out: list[Variant] = []

    def add(name: str, what: str, knobs: dict[str, Any], wrong: set[str]) -> None:
        w = frozenset(wrong) & checks
        if wrong and not w:
            return
        out.append(Variant(name, what, checks - w, w, base | knobs))

    ref = dict(reference.values)
    # exact fractions only where the grader passes them: on the realistic data crosscheck
    # draws (5000 × 784), Fraction arithmetic takes minutes, no course's time limit
    styles: tuple[str, ...] = STYLES if a.input == "fractions" else STYLES[:2]
    if a.input == "fractions" and family.name in FLOATS:
        styles = ("fractions",)  # their numpy and lists styles compute in floats: not exact
    for style in styles:
        add(f"right-{style}", f"right: {style}", ref | {"style": style}, set())
    for v in found[1:]:
        differ = [(d, v[d.name]) for d in dims if v[d.name] != reference[d.name]]
        codes = sorted({explain.dims[d.name].codes[value] for d, value in differ})
        what = f"{v.name(a.algorithm, reference)}: {', '.join(codes)}"
        add("wrong-" + slug([value for _, value in differ]), what, dict(v.values), {"train"})
    if family.name == "halving":  # the loop's slips that change Halving's answer (above)
        if a.epochs == 1:
            add("wrong-pass-too-few", "makes no pass", ref | {"passes": -1}, {"train"})
        what = "drops hypotheses only when the vote errs"
        add("wrong-mistakes-only", what, ref | {"mistakes only": True}, {"train"})
    elif a.epochs == "converge":
        add("wrong-capped", "stops after at most 2 passes", ref | {"cap": 2}, {"train"})
    else:
        add("wrong-pass-too-many", "one pass too many", ref | {"passes": 1}, {"train"})
        add("wrong-pass-too-few", "one pass too few", ref | {"passes": -1}, {"train"})
    if family.name != "halving":
        what = "shuffles the examples each pass"
        add("wrong-shuffle", what, ref | {"shuffle": True}, {"train"})
    add("wrong-fixed", "a fixed answer, whatever the data", ref | {"fixed": True}, set(checks))
    if "predict" in checks:  # right but at the tie: the predict part's points only
        name, what, knobs = TIES.get(family.name, TIES["averaged"])
        add(name, what, ref | knobs, {"predict"})
    return out


TIES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "averaged": ("wrong-predict-zero", "predicts −1 at a zero score", {"zero": -1}),
    "winnow": ("wrong-predict-theta", "predicts −1 at w·x = θ (w·x > θ)", {"zero": -1}),
    "voted": ("wrong-predict-zero", "votes with sign(0) = −1", {"zero": -1}),
    "multiclass": (
        "wrong-predict-tie",
        "predicts the last of tied classes",
        {"predict tie": "last"},
    ),
}
"""A predict part's wrong-at-the-tie variant, by family: its name, what it does, its knobs."""


def _train(part: Part, a: Assignment, train: str) -> str:
    """The assignment's train function; Halving's takes the hypotheses too (the part's third
    argument, ``hypotheses`` by default: the name the grader passes them by)."""
    names = [n for _, n in part.arguments] or ["X", "y"]
    X, y = names[0], names[1] if len(names) > 1 else "y"
    told = []
    if family_of(a.algorithm).name == "halving":
        told = [names[2] if len(names) > 2 else "hypotheses"]
    labels = (
        f"    {y} = [1 if int(t) == 1 else -1 for t in {y}]  # the labels as 0/1\n"
        if a.labels == "01"
        else ""
    )
    body = f"    return {train}({', '.join([X, y, *told])}, EPOCHS, BIAS)\n"
    return f"def {part.function}({', '.join([X, y, *told])}):\n{labels}{body}"


def _predict(part: Part, a: Assignment, predict: str) -> str:
    """The assignment's predict function: the model (w with its bias first, ``b`` apart: put
    first; the votes; the rows W), x with the constant 1 first when there is a bias."""
    roles = dict(part.arguments)
    names = ", ".join(n for _, n in part.arguments)
    b = roles.get("b")
    model = roles[model_role(a.algorithm)]
    w = f"[{b}, *list({model})]" if b else model
    one = a.bias or b is not None
    coded = "(1 if {} == 1 else 0)" if a.labels == "01" else "{}"  # -1/+1 written as 0/1
    if "X" in roles:
        x = "[1, *list(x)]" if one else "x"
        call = coded.format(f"{predict}({x}, {w})")
        return f"def {part.function}({names}):\n    return [{call} for x in {roles['X']}]\n"
    x = f"[1, *list({roles['x']})]" if one else roles["x"]
    return f"def {part.function}({names}):\n    return {coded.format(f'{predict}({x}, {w})')}\n"


def source(a: Assignment, variant: Variant) -> str:
    """The Python file of a variant: the family's code with the variant's knobs, and the
    assignment's functions."""
    family = family_of(a.algorithm).name
    code = (CODE / f"{family}.py").read_text(encoding="utf-8")
    empty = "KNOBS: dict[str, Any] = {}"
    assert empty in code, family
    code = code.replace(empty, f"KNOBS: dict[str, Any] = {variant.knobs!r}")
    own = set(re.findall(r"^def (\w+)\(", code, flags=re.M))
    for name in own & set(a.functions):  # the assignment's name wins: the code's moves aside
        code = re.sub(rf"(?<![\w.]){name}(?=\()", f"_{name}", code)
    train, predict = ("_" + n if n in a.functions else n for n in ("train", "predict"))
    lines = [
        f"# Audit bank: {variant.name} -- {variant.what} (written by perceptron-ref audit)",
        code.rstrip(),
        "",
        "",
        f"EPOCHS = {a.epochs!r}",
        f"BIAS = {a.bias!r}",
        "",
    ]
    for part in a.parts:
        if part.check == "train":
            lines.append(_train(part, a, train))
        elif part.check == "predict":
            lines.append(_predict(part, a, predict))
    return "\n".join(lines)


__all__ = ["WRITTEN", "source", "variants"]
