"""A JavaScript candidate: ``driver.js`` (node) loads the file (CommonJS, an ES module's
exports, or a script whose top level declares NAME), describes NAME by reading its source
(a class's constructor and fitting methods, their parameters and defaults, an options
object's keys), and calls it as planned.  Nothing is built."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates import drivers
from perceptron_ref.crosscheck.candidates.outcomes import Failure


class JavaScript(drivers.Language):
    def __init__(self, folder: Path, path: str, name: str, memory: int) -> None:
        super().__init__(folder, path, name, memory)
        self.driver = folder / "driver.js"
        shutil.copy(drivers.HERE / "driver.js", self.driver)
        self.driver.chmod(0o644)

    def describe(self, execute: drivers.Execute) -> dict[str, Any] | Failure:
        ran = execute(["node", str(self.driver), "describe", self.path, self.name], b"", 30)
        return drivers.described(ran)

    def run(self) -> list[str]:
        return ["node", str(self.driver), "run", self.path, self.name]
