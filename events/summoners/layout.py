"""Where things are in the Summoner's Dream workbook tabs (template and parser)."""

from __future__ import annotations

from events.summoners.model import SLOTS
from events.tables import cell_ref

SHOP_TAB = "Shop"
DEFENCE_TAB = "Defence"
ATTACK_TAB = "Attack"
ARMY_TAB = "Army"
MAP_TAB = "Map {}"
"""the maps' tabs: "Map 1" ... "Map 4", in catalog order"""

SHOP_HEADER_ROW, SHOP_FIRST_ROW, SHOP_ROWS = 2, 3, 22
BUY_TOWER_COL, BUY_FAMILIAR_COL, UPGRADE_COL = 0, 1, 2
MAP_CHOICE = (2, 1)
"""Defence!B3"""
GRID_TOP, GRID_LEFT = 2, 1
"""a map tab's tile (0, 0) is drawn at B3"""
TILE_MARKS = "ABEG"
"""tiles a map tab writes the catalog's letter on, besides their colour (so the map reads
without colour too): the tracks' entrances A and B, the Treasure E, the buildable tiles G;
the parser skips a mark left where the template wrote it"""
TARGET_CELL = (1, 1)
"""Attack!B2"""
ATTACK_HEADER_ROW, ATTACK_FIRST_ROW = 3, 4
SLOT_COL, FAMILIAR_COL, PARTY_COL = 0, 1, 2
SLOT_COLUMN = (
    f"{cell_ref(ATTACK_FIRST_ROW, FAMILIAR_COL)}:"
    f"{cell_ref(ATTACK_FIRST_ROW + SLOTS - 1, FAMILIAR_COL)}"
)
"""Attack!B5:B26: the slots' familiars"""
