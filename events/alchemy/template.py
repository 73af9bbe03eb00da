"""The Alchemy submission tabs: harvest, buy, machine, engineer, and the player's status."""

from __future__ import annotations

from collections.abc import Sequence

from events import palette
from events.alchemy.catalog import Catalog, Effect, Machine, amounts_text
from events.alchemy.layout import (
    BUY_MATERIAL_COL,
    BUY_QTY_COL,
    BUY_ROWS,
    BUY_TAB,
    CONSTRUCT_COL,
    CONVERT_FIRST_ROW,
    CONVERT_HEADER_ROW,
    CONVERT_MACHINE_COL,
    CONVERT_ROWS,
    CONVERT_TIMES_COL,
    ENGINEER_ROWS,
    ENGINEER_TAB,
    FIRST_ROW,
    HARVEST_COL,
    HARVEST_ROWS,
    HARVEST_TAB,
    HEADER_ROW,
    MACHINE_BUY_CELL,
    MACHINE_TAB,
    PRIORITY_COL,
    REFERENCE_COL,
    STATUS_TAB,
)
from events.alchemy.model import PlayerBook
from events.numbers import number_text
from events.tables import CellValue, cell_ref
from events.template import Dropdown, TemplateTab

INPUT = palette.sheet(palette.INPUT)

Cells = dict[tuple[int, int], CellValue]


def _table(cells: Cells, bold: set[tuple[int, int]], top: int, left: int,
           header: Sequence[str], rows: Sequence[Sequence[CellValue]]) -> None:  # fmt: skip
    for c, text in enumerate(header):
        cells[(top, left + c)] = text
        bold.add((top, left + c))
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row):
            cells[(top + r, left + c)] = value


def _dropdown(cells: str, options: Sequence[str]) -> tuple[Dropdown, ...]:
    """A dropdown of `options`, or none when the catalog offers none (no machine, say)."""
    return (Dropdown(cells, tuple(options)),) if options else ()


def _column(first: int, count: int, col: int) -> str:
    return f"{cell_ref(first, col)}:{cell_ref(first + count - 1, col)}"


def _area(rows: int, last_col: int) -> str:
    """The rectangle a parser reads: from A1 down `rows` rows past the headers."""
    return f"A1:{cell_ref(FIRST_ROW + rows, last_col)}"


def harvest_tab(catalog: Catalog, round_no: int, energy: int) -> TemplateTab:
    cells: Cells = {
        (0, 0): f"Alchemy, round {round_no}: harvest (each material at most once).",
        (1, 0): f"Your energy this round: {energy}. Each material costs its energy; x different "
        "materials at one location cost x-1 less.",
        (HEADER_ROW, 0): "#",
        (HEADER_ROW, HARVEST_COL): "Material",
    }
    bold = {(0, 0), (HEADER_ROW, 0), (HEADER_ROW, HARVEST_COL)}
    for i in range(HARVEST_ROWS):
        cells[(FIRST_ROW + i, 0)] = i + 1
    _table(cells, bold, HEADER_ROW, REFERENCE_COL, ("Material", "Location", "Energy", "Price"),
           [(m.name, m.location, m.energy, m.price if m.price is not None else "not for sale")
            for m in catalog.materials])  # fmt: skip
    return TemplateTab(
        name=HARVEST_TAB,
        cells=cells,
        input_range=_area(max(HARVEST_ROWS, len(catalog.materials)), REFERENCE_COL + 3),
        dropdowns=(
            Dropdown(
                _column(FIRST_ROW, HARVEST_ROWS, HARVEST_COL),
                tuple(m.name for m in catalog.materials),
            ),
        ),
        fills={(FIRST_ROW + i, HARVEST_COL): INPUT for i in range(HARVEST_ROWS)},
        bold=frozenset(bold),
        column_widths={0: 4, 1: 18, REFERENCE_COL: 16, REFERENCE_COL + 1: 16},
    )


def buy_tab(catalog: Catalog, round_no: int, coins: int) -> TemplateTab:
    cells: Cells = {
        (0, 0): f"Alchemy, round {round_no}: buy materials with coins (you have {coins}).",
        (1, 0): "Bought materials arrive during the harvest.",
        (HEADER_ROW, BUY_MATERIAL_COL): "Material",
        (HEADER_ROW, BUY_QTY_COL): "Quantity",
    }
    for_sale = [m for m in catalog.materials if m.price is not None]
    bold = {(0, 0), (HEADER_ROW, 0), (HEADER_ROW, 1)}
    _table(cells, bold, HEADER_ROW, REFERENCE_COL, ("Material", "Price"),
           [(m.name, m.price) for m in for_sale])  # fmt: skip
    fills = {(FIRST_ROW + i, c): INPUT for i in range(BUY_ROWS) for c in (0, 1)}
    return TemplateTab(
        name=BUY_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(FIRST_ROW + BUY_ROWS, REFERENCE_COL + 1)}",
        dropdowns=_dropdown(
            _column(FIRST_ROW, BUY_ROWS, BUY_MATERIAL_COL), [m.name for m in for_sale]
        ),
        fills=fills,
        bold=frozenset(bold),
        column_widths={0: 18, 1: 10, REFERENCE_COL: 16},
    )


