"""Where things are in the Alchemy workbook tabs (shared by the template and the parser)."""

from __future__ import annotations

from events.alchemy.catalog import CONSTRUCTS_PER_SET, SETS

HARVEST_TAB = "Harvest"
BUY_TAB = "Buy"
MACHINE_TAB = "Machine"
ENGINEER_TAB = "Engineer"
STATUS_TAB = "Status"

HEADER_ROW = 2
"""0-based row of the column headers on every input tab (spreadsheet row 3)"""
FIRST_ROW = 3
"""0-based row of the first input row (spreadsheet row 4)"""
HARVEST_ROWS = 10
BUY_ROWS = 10
ENGINEER_ROWS = SETS * CONSTRUCTS_PER_SET
"""engineering attempts a round, one Engineer row each: as many as there are constructs ("There
are 21 constructs, each belonging to one of seven different sets"), so a player can try every
construct in one round (docs/rulings.md, "Engineering")"""
CONVERT_ROWS = 5

HARVEST_COL = 1
"""Harvest: column B holds the materials"""
BUY_MATERIAL_COL, BUY_QTY_COL = 0, 1
MACHINE_BUY_CELL = (2, 1)
"""Machine: B3 holds the machine to buy"""
CONVERT_HEADER_ROW = 4
CONVERT_FIRST_ROW = 5
CONVERT_MACHINE_COL, CONVERT_TIMES_COL = 0, 1
PRIORITY_COL, CONSTRUCT_COL = 0, 1
REFERENCE_COL = 3
"""reference tables (catalog excerpts) start in column D"""
