"""Where each part of a submission was read, so that a check made later against the game state
(coins, energy, units owned) names the cells a player typed it in.

A parser records a `Place` for each part it reads: a workbook tab's cell, or, for a JSON
submission, the JSON field (`buy.Quartz`, `buy_towers[2]`). The submission keeps them in a
`Places` value beside its own fields but outside its equality, so the canonical JSON and every
replay stay exactly as they were; a submission made in code has none, and its problems name
the tab alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from events.tables import cell_ref, parse_cell_ref


@dataclass(frozen=True)
class Place:
    """A cell (`B5`, or a range `B5:B26`) of a workbook tab, or, with no tab, a field of a JSON
    submission (`buy.Quartz`)."""

    tab: str | None
    cell: str

    def __str__(self) -> str:
        return f"{self.tab}!{self.cell}" if self.tab else self.cell


@dataclass(frozen=True)
class Places:
    """Part of a submission (a key the engine chooses, `buy.Quartz`) -> where it was read. A
    key may have several places: one material bought on two rows."""

    entries: tuple[tuple[str, Place], ...] = ()

    def of(self, keys: Iterable[str]) -> tuple[Place, ...]:
        """The places of these keys, in the order given, each once."""
        wanted = list(dict.fromkeys(keys))
        out: list[Place] = []
        for key in wanted:
            out += [p for k, p in self.entries if k == key and p not in out]
        return tuple(out)

    def where(
        self, keys: Iterable[str], tab: str | None, cell: str | None = None
    ) -> tuple[str | None, str | None]:
        """The (tab, cell) a problem about these keys names: their places (`located`), or
        `tab` and `cell` when none was recorded (a submission made in code)."""
        found = self.of(keys)
        return located(found) if found else (tab, cell)


class PlacesBuilder:
    """Collects places while a parser reads a submission."""

    def __init__(self) -> None:
        self._entries: list[tuple[str, Place]] = []

    def add(self, key: str, tab: str | None, cell: str) -> None:
        self._entries.append((key, Place(tab, cell)))

    def field(self, key: str, field: str | None = None) -> None:
        """A JSON submission's field (the key itself unless named)."""
        self._entries.append((key, Place(None, field or key)))

    def build(self) -> Places:
        return Places(tuple(self._entries))


def located(places: Sequence[Place]) -> tuple[str | None, str | None]:
    """The (tab, cell) of a problem about values read at `places`. One tab: that tab and its
    cells, runs down a column written as ranges (`Buy`, `B4:B6, B9`); several tabs: no tab,
    every reference in full (`Buy!B4, Machine!B3`); JSON fields: no tab, the fields
    (`buy.Quartz, machine`)."""
    groups: dict[str | None, list[str]] = {}
    for place in places:
        cells = groups.setdefault(place.tab, [])
        if place.cell not in cells:
            cells.append(place.cell)
    if not groups:
        return None, None
    if len(groups) == 1:
        tab, cells = next(iter(groups.items()))
        return tab, ", ".join(_runs(cells) if tab else cells)
    return None, ", ".join(
        f"{tab}!{cell}" if tab else cell for tab, cells in groups.items() for cell in _runs(cells)
    )


def _runs(cells: list[str]) -> list[str]:
    """Cells in column order, consecutive rows of a column joined into a range ('B4:B6');
    anything that is not a single cell (a range given as such) is kept as it is, last."""
    singles: list[tuple[int, int]] = []
    others: list[str] = []
    for cell in cells:
        try:
            singles.append(parse_cell_ref(cell))
        except ValueError:
            others.append(cell)
    out: list[str] = []
    run: list[tuple[int, int]] = []
    for row, col in sorted(set(singles), key=lambda rc: (rc[1], rc[0])):
        if run and (col != run[-1][1] or row != run[-1][0] + 1):
            out.append(_run_text(run))
            run = []
        run.append((row, col))
    if run:
        out.append(_run_text(run))
    return out + others


def _run_text(run: list[tuple[int, int]]) -> str:
    first, last = cell_ref(*run[0]), cell_ref(*run[-1])
    return first if first == last else f"{first}:{last}"
