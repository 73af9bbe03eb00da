"""The Summoner's Dream submission tabs: shop, defence (with a tab per map), attack, army."""

from __future__ import annotations

from events import palette
from events.summoners.catalog import BLESSED_LAND, Catalog
from events.summoners.layout import (
    ARMY_TAB,
    ATTACK_FIRST_ROW,
    ATTACK_HEADER_ROW,
    ATTACK_TAB,
    BUY_FAMILIAR_COL,
    BUY_TOWER_COL,
    DEFENCE_TAB,
    FAMILIAR_COL,
    GRID_LEFT,
    GRID_TOP,
    MAP_CHOICE,
    MAP_TAB,
    PARTY_COL,
    SHOP_FIRST_ROW,
    SHOP_HEADER_ROW,
    SHOP_ROWS,
    SHOP_TAB,
    SLOT_COL,
    TARGET_CELL,
    TILE_MARKS,
    UPGRADE_COL,
)
from events.summoners.model import INCOME, SLOTS, SummonersState
from events.summoners.rules import targets_left
from events.tables import CellValue, cell_ref
from events.template import Dropdown, TemplateTab

INPUT = palette.sheet(palette.INPUT)
ROAD = "E6D3A3"
SCENERY = "D9D9D9"
TREASURE = "00FFFF"
BUILDABLE = {BLESSED_LAND: "6AA84F", "Grotto-Heaven": "6FA8DC"}
"""dark green on a Blessed Land, blue on a Grotto-Heaven (lightened so text stays legible)"""

Cells = dict[tuple[int, int], CellValue]


def shop_tab(state: SummonersState, player: str, round_no: int) -> TemplateTab:
    catalog = state.catalog
    towers, familiars = catalog.sales.get(round_no, ((), ()))
    coins = state.coins[player] + INCOME
    cells: Cells = {
        (0, 0): f"Summoner's Dream, round {round_no}: you have {coins} coins this round. "
        "Spend on towers and on familiars in balance: neither side twice the other.",
        (1, 0): f"On sale: towers {', '.join(towers) or 'none'}; familiars "
        f"{', '.join(familiars) or 'none'}. Upgrades: a unit id from the Army tab, one level "
        "a round; a familiar's level X from round X.",
        (SHOP_HEADER_ROW, BUY_TOWER_COL): "Buy tower",
        (SHOP_HEADER_ROW, BUY_FAMILIAR_COL): "Buy familiar",
        (SHOP_HEADER_ROW, UPGRADE_COL): "Upgrade",
        (SHOP_HEADER_ROW, 4): "Price list",
    }
    row = SHOP_HEADER_ROW + 1
    for kind, levels in catalog.towers.items():
        cells[(row, 4)] = (
            f"{kind} tower: {levels[0].cost}; upgrades {levels[1].cost}, {levels[2].cost}"
        )
        row += 1
    for kind, familiar_levels in catalog.familiars.items():
        cost = familiar_levels[0].cost
        cells[(row, 4)] = f"{kind}: {cost}, each upgrade {cost}"
        row += 1
    last = SHOP_FIRST_ROW + SHOP_ROWS - 1
    dropdowns = []
    if towers:
        dropdowns.append(
            Dropdown(
                f"{cell_ref(SHOP_FIRST_ROW, BUY_TOWER_COL)}:{cell_ref(last, BUY_TOWER_COL)}", towers
            )
        )
    if familiars:
        dropdowns.append(
            Dropdown(
                f"{cell_ref(SHOP_FIRST_ROW, BUY_FAMILIAR_COL)}:{cell_ref(last, BUY_FAMILIAR_COL)}",
                familiars,
            )
        )
    fills = {(r, c): INPUT for r in range(SHOP_FIRST_ROW, last + 1) for c in (0, 1, 2)}
    return TemplateTab(
        name=SHOP_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(last, UPGRADE_COL)}",
        dropdowns=tuple(dropdowns),
        fills=fills,
        bold=frozenset({(0, 0), (SHOP_HEADER_ROW, 0), (SHOP_HEADER_ROW, 1), (SHOP_HEADER_ROW, 2)}),
        column_widths={0: 14, 1: 14, 2: 12, 4: 48},
    )


def defence_tab(state: SummonersState, player: str) -> TemplateTab:
    last = state.defence[player]
    cells: Cells = {
        (0, 0): "Choose one map, then write your towers on that map's tab: 'Yi>E' is a Yi tower "
        "facing east (N, E, S or W; north if left out), 'Yi2' your tower Yi2. Gan stands on "
        "road tiles, every other tower on the buildable tiles (coloured, marked G), nothing on E.",
        (MAP_CHOICE[0], 0): "Map:",
        (4, 0): "Leave everything blank to defend as last round"
        + (f" ({last.map})." if last else "."),
    }
    return TemplateTab(
        name=DEFENCE_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(*MAP_CHOICE)}",
        dropdowns=(Dropdown(cell_ref(*MAP_CHOICE), tuple(m.name for m in state.catalog.maps)),),
        fills={MAP_CHOICE: INPUT},
        bold=frozenset({(0, 0), (MAP_CHOICE[0], 0)}),
        column_widths={0: 12, 1: 22},
    )