def machine_tab(catalog: Catalog, round_no: int, owned: Sequence[str]) -> TemplateTab:
    converters = [m.name for m in catalog.machines if m.effect is Effect.CONVERT]
    cells: Cells = {
        (0, 0): f"Alchemy, round {round_no}: at most one machine a round. Owned: "
        + (", ".join(owned) or "none"),
        (MACHINE_BUY_CELL[0], 0): "Buy this machine:",
        (CONVERT_HEADER_ROW, CONVERT_MACHINE_COL): "Run conversion",
        (CONVERT_HEADER_ROW, CONVERT_TIMES_COL): "Times",
    }
    bold = {(0, 0), (MACHINE_BUY_CELL[0], 0), (CONVERT_HEADER_ROW, 0), (CONVERT_HEADER_ROW, 1)}
    _table(cells, bold, MACHINE_BUY_CELL[0], REFERENCE_COL,
           ("Machine", "Coins", "Materials", "What it does"),
           [(m.name, m.cost, amounts_text(m.materials), m.description or _effect_text(m))
            for m in catalog.machines])  # fmt: skip
    fills = {MACHINE_BUY_CELL: INPUT}
    fills.update({(CONVERT_FIRST_ROW + i, c): INPUT for i in range(CONVERT_ROWS) for c in (0, 1)})
    return TemplateTab(
        name=MACHINE_TAB,
        cells=cells,
        input_range=_area(
            CONVERT_FIRST_ROW + max(CONVERT_ROWS, len(catalog.machines)), REFERENCE_COL + 3
        ),
        dropdowns=(
            *_dropdown(cell_ref(*MACHINE_BUY_CELL), [m.name for m in catalog.machines]),
            *_dropdown(_column(CONVERT_FIRST_ROW, CONVERT_ROWS, CONVERT_MACHINE_COL), converters),
        ),
        fills=fills,
        bold=frozenset(bold),
        column_widths={
            0: 18,
            1: 18,
            REFERENCE_COL: 16,
            REFERENCE_COL + 2: 18,
            REFERENCE_COL + 3: 48,
        },
    )


def _effect_text(machine: Machine) -> str:
    return f"{machine.effect.value} {machine.target} {machine.amount}".strip()


def engineer_tab(catalog: Catalog, round_no: int) -> TemplateTab:
    cells: Cells = {
        (0, 0): f"Alchemy, round {round_no}: constructs to engineer (one attempt a row; a "
        "construct may be listed again).",
        (1, 0): "Priority: number every attempt (1 first), or leave all blank: competing "
        "attempts are then ordered at random.",
        (HEADER_ROW, PRIORITY_COL): "Priority",
        (HEADER_ROW, CONSTRUCT_COL): "Construct",
    }
    bold = {(0, 0), (HEADER_ROW, 0), (HEADER_ROW, 1)}
    rows = [(c.name, c.set, c.value, amounts_text(c.recipe)) for c in catalog.constructs]
    _table(cells, bold, HEADER_ROW, REFERENCE_COL, ("Construct", "Set", "Gems", "Recipe"), rows)
    fills = {(FIRST_ROW + i, c): INPUT for i in range(ENGINEER_ROWS) for c in (0, 1)}
    return TemplateTab(
        name=ENGINEER_TAB,
        cells=cells,
        input_range=_area(max(ENGINEER_ROWS, len(catalog.constructs)), REFERENCE_COL + 3),
        dropdowns=(
            Dropdown(
                _column(FIRST_ROW, ENGINEER_ROWS, CONSTRUCT_COL),
                tuple(c.name for c in catalog.constructs),
            ),
        ),
        fills=fills,
        bold=frozenset(bold),
        column_widths={
            0: 8,
            1: 20,
            REFERENCE_COL: 20,
            REFERENCE_COL + 1: 12,
            REFERENCE_COL + 3: 36,
        },
    )


def status_tab(book: PlayerBook, round_no: int, energy: int) -> TemplateTab:
    """The player's own holdings before this round (private; for reference, not read back)."""
    cells: Cells = {
        (0, 0): f"Your Alchemy status before round {round_no} (private)",
        (1, 0): "Coins",
        (1, 1): book.coins,
        (2, 0): "Gems",
        (2, 1): number_text(book.gems),
        (3, 0): "Energy this round",
        (3, 1): energy,
        (4, 0): "Machines",
        (4, 1): ", ".join(book.machines) or "none",
        (6, 0): "Material",
        (6, 1): "Held",
    }
    for i, (material, qty) in enumerate(sorted(book.stock.items())):
        cells[(7 + i, 0)] = material
        cells[(7 + i, 1)] = qty
    return TemplateTab(
        name=STATUS_TAB,
        cells=cells,
        input_range="A1:A1",
        bold=frozenset({(0, 0), (6, 0), (6, 1)}),
        column_widths={0: 20, 1: 30},
    )
