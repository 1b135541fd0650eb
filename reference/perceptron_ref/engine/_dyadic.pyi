# The C loops of the float pass (_dyadic.c), built at install where a C compiler is: the
# signatures of dyadic_numba.rows and dyadic_numba.fields, and scaled.number_matrix's reader.
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
