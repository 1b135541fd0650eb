"""A C or C++ candidate: a function, read from its definition, driven by generated code.

The function's declaration is read from the file (its return type and its parameters'
types and names: :func:`signature`); each parameter gets a role from its type and name:
the examples (``double **X``, ``const double *X`` (n × d, row-major), ``double X[][4]``,
``std::vector<std::vector<double>> &X``), the labels (``int *y``, ``std::vector<int>``),
their number and dimension (``int n``, ``int n_features``), the step and the passes (as
for Python: :mod:`~perceptron_ref.crosscheck.candidates.parameters`), and the weights it
writes (a pointer or reference named like :data:`parameters.WEIGHTS`, a bias named like
:data:`parameters.BIASES`), or returns (``double *``, ``std::vector<double>``,
``std::pair<std::vector<double>, double>``).  A ``main`` of driver code is generated that
includes the candidate file (its own ``main`` renamed away), reads the data as text, calls
the function and prints what it computed; it is compiled once, in the sandbox (``gcc`` or
``g++ -O2``).  Each data set is one run of that program.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates import drivers, parameters
from perceptron_ref.crosscheck.candidates.drivers import declarations
from perceptron_ref.crosscheck.candidates.outcomes import Failure

ELEMENT = (
    r"(long double|double|float|long long|long|int|short|signed char|char|unsigned int"
    r"|unsigned long|unsigned|size_t|int64_t|int32_t|int16_t|int8_t|uint64_t|uint32_t|bool)"
)
INTEGERS = frozenset({
    "int", "long", "long long", "short", "unsigned", "unsigned int", "unsigned long", "size_t",
    "int32_t", "int64_t", "uint32_t", "uint64_t",
})  # fmt: skip
"""The integer types a size parameter (n, d) is declared with."""


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # as written, less the name
    kind: str  # rows (T**), flat (T*), fixed (T[][N]), vecvec, vec, scalar, ref (T&)
    element: str  # the number type
    writable: bool  # a non-const pointer or reference
    columns: int = 0  # fixed: N


@dataclass(frozen=True)
class Signature:
    name: str
    returns: str  # void, ptr, vec, pair, scalar
    element: str  # the returned number type
    params: tuple[Param, ...]


def _split(text: str) -> list[str]:
    return [p for p in declarations.arguments(text) if p != "void"]


def _element(text: str) -> str:
    found = re.search(ELEMENT, text)
    return found.group(1) if found else ""


def _param(text: str) -> Param:
    text = text.split("=")[0].strip()  # a C++ default
    m = re.match(r"^(.*?)\s*\(\s*\*\s*(\w+)\s*\)\s*\[\s*(\w+)\s*\]$", text)  # double (*X)[4]
    if m:
        return Param(m.group(2), m.group(1), "fixed", _element(m.group(1)), True, _int(m.group(3)))
    m = re.match(r"^(.*?)(\w+)\s*((?:\[[^\]]*\]\s*)*)$", text)
    if not m:
        raise ValueError(f"cannot read the parameter {text!r}")
    type_, name, arrays = m.group(1).strip(), m.group(2), m.group(3).replace(" ", "")
    const = "const" in type_.split("*")[0] or re.search(r"\bconst\b", type_) is not None
    element = _element(type_)
    bare = re.sub(r"\b(const|volatile|restrict|__restrict__|struct)\b", "", type_).replace(" ", "")
    if arrays.count("[") == 2:
        return Param(
            name, type_, "fixed", element, not const, _int(arrays.split("][")[1].rstrip("]"))
        )
    stars = bare.count("*") + arrays.count("[")
    if bare.startswith("vector<vector<"):
        return Param(name, type_, "vecvec", element, "&" in bare and not const)
    if bare.startswith("vector<"):
        return Param(name, type_, "vec", element, "&" in bare and not const)
    if stars >= 2:
        return Param(name, type_, "rows", element, not const)
    if stars == 1:
        return Param(name, type_, "flat", element, not const)
    if "&" in bare:
        return Param(name, type_, "ref", element, not const)
    return Param(name, type_, "scalar", element, False)


def _int(text: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        return 0


def signature(source: str, name: str) -> Signature:
    """The definition (else the declaration) of function ``name`` in C or C++ source."""
    text = re.sub(r"\bstd::", "", declarations.uncomment(source))
    best = None
    for m in re.finditer(rf"\b{re.escape(name)}\s*\(", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        after = text[i:].lstrip()
        head = text[: m.start()]
        start = max(head.rfind(c) for c in ";}{#\n") + 1 if head else 0
        returns = head[start:].strip()
        if not returns or returns in ("return", "else") or "=" in returns:
            continue  # a call, not a declaration
        found = (returns, text[m.end() : i - 1], after.startswith("{"))
        if best is None or (found[2] and not best[2]):
            best = found
    if best is None:
        raise ValueError(f"no function {name} in the file")
    returns, params, _ = best
    returns = re.sub(
        r"\b(static|inline|extern|const|constexpr|__attribute__\(\(.*?\)\))\b", "", returns
    ).strip()
    bare = returns.replace(" ", "")
    if bare == "void":
        kind = "void"
    elif bare.startswith("pair<"):
        kind = "pair"
    elif bare.startswith("vector<"):
        kind = "vec"
    elif "*" in bare:
        kind = "ptr"
    else:
        kind = "scalar"
    return Signature(name, kind, _element(returns), tuple(_param(p) for p in _split(params)))


def _role(p: Param) -> str:
    """A C parameter's role: n, d, w_out, b_out, or the planner's (by its name)."""
    if (
        p.kind in ("flat", "vec", "ref")
        and p.writable
        and p.name in (*parameters.WEIGHTS, "out", "result", "output", "weight", "wts")
    ):
        return "w_out"
    if p.kind in ("flat", "ref") and p.writable and p.name in parameters.BIASES:
        return "b_out"
    if p.kind == "scalar" and p.element in INTEGERS:
        return {"count": "n", "dimension": "d"}.get(declarations.size_role(p.name), "")
    return ""


def description(sig: Signature) -> dict[str, Any]:
    """The planner's description: the roles only C has are kinds of their own."""
    call = []
    for p in sig.params:
        r = _role(p)
        kind = {"n": "count", "d": "dimension", "w_out": "output", "b_out": "output"}.get(
            r, "positional"
        )
        call.append({"name": p.name, "kind": kind, "required": True, "type": p.type})
    return {"kind": "function", "name": sig.name, "call": call}


