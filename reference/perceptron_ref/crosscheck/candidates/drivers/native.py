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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates import drivers, parameters
from perceptron_ref.crosscheck.candidates.outcomes import Failure

ELEMENT = r"(long double|double|float|long long|long|int|short|signed char|char|unsigned int|unsigned long|unsigned|size_t|int64_t|int32_t|int16_t|int8_t|uint64_t|uint32_t|bool)"
N_NAMES = re.compile(r"^(n|m|num|rows|nrows|n_rows|num_rows|n_?samples|num_?samples|nsamples|samples|n_?examples|num_?examples|n_?points|num_?points|npoints|count|size|len|length|n_?data|num_?data|ndata|n_?train|num_?train)$")
D_NAMES = re.compile(r"^(d|dim|dims|cols|ncols|n_cols|num_cols|p|k|features|num_?features|n_?features|nfeatures|n_?dims|dimension|n_?inputs|num_?inputs|ninputs|input_size|feature_count|width)$")


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


def _clean(text: str) -> str:
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r"\bstd::", "", text)


def _split(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip() and p.strip() != "void"]


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
        return Param(name, type_, "fixed", element, not const, _int(arrays.split("][")[1].rstrip("]")))
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
    text = _clean(source)
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
    returns = re.sub(r"\b(static|inline|extern|const|constexpr|__attribute__\(\(.*?\)\))\b", "", returns).strip()
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
    key = p.name.strip("_").lower()
    if p.kind in ("flat", "vec", "ref") and p.writable and p.name in parameters.WEIGHTS + ("out", "result", "output", "weight", "wts"):
        return "w_out"
    if p.kind in ("flat", "ref") and p.writable and p.name in parameters.BIASES:
        return "b_out"
    if p.kind == "scalar" and p.element in ("int", "long", "size_t", "unsigned", "unsigned int", "unsigned long", "long long", "int64_t", "int32_t", "uint64_t", "uint32_t", "short"):
        if N_NAMES.match(key):
            return "n"
        if D_NAMES.match(key):
            return "d"
    return ""


def description(sig: Signature) -> dict[str, Any]:
    """The planner's description: the roles only C has are kinds of their own."""
    call = []
    for p in sig.params:
        r = _role(p)
        kind = {"n": "count", "d": "dimension", "w_out": "output", "b_out": "output"}.get(r, "positional")
        call.append({"name": p.name, "kind": kind, "required": True, "type": p.type})
    return {"kind": "function", "name": sig.name, "call": call}


# -- the generated driver -------------------------------------------------------------------------

