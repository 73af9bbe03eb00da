"""The one error the sheets layer raises for files it cannot read."""

from __future__ import annotations


class SheetReadError(Exception):
    """A workbook, table file or submission folder could not be read.

    The message is one line that names the file (or folder) and says what is wrong with it,
    fit to show a player or organiser as is; the original exception, if any, is chained.
    """

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = " ".join(problem.split())
        super().__init__(f"{source}: {self.problem}")
