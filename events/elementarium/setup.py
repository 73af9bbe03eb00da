"""The board and rules data of Elementarium, read from text a host can edit
(fixtures/elementarium/board.txt and rules.json), validated with every error named.

Pure: the caller reads the files; this module only parses their text and JSON values.
Coordinates are (col, row), both 0-based: col 0 is "a", row 0 is "1" (the first player's back
row). "Forward" is up (+row) for the first player and down for the second.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.duel import DuelProblem, Parsed

Cell = tuple[int, int]
Offset = tuple[int, int]

UNIT_TYPES = ("E", "A", "F", "W")
"""earth, air, fire, water (the rule text's legend)"""
TYPE_NAMES = {"E": "Earth", "A": "Air", "F": "Fire", "W": "Water", "S": "Source", "O": "Obstacle"}
COLS = "abcdefghijklmnopqrstuvwxyz"

SPAWNING_READINGS = ("sides", "square")
"""the `spawning` option (docs/rulings.md "Spawning"): "sides", three units on three of the
spawn field's four orthogonal neighbours (the text's grid before "If a unit spawns on the enemy
source"); "square", three units on three corners of a 2x2 square (festival's first reading)"""
STANDING_READINGS = ("taken", "clash")
"""the `standing_enemy` option (docs/rulings.md "Targeting a standing enemy"): "taken", a unit
that targets an enemy unit staying on its field takes it; "clash", the two clash by the wheel
(festival's first reading)"""
OLD_SPAWNING = "square"
OLD_STANDING = "clash"
"""what a duel (or a state's JSON) without the option key was played under: the readings
festival shipped before issue 25"""


def cell_name(cell: Cell) -> str:
    return f"{COLS[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str, width: int, height: int) -> Cell | None:
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLS[:width] or not text[1:].isdigit():
        return None
    col, row = COLS.index(text[0]), int(text[1:]) - 1
    return (col, row) if 0 <= row < height else None


@dataclass(frozen=True)
class Pattern:
    """Where a piece may target, as offsets for the first player (forward = +row)."""

    offsets: frozenset[Offset]
    jumps: bool


@dataclass(frozen=True)
class Rules:
    moves_per_turn: int
    allied_rows: tuple[int, int]
    """the first player's allied zone, 1-based inclusive rows; the enemy zone is mirrored"""
    neutral_rows: tuple[int, int]
    patterns: Mapping[str, Pattern]
    """E, A, F, W and S (the Source)"""
    dominates: Mapping[str, str]
    source_blocks: Mapping[str, frozenset[Offset]]
    """unit type -> the offsets (from the unit, first player's view) of Sources it blocks"""
    spawn_range: int
    spawn_patterns: tuple[frozenset[Offset], ...]
    """each: offsets from the spawn field of the units of one type that build it"""
    corner_patterns: tuple[frozenset[Offset], ...]
    max_turns: int


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    obstacles: frozenset[Cell]
    units: tuple[tuple[Cell, int, str], ...]
    """(cell, owner 0/1, type) sorted by cell"""
    sources: tuple[Cell, Cell]


@dataclass(frozen=True)
class Setup:
    board: Board
    rules: Rules
    board_lines: tuple[str, ...] = ()
    """the board text as given (kept so a state's JSON carries the data it was played on)"""
    rules_json: str = "{}"
    """the rules as given, as canonical JSON"""
    spawning: str = OLD_SPAWNING
    """which set of `spawn.patterns` is in force (SPAWNING_READINGS)"""
    standing_enemy: str = OLD_STANDING
    """what targeting an enemy unit that stays does (STANDING_READINGS)"""


def _err(code: str, message: str, where: str = "") -> DuelProblem:
    return DuelProblem(f"elementarium.{code}", message, where or None)


def parse_board(text: str) -> Parsed[Board, DuelProblem]:
    """The board file: one line per row, top line the last row; '#' lines are comments.
    A text of one line may separate its rows with '/' (a board typed on the command line)."""
    if "\n" not in text.strip() and "/" in text:
        text = text.replace("/", "\n")
    lines = [ln.split() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    errors: list[DuelProblem] = []
    if not lines:
        return Parsed(None, (_err("board.empty", "the board has no rows"),))
    height, width = len(lines), len(lines[0])
    if not 3 <= height <= 26 or not 3 <= width <= 26:
        errors.append(_err("board.size", f"the board is {width}x{height}; 3 to 26 each way"))
    obstacles: set[Cell] = set()
    units: list[tuple[Cell, int, str]] = []
    sources: dict[int, list[Cell]] = {0: [], 1: []}
    for i, tokens in enumerate(lines):
        row = height - 1 - i
        if len(tokens) != width:
            errors.append(
                _err("board.width", f"board line {i + 1} has {len(tokens)} fields, not {width}")
            )
            continue
        for col, token in enumerate(tokens):
            cell = (col, row)
            if token == ".":
                continue
            if token == "O":
                obstacles.add(cell)
            elif token.upper() == "S" and len(token) == 1:
                sources[0 if token == "S" else 1].append(cell)
            elif token.upper() in UNIT_TYPES and len(token) == 1:
                units.append((cell, 0 if token.isupper() else 1, token.upper()))
            else:
                errors.append(
                    _err(
                        "board.symbol",
                        f"board line {i + 1} field {col + 1}: {token!r} is not one of "
                        "E A F W S (first player), e a f w s (second), O or .",
                    )
                )
    for owner, found in sources.items():
        if len(found) != 1:
            who = "first" if owner == 0 else "second"
            errors.append(
                _err("board.source", f"the {who} player needs one Source, not {len(found)}")
            )
    if errors:
        return Parsed(None, tuple(errors))
    board = Board(
        width, height, frozenset(obstacles), tuple(sorted(units)), (sources[0][0], sources[1][0])
    )
    return Parsed(board, ())


def parse_grid(lines: Any, centre: str, where: str) -> Parsed[frozenset[Offset], DuelProblem]:
    """A grid of '+' (or 'X') around one `centre` letter (or '*'), drawn for the first player:
    the offsets of the marks from the centre, up = +row."""
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines) or not lines:
        return Parsed(None, (_err("rules.grid", f"{where}: a grid is a list of text lines"),))
    rows = [ln.split() for ln in lines]
    centres = [(c, r) for r, row in enumerate(rows) for c, t in enumerate(row) if t == centre]
    if len(centres) != 1:
        return Parsed(
            None, (_err("rules.grid", f"{where}: the grid needs exactly one {centre!r}"),)
        )
    cc, cr = centres[0]
    marks = frozenset(
        (c - cc, cr - r) for r, row in enumerate(rows) for c, t in enumerate(row) if t in "+X"
    )
    bad = {t for row in rows for t in row} - {".", "+", "X", centre}
    if bad:
        return Parsed(
            None, (_err("rules.grid", f"{where}: unknown marks {sorted(bad)}; use + X . {centre}"),)
        )
    return Parsed(marks, ())


def _straight(offset: Offset) -> bool:
    dx, dy = offset
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)


