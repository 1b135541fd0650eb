"""The audit's bank: right and wrong code, written for one assignment's exact interface.

A fixed set of files could not fit every assignment (its function names, argument order,
file format, command line), so the bank is generated: each :class:`Variant` is the code of
:mod:`~perceptron_ref.grading.bank_runtime` with its knobs, and the functions or the program
the assignment asks for, with the names, arguments and files it says.  A variant knows which
parts it is right in and which it is wrong in (``right``, ``wrong``: checks), so the audit
can tell a grader that misses a mistake from one that fails right code:

* right code in the usual styles: numpy, plain lists, exact fractions (and, for a step
  function that may or may not test for the mistake, both ways);
* every core variant the reference names (``perceptron/blum`` … ``perceptron/ssbd``: each
  note's zero-score rule, online or to convergence) -- right when it is the assignment's run
  -- and the family's other members (averaged, voted, Winnow);
* the wrong kinds crosscheck diagnoses: one pass too many or too few (or a run to
  convergence capped), float32, int16 (overflow), a shuffle each pass, a tolerance at zero,
  no bias (or a bias too many), labels 0/1 in the update, the other label at a zero score,
  a wrong sign in the step, metrics slips (accuracy, a percentage, truncated), labels
  written as -1/+1, and a hard-coded answer to the visible data (a fixed one elsewhere).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from perceptron_ref import registry
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.grading.assignment import STATE_CHECKS, Assignment, Part
from perceptron_ref.grading.bank_variant import Variant

RUNTIME = Path(__file__).with_name("bank_runtime.py")
RUN = {"train", "train_out", "test_out", "metrics_out", "weights_out", "program"}
"""The checks that see the whole training run."""
LABELS = {"train_out", "test_out", "metrics_out", "program"}
"""The checks that see predicted labels of a program."""


def _config(a: Assignment) -> dict[str, Any]:
    rule = registry.get(a.algorithm).zero_score
    config: dict[str, Any] = {
        "rule": rule,
        "zero": a.zero_label,
        "epochs": a.epochs,
        "eta": str(a.eta),
        "bias": a.bias,
        "labels": a.labels,
    }
    p = a.program
    if p is not None:
        argv: dict[str, int] = {}
        script = p.command.index(p.file) if p.file in p.command else 0
        for i, word in enumerate(p.command):
            for name in p.placeholders:
                if word == "{" + name + "}":
                    argv[name] = i - script
                elif "{" + name + "}" in word:
                    raise InputError(
                        f"audit: the bank's programs take each placeholder as a word of its "
                        f"own, not {word!r}"
                    )
        t = p.table
        config |= {
            "argv": argv,
            "table": {
                "delimiter": t.delimiter,
                "header": t.header,
                "label": t.label,
                "labels": list(t.labels),
            },
            "metrics": list(a.metrics.lines),
            "decimals": a.metrics.decimals,
            "weights_bias": a.weights.bias,
            "stdin": p.stdin,
            "stdout": p.stdout,
            "epochs": a.program_epochs[0] if a.program_epochs else a.epochs,
        }
    return config


def _function(part: Part) -> str:
    """The Python of one part's function, as the assignment names it and its arguments."""
    names = [n for _, n in part.arguments]
    roles = {r: n for r, n in part.arguments}
    if part.check == "train":
        params = names or ["X", "y"]
        pair = part.returns == "w, b"
        return (
            f"def {part.function}({', '.join(params[:2])}):\n"
            f"    return _bank().train({params[0]}, {params[1]}, BIAS, {pair})\n"
        )
    if part.check == "step":
        b = roles.get("b")
        eta = roles.get("eta", "ETA")
        x, y, w = roles["x"], roles["y"], roles["w"]
        if b is None:
            body = f"    return _bank().step({x}, {y}, {w}, {eta})\n"
        else:
            pair = part.returns == "w, b"
            body = f"    full = _bank().step([1, *list({x})], {y}, [{b}, *list({w})], {eta})\n" + (
                "    return full[1:], full[0]\n" if pair else "    return full\n"
            )
        return f"def {part.function}({', '.join(names)}):\n{body}"
    b = roles.get("b", "None")
    if "X" in roles:
        body = (
            f"    out = [_bank().predict_one(x, {roles['w']}, {b}) for x in {roles['X']}]\n"
            "    return _np.array(out)\n"
        )
    else:
        body = f"    return _bank().predict_one({roles['x']}, {roles['w']}, {b})\n"
    return f"def {part.function}({', '.join(names)}):\n{body}"


