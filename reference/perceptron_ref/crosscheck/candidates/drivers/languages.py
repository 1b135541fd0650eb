"""Which driver runs a candidate in another language (:func:`for_language`): a module of its
own, since each driver (``java``, ``javascript``, ``native``, ``rust``) builds on the
common parts in :mod:`~perceptron_ref.crosscheck.candidates.drivers`."""

from __future__ import annotations

from pathlib import Path

from perceptron_ref.crosscheck.candidates.drivers import Language, java, javascript, native, rust


def for_language(language_: str, folder: Path, path: str, name: str, memory: int) -> Language:
    """The driver of ``language_`` for the candidate NAME in the file ``path``."""
    chosen: dict[str, type[Language]] = {
        "javascript": javascript.JavaScript,
        "java": java.Java,
        "c": native.C,
        "c++": native.Cpp,
        "rust": rust.Rust,
    }
    return chosen[language_](folder, path, name, memory)