# -- the generated driver -------------------------------------------------------------------------

HELPERS = "perceptron_ref_driver.h"
"""The shipped helpers (reading, printing, C++ containers), included by the generated code."""


def _ctype(p: Param) -> str:
    return p.element or "double"


def _examples(p: Param, a: str) -> list[str]:
    """C lines that make argument ``a``, the examples in the parameter's type."""
    t, each = _ctype(p), "(long)i * pr_d + j"
    if p.kind == "rows":
        return [
            f"{t} **{a} = ({t} **)malloc(sizeof({t} *) * (pr_n + 1));",
            "for (int i = 0; i < pr_n; i++) {",
            f"  {a}[i] = ({t} *)malloc(sizeof({t}) * (pr_d + 1));",
            f"  for (int j = 0; j < pr_d; j++) {a}[i][j] = ({t})pr_X[{each}];",
            "}",
        ]
    if p.kind == "flat":
        return [
            f"{t} *{a} = ({t} *)malloc(sizeof({t}) * ((size_t)pr_n * pr_d + 1));",
            f"for (long i = 0; i < (long)pr_n * pr_d; i++) {a}[i] = ({t})pr_X[i];",
        ]
    if p.kind == "fixed":
        N = p.columns
        return [
            f"if (pr_d != {N}) {{",
            f'  fprintf(stderr, "it takes d = {N} only (--dimension {N})\\n");',
            "  return 4;",
            "}",
            f"{t} (*{a})[{N}] = ({t} (*)[{N}])malloc(sizeof({t}) * {N} * (pr_n + 1));",
            f"for (int i = 0; i < pr_n; i++) for (int j = 0; j < {N}; j++)",
            f"  {a}[i][j] = ({t})pr_X[{each}];",
        ]
    if p.kind == "vecvec":
        return [f"std::vector<std::vector<{t}>> {a} = pr_matrix<{t}>();"]
    raise ValueError(f"cannot pass the examples as {p.type} {p.name}")


def _labels(p: Param, a: str) -> list[str]:
    t = _ctype(p)
    if p.kind == "flat":
        return [
            f"{t} *{a} = ({t} *)malloc(sizeof({t}) * (pr_n + 1));",
            f"for (int i = 0; i < pr_n; i++) {a}[i] = ({t})pr_y[i];",
        ]
    if p.kind == "vec":
        return [f"std::vector<{t}> {a} = pr_labels<{t}>();"]
    raise ValueError(f"cannot pass the labels as {p.type} {p.name}")


SCALARS = {"n": "pr_n", "d": "pr_d", "passes": "pr_passes", "epochs": "pr_passes",
           "bias": "pr_bias", "eta": "pr_eta"}  # fmt: skip


