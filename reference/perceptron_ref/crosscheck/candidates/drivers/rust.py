"""A Rust candidate: a struct with ``new`` (or ``Default``) and ``fit`` (or ``train``, ...),
or a function, driven by generated code built with ``rustc`` alone (no crates).

The struct's fields, its ``impl`` block's methods and their parameters' names and types are
read from the file (:func:`read`); the call is planned as for Python; the generated
``main`` is appended to the candidate's own source (its ``main`` renamed away), so that it
reads private fields as the candidate's own code does: the weights from the fields (or
getters) named like :data:`parameters.WEIGHTS` and :data:`parameters.BIASES`, else what
``fit`` returns.  Values reach each parameter in its own type: ``&[Vec<f64>]``,
``&Vec<Vec<f32>>``, ``Vec<[f64; 2]>``, ``&[i32]``, ``usize``, ``f64``, ``&mut [f64]``...
It is compiled once, in the sandbox (``rustc -O``, the toolchain's folder shared read-only).
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates import drivers, parameters
from perceptron_ref.crosscheck.candidates.drivers import declarations
from perceptron_ref.crosscheck.candidates.outcomes import Failure

NUMBERS = (
    "f64",
    "f32",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
)


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # spaces removed: &[Vec<f64>], &mut [f64], usize


@dataclass(frozen=True)
class Read:
    """What the file says of NAME: a struct's fields and methods, or a function."""

    kind: str  # "class" or "function"
    fields: dict[str, str]
    methods: dict[str, tuple[tuple[Param, ...], str, bool]]  # name: (params, returns, &self)


def _block(text: str, start: int) -> str:
    """The text of the {...} block whose brace is at or after ``start``."""
    i = text.index("{", start)
    depth, j = 0, i
    while j < len(text):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
        if depth == 0:
            break
    return text[i + 1 : j - 1]


def _functions(body: str) -> dict[str, tuple[tuple[Param, ...], str, bool]]:
    found = {}
    for m in re.finditer(r"\bfn\s+(\w+)\s*(?:<[^>]*>)?\s*\(", body):
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(body[i], 0)
            i += 1
        params_text = body[m.end() : i - 1]
        rest = body[i:]
        returns = ""
        r = re.match(r"\s*->\s*([^{;]+?)\s*(?:where\b[^{]*)?[{;]", rest)
        if r:
            returns = r.group(1).replace(" ", "")
        params, takes_self = [], False
        for p in declarations.arguments(params_text):
            if re.fullmatch(r"&?\s*(mut\s+)?self|&\s*'?\w*\s*(mut\s+)?self|mut\s+self", p):
                takes_self = True
                continue
            name, _, type_ = p.partition(":")
            params.append(Param(name.replace("mut ", "").strip(), type_.replace(" ", "")))
        found[m.group(1)] = (tuple(params), returns, takes_self)
    return found


def read(source: str, name: str) -> Read:
    text = declarations.uncomment(source)
    struct = re.search(rf"\bstruct\s+{re.escape(name)}\b", text)
    if struct is None:
        functions = _functions(text)
        if name not in functions:
            raise ValueError(f"no struct or function {name} in the file")
        return Read("function", {}, {name: functions[name]})
    fields: dict[str, str] = {}
    after = text[struct.end() :].lstrip()
    if after.startswith("{"):
        for f in declarations.arguments(_block(text, struct.end())):
            fname, _, ftype = re.sub(r"^pub(\([^)]*\))?\s+", "", f).partition(":")
            fields[fname.strip()] = ftype.replace(" ", "")
    methods: dict[str, tuple[tuple[Param, ...], str, bool]] = {}
    for m in re.finditer(
        rf"\bimpl\s*(?:<[^>]*>)?\s+{re.escape(name)}\b\s*(?:<[^>]*>)?\s*\{{", text
    ):
        methods |= _functions(_block(text, m.end() - 1))
    derive = (
        rf"derive\([^)]*\bDefault\b[^)]*\)\s*\]\s*(?:#\[[^\]]*\]\s*)*(pub\s+)?struct\s+"
        rf"{re.escape(name)}\b"
    )
    implemented = rf"impl\s+Default\s+for\s+{re.escape(name)}\b"
    default = re.search(derive, text) or re.search(implemented, text)
    if "new" not in methods and default:
        methods["default"] = ((), "Self", False)
    return Read("class", fields, methods)


def _role(p: Param) -> str:
    if p.type.startswith("&mut") and p.name in (*parameters.WEIGHTS, "out", "result", "output"):
        return "output"
    if p.type in ("usize", "u32", "u64", "i32", "i64", "isize"):
        return declarations.size_role(p.name) or "positional"
    return "positional"


