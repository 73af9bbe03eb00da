"""What a submission workbook looks like, described as data.

Engines describe their tabs here; `sheets/` renders the description to .xlsx (and later to
Google Sheets), so both sources carry the same layout, dropdowns and colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from events.tables import CellValue, cell_ref


@dataclass(frozen=True)
class Dropdown:
    """A list validation on a range of cells ("B2:B9"): only these options are offered."""

    cells: str
    options: tuple[str, ...]
    prompt: str = ""


@dataclass(frozen=True)
class ColourRule:
    """Fill the cells of a range ("B3:I10") whose text begins with `prefix` (any case).

    Rules of a tab are tried in order; the first that matches colours the cell, so a longer
    prefix ("WI" for wind) goes before a shorter one ("W" for water).
    """

    cells: str
    prefix: str
    colour: str


@dataclass(frozen=True)
class TemplateTab:
    """One tab of a submission workbook.

    `cells` maps 0-based (row, col) to a value written into the template (labels, headers,
    defaults); `fills` maps (row, col) to a fill colour "RRGGBB"; `bold` lists header cells;
    `colour_rules` colour input cells by what is typed in them;
    `input_range` is the rectangle the parser reads ("A1:H12"), which a remote source can
    fetch in one request.
    """

    name: str
    cells: Mapping[tuple[int, int], CellValue]
    input_range: str
    dropdowns: tuple[Dropdown, ...] = ()
    fills: Mapping[tuple[int, int], str] = field(default_factory=dict)
    bold: frozenset[tuple[int, int]] = frozenset()
    column_widths: Mapping[int, float] = field(default_factory=dict)
    note: str = ""
    colour_rules: tuple[ColourRule, ...] = ()

    def value(self, ref: str) -> CellValue:
        for (r, c), v in self.cells.items():
            if cell_ref(r, c) == ref:
                return v
        return None


@dataclass(frozen=True)
class Template:
    """The tabs one player fills in for one event in one round (`round_word`: what the event
    calls its rounds, "Turn" in a duel)."""

    event: str
    player: str
    round_no: int
    tabs: tuple[TemplateTab, ...]
    round_word: str = "Round"
    title: str = ""
    """the event's name as people read it ("Elemental Continuum"); `event` when not given"""

    @property
    def event_title(self) -> str:
        return self.title or self.event
