# The engine's loops in C (_native.c), built at install where a C compiler is: the float
# pass's (dyadic_numba.rows and .fields), the integer pass and the reader of list rows.
from typing import Any

def rows(
    X: Any,
    y: Any,
    Wf: Any,
    levels: Any,
    b: float,
    plus: float,
    minus: float,
    unit: float,
    row: float,
    base: float,
    start: int,
    state: Any,
    out: Any,
    /,
) -> None: ...
def fields(bits: Any, /) -> tuple[int, int]: ...
def numbers(X: Any, out: Any, /) -> int: ...
def int_pass(X: Any, y: Any, W: Any, b: int, rule: int, scores: Any, flags: Any, /) -> int: ...