def _rows(value: Any, where: str, errors: list[DuelProblem]) -> tuple[int, int]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and value[0] <= value[1]
    ):
        return (value[0], value[1])
    errors.append(_err("rules.zones", f"zones.{where}: give [first row, last row]"))
    return (0, 0)


def _int(data: Mapping[str, Any], key: str, low: int, errors: list[DuelProblem]) -> int:
    value = data.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and value >= low:
        return value
    errors.append(_err("rules.number", f"{key}: a whole number >= {low}, not {value!r}"))
    return low


def _mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    return value if isinstance(value, Mapping) else {}


def _spawn_sets(spawn: Mapping[str, Any], spawning: str, errors: list[DuelProblem]) -> Any:
    """`spawn.patterns` in force: a list is one set, used whatever `spawning` says (the rules of
    a duel stored before issue 25); a mapping names sets by reading, and `spawning` picks one."""
    grids = spawn.get("patterns")
    if not isinstance(grids, Mapping):
        return grids
    if spawning not in grids:
        names = ", ".join(sorted(str(k) for k in grids))
        errors.append(
            _err("rules.spawn", f"spawning={spawning!r}: spawn.patterns has the sets {names}")
        )
        return None
    return grids[spawning]


def parse_rules(data: Any, spawning: str = OLD_SPAWNING) -> Parsed[Rules, DuelProblem]:
    """The rules file's JSON value (docs/formats.md), every problem named; `spawning` picks the
    set of spawn patterns when `spawn.patterns` names several."""
    if not isinstance(data, Mapping):
        return Parsed(None, (_err("rules.json", "the rules are a JSON object"),))
    errors: list[DuelProblem] = []
    zones = _mapping(data, "zones")
    allied = _rows(zones.get("allied"), "allied", errors)
    neutral = _rows(zones.get("neutral"), "neutral", errors)
    patterns: dict[str, Pattern] = {}
    raw = _mapping(data, "patterns")
    for kind in (*UNIT_TYPES, "S"):
        entry = raw.get(kind)
        if not isinstance(entry, Mapping) or not isinstance(entry.get("jumps"), bool):
            errors.append(_err("rules.pattern", f"patterns.{kind}: give {{jumps, grid}}"))
            continue
        grid = parse_grid(entry.get("grid"), kind, f"patterns.{kind}")
        if grid.value is None:
            errors.extend(grid.errors)
            continue
        if not entry["jumps"] and not all(_straight(o) for o in grid.value):
            errors.append(
                _err("rules.pattern", f"patterns.{kind}: a unit that cannot jump moves in lines")
            )
        patterns[kind] = Pattern(grid.value, bool(entry["jumps"]))
    dominates = data.get("dominates")
    if (
        not isinstance(dominates, Mapping)
        or set(dominates) != set(UNIT_TYPES)
        or sorted(str(v) for v in dominates.values()) != sorted(UNIT_TYPES)
        or any(k == v for k, v in dominates.items())
        or any(dominates[str(dominates[k])] == k for k in UNIT_TYPES)
    ):
        errors.append(
            _err(
                "rules.dominates",
                "dominates: each of E A F W dominates exactly one other type and is dominated "
                "by exactly one, leaving one neutral type",
            )
        )
        dominates = {}
    blocks: dict[str, frozenset[Offset]] = {}
    raw_blocks = data.get("source_blocks")
    if not isinstance(raw_blocks, Mapping) or not set(raw_blocks) <= set(UNIT_TYPES):
        errors.append(_err("rules.blocks", "source_blocks: unit type -> grid"))
    else:
        for kind, grid_lines in raw_blocks.items():
            grid = parse_grid(grid_lines, kind, f"source_blocks.{kind}")
            if grid.value is None:
                errors.extend(grid.errors)
            else:
                blocks[str(kind)] = grid.value
    spawn = _mapping(data, "spawn")
    spawn_range = _int(spawn, "range", 0, errors)
    found: dict[str, list[frozenset[Offset]]] = {"patterns": [], "corner_patterns": []}
    for key, out in found.items():
        grids = _spawn_sets(spawn, spawning, errors) if key == "patterns" else spawn.get(key)
        if grids is None and key == "patterns" and isinstance(spawn.get(key), Mapping):
            continue  # the unknown set is named above
        if not isinstance(grids, list) or not grids:
            errors.append(_err("rules.spawn", f"spawn.{key}: a list of grids"))
            continue
        for n, grid_lines in enumerate(grids, start=1):
            grid = parse_grid(grid_lines, "*", f"spawn.{key} {n}")
            if grid.value is None:
                errors.extend(grid.errors)
            elif len(grid.value) < 2:
                errors.append(_err("rules.spawn", f"spawn.{key} {n}: at least two units"))
            else:
                out.append(grid.value)
    moves = _int(data, "moves_per_turn", 1, errors)
    max_turns = _int(data, "max_turns", 1, errors)
    if errors:
        return Parsed(None, tuple(errors))
    rules = Rules(
        moves,
        allied,
        neutral,
        patterns,
        {str(k): str(v) for k, v in dominates.items()},
        blocks,
        spawn_range,
        tuple(found["patterns"]),
        tuple(found["corner_patterns"]),
        max_turns,
    )
    return Parsed(rules, ())


