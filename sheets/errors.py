"""The errors the sheets layer raises: files it cannot read, Google requests that failed (here,
not beside the Google client, so catching one imports no network library)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class CellProblem:
    """One cell (or one tab, when `cell` is None) that keeps a workbook from being read."""

    tab: str
    cell: str | None
    code: str
    """stable and machine-readable: "sheet.formula", "sheet.beyond", "sheet.long"..."""
    message: str

    def __str__(self) -> str:
        where = f"{self.tab}!{self.cell}" if self.cell else self.tab
        return f"{where}: {self.message}"


class SheetReadError(Exception):
    """A workbook, table file or submission folder could not be read.

    The message is one line that names the file (or folder) and says what is wrong with it,
    fit to show a player or organiser as is; the original exception, if any, is chained.
    `problems` names each cell at fault when the file itself could be opened.
    """

    def __init__(self, source: str, problem: str, problems: Sequence[CellProblem] = ()) -> None:
        self.source = source
        self.problem = " ".join(problem.split())
        self.problems = tuple(problems)
        super().__init__(f"{source}: {self.problem}")


class GoogleError(Exception):
    """A Google Sheets request failed for good; the message names the player and sheet."""