def source(a: Assignment, variant: Variant) -> str:
    """The Python file of a variant: the runtime in a namespace of its own (made at the
    first call), its knobs and configuration, then the assignment's functions (or its
    program's main); a family's: :func:`~perceptron_ref.grading.bank_family.source`."""
    if not a.core:
        from perceptron_ref.grading import bank_family

        return bank_family.source(a, variant)
    runtime = RUNTIME.read_text(encoding="utf-8")
    lines = [
        f'"""Audit bank: {variant.name} -- {variant.what} (written by perceptron-ref audit)."""',
        "import json as _json",
        "import sys as _sys",
        "import types as _types",
        "import numpy as _np",
        "",
        f"_RUNTIME = {json.dumps(runtime)}",
        "_LOADED = {}",
        "",
        # made at the first call, in a definition: crosscheck loads a .py as its imports,
        # definitions and constants, and a set-up run at the top level would be left out
        "def _bank():",
        '    if "bank" not in _LOADED:',
        '        bank = _types.ModuleType("_bank")',
        "        exec(compile(_RUNTIME, '<bank>', 'exec'), bank.__dict__)",
        f"        bank.CONFIG.update(_json.loads({json.dumps(json.dumps(_config(a)))}))",
        f"        bank.KNOBS.update(_json.loads({json.dumps(json.dumps(variant.knobs))}))",
        '        _LOADED["bank"] = bank',
        '    return _LOADED["bank"]',
        "",
        f"BIAS = {a.bias!r}",
        f"ETA = {float(a.eta)!r}",
        "",
    ]
    for part in a.parts:
        if part.function and part.check in ("train", "step", "predict"):
            lines.append(_function(part))
    if a.state is not None and any(p.check in STATE_CHECKS for p in a.parts):
        st = a.state
        lines += [
            f"def {st.initial}():\n    return _bank().initial_state()\n",
            f"def {st.predict}(state, kernel, x_i):\n"
            "    return _bank().state_predict(state, kernel, x_i)\n",
            f"def {st.update}(state, kernel, learning_rate, x_i, y_i):\n"
            "    return _bank().update_state(state, kernel, learning_rate, x_i, y_i)\n",
        ]
    if a.program is not None:
        lines += ["if __name__ == '__main__':", "    _bank().program(_sys.argv)", ""]
    return "\n".join(lines)


def _checks(a: Assignment) -> set[str]:
    return {p.check for p in a.parts}


