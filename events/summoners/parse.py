"""Summoner's Dream submissions from workbook tabs or canonical JSON, with every error."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from events.errors import (
    ParseResult,
    SubmissionProblem,
    close_matches,
    no_tab,
    nothing_submitted,
    quoted,
)
from events.parsed import Parsed
from events.places import PlacesBuilder
from events.summoners.catalog import FAMILIARS, TOWERS, Catalog
from events.summoners.geometry import Facing
from events.summoners.layout import (
    ATTACK_FIRST_ROW,
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
    SHOP_ROWS,
    SHOP_TAB,
    SLOT_COLUMN,
    TARGET_CELL,
    TILE_MARKS,
    UPGRADE_COL,
)
from events.summoners.model import (
    SLOTS,
    Attack,
    Defence,
    Placement,
    SummonersState,
    SummonersSubmission,
)
from events.tables import CellValue, Grid, Workbook, cell_ref

EVENT = "summoners"
_TOWER = re.compile(r"^\s*([A-Za-z]+)\s*(\d*)\s*(?:>\s*([A-Za-z]+))?\s*$")
_FACINGS = {
    "n": Facing.NORTH,
    "north": Facing.NORTH,
    "e": Facing.EAST,
    "east": Facing.EAST,
    "s": Facing.SOUTH,
    "south": Facing.SOUTH,
    "w": Facing.WEST,
    "west": Facing.WEST,
}


class _Reader:
    def __init__(self, player: str, state: SummonersState) -> None:
        self.player, self.state = player, state
        self.errors: list[SubmissionProblem] = []
        self.places = PlacesBuilder()

    def error(
        self, code: str, message: str, tab: str | None = None, cell: str | None = None
    ) -> None:
        self.errors.append(SubmissionProblem(code, self.player, message, EVENT, tab, cell))

    def kind(
        self, text: str, names: Sequence[str], what: str, tab: str | None, cell: str | None
    ) -> str | None:
        found = next((n for n in names if n.lower() == " ".join(text.split()).lower()), None)
        if found is None:
            hint = close_matches(text, list(names))
            more = f"; did you mean {hint[0]!r}?" if hint else f" ({', '.join(names)})"
            self.error(f"summoners.{what}", f"{quoted(text)} is not a {what}{more}", tab, cell)
        return found

    def player_name(self, text: str, tab: str | None, cell: str | None) -> str | None:
        found = next((p for p in self.state.players if p.lower() == text.strip().lower()), None)
        if found is None:
            hint = close_matches(text.strip(), list(self.state.players))
            more = (
                f"; did you mean {hint[0]}?"
                if hint
                else f"; write one of its players: {', '.join(self.state.players)}"
            )
            self.error(
                "summoners.target", f"{quoted(text)} is not a player of this event{more}", tab, cell
            )
        return found


def tower_cell(text: str) -> tuple[str, Facing] | None:
    """'Yi>E' -> ('Yi', east); 'yi2' -> ('Yi2', north); None if it does not read."""
    m = _TOWER.match(text)
    if not m:
        return None
    kind = next((t for t in TOWERS if t.lower() == m.group(1).lower()), None)
    facing = _FACINGS.get((m.group(3) or "n").lower())
    if kind is None or facing is None:
        return None
    return kind + m.group(2), facing


def parse_workbook(
    player: str, state: SummonersState, workbook: Workbook
) -> ParseResult[SummonersSubmission]:
    r = _Reader(player, state)
    tabs = {name: workbook.get(name) for name in (SHOP_TAB, DEFENCE_TAB, ATTACK_TAB)}
    for name, grid in tabs.items():
        if grid is None:
            r.error("summoners.tab", no_tab(name, workbook), name)
    if r.errors:
        return Parsed.of(None, r.errors)
    shop, defence_grid, attack_grid = tabs[SHOP_TAB], tabs[DEFENCE_TAB], tabs[ATTACK_TAB]
    assert shop is not None and defence_grid is not None and attack_grid is not None

    buy_t: list[str] = []
    buy_f: list[str] = []
    upgrades: list[str] = []
    for row in range(SHOP_FIRST_ROW, SHOP_FIRST_ROW + SHOP_ROWS):
        for col, names, out, what, key in (
            (BUY_TOWER_COL, TOWERS, buy_t, "tower", "buy_towers"),
            (BUY_FAMILIAR_COL, FAMILIARS, buy_f, "familiar", "buy_familiars"),
        ):
            text = shop.text(row, col)
            if text:
                kind = r.kind(text, names, what, SHOP_TAB, cell_ref(row, col))
                if kind:
                    r.places.add(f"{key}.{len(out)}", SHOP_TAB, cell_ref(row, col))
                    out.append(kind)
        text = shop.text(row, UPGRADE_COL)
        if text:
            r.places.add(f"upgrades.{len(upgrades)}", SHOP_TAB, cell_ref(row, UPGRADE_COL))
            upgrades.append(" ".join(text.split()))

    for col in (BUY_TOWER_COL, BUY_FAMILIAR_COL, UPGRADE_COL):
        _outside(r, shop, SHOP_FIRST_ROW + SHOP_ROWS, col, col + 1)
    defence = _defence(r, defence_grid, workbook)
    attack, target = _attack(r, attack_grid)
    _outside(r, attack_grid, ATTACK_FIRST_ROW + SLOTS, 0, PARTY_COL + 1)
    if r.errors:
        return Parsed.of(None, r.errors)
    submission = SummonersSubmission(
        tuple(buy_t), tuple(buy_f), tuple(upgrades), defence, attack, target, r.places.build()
    )
    if submission == SummonersSubmission():
        return nothing_submitted(player, EVENT, "the Summoner's Dream tabs")
    return Parsed.of(submission, [])


def _outside(r: _Reader, grid: Grid, first_row: int, first_col: int, last_col: int) -> None:
    """Anything typed below the rows read (in the given columns) is reported, not dropped."""
    for row in range(first_row, grid.height):
        for col in range(first_col, last_col):
            if grid.text(row, col):
                r.error(
                    "summoners.rows",
                    f"{quoted(grid.text(row, col))} is outside the rows read; "
                    "use the rows provided",
                    grid.tab,
                    cell_ref(row, col),
                )
                return


def _defence(r: _Reader, grid: Grid, workbook: Workbook) -> Defence | None:
    maps = r.state.catalog.maps
    chosen_text = grid.text(*MAP_CHOICE)
    placed: dict[int, list[tuple[Placement, str]]] = {}
    for i, m in enumerate(maps, 1):
        tab = MAP_TAB.format(i)
        sheet = workbook.get(tab)
        if sheet is None:
            continue
        for row in range(len(m.rows)):
            for col in range(len(m.rows[row])):
                text = sheet.text(GRID_TOP + row, GRID_LEFT + col)
                if not text or (text in TILE_MARKS and text == m.at((row, col))):
                    continue  # empty, or the template's own A/B/E/G mark
                cell = cell_ref(GRID_TOP + row, GRID_LEFT + col)
                read = tower_cell(text)
                if read is None:
                    r.error(
                        "summoners.tower",
                        f"{quoted(text)} is not a tower and facing like 'Yi>E' "
                        f"({', '.join(TOWERS)}; facing N, E, S or W)",
                        tab,
                        cell,
                    )
                    continue
                placement = Placement(read[0], (row, col), read[1])
                placed.setdefault(i, []).append((placement, cell))
        width = max(len(line) for line in m.rows)
        for row in range(GRID_TOP, sheet.height):
            for col in range(sheet.width):
                inside = (
                    GRID_TOP <= row < GRID_TOP + len(m.rows)
                    and GRID_LEFT <= col < GRID_LEFT + width
                )
                labels = row < GRID_TOP or col < GRID_LEFT
                if not inside and not labels and sheet.text(row, col):
                    r.error(
                        "summoners.tower",
                        f"{quoted(sheet.text(row, col))} is off the map; write towers on its tiles",
                        tab,
                        cell_ref(row, col),
                    )
    if chosen_text:
        found = r.kind(
            chosen_text, [m.name for m in maps], "map", DEFENCE_TAB, cell_ref(*MAP_CHOICE)
        )
        if found is None:
            return None
        m = next(m for m in maps if m.name == found)
        index = maps.index(m) + 1
        others = [MAP_TAB.format(i) for i in placed if i != index]
        if others:
            r.error(
                "summoners.map",
                f"you chose {m.name} but placed towers on {', '.join(others)} "
                f"too; clear the other map tabs",
                DEFENCE_TAB,
                cell_ref(*MAP_CHOICE),
            )
        return _chosen(r, m.name, MAP_TAB.format(index), placed.get(index, []))
    if len(placed) > 1:
        r.error(
            "summoners.map",
            "towers stand on several map tabs: name the one you choose here",
            DEFENCE_TAB,
            cell_ref(*MAP_CHOICE),
        )
        return None
    if placed:
        index = next(iter(placed))
        return _chosen(r, maps[index - 1].name, MAP_TAB.format(index), placed[index])
    return None


def _chosen(r: _Reader, name: str, tab: str, placed: list[tuple[Placement, str]]) -> Defence:
    """The defence on the chosen map, each placement's cell kept in `r.places`."""
    r.places.add("defence.map", DEFENCE_TAB, cell_ref(*MAP_CHOICE))
    for i, (_, cell) in enumerate(placed):
        r.places.add(f"defence.towers.{i}", tab, cell)
    return Defence(name, tuple(p for p, _ in placed))


