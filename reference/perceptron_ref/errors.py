"""The one exception the public API raises for bad arguments or bad data."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: a malformed number, an unknown algorithm, a ragged data set, ...

    When the problem is in a file, ``source`` and ``line`` say where, and ``str()``
    reads ``FILE:LINE: problem``, the one line the CLI prints before exiting with 2.

    >>> str(InputError("'abc' is not a number", source="data.csv", line=3))
    "data.csv:3: 'abc' is not a number"
    """

    def __init__(self, problem: str, *, source: str | None = None, line: int | None = None):
        self.problem = problem
        self.source = source
        self.line = line
        where = source or ""
        if line is not None:
            where = f"{where}:{line}" if where else f"line {line}"
        super().__init__(f"{where}: {problem}" if where else problem)