def variants(a: Assignment, memory: dict[str, Any] | None = None) -> list[Variant]:
    """The bank for ``a``: right variants first, then the wrong ones (see the module
    docstring); ``memory``: the hard-coded answers to the visible data.  An algorithm
    beyond the core six has a bank of its family's (:mod:`~perceptron_ref.grading.
    bank_family`)."""
    if not a.core:
        from perceptron_ref.grading import bank_family

        return bank_family.variants(a)
    checks = _checks(a)
    if a.program is not None and (
        not a.program.file.endswith(".py") or a.program.command[0] not in ("python", "python3")
    ):
        raise InputError(
            "audit: the bank writes Python programs: the command must be 'python FILE.py ...'"
        )
    rule = registry.get(a.algorithm).zero_score
    batch = isinstance(registry.get(a.algorithm), BatchAlgorithm) or a.epochs == "converge"
    step = next((p for p in a.parts if p.check == "step"), None)
    base: dict[str, Any] = {"step": "always" if step and step.update == "always" else "on-mistake"}
    if batch:
        base["converge"] = True
    out: list[Variant] = []
    everything = frozenset(checks)

    def add(name: str, what: str, knobs: dict[str, Any], wrong: set[str]) -> None:
        w = frozenset(wrong & checks)
        if wrong and not w:  # a slip none of the parts can see: not a variant of this bank
            return
        out.append(Variant(name, what, everything - w, w, base | knobs))

    add("right-numpy", "right: numpy float64 arrays", {"style": "numpy"}, set())
    add("right-lists", "right: plain Python lists of floats", {"style": "lists"}, set())
    add("right-fractions", "right: exact fractions", {"style": "fractions"}, set())
    if step is not None:
        if step.update == "either":
            add(
                "right-step-always",
                "right: the step function updates; the caller tests",
                {"step": "always"},
                set(),
            )
        elif step.update == "on-mistake":
            add(
                "wrong-step-always",
                "the step function updates even without a mistake",
                {"step": "always"},
                {"step"},
            )
    for algorithm in registry.PERCEPTRONS:
        other = registry.get(algorithm)
        its_batch = isinstance(other, BatchAlgorithm)
        zero = -1 if other.zero_score == "tie-negative" else 1
        converge = its_batch or batch  # an online variant is told "converge" when asked
        knobs: dict[str, Any] = {"rule": other.zero_score, "zero": zero, "converge": converge}
        same_run = other.zero_score == rule and converge == batch
        wrong: set[str] = set()
        if not same_run:
            wrong |= RUN
        if other.zero_score != rule:  # a step and a state API see the rule, not the passes
            wrong |= {"state-pass", "state-test"}
            if step is None or step.update != "always":
                wrong.add("step")
        if zero != a.zero_label:
            wrong |= LABELS | {"predict", "state-initial", "state-pass", "state-test"}
        kind = "to convergence" if knobs["converge"] else "online"
        name = ("right-" if not (wrong & checks) else "wrong-") + algorithm.replace("/", "-")
        add(name, f"{algorithm}'s run ({other.zero_score}, {kind})", knobs, wrong)
    if not (checks <= set(STATE_CHECKS) | {"step", "predict"}):
        add(
            "wrong-averaged",
            "the averaged perceptron: the average of its ws",
            {"family": "averaged"},
            set(RUN),
        )
        # The voted perceptron keeps every w; it returns the last one, and votes to predict.
        add(
            "wrong-voted",
            "the voted perceptron: predicts by the weighted vote of its ws",
            {"family": "voted"},
            set(LABELS),
        )
        add("wrong-winnow", "Winnow's multiplicative updates", {"family": "winnow"}, set(RUN))
    if a.epochs != "converge" and not batch:
        add("wrong-pass-too-many", "one pass too many", {"passes": 1}, set(RUN))
        add("wrong-pass-too-few", "one pass too few", {"passes": -1}, set(RUN))
    else:
        add("wrong-capped", "stops after at most 2 passes", {"cap": 2}, set(RUN))
    add("wrong-float32", "float32 arithmetic", {"style": "float32"}, set(RUN))
    add("wrong-int16", "int16 weights (they overflow)", {"style": "int16"}, set(RUN) | {"step"})
    add("wrong-shuffle", "shuffles the examples each pass", {"shuffle": True}, set(RUN))
    add(
        "wrong-tolerance",
        "counts |w·x| <= 1e-6 as a zero score",
        {"eps": 1e-6},
        set(RUN) | {"step", "predict", "state-pass", "state-test"},
    )
    said = "no bias" if a.bias else "a bias the assignment has not"
    add("wrong-bias", said, {"bias_flip": True}, set(RUN))
    coded01 = a.labels == "01" or (
        a.program is not None and set(a.program.table.labels) == {"0", "1"}
    )
    if coded01:
        add(
            "wrong-labels01",
            "updates by the label 0 or 1 as written",
            {"labels01": True},
            set(RUN) | {"step", "state-pass", "state-test"},
        )
        add(
            "wrong-written-pm1",
            "answers -1/+1 where the assignment says 0/1",
            {"written": "pm1"},
            {
                "train_out",
                "test_out",
                "program",
                "predict",
                "state-pass",
                "state-test",
                *(["state-initial"] if a.zero_label == -1 else []),  # 1 is +1 either way
            },
        )
    add(
        "wrong-zero-label",
        f"predicts {-a.zero_label:+d} at a zero score",
        {"zero": -a.zero_label},
        LABELS | {"predict", "state-initial", "state-pass", "state-test"},
    )
    add(
        "wrong-state-always",
        "update_state adds every example, not only mistakes",
        {"step": "always"},
        {"state-pass", "state-test"},
    )
    if step is not None:
        add(
            "wrong-step-sign",
            "the step function moves w by -η·y·x (its training is right)",
            {"step": "sign"},
            {"step"},
        )
    if "metrics_out" in checks:
        for slip, what in (
            ("accuracy", "writes the accuracy for the error"),
            ("percent", "writes a percentage"),
            ("truncated", "cuts the digits instead of rounding"),
        ):
            add(f"wrong-metrics-{slip}", what, {"metric": slip}, {"metrics_out", "program"})
    hard = set(checks) - ({"state-initial"} if a.zero_label == 1 else set())
    add(
        "wrong-hard-coded",
        "hard-codes the answers to the visible data, a fixed answer elsewhere",
        {"memory": memory or {}},
        hard,
    )
    return out


def write(a: Assignment, folder: Path, bank: list[Variant]) -> dict[str, Variant]:
    """Write each variant as a hand-in of the class folder ``folder``; name → variant."""
    folder.mkdir(parents=True, exist_ok=True)
    named: dict[str, Variant] = {}
    for i, v in enumerate(bank, 1):
        name = f"{i:02d}-{v.name}"
        code = source(a, v)
        if a.program is not None:
            target = folder / name / a.program.file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(code, encoding="utf-8")
        else:
            (folder / f"{name}.py").write_text(code, encoding="utf-8")
        named[name] = v
    return named


def memory(a: Assignment) -> dict[str, Any]:
    """The reference's answers to the visible data, keyed as the hard-coded variant looks
    them up: a program by the text of the files the grader writes, a train function by its
    arguments (none for a family's bank: its ``wrong-fixed`` answers the same everywhere)."""
    from perceptron_ref.crosscheck.judge import files

    found: dict[str, Any] = {}
    if not a.core:
        return found
    for case in a.visible:
        e = files.expected(
            case.train, case.test, a.settings, a.program_epochs[0] if a.program_epochs else a.epochs
        )
        w = [float(v) for v in e.weights]
        if a.program is not None:
            t = a.program.table
            key = t.write(case.train) + "\n" + t.write(case.test)
            found[key] = [list(e.train_labels), list(e.test_labels), w]
            continue
        X, y = case.train
        key = json.dumps([[str(float(v)) for v in x] for x in X] + [[int(t) for t in y]])
        pair = any(p.check == "train" and p.returns == "w, b" for p in a.parts)
        found[key] = [w[1:], w[0]] if pair and a.bias else w
    return found