def _attack(r: _Reader, grid: Grid) -> tuple[Attack | None, str | None]:
    target_text = grid.text(*TARGET_CELL)
    target = r.player_name(target_text, ATTACK_TAB, cell_ref(*TARGET_CELL)) if target_text else None
    if target:
        r.places.add("target", ATTACK_TAB, cell_ref(*TARGET_CELL))
    slots: list[tuple[int, str]] = []
    parties: dict[str, list[int]] = {"A": [], "B": []}
    for row in range(ATTACK_FIRST_ROW, ATTACK_FIRST_ROW + SLOTS):
        slot = row - ATTACK_FIRST_ROW + 1
        familiar, party = grid.text(row, FAMILIAR_COL), grid.text(row, PARTY_COL).upper()
        if not familiar and not party:
            continue
        if party not in ("A", "B"):
            r.error(
                "summoners.party",
                f"slot {slot}: party must be A or B, not {quoted(party)}",
                ATTACK_TAB,
                cell_ref(row, PARTY_COL),
            )
            continue
        parties[party].append(slot)
        r.places.add(f"attack.party.{slot}", ATTACK_TAB, cell_ref(row, PARTY_COL))
        if familiar:
            slots.append((slot, " ".join(familiar.split())))
            r.places.add(f"attack.slot.{slot}", ATTACK_TAB, cell_ref(row, FAMILIAR_COL))
    if not slots and not any(parties.values()):
        return None, target
    r.places.add("attack.slots", ATTACK_TAB, SLOT_COLUMN)
    return Attack(tuple(slots), _span(parties["A"]), _span(parties["B"])), target


