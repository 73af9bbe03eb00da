"""The Elemental Continuum submission tabs a player fills in."""

from __future__ import annotations

from events import palette
from events.continuum.board import LETTERS, NEUTRAL, WARD_VALUES, element_of
from events.continuum.elements import BROKEN, COLOURS, Element
from events.continuum.layout import (
    BOARD_LEFT,
    BOARD_RANGE,
    BOARD_TAB,
    BOARD_TOP,
    BOLT_ELEMENT_COL,
    BOLT_ELEMENT_NAMES,
    BOLT_NUMBER_COL,
    BOLT_ROUND_COL,
    BOLT_TARGET_COL,
    BOLTS_FIRST_ROW,
    BOLTS_TAB,
    LABEL_OPTIONS,
    POINTS_RANGE,
    SQUARE_NAMES,
    VIEW_TAB,
    WARD_ELEMENT_COL,
    WARD_LABEL_COL,
    WARD_POINTS_COL,
    WARD_ROWS,
    grid_of,
)
from events.continuum.model import BOLTS_PER_ROUND, ContinuumState
from events.continuum.squares import ALL_SQUARES, FILES, SIZE
from events.tables import CellValue, cell_ref
from events.template import ColourRule, Dropdown, TemplateTab

INPUT = palette.sheet(palette.INPUT)


def _frame(cells: dict[tuple[int, int], CellValue], bold: set[tuple[int, int]]) -> None:
    """Files across the top and bottom, ranks down both sides, as on a chessboard."""
    for i, f in enumerate(FILES):
        for row in (BOARD_TOP - 1, BOARD_TOP + SIZE):
            cells[(row, BOARD_LEFT + i)] = f
            bold.add((row, BOARD_LEFT + i))
    for i in range(SIZE):
        for col in (BOARD_LEFT - 1, BOARD_LEFT + SIZE):
            cells[(BOARD_TOP + i, col)] = SIZE - i
            bold.add((BOARD_TOP + i, col))


def _label_colours(cells: str) -> tuple[ColourRule, ...]:
    wind_words = tuple(ColourRule(cells, p, COLOURS[Element.WIND]) for p in ("WI", "AIR"))
    return (
        *wind_words,
        *(ColourRule(cells, LETTERS[e], COLOURS[e]) for e in LETTERS),
        ColourRule(cells, NEUTRAL, COLOURS[Element.NEUTRAL]),
    )


def board_tab() -> TemplateTab:
    cells: dict[tuple[int, int], CellValue] = {
        (0, 0): "Elemental Continuum: your board (round 1). Write a ward label in every "
        "square: F1-F3 fire, W1-W3 water, A1-A3 wind, E1-E3 earth, N neutral.",
    }
    bold = {(0, 0)}
    _frame(cells, bold)
    return TemplateTab(
        name=BOARD_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(BOARD_TOP + SIZE, BOARD_LEFT + SIZE)}",
        dropdowns=(Dropdown(BOARD_RANGE, LABEL_OPTIONS, "F1-F3, W1-W3, A1-A3, E1-E3 or N"),),
        fills={grid_of(sq): INPUT for sq in ALL_SQUARES},
        bold=frozenset(bold),
        column_widths={c: 6 for c in range(BOARD_LEFT, BOARD_LEFT + SIZE)},
        note="Each ward is 5 squares joined edge to edge (a pentomino); 3 wards of each "
        "element; exactly 4 neutral squares (N), in any arrangement.",
        colour_rules=_label_colours(BOARD_RANGE),
    )