C_HELPERS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int pr_n, pr_d, pr_passes, pr_bias, pr_wlen;
static double pr_eta;
static double *pr_X, *pr_y;
static void pr_number(double v) {
  if (v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) { printf("\"nan\""); return; }
  if (v == (long long)v && v < 9e15 && v > -9e15) printf("%lld", (long long)v); else printf("%.17g", v);
}
static void pr_vector(const double *w, int k) {
  printf("[");
  for (int j = 0; j < k; j++) { if (j) printf(", "); pr_number(w[j]); }
  printf("]");
}
static double pr_seconds(struct timespec a, struct timespec b) {
  return (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
}
static int pr_read(void) {
  if (scanf("%d %d %d %lf %d %d", &pr_n, &pr_d, &pr_passes, &pr_eta, &pr_bias, &pr_wlen) != 6) return 0;
  pr_X = (double *)malloc(sizeof(double) * ((size_t)pr_n * pr_d + 1));
  pr_y = (double *)malloc(sizeof(double) * ((size_t)pr_n + 1));
  for (long i = 0; i < (long)pr_n * pr_d; i++) if (scanf("%lf", &pr_X[i]) != 1) return 0;
  for (int i = 0; i < pr_n; i++) if (scanf("%lf", &pr_y[i]) != 1) return 0;
  return 1;
}
"""

CPP_HELPERS = r"""
#include <vector>
#include <utility>
template <class T> static std::vector<std::vector<T>> pr_matrix() {
  std::vector<std::vector<T>> m(pr_n, std::vector<T>(pr_d));
  for (int i = 0; i < pr_n; i++) for (int j = 0; j < pr_d; j++) m[i][j] = (T)pr_X[(long)i * pr_d + j];
  return m;
}
template <class T> static std::vector<T> pr_labels() {
  std::vector<T> v(pr_n);
  for (int i = 0; i < pr_n; i++) v[i] = (T)pr_y[i];
  return v;
}
template <class T> static void pr_emit(const T &v) { pr_number((double)v); }
template <class T> static void pr_emit(const std::vector<T> &v) {
  printf("[");
  for (size_t j = 0; j < v.size(); j++) { if (j) printf(", "); pr_emit(v[j]); }
  printf("]");
}
template <class A, class B> static void pr_emit(const std::pair<A, B> &p) {
  printf("["); pr_emit(p.first); printf(", "); pr_emit(p.second); printf("]");
}
"""


def _ctype(p: Param) -> str:
    return p.element or "double"


def generate(sig: Signature, plan: parameters.Plan, path: str, cpp: bool) -> str:
    """The driver's source: the candidate included, then a main that calls it as planned."""
    lines = [f'#define main perceptron_ref_candidate_main', f'#include "{path}"', "#undef main",
             C_HELPERS, CPP_HELPERS if cpp else ""]  # fmt: skip
    body = ["int main(void) {", "  if (!pr_read()) { fprintf(stderr, \"bad input\\n\"); return 3; }"]
    args, after, w_out, b_out = [], [], None, None
    order = list(plan.call.order)
    for k, (p, value) in enumerate(zip(sig.params, order, strict=True)):
        what = value.get(parameters.HARNESS) if isinstance(value, dict) else None
        a = f"pr_a{k}"
        t = _ctype(p)
        if what == "X":
            if p.kind == "rows":
                body += [f"  {t} **{a} = ({t} **)malloc(sizeof({t} *) * (pr_n + 1));",
                         f"  for (int i = 0; i < pr_n; i++) {{ {a}[i] = ({t} *)malloc(sizeof({t}) * (pr_d + 1)); for (int j = 0; j < pr_d; j++) {a}[i][j] = ({t})pr_X[(long)i * pr_d + j]; }}"]  # fmt: skip
            elif p.kind == "flat":
                body += [f"  {t} *{a} = ({t} *)malloc(sizeof({t}) * ((size_t)pr_n * pr_d + 1));",
                         f"  for (long i = 0; i < (long)pr_n * pr_d; i++) {a}[i] = ({t})pr_X[i];"]  # fmt: skip
            elif p.kind == "fixed":
                N = p.columns
                body += [f"  if (pr_d != {N}) {{ fprintf(stderr, \"it takes d = {N} only (--dimension {N})\\n\"); return 4; }}",
                         f"  {t} (*{a})[{N}] = ({t} (*)[{N}])malloc(sizeof({t}) * {N} * (pr_n + 1));",
                         f"  for (int i = 0; i < pr_n; i++) for (int j = 0; j < {N}; j++) {a}[i][j] = ({t})pr_X[(long)i * pr_d + j];"]  # fmt: skip
            elif p.kind == "vecvec":
                body.append(f"  std::vector<std::vector<{t}>> {a} = pr_matrix<{t}>();")
            else:
                raise ValueError(f"cannot pass the examples as {p.type} {p.name}")
        elif what == "y":
            if p.kind == "flat":
                body += [f"  {t} *{a} = ({t} *)malloc(sizeof({t}) * (pr_n + 1));",
                         f"  for (int i = 0; i < pr_n; i++) {a}[i] = ({t})pr_y[i];"]  # fmt: skip
            elif p.kind == "vec":
                body.append(f"  std::vector<{t}> {a} = pr_labels<{t}>();")
            else:
                raise ValueError(f"cannot pass the labels as {p.type} {p.name}")
        elif what in ("n", "d", "passes", "epochs", "bias", "eta"):
            source = {"n": "pr_n", "d": "pr_d", "passes": "pr_passes", "epochs": "pr_passes",
                      "bias": "pr_bias", "eta": "pr_eta"}[what]  # fmt: skip
            a = f"({t}){source}"
        elif what == "w_out":
            w_out = (k, p)
            if p.kind == "vec":
                body.append(f"  std::vector<{t}> {a}(pr_wlen + 2, 0);")
            else:
                body.append(f"  {t} *{a} = ({t} *)calloc(pr_wlen + 2, sizeof({t}));")
        elif what == "b_out":
            b_out = (k, p)
            body.append(f"  {t} {a}_value = 0;")
            a = f"{a}_value" if p.kind == "ref" else f"&{a}_value"
        else:
            raise ValueError(f"cannot fill the parameter {p.type} {p.name}")
        args.append(a)
    call = f"{sig.name}({', '.join(args)})"
    body.append("  struct timespec pr_t0, pr_t1; clock_gettime(CLOCK_MONOTONIC, &pr_t0);")
    returned = sig.returns in ("ptr", "vec", "pair") and w_out is None
    if returned and cpp:
        body.append(f"  auto pr_r = {call};")
    elif returned:
        body.append(f"  {sig.element or 'double'} *pr_r = {call};")
    else:
        body.append(f"  {call};")
    body.append("  clock_gettime(CLOCK_MONOTONIC, &pr_t1);")
    body.append('  printf("\\n{\\"perceptron-ref\\": 1, \\"result\\": ");')
    source_name = ""
    if w_out is not None:
        k, p = w_out
        a = f"pr_a{k}"
        count = "pr_d" if b_out is not None else "pr_wlen"
        printed = f"  {{ printf(\"[\"); for (int j = 0; j < {count}; j++) {{ if (j) printf(\", \"); pr_number((double){a}[j]); }} printf(\"]\"); }}"
        if b_out is not None:
            body += ['  printf("[");', printed, '  printf(", ");', f"  pr_number((double)pr_a{b_out[0]}_value);", '  printf("]");']
            source_name = f"{p.name},{b_out[1].name}"
        else:
            body.append(printed)
            source_name = p.name
    elif returned and cpp and sig.returns in ("vec", "pair"):
        body.append("  pr_emit(pr_r);")
    elif returned:
        body.append("  { printf(\"[\"); for (int j = 0; j < pr_wlen; j++) { if (j) printf(\", \"); pr_number((double)pr_r[j]); } printf(\"]\"); }")
    else:
        raise ValueError(f"{sig.name} neither returns its weights nor writes them to a parameter named w, weights, ...")
    body.append(f'  printf(", \\"from\\": \\"{source_name}\\", \\"seconds\\": %.9f}}\\n", pr_seconds(pr_t0, pr_t1));')
    body += ["  return 0;", "}"]
    return "\n".join([*lines, *body]) + "\n"


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
        try:
            code = generate(self.signature, plan, self.path, cpp=self.suffix != ".c")
        except ValueError as error:
            return Failure("load error", str(error))
        source = self.folder / f"driver{self.suffix}"
        source.write_text(code, encoding="utf-8")
        source.chmod(0o644)
        compile_ = [self.compiler, *self.flags, "-o", "{out}/driver", str(source), "-lm"]
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