def _span(slots: list[int]) -> tuple[int, int] | None:
    return (min(slots), max(slots)) if slots else None


def parse_json(player: str, state: SummonersState, data: Any) -> ParseResult[SummonersSubmission]:
    r = _Reader(player, state)
    if not isinstance(data, Mapping):
        r.error("summoners.json", "expected an object (docs/formats.md, Summoner's Dream)")
        return Parsed.of(None, r.errors)
    unknown = set(data) - {"buy_towers", "buy_familiars", "upgrades", "defence", "attack", "target"}
    if unknown:
        r.error("summoners.json", f"unknown keys: {', '.join(sorted(map(str, unknown)))}")
    buy_t = _kinds(r, data, "buy_towers", TOWERS, "tower")
    buy_f = _kinds(r, data, "buy_familiars", FAMILIARS, "familiar")
    upgrades = _strings(r, data.get("upgrades", []), "upgrades")
    for i in range(len(upgrades)):
        r.places.field(f"upgrades.{i}", f"upgrades[{i + 1}]")
    defence = None
    d = data.get("defence")
    if d is not None:
        if not isinstance(d, Mapping) or not isinstance(d.get("map"), str):
            r.error("summoners.json", 'defence: expected {"map": ..., "towers": [...]}')
        else:
            placements: list[Placement] = []
            towers = d.get("towers", [])
            if not isinstance(towers, list):
                r.error("summoners.json", "defence.towers must be a list")
                towers = []
            chosen = next(
                (m.name for m in state.catalog.maps if m.name.lower() == d["map"].strip().lower()),
                d["map"],
            )
            for i, t in enumerate(towers, 1):
                ok = isinstance(t, Mapping) and isinstance(t.get("tower"), str)
                ok = ok and all(type(t.get(k)) is int for k in ("row", "col"))
                facing = _FACINGS.get(str(t.get("facing", "N")).lower()) if ok else None
                if not ok or facing is None:
                    r.error(
                        "summoners.json",
                        f"defence.towers[{i}]: expected "
                        '{"tower": "Yi1", "row": 1, "col": 1, "facing": "N"}',
                    )
                    continue
                r.places.field(f"defence.towers.{len(placements)}", f"defence.towers[{i}]")
                placements.append(Placement(t["tower"], (t["row"] - 1, t["col"] - 1), facing))
            defence = Defence(chosen, tuple(placements))
            r.places.field("defence.map")
    attack = None
    a = data.get("attack")
    if a is not None:
        slots_ok = isinstance(a, Mapping) and isinstance(a.get("slots"), Mapping)
        spans = [a.get("party_a"), a.get("party_b")] if slots_ok else []
        if not slots_ok or not all(s is None or _is_span(s) for s in spans):
            r.error(
                "summoners.json",
                'attack: expected {"slots": {"1": "Fox1"}, "party_a": [1, 3], "party_b": [4, 5]}',
            )
        else:
            slots = []
            for key, ref in a["slots"].items():
                if not (str(key).isascii() and str(key).isdigit()) or not isinstance(ref, str):
                    r.error(
                        "summoners.json",
                        f"attack.slots: {quoted(key)}: {quoted(ref)} is not slot -> familiar",
                    )
                else:
                    slots.append((int(key), ref))
                    r.places.field(f"attack.slot.{int(key)}", f"attack.slots.{key}")
            attack = Attack(tuple(sorted(slots)), _tuple(spans[0]), _tuple(spans[1]))
            _party_fields(r, attack)
    target = data.get("target")
    if target is not None:
        target = r.player_name(str(target), None, None)
        r.places.field("target")
    if r.errors:
        return Parsed.of(None, r.errors)
    return Parsed.of(
        SummonersSubmission(
            tuple(buy_t), tuple(buy_f), tuple(upgrades), defence, attack, target, r.places.build()
        ),
        [],
    )