def description(r: Read, name: str) -> dict[str, Any]:
    def params(ps: tuple[Param, ...]) -> list[dict[str, Any]]:
        return [{"name": p.name, "kind": _role(p), "required": True, "type": p.type} for p in ps]

    if r.kind == "function":
        return {"kind": "function", "name": name, "call": params(r.methods[name][0])}
    init = r.methods.get("new") or r.methods.get("default") or ((), "", False)

    def fitting(m: str) -> bool:
        return m in parameters.METHODS or "fit" in m or "train" in m

    # its fitting methods first, then its other methods on self: a struct given its data by
    # `new` may run them with run() or solve() (parameters.RUNS picks)
    chosen = sorted(
        (m for m, (_, _, selfish) in r.methods.items() if selfish or fitting(m)),
        key=lambda m: not fitting(m),
    )
    methods = {m: params(r.methods[m][0]) for m in chosen}
    return {"kind": "class", "name": name, "call": params(init[0]), "methods": methods}


# -- the generated driver -------------------------------------------------------------------------

HELPERS = "perceptron_ref_driver.rs"
"""The shipped helpers (printing, reading), appended to the generated code."""


def _element(t: str) -> str:
    found = re.findall(r"\b(f64|f32|i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize)\b", t)
    return found[-1] if found else "f64"


def _pass(type_: str, local: str) -> str:
    if type_.startswith("&mut"):
        return f"&mut {local}"
    if type_.startswith("&"):
        return f"&{local}"
    return local


def _argument(p: Param, what: str, k: int) -> tuple[list[str], str]:
    """(lines that make the value, the expression passed)."""
    t, a, e = p.type, f"pr_a{k}", _element(p.type)
    inner = t.lstrip("&").removeprefix("mut").lstrip("'").strip()
    fixed = re.search(r"\[" + e + r";(\w+)\]", t)
    vector = re.fullmatch(r"&?(mut)?\[\w+\]|Vec<\w+>|&(mut)?Vec<\w+>", t)
    if what == "X":
        if fixed:
            N = fixed.group(1)
            return [
                f"let mut {a}: Vec<[{e}; {N}]> = Vec::new();",
                "for r in &pr.x {",
                f'    if r.len() != {N} {{ eprintln!("it takes d = {N} only (--dimension {N})"); '
                "std::process::exit(4); }",
                f"    let mut row = [0 as {e}; {N}];",
                f"    for j in 0..{N} {{ row[j] = r[j] as {e}; }}",
                f"    {a}.push(row);",
                "}",
            ], _pass(t, a)
        if "Vec<Vec<" in t or "[Vec<" in t:
            rows = f"pr.x.iter().map(|r| r.iter().map(|&v| v as {e}).collect()).collect()"
            return [f"let mut {a}: Vec<Vec<{e}>> = {rows};"], _pass(t, a)
        if vector:
            return [
                f"let mut {a}: Vec<{e}> = pr.x.iter().flatten().map(|&v| v as {e}).collect();"
            ], _pass(t, a)
        raise ValueError(f"cannot pass the examples as {p.name}: {t}")
    if what == "y":
        if vector:
            return [f"let mut {a}: Vec<{e}> = pr.y.iter().map(|&v| v as {e}).collect();"], _pass(
                t, a
            )
        raise ValueError(f"cannot pass the labels as {p.name}: {t}")
    if what in SCALARS:
        if inner not in NUMBERS:
            raise ValueError(f"cannot pass a number as {p.name}: {t}")
        return [], f"({SCALARS[what]} as {inner})"
    if what == "bias":
        return [], "(pr.bias != 0)"
    if what == "w_out":
        return [f"let mut {a}: Vec<{e}> = vec![0 as {e}; pr.wlen + 2];"], f"&mut {a}"
    raise ValueError(f"cannot fill the parameter {p.name}: {t}")


SCALARS = {
    "n": "pr.n",
    "d": "pr.d",
    "passes": "pr.passes",
    "epochs": "pr.passes",
    "eta": "pr.eta",
    "zero": "0",
}
HISTORY = re.compile(r"error|loss|cost|hist|mistake|label|class|pred|acc|score|epoch|iter", re.I)