def parse_setup(
    board_text: Any, rules: Any, spawning: Any = None, standing_enemy: Any = None
) -> Parsed[Setup, DuelProblem]:
    """Board text (or its lines), the rules JSON and the two reading switches, checked
    together; a switch that is None (absent from a duel's options) is the old reading."""
    spawning = OLD_SPAWNING if spawning is None else spawning
    standing_enemy = OLD_STANDING if standing_enemy is None else standing_enemy
    switch_errors: list[DuelProblem] = []
    if not isinstance(spawning, str) or not spawning:
        switch_errors.append(_err("option.spawning", f"spawning: a name, not {spawning!r}"))
        spawning = OLD_SPAWNING
    if standing_enemy not in STANDING_READINGS:
        choices = " or ".join(STANDING_READINGS)
        switch_errors.append(
            _err("option.standing_enemy", f"standing_enemy: {choices}, not {standing_enemy!r}")
        )
    if isinstance(board_text, list):
        board_text = "\n".join(str(x) for x in board_text)
    if not isinstance(board_text, str):
        return Parsed(None, (_err("board.text", "the board is text (one line per row)"),))
    board = parse_board(board_text)
    parsed = parse_rules(rules, spawning)
    errors = [*switch_errors, *board.errors, *parsed.errors]
    if board.value is not None and parsed.value is not None:
        b, r = board.value, parsed.value
        if not (1 <= r.allied_rows[0] <= r.allied_rows[1] < r.neutral_rows[0]):
            errors.append(_err("rules.zones", "zones: allied rows come before the neutral rows"))
        if b.height - r.neutral_rows[1] + 1 != r.neutral_rows[0] or r.neutral_rows[1] > b.height:
            errors.append(_err("rules.zones", "zones: the neutral rows must be mirror-symmetric"))
    if errors:
        return Parsed(None, tuple(errors))
    assert board.value is not None and parsed.value is not None
    lines = tuple(board_text.splitlines())
    setup = Setup(
        board.value,
        parsed.value,
        lines,
        json.dumps(rules, sort_keys=True),
        spawning,
        str(standing_enemy),
    )
    return Parsed(setup, ())
