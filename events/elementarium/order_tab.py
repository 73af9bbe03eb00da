"""Elementarium's order tab, as data: each turn a tab "Orders" listing the player's units and
Source with each one's legal targets as a dropdown (the host writes it to a workbook or a Google
tab), and the tab read back into the orders notation, every problem named by player, tab and
cell."""

from __future__ import annotations

from collections.abc import Mapping

from events.duel import DuelProblem, OrderCell, TemplateOrders
from events.elementarium import rules
from events.elementarium.setup import TYPE_NAMES, cell_name, parse_cell
from events.elementarium.state import State
from events.tables import CellValue, Grid, cell_ref
from events.template import Dropdown, Template, TemplateTab

TAB = "Orders"
STAY = "stay"
HEADER = ("Piece", "Field", "Target")


def order_template(state: State, player: str) -> Template:
    """The player's order tab for the turn: one row per unit (and the Source), the target
    column a dropdown of that piece's legal targets ("stay" keeps it still)."""
    owner = state.players.index(player)
    pieces = [(c, k) for c, o, k in state.units if o == owner]
    pieces.append((state.sources[owner], "S"))
    cells: dict[tuple[int, int], CellValue] = {(0, i): h for i, h in enumerate(HEADER)}
    dropdowns = []
    blocked = rules.blocked_sources(state)
    for r, (cell, kind) in enumerate(sorted(pieces), start=1):
        cells[(r, 0)] = TYPE_NAMES[kind]
        cells[(r, 1)] = cell_name(cell)
        options = (STAY, *sorted(cell_name(d) for d in rules.targets(state, cell, blocked)))
        dropdowns.append(Dropdown(cell_ref(r, 2), options, "a target field, or stay"))
    note = (
        f"Turn {state.turn}: choose a target for up to "
        f"{state.setup.rules.moves_per_turn} pieces; leave the rest empty (or stay)."
    )
    tab = TemplateTab(
        TAB,
        cells,
        f"A1:C{len(pieces) + 1}",
        tuple(dropdowns),
        bold=frozenset((0, i) for i in range(3)),
        column_widths={0: 12, 1: 8, 2: 10},
        note=note,
    )
    return Template("Elementarium", player, state.turn, (tab,), round_word="Turn")


def read_orders(
    state: State, workbook: Mapping[str, Grid], player: str, name: str, tab: str = TAB
) -> TemplateOrders:
    """The moves written in the Orders tab (column B the field, column C the target); `tab`
    is that tab's title (a Google spreadsheet's "R2 Orders"), `name` the file or
    spreadsheet it is in."""
    grid = workbook.get(TAB)
    if grid is None:
        message = f"{player}: {name} has no tab {tab!r}"
        return TemplateOrders("", (), (DuelProblem("elementarium.workbook", message),))
    width, height = state.setup.board.width, state.setup.board.height
    moves: list[str] = []
    refs: list[OrderCell] = []
    errors: list[DuelProblem] = []
    for r in range(1, grid.height):
        target = grid.at(r, 2)
        if target is None or str(target).strip().lower() in ("", STAY):
            continue
        ref = f"{player}, tab {tab}, cell {cell_ref(r, 2)}"
        src, dst = str(grid.at(r, 1) or "").strip(), str(target).strip()
        if parse_cell(src, width, height) is None or parse_cell(dst, width, height) is None:
            errors.append(
                DuelProblem(
                    "elementarium.workbook",
                    f"{ref}: expected a field such as d4 in B and C, found {src!r}, {dst!r}",
                    dst or None,
                )
            )
            continue
        moves.append(f"{src}-{dst}")
        refs.append(OrderCell((src, dst), ref))
    return TemplateOrders(", ".join(moves) or "hold", tuple(refs), tuple(errors))
