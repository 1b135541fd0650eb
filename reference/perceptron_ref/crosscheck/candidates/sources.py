"""What a candidate's source says of its parameters, read without running it (``ast``).

A parameter whose name says nothing is still the passes when the source counts a loop with
it; the keys a ``params`` dict is read with are parameters too.

>>> sorted(counted("def f(data, threshold=100):\\n    for _ in range(threshold):\\n        g()"))
['threshold']
>>> keys_read("T = params.get('T', 100)\\neta = params['eta']", "params")
['T', 'eta']

A file named with no function (``--candidate perceptron.py``) is checked through the one its
top level defines for training (:func:`entry`).

>>> entry("def sign(v): ...\\ndef perceptron(X, y): ...\\ndef predict(w, x): ...")
('perceptron', ['perceptron', 'predict', 'sign'])
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence


def counted(source: str) -> set[str]:
    """Names (parameters, or ``self.`` attributes) that count a loop that holds another loop
    or a call: ``for _ in range(n_epoch)``, ``while t < self.T``; attributes are mapped back
    to the parameters ``__init__`` stored in them."""
    try:
        tree = ast.parse(_dedent(source))
    except (SyntaxError, ValueError):
        return set()
    stored: dict[str, str] = {}
    for node in ast.walk(tree):  # self.attr = param
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
            for t in node.targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                    stored.setdefault(t.attr, node.value.id)
    found: set[str] = set()

    def names(expr: ast.AST) -> set[str]:
        inside = {id(n.value) for n in ast.walk(expr) if isinstance(n, ast.Attribute)}
        out = set()
        for n in ast.walk(expr):
            if isinstance(n, ast.Name) and id(n) not in inside:
                out.add(n.id)
            elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
                out.add(stored.get(n.attr, n.attr))
        return out

    def busy(body: Sequence[ast.stmt]) -> bool:
        return any(isinstance(n, ast.For | ast.While | ast.Call) for s in body for n in ast.walk(s))

    for node in ast.walk(tree):
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call):
            f = node.iter.func
            if isinstance(f, ast.Name) and f.id == "range" and node.iter.args and busy(node.body):
                stop = node.iter.args[1] if len(node.iter.args) > 1 else node.iter.args[0]
                if not any(isinstance(n, ast.Call) for n in ast.walk(stop)):  # not range(len(X))
                    found |= names(stop)
        if isinstance(node, ast.While) and isinstance(node.test, ast.Compare) and busy(node.body):
            for c in node.test.comparators:
                if not any(isinstance(n, ast.Call) for n in ast.walk(c)):
                    found |= names(c)
    return found


def keys_read(source: str, name: str) -> list[str]:
    """The string keys a dict parameter ``name`` is read with: ``params.get("T", 100)``,
    ``params["T"]``, ``"T" in params`` (first seen first).  Source in another language
    (JavaScript's ``options.lr ?? 1``, ``opts["epochs"]``) is read by its text.

    >>> keys_read("const lr = options.lr ?? 1; const e = options['epochs'] || 10;", "options")
    ['lr', 'epochs']
    """
    try:
        tree = ast.parse(_dedent(source))
    except (SyntaxError, ValueError):
        found = re.finditer(
            rf"\b{re.escape(name)}\s*(?:\?\.|\.)\s*([A-Za-z_]\w*)|"
            rf"\b{re.escape(name)}\s*\[\s*[\"']([^\"']+)[\"']\s*\]",
            source,
        )
        return list(dict.fromkeys(m.group(1) or m.group(2) for m in found))
    keys: list[str] = []

    def is_it(e: ast.expr) -> bool:
        return (isinstance(e, ast.Name) and e.id == name) or (
            isinstance(e, ast.Attribute) and e.attr == name
        )

    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("get", "pop", "setdefault") and is_it(node.func.value):
                key = node.args[0] if node.args else None
        elif isinstance(node, ast.Subscript) and is_it(node.value):
            key = node.slice
        elif isinstance(node, ast.Compare) and any(is_it(c) for c in node.comparators):
            key = node.left
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value not in keys:
            keys.append(key.value)
    return keys


def called_by_init(source: str, language: str = "python", name: str = "") -> set[str]:
    """The methods a class's constructor calls on itself (``self.fit(X, y)`` in
    ``__init__``), and those they call in turn: a class that trains in its constructor is
    not trained again by calling one of them.  ``language`` other than Python: the class
    ``name`` read as braces delimit it (:func:`_braced_calls`).

    >>> sorted(called_by_init("class P:\\n def __init__(self, X):\\n  self.train()\\n"
    ...                       " def train(self):\\n  self._epoch()\\n def _epoch(self): pass"))
    ['_epoch', 'train']
    """
    if language != "python":
        return _braced_calls(source, language, name)
    try:
        tree = ast.parse(_dedent(source))
    except (SyntaxError, ValueError):
        return set()
    methods: dict[str, ast.FunctionDef] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    methods.setdefault(item.name, item)

    def calls(function: ast.FunctionDef) -> set[str]:
        own = function.args.args[0].arg if function.args.args else "self"
        return {
            n.func.attr
            for n in ast.walk(function)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == own
        }

    found: set[str] = set()
    waiting = calls(methods["__init__"]) if "__init__" in methods else set()
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting |= calls(methods[name]) if name in methods else set()
    return found


CONSTRUCTORS = {"javascript": ("constructor",), "rust": ("new", "default")}
"""A constructor's name in a language with braces (Java's and C++'s is the class's)."""
KEYWORDS = frozenset(
    {"if", "for", "while", "switch", "catch", "return", "function", "fn", "match", "loop"}
    | {"new", "else", "do", "try", "synchronized"}
)
"""Words followed by parentheses and a brace that define no function (``if (x) {``)."""
DEFINITION = re.compile(r"\b(\w+)\s*(?:<[^<>()]*>\s*)?\(")


def _bodies(source: str, language: str) -> dict[str, str]:
    """Every function a brace language's ``source`` defines, by name: its body (the text
    between the braces after its parameters; the first definition of a name kept)."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", source, flags=re.DOTALL)
    found: dict[str, str] = {}
    heads = re.compile(r"\bfn\s+" + DEFINITION.pattern[2:]) if language == "rust" else DEFINITION
    for m in heads.finditer(text):
        if (m.group(1) in KEYWORDS and language != "rust") or m.group(1) in found:
            continue
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        # a definition: its parameters, then perhaps `throws E`, `-> T`, `: T`, then `{`
        head = re.match(r"[^;{}()=]*?\{", text[i:])
        if head is None or "=>" in head.group(0):
            continue
        start = i + head.end()
        depth, j = 1, start
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        found[m.group(1)] = text[start : j - 1]
    return found