def wards_tab() -> TemplateTab:
    cells: dict[tuple[int, int], CellValue] = {
        (0, 0): "Point values: four wards worth 2, four worth 4, four worth 6. "
        "The neutral squares together are one ward worth 1.",
        (1, WARD_LABEL_COL): "Ward",
        (1, WARD_ELEMENT_COL): "Element",
        (1, WARD_POINTS_COL): "Points",
    }
    fills: dict[tuple[int, int], str] = {}
    for label, row in WARD_ROWS.items():
        element = element_of(label)
        cells[(row, WARD_LABEL_COL)] = label
        cells[(row, WARD_ELEMENT_COL)] = element.value
        fills[(row, WARD_LABEL_COL)] = COLOURS[element]
        if label == NEUTRAL:
            cells[(row, WARD_POINTS_COL)] = 1
        else:
            fills[(row, WARD_POINTS_COL)] = INPUT
    last = max(WARD_ROWS.values())
    return TemplateTab(
        name="Wards",
        cells=cells,
        input_range=f"A1:{cell_ref(last, WARD_POINTS_COL)}",
        dropdowns=(Dropdown(POINTS_RANGE, tuple(str(v) for v in WARD_VALUES), "2, 4 or 6"),),
        fills=fills,
        bold=frozenset({(0, 0), (1, 0), (1, 1), (1, 2)}),
        column_widths={0: 8, 1: 10, 2: 8},
    )


def bolts_tab(round_no: int) -> TemplateTab:
    cells: dict[tuple[int, int], CellValue] = {
        (0, 0): f"Round {round_no}: fire {BOLTS_PER_ROUND} bolts. Each strikes its square on "
        "every other player's board (never your own). Both may target one square.",
        (1, BOLT_ROUND_COL): "Round",
        (1, BOLT_NUMBER_COL): "Bolt",
        (1, BOLT_ELEMENT_COL): "Element",
        (1, BOLT_TARGET_COL): "Target",
    }
    fills: dict[tuple[int, int], str] = {}
    rows = range(BOLTS_FIRST_ROW, BOLTS_FIRST_ROW + BOLTS_PER_ROUND)
    for i, row in enumerate(rows, 1):
        cells[(row, BOLT_ROUND_COL)] = round_no
        cells[(row, BOLT_NUMBER_COL)] = i
        fills[(row, BOLT_ELEMENT_COL)] = INPUT
        fills[(row, BOLT_TARGET_COL)] = INPUT
    first, last = rows[0], rows[-1]
    element_cells = f"{cell_ref(first, BOLT_ELEMENT_COL)}:{cell_ref(last, BOLT_ELEMENT_COL)}"
    target_cells = f"{cell_ref(first, BOLT_TARGET_COL)}:{cell_ref(last, BOLT_TARGET_COL)}"
    return TemplateTab(
        name=BOLTS_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(BOLTS_FIRST_ROW + 20, BOLT_TARGET_COL)}",
        dropdowns=(
            Dropdown(element_cells, BOLT_ELEMENT_NAMES, "Fire, Water, Wind or Earth"),
            Dropdown(target_cells, SQUARE_NAMES, "A square, A1 to H8"),
        ),
        fills=fills,
        bold=frozenset({(0, 0), *((1, c) for c in range(4))}),
        column_widths={0: 8, 1: 6, 2: 10, 3: 8},
    )


def board_view_tab(state: ContinuumState, player: str) -> TemplateTab:
    """The player's own board as it stands (for reference; not read back)."""
    board = state.boards[player]
    cells: dict[tuple[int, int], CellValue] = {
        (0, 0): f"Your board after round {state.round_no} (x: broken tile; "
        "lower case: the ward broke down). For reference only.",
    }
    bold = {(0, 0)}
    _frame(cells, bold)
    fills: dict[tuple[int, int], str] = {}
    for sq in ALL_SQUARES:
        ward = board.ward_at(sq)
        down = (player, ward.label) in state.broken_down
        text = ward.label.lower() if down else ward.label
        if (player, sq) in state.broken:
            text += " x"
        cells[grid_of(sq)] = text
        fills[grid_of(sq)] = BROKEN if down else COLOURS[ward.element]
    return TemplateTab(
        name=VIEW_TAB,
        cells=cells,
        input_range="A1:A1",
        fills=fills,
        bold=frozenset(bold),
        column_widths={c: 6 for c in range(BOARD_LEFT, BOARD_LEFT + SIZE)},
    )
