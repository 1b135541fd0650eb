"""A Java candidate: ``PerceptronRefDriver.java`` is compiled with it (``javac
-parameters``, in the sandbox, with the flags that start a JVM within the memory limit), and
describes NAME by reflection: a class's constructors and fitting methods with their
parameters' names and types (each constructor is an alternative: the first whose
parameters can all be filled is used), or a static method of the file's class.  It converts
each value to the parameter's type (``double[][]``, ``int[]``, ``List<Double>``, ``float``,
...), reads the weights from the fields or getters of :data:`parameters.WEIGHTS` and
:data:`parameters.BIASES`, and answers in doubles (``Double.toString`` reads back exactly)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates import drivers
from perceptron_ref.crosscheck.candidates.outcomes import Failure

DRIVER = "PerceptronRefDriver"
PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)


class Java(drivers.Language):
    def __init__(self, folder: Path, path: str, name: str, memory: int) -> None:
        super().__init__(folder, path, name, memory)
        self.source = folder / f"{DRIVER}.java"
        shutil.copy(drivers.HERE / f"{DRIVER}.java", self.source)
        self.source.chmod(0o644)
        self.jar = folder / "candidate.jar"
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        found = PACKAGE.search(text)
        self.package = f"{found.group(1)}." if found else ""

    def _java(self, mode: str) -> list[str]:
        from perceptron_ref.crosscheck.candidates.commands import jvm_flags

        primary = f"-Dperceptron.ref.primary={self.package}{Path(self.path).stem}"
        return [
            "java",
            *jvm_flags(self.memory),
            primary,
            "-cp",
            str(self.jar),
            DRIVER,
            mode,
            f"{self.package}{self.name}",
        ]

    def describe(self, execute: drivers.Execute) -> dict[str, Any] | Failure:
        from perceptron_ref.crosscheck.candidates.commands import jvm_flags

        javac = [
            "javac",
            *jvm_flags(self.memory, "-J"),
            "-parameters",
            "-encoding",
            "UTF-8",
            "-nowarn",
            "-d",
            "{out}",
            "-sourcepath",
            str(Path(self.path).parent),
            str(self.source),
            self.path,
        ]
        built = drivers.build(execute, [javac])
        if isinstance(built, Failure):
            return built
        self.jar.write_bytes(built)  # a zip of its classes: a class path as it is
        self.jar.chmod(0o644)
        described = drivers.described(execute(self._java("describe"), b"", 60))
        if isinstance(described, Failure):
            return described
        # its source, for the planner to see which methods its constructor calls
        text = Path(self.path).read_text(encoding="utf-8", errors="replace")
        return described | {"source": text[:200_000]}

    def run(self) -> list[str]:
        return self._java("run")

    def shares(self) -> list[Path]:
        from perceptron_ref.crosscheck.candidates.commands import runtime_folders

        return list(runtime_folders("javac"))
