"""A subcommand's body named as "module:function", imported when it runs: building the
`festival` parser imports no command's module, so no service, domain or library the command
does not run (`festival --help`, and the parser of `festival duel status`, stay light)."""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """A subcommand's body, named "module:function" and imported when it runs."""

    module: str
    function: str

    def __call__(self, args: argparse.Namespace) -> int:
        code: int = getattr(importlib.import_module(self.module), self.function)(args)
        return code