def generate(r: Read, name: str, plan: parameters.Plan, source: str, helpers: str) -> str:
    """The candidate's source (its ``main`` renamed away), the shipped helpers, then a
    ``main`` that reads the data, calls it as planned and prints its answer."""
    own = re.sub(r"\bfn\s+main\s*\(", "fn perceptron_ref_candidate_main(", source)
    body = ["let pr = pr_read();"]
    k = 0

    def arguments(params: tuple[Param, ...], call: parameters.Call) -> list[str]:
        nonlocal k
        out = []
        for p, value in zip(params, call.order, strict=True):
            what = value.get(parameters.HARNESS) if isinstance(value, dict) else None
            if what is None:
                raise ValueError(f"--param cannot set {p.name} of a Rust candidate")
            made, expression = _argument(p, what, k)
            body.extend(made)
            out.append(expression)
            k += 1
        return out

    source_name = ""
    if r.kind == "function":
        args = arguments(r.methods[name][0], plan.call)
        body += ["let pr_t0 = std::time::Instant::now();", f"let pr_r = {name}({', '.join(args)});"]
        result = "pr_r.pr_emit()"
    else:
        init = "new" if "new" in r.methods else "default"
        built = arguments(r.methods[init][0], plan.construct or parameters.Call())
        # no method: it trained in `new`
        mparams, returns, _ = r.methods[plan.method] if plan.method else ((), "", False)
        margs = arguments(mparams, plan.call)
        times = "pr.passes" if plan.repeat else "1" if plan.method else "0"
        body += [
            "let pr_t0 = std::time::Instant::now();",
            f"let mut pr_model = {name}::{init}({', '.join(built)});",
            "let mut pr_r = None;",
        ]
        if plan.method:
            call = f"pr_model.{plan.method}({', '.join(margs)})"
            body.append(f"for _ in 0..{times} {{ pr_r = Some({call}); }}")
        else:
            body.append("let _: &Option<()> = &pr_r;")
        # a field, or a method of no arguments named as one, or get_ it
        getters = {m for m, (ps, ret, selfish) in r.methods.items() if selfish and not ps and ret}
        getters |= {m.removeprefix("get_") for m in getters if m.startswith("get_")}
        w = next((n for n in plan.weights[0] if n in r.fields or n in getters), None)
        if w is None and not returns.strip("()"):
            near = [
                f
                for f, t in r.fields.items()
                if ("Vec<" in t or "[" in t) and not HISTORY.search(f)
            ]
            w = near[0] if len(near) == 1 else None
        if w is None and not returns.strip("()"):
            raise ValueError(
                f"cannot find the weights of {name}: none of its fields is named w, weights, "
                "... (name it with --weights-attr)"
            )
        b = next((n for n in plan.weights[1] if n != w and (n in r.fields or n in getters)), None)

        def get(n: str) -> str:
            if n in r.fields:
                return f"pr_model.{n}"
            return f"pr_model.{n}()" if n in r.methods else f"pr_model.get_{n}()"

        if w is None:
            result = "pr_r.unwrap().pr_emit()"
        elif b is None:
            result, source_name = f"{get(w)}.pr_emit()", w
        else:
            pair = f"{get(w)}.pr_emit(), {get(b)}.pr_emit()"
            result, source_name = f'format!("[{{}}, {{}}]", {pair})', f"{w},{b}"
    body.append("let pr_s = pr_t0.elapsed().as_secs_f64();")
    body.append(f'pr_answer({result}, "{source_name}", pr_s);')
    main = ["fn main() {", *(f"    {line}" for line in body), "}"]
    return "\n".join(["#![allow(warnings)]", own, helpers, *main, ""])


@functools.cache
def sysroot() -> Path | None:
    """The Rust toolchain's folder (``rustc --print sysroot``), shared into the sandbox."""
    rustc = shutil.which("rustc")
    if rustc is None:
        return None
    try:
        done = subprocess.run(
            [rustc, "--print", "sysroot"], capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = Path(done.stdout.strip())
    return path if done.returncode == 0 and (path / "bin" / "rustc").is_file() else None


class Rust(drivers.Language):
    rows_only = True

    def describe(self, execute: drivers.Execute) -> dict[str, Any] | Failure:
        try:
            self.text = Path(self.path).read_text(encoding="utf-8", errors="replace")
            self.read = read(self.text, self.name)
        except (OSError, ValueError) as error:
            return Failure("load error", f"{Path(self.path).name}: {error}")
        # its source, for the planner to see which methods `new` calls
        return description(self.read, self.name) | {"source": self.text[:200_000]}

    def build(self, plan: Any, execute: drivers.Execute) -> Failure | None:
        root = sysroot()
        if root is None:
            return Failure("load error", "rustc is not installed (https://rustup.rs)")
        helpers = (drivers.HERE / HELPERS).read_text(encoding="utf-8")
        try:
            code = generate(self.read, self.name, plan, self.text, helpers)
        except ValueError as error:
            return Failure("load error", str(error))
        source = self.folder / "driver.rs"
        source.write_text(code, encoding="utf-8")
        source.chmod(0o644)
        rustc = [
            str(root / "bin" / "rustc"),
            "-O",
            "-C",
            "strip=symbols",
            "--edition",
            "2021",
            "-o",
            "{out}/driver",
            str(source),
        ]
        built = drivers.build(execute, [rustc])
        if isinstance(built, Failure):
            return built
        return drivers.extract(built, "driver", self.folder / "driver")

    def run(self) -> list[str]:
        return [str(self.folder / "driver")]

    def shares(self) -> list[Path]:
        root = sysroot()
        return [root] if root is not None else []

    def request(self, plan: parameters.Plan, values: dict[str, Any]) -> bytes:
        from perceptron_ref.crosscheck.candidates.drivers.native import text_request

        return text_request(values)