def _braced_calls(source: str, language: str, name: str) -> set[str]:
    """:func:`called_by_init` for Java, JavaScript and Rust: the functions the constructor
    (``constructor``, ``new``, or the class's name) calls by name, ``this.train()``,
    ``train()``, ``p.fit(x, y)``, and those they call in turn.

    >>> sorted(_braced_calls("class P { constructor(X) { this.fit(X); } fit(X) { this.step(); }"
    ...                      " step() { } predict(x) { } }", "javascript", "P"))
    ['fit', 'step']
    """
    bodies = _bodies(source, language)
    heads = CONSTRUCTORS.get(language, (name,))
    waiting = {
        c for h in heads if h in bodies for c in DEFINITION.findall(bodies[h]) if c in bodies
    }
    found: set[str] = set()
    while waiting:
        called = waiting.pop()
        if called not in found and called not in heads:
            found.add(called)
            waiting |= {c for c in DEFINITION.findall(bodies[called]) if c in bodies}
    return found


def _dedent(source: str) -> str:
    lines = source.splitlines()
    indent = min((len(s) - len(s.lstrip()) for s in lines if s.strip()), default=0)
    return "\n".join(s[indent:] for s in lines)


TRAINING = (re.compile(r"train|fit|learn", re.I), re.compile(r"perceptron|winnow|halving", re.I))
"""What a training function's or class's name says, most telling first."""


def entry(source: str) -> tuple[str | None, list[str]]:
    """The function or class a file is checked through when none is named, and every public
    one its top level defines: ``train`` if it defines one, else its only one, else the only
    one whose name says training (``fit``, ``learn``; then ``perceptron``...), else None."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None, []
    kinds = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    names = sorted(
        {n.name for n in tree.body if isinstance(n, kinds) and not n.name.startswith("_")}
    )
    if "train" in names:
        return "train", names
    if len(names) == 1 and names != ["main"]:  # a script's main takes no data
        return names[0], names
    for says in TRAINING:
        chosen = [n for n in names if says.search(n)]
        if len(chosen) == 1:
            return chosen[0], names
        if chosen:
            return None, names
    return None, names