def _kinds(
    r: _Reader, data: Mapping[str, Any], key: str, names: Sequence[str], what: str
) -> list[str]:
    """A JSON list of tower or familiar kinds, each one's field kept in `r.places`."""
    out: list[str] = []
    for i, text in enumerate(_strings(r, data.get(key, []), key), 1):
        kind = r.kind(text, names, what, None, None)
        if kind:
            r.places.field(f"{key}.{len(out)}", f"{key}[{i}]")
            out.append(kind)
    return out


def _party_fields(r: _Reader, attack: Attack) -> None:
    """Each slot of a JSON party span has the span's field as its party's place."""
    r.places.field("attack.slots")
    for key, span in (("party_a", attack.party_a), ("party_b", attack.party_b)):
        if span:
            for slot in range(max(span[0], 1), min(span[1], SLOTS) + 1):
                r.places.field(f"attack.party.{slot}", f"attack.{key}")


def _is_span(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _tuple(value: Any) -> tuple[int, int] | None:
    return (value[0], value[1]) if value else None


def _strings(r: _Reader, value: Any, key: str) -> list[str]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    r.error("summoners.json", f'"{key}" must be a list of names')
    return []


def defence_json(d: Defence) -> dict[str, Any]:
    return {
        "map": d.map,
        "towers": [
            {"tower": p.tower, "row": p.tile[0] + 1, "col": p.tile[1] + 1, "facing": p.facing.value}
            for p in d.placements
        ],
    }


def to_json(sub: SummonersSubmission) -> dict[str, Any]:
    return {
        "buy_towers": list(sub.buy_towers),
        "buy_familiars": list(sub.buy_familiars),
        "upgrades": list(sub.upgrades),
        "defence": defence_json(sub.defence) if sub.defence else None,
        "attack": {
            "slots": {str(s): ref for s, ref in sub.attack.slots},
            "party_a": list(sub.attack.party_a) if sub.attack.party_a else None,
            "party_b": list(sub.attack.party_b) if sub.attack.party_b else None,
        }
        if sub.attack
        else None,
        "target": sub.target,
    }


def to_cells(
    catalog: Catalog, sub: SummonersSubmission
) -> dict[str, dict[tuple[int, int], CellValue]]:
    """Where a submission stands in the workbook (what `parse_workbook` reads back)."""
    cells: dict[str, dict[tuple[int, int], CellValue]] = {
        SHOP_TAB: {},
        DEFENCE_TAB: {},
        ATTACK_TAB: {},
    }
    for col, items in ((BUY_TOWER_COL, sub.buy_towers), (BUY_FAMILIAR_COL, sub.buy_familiars),
                       (UPGRADE_COL, sub.upgrades)):  # fmt: skip
        for i, item in enumerate(items):
            cells[SHOP_TAB][(SHOP_FIRST_ROW + i, col)] = item
    if sub.defence:
        cells[DEFENCE_TAB][MAP_CHOICE] = sub.defence.map
        index = [m.name for m in catalog.maps].index(sub.defence.map) + 1
        cells[MAP_TAB.format(index)] = {
            (GRID_TOP + p.tile[0], GRID_LEFT + p.tile[1]): f"{p.tower}>{p.facing.value}"
            for p in sub.defence.placements
        }
    if sub.attack:
        for party, span in (("A", sub.attack.party_a), ("B", sub.attack.party_b)):
            if span:
                for slot in range(span[0], span[1] + 1):
                    cells[ATTACK_TAB][(ATTACK_FIRST_ROW + slot - 1, PARTY_COL)] = party
        for slot, ref in sub.attack.slots:
            cells[ATTACK_TAB][(ATTACK_FIRST_ROW + slot - 1, FAMILIAR_COL)] = ref
    if sub.target:
        cells[ATTACK_TAB][TARGET_CELL] = sub.target
    return cells


_KEYS = frozenset({"buy_towers", "buy_familiars", "upgrades", "defence", "attack", "target"})
_TOWER_SET = frozenset(TOWERS)
_FAMILIAR_SET = frozenset(FAMILIARS)


def plain_json(state: SummonersState, data: Any) -> SummonersSubmission | None:
    """A submission from JSON written exactly as `to_json` writes it (names spelt as the
    catalog spells them), typed without recording places: what a program (a lab bot) hands
    in, read at a fraction of `parse_json`'s cost. None for anything else, which `parse_json`
    then reads (and names every error of); whatever this reads, `parse_json` reads to the
    same value."""
    if type(data) is not dict or not _KEYS.issuperset(data):
        return None
    buy_t = _exact(data.get("buy_towers", []), _TOWER_SET)
    buy_f = _exact(data.get("buy_familiars", []), _FAMILIAR_SET)
    upgrades = data.get("upgrades", [])
    if buy_t is None or buy_f is None or not _all_strings(upgrades):
        return None
    defence = None
    d = data.get("defence")
    if d is not None:
        defence = _plain_defence(state, d)
        if defence is None:
            return None
    attack = None
    a = data.get("attack")
    if a is not None:
        attack = _plain_attack(a)
        if attack is None:
            return None
    target = data.get("target")
    if target is not None and (type(target) is not str or target not in state.players):
        return None
    return SummonersSubmission(tuple(buy_t), tuple(buy_f), tuple(upgrades), defence, attack, target)


def _exact(value: Any, names: frozenset[str]) -> list[str] | None:
    if type(value) is not list or not all(type(v) is str for v in value):
        return None
    return value if names.issuperset(value) else None


def _all_strings(value: Any) -> bool:
    return type(value) is list and all(type(v) is str for v in value)


PLACEMENTS_KEPT = 4096
"""placements read from plain JSON, kept by what was written: a lab's bots place the same few
towers on the same tiles round after round, and a frozen dataclass costs ~1 us to make"""
_placements: dict[tuple[str, int, int, object], Placement] = {}


def _placement(tower: str, row: int, col: int, facing_text: object) -> Placement | None:
    """The placement `{"tower", "row", "col", "facing"}` reads to (None: no such facing)."""
    key = (tower, row, col, facing_text)
    kept = _placements.get(key)
    if kept is None:
        facing = _FACINGS.get(str(facing_text).lower())
        if facing is None:
            return None
        if len(_placements) >= PLACEMENTS_KEPT:
            _placements.clear()
        kept = _placements[key] = Placement(tower, (row - 1, col - 1), facing)
    return kept


def _plain_defence(state: SummonersState, d: Any) -> Defence | None:
    chosen = d.get("map") if type(d) is dict else None
    if type(chosen) is not str or not any(m.name == chosen for m in state.catalog.maps):
        return None
    towers = d.get("towers", [])
    if type(towers) is not list:
        return None
    placements = []
    for t in towers:
        if type(t) is not dict:
            return None
        tower, row, col = t.get("tower"), t.get("row"), t.get("col")
        if type(tower) is not str or type(row) is not int or type(col) is not int:
            return None
        facing_text = t.get("facing", "N")
        placement = _placement(tower, row, col, facing_text if type(facing_text) is str else "?")
        if placement is None:
            return None
        placements.append(placement)
    return Defence(chosen, tuple(placements))


_SLOT_NUMBERS = {str(slot): slot for slot in range(1, SLOTS + 1)}
"""the slot keys `to_json` writes, read without checking their digits"""


ATTACKS_KEPT = 4096
"""attacks read from plain JSON, kept by what was written: a lab's bots send the same few
attacks round after round (and the checks know an attack they have seen)"""
_attacks: dict[tuple[Any, ...], Attack] = {}


def _plain_attack(a: Any) -> Attack | None:
    if type(a) is not dict or type(a.get("slots")) is not dict:
        return None
    spans = [a.get("party_a"), a.get("party_b")]
    if not all(s is None or _is_span(s) for s in spans):
        return None
    written = (tuple(a["slots"].items()), _tuple(spans[0]), _tuple(spans[1]))
    try:
        kept = _attacks.get(written)
    except TypeError:  # unhashable: no slot -> familiar of plain JSON
        return None
    if kept is None:
        kept = _read_attack(written[0], written[1], written[2])
        if kept is None:
            return None
        if len(_attacks) >= ATTACKS_KEPT:
            _attacks.clear()
        _attacks[written] = kept
    return kept


def _read_attack(
    written: tuple[tuple[Any, Any], ...],
    party_a: tuple[int, int] | None,
    party_b: tuple[int, int] | None,
) -> Attack | None:
    """The attack of these `slots` items and spans (None: not as `to_json` writes it)."""
    slots = []
    for key, ref in written:
        slot = _SLOT_NUMBERS.get(key) if type(key) is str else None
        if slot is None:
            if type(key) is not str or not (key.isascii() and key.isdigit()):
                return None
            slot = int(key)
        if type(ref) is not str:
            return None
        slots.append((slot, ref))
    return Attack(tuple(sorted(slots)), party_a, party_b)