def map_tabs(catalog: Catalog) -> list[TemplateTab]:
    tabs = []
    for i, m in enumerate(catalog.maps, 1):
        cells: Cells = {
            (0, 0): f"{m.name} ({m.kind}): G marks a buildable tile (write a tower over it), "
            "A and B the tracks' entrances, E the Treasure."
        }
        fills: dict[tuple[int, int], str] = {}
        width = max(len(r) for r in m.rows)
        for c in range(width):
            cells[(GRID_TOP - 1, GRID_LEFT + c)] = c + 1
        for r, line in enumerate(m.rows):
            cells[(GRID_TOP + r, GRID_LEFT - 1)] = r + 1
            for c, ch in enumerate(line):
                where = (GRID_TOP + r, GRID_LEFT + c)
                if ch == "G":
                    fills[where] = BUILDABLE[m.kind]
                elif ch == "E":
                    fills[where] = TREASURE
                elif ch in "abcAB":
                    fills[where] = ROAD
                else:
                    fills[where] = SCENERY
                if ch in TILE_MARKS:
                    cells[where] = ch
        tabs.append(
            TemplateTab(
                name=MAP_TAB.format(i),
                cells=cells,
                input_range=f"A1:{cell_ref(GRID_TOP + len(m.rows), GRID_LEFT + width)}",
                fills=fills,
                bold=frozenset({(0, 0)}),
                column_widths={GRID_LEFT + c: 7 for c in range(width)},
            )
        )
    return tabs


def attack_tab(state: SummonersState, player: str) -> TemplateTab:
    left = targets_left(player, state.players, state.invaded)
    cells: Cells = {
        (0, 0): "Put every familiar in a slot (its id or kind) and a party: Party A walks Track "
        "A, Party B Track B, each one unbroken range of slots, each at least half the other. "
        "Leave it all blank to attack as last round: the same slots and parties (new familiars "
        "in free slots), sent at this round's target (Target below; blank: drawn among the "
        "players you have not invaded), not at last round's.",
        (TARGET_CELL[0], 0): "Target:",
        (ATTACK_HEADER_ROW, SLOT_COL): "Slot",
        (ATTACK_HEADER_ROW, FAMILIAR_COL): "Familiar",
        (ATTACK_HEADER_ROW, PARTY_COL): "Party",
    }
    for slot in range(1, SLOTS + 1):
        cells[(ATTACK_FIRST_ROW + slot - 1, SLOT_COL)] = slot
    last = ATTACK_FIRST_ROW + SLOTS - 1
    fills = {
        (r, c): INPUT for r in range(ATTACK_FIRST_ROW, last + 1) for c in (FAMILIAR_COL, PARTY_COL)
    }
    fills[TARGET_CELL] = INPUT
    dropdowns = [
        Dropdown(f"{cell_ref(ATTACK_FIRST_ROW, PARTY_COL)}:{cell_ref(last, PARTY_COL)}", ("A", "B"))
    ]
    if left:
        dropdowns.append(
            Dropdown(cell_ref(*TARGET_CELL), tuple(left), "a player you have not invaded")
        )
    return TemplateTab(
        name=ATTACK_TAB,
        cells=cells,
        input_range=f"A1:{cell_ref(last, PARTY_COL)}",
        dropdowns=tuple(dropdowns),
        fills=fills,
        bold=frozenset({(0, 0), (TARGET_CELL[0], 0), *((ATTACK_HEADER_ROW, c) for c in range(3))}),
        column_widths={0: 8, 1: 16, 2: 8},
    )


def army_tab(state: SummonersState, player: str) -> TemplateTab:
    """What the player owns (private; for reference, not read back)."""
    cells: Cells = {
        (0, 0): "Your army before this round (private)",
        (1, 0): "Coins (before this round's +100)",
        (1, 1): state.coins[player],
        (2, 0): "Treasures",
        (2, 1): state.treasures[player],
        (3, 0): "Invaded so far",
        (3, 1): ", ".join(state.invaded[player]) or "nobody",
        (5, 0): "Unit",
        (5, 1): "Kind",
        (5, 2): "Level",
    }
    row = 6
    for unit in (*state.towers[player], *state.familiars[player]):
        cells[(row, 0)], cells[(row, 1)], cells[(row, 2)] = unit.id, unit.kind, unit.level
        row += 1
    return TemplateTab(
        name=ARMY_TAB,
        cells=cells,
        input_range="A1:A1",
        bold=frozenset({(0, 0), (5, 0), (5, 1), (5, 2)}),
        column_widths={0: 16, 1: 16},
    )