def generate(sig: Signature, plan: parameters.Plan, path: str, cpp: bool, helpers: str,
             text: str = "") -> str:  # fmt: skip
    """The driver's source: the candidate included (its ``main`` renamed away), the shipped
    helpers, then a ``main`` that reads the data, calls it as planned and prints its answer."""
    body = ['if (!pr_read()) { fprintf(stderr, "bad input\\n"); return 3; }']
    args: list[str] = []
    w_out: tuple[int, Param] | None = None
    b_out: tuple[int, Param] | None = None
    for k, (p, value) in enumerate(zip(sig.params, plan.call.order, strict=True)):
        what = value.get(parameters.HARNESS) if isinstance(value, dict) else None
        a, t = f"pr_a{k}", _ctype(p)
        if what == "X":
            body += _examples(p, a)
        elif what == "y":
            body += _labels(p, a)
        elif what in SCALARS:
            a = f"({t}){SCALARS[what]}"
        elif what == "w_out":
            w_out = (k, p)
            if p.kind == "vec":
                body.append(f"std::vector<{t}> {a}(pr_wlen + 2, 0);")
            else:
                body.append(f"{t} *{a} = ({t} *)calloc(pr_wlen + 2, sizeof({t}));")
        elif what == "b_out":
            b_out = (k, p)
            body.append(f"{t} {a}_value = 0;")
            a = f"{a}_value" if p.kind == "ref" else f"&{a}_value"
        else:
            raise ValueError(f"cannot fill the parameter {p.type} {p.name} (--param cannot either)")
        args.append(a)
    call = f"{sig.name}({', '.join(args)})"
    returned = sig.returns in ("ptr", "vec", "pair") and w_out is None
    body.append("struct timespec pr_t0, pr_t1;")
    body.append("clock_gettime(CLOCK_MONOTONIC, &pr_t0);")
    if returned:
        body.append(f"auto pr_r = {call};" if cpp else f"{sig.element or 'double'} *pr_r = {call};")
    else:
        body.append(f"{call};")
    body.append("clock_gettime(CLOCK_MONOTONIC, &pr_t1);")
    body.append("pr_begin();")
    source = ""
    if w_out is not None:
        a = f"pr_a{w_out[0]}"
        count = "pr_d" if b_out is not None else "pr_wlen"
        each = f"for (int j = 0; j < {count}; j++) pr_item(j, (double){a}[j]);"
        if b_out is not None:
            body += [
                'printf("[[");',
                each,
                'printf("], ");',
                f"pr_number((double)pr_a{b_out[0]}_value);",
                'printf("]");',
            ]
            source = f"{w_out[1].name},{b_out[1].name}"
        else:
            body += ['printf("[");', each, 'printf("]");']
            source = w_out[1].name
    elif returned and cpp and sig.returns in ("vec", "pair"):
        body.append("pr_emit(pr_r);")
    elif returned:
        body += [
            'printf("[");',
            "for (int j = 0; j < pr_wlen; j++) pr_item(j, (double)pr_r[j]);",
            'printf("]");',
        ]
    else:
        raise ValueError(
            f"{sig.name} neither returns its weights nor writes them to a parameter named w, "
            "weights, ... (name it with --weights-attr)"
        )
    body.append(f'pr_end("{source}", pr_seconds(pr_t0, pr_t1));')
    body.append("return 0;")
    # The candidate's own text, not an #include of its path (outside bubblewrap the sandbox
    # sees a copy of its folder elsewhere): #line keeps the compiler's words about its lines.
    own = text if text else Path(path).read_text(encoding="utf-8", errors="replace")
    return "\n".join(
        [
            "#define main perceptron_ref_candidate_main",
            f'#line 1 "{Path(path).name}"',
            own,
            "#undef main",
            f'#include "{helpers}"',
            "int main(void) {",
            *(f"  {line}" for line in body),
            "}",
            "",
        ]
    )


class C(drivers.Language):
    rows_only = True
    compiler = "gcc"
    suffix = ".c"
    flags = ("-O2", "-std=gnu11", "-w")

    def describe(self, execute: drivers.Execute) -> dict[str, Any] | Failure:
        try:
            text = Path(self.path).read_text(encoding="utf-8", errors="replace")
            self.signature = signature(text, self.name)
        except (OSError, ValueError) as error:
            return Failure("load error", f"{Path(self.path).name}: {error}")
        return description(self.signature)

    def build(self, plan: Any, execute: drivers.Execute) -> Failure | None:
        helpers = self.folder / HELPERS
        shutil.copy(drivers.HERE / HELPERS, helpers)
        helpers.chmod(0o644)
        try:
            code = generate(self.signature, plan, self.path, self.suffix != ".c", str(helpers))
        except ValueError as error:
            return Failure("load error", str(error))
        source = self.folder / f"driver{self.suffix}"
        source.write_text(code, encoding="utf-8")
        source.chmod(0o644)
        folder = str(Path(self.path).parent)  # its own headers: "perceptron.h" beside it
        compile_ = [self.compiler, *self.flags, "-I", folder, "-o", "{out}/driver", str(source),
                    "-lm"]  # fmt: skip
        built = drivers.build(execute, [compile_])
        if isinstance(built, Failure):
            return built
        return drivers.extract(built, "driver", self.folder / "driver")

    def run(self) -> list[str]:
        return [str(self.folder / "driver")]

    def request(self, plan: parameters.Plan, values: dict[str, Any]) -> bytes:
        return text_request(values)


class Cpp(C):
    compiler = "g++"
    suffix = ".cpp"
    flags = ("-O2", "-std=gnu++17", "-w")


def text_request(values: dict[str, Any]) -> bytes:
    """The data as the generated drivers read them: ``n d passes eta bias wlen``, the rows,
    the labels (every number the shortest text that reads back as it)."""
    X, y = values["X"], values["y"]
    n, d = len(y), values["d"]
    wlen = d + (1 if values["bias"] else 0)
    head = f"{n} {d} {values['passes']} {values['eta']!r} {int(values['bias'])} {wlen}\n"
    rows = "\n".join(" ".join(repr(v) for v in x) for x in X)
    return (head + rows + "\n" + " ".join(str(t) for t in y) + "\n").encode()
