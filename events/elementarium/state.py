"""An Elementarium position: units, Sources, the turn, the sealed orders, the last turn's
report, and the outcome; its JSON (docs/formats.md "Elementarium")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.duel import Outcome
from events.elementarium.orders import Move, Orders, orders_from_json, orders_to_json
from events.elementarium.setup import Cell, Setup, cell_name

Unit = tuple[Cell, int, str]
"""(field, owner 0/1, type E/A/F/W)"""


@dataclass(frozen=True)
class Clash:
    """Units that met on `cell` (or, `passing`, enemies that swapped fields through each
    other), as (owner, type, came from); `survivor` is the owner of the unit left (None: all
    were removed). `taken`: not a clash of two targets but a unit taking an enemy unit that
    stayed on its field (option `standing_enemy` "taken")."""

    cell: Cell
    units: tuple[tuple[int, str, Cell], ...]
    survivor: int | None
    passing: bool = False
    taken: bool = False


@dataclass(frozen=True)
class TurnReport:
    """What the last resolved turn did, for the log, the pictures and the players."""

    moved: tuple[tuple[int, Move], ...] = ()
    cancelled: tuple[tuple[int, Move], ...] = ()
    clashes: tuple[Clash, ...] = ()
    spawned: tuple[Unit, ...] = ()
    captured: tuple[int, ...] = ()
    """owners whose Source was captured"""


@dataclass(frozen=True)
class State:
    setup: Setup
    players: tuple[str, str]
    units: tuple[Unit, ...]
    """sorted by field: never more than one unit on a field"""
    sources: tuple[Cell, Cell]
    turn: int
    """the turn being ordered, from 1"""
    pending: tuple[Orders | None, Orders | None]
    """sealed orders of the turn (None: not in yet)"""
    last: TurnReport
    outcome: Outcome | None = None

    def at(self) -> dict[Cell, tuple[int, str]]:
        return {cell: (owner, kind) for cell, owner, kind in self.units}


def _move_json(owner: int, move: Move) -> dict[str, Any]:
    return {"player": owner, "from": cell_name(move.src), "to": cell_name(move.dst)}


def report_to_json(report: TurnReport) -> dict[str, Any]:
    return {
        "moved": [_move_json(o, m) for o, m in report.moved],
        "cancelled": [_move_json(o, m) for o, m in report.cancelled],
        "clashes": [
            {
                "field": cell_name(c.cell),
                "units": [
                    {"player": o, "type": k, "from": cell_name(src)} for o, k, src in c.units
                ],
                "survivor": c.survivor,
                "passing": c.passing,
                "taken": c.taken,
            }
            for c in report.clashes
        ],
        "spawned": [{"player": o, "type": k, "field": cell_name(c)} for c, o, k in report.spawned],
        "captured": list(report.captured),
    }


def board_rows(state: State) -> list[str]:
    """The board as text, top row first (upper case: first player; lower: second)."""
    b = state.setup.board
    at = state.at()
    lines = []
    for row in range(b.height - 1, -1, -1):
        out = []
        for col in range(b.width):
            cell = (col, row)
            if cell in at:
                owner, kind = at[cell]
                out.append(kind if owner == 0 else kind.lower())
            elif cell in state.sources:
                out.append("S" if state.sources.index(cell) == 0 else "s")
            elif cell in b.obstacles:
                out.append("O")
            else:
                out.append(".")
        lines.append(f"{row + 1:>2} " + " ".join(out))
    lines.append("   " + " ".join("abcdefghijklmnopqrstuvwxyz"[: b.width]))
    return lines


def state_to_json(state: State, show: Mapping[int, bool]) -> dict[str, Any]:
    """The state JSON; the sealed orders of player i appear only if show[i]."""
    return {
        "game": "elementarium",
        "players": list(state.players),
        "turn_no": state.turn,
        "units": [{"field": cell_name(c), "player": o, "type": k} for c, o, k in state.units],
        "sources": [cell_name(c) for c in state.sources],
        "orders_in": [p is not None for p in state.pending],
        "orders": [
            orders_to_json(p) if p is not None and show.get(i, False) else None
            for i, p in enumerate(state.pending)
        ],
        "last_turn": report_to_json(state.last),
        "outcome": state.outcome.to_json() if state.outcome else None,
        "rows": board_rows(state),
    }


def state_from_json(setup: Setup, data: Mapping[str, Any]) -> State:
    """A state from its host JSON (every sealed order shown). Raises ValueError if bad."""
    from events.elementarium.setup import parse_cell

    w, h = setup.board.width, setup.board.height

    def cell(text: Any) -> Cell:
        found = parse_cell(str(text), w, h)
        if found is None:
            raise ValueError(f"{text!r} is not a field")
        return found

    units = tuple(
        sorted((cell(u["field"]), int(u["player"]), str(u["type"])) for u in data["units"])
    )
    pending: list[Orders | None] = []
    for raw in data["orders"]:
        if raw is None:
            pending.append(None)
            continue
        parsed = orders_from_json(raw)
        if parsed.value is None:
            raise ValueError(str(parsed.errors[0]))
        pending.append(parsed.value)
    sources = tuple(cell(s) for s in data["sources"])
    outcome = data.get("outcome")
    return State(
        setup,
        (str(data["players"][0]), str(data["players"][1])),
        units,
        (sources[0], sources[1]),
        int(data["turn_no"]),
        (pending[0], pending[1]),
        _report_from_json(data.get("last_turn") or {}, cell),
        Outcome.from_json(outcome) if outcome else None,
    )


def _report_from_json(data: Mapping[str, Any], cell: Any) -> TurnReport:
    def moves(key: str) -> tuple[tuple[int, Move], ...]:
        return tuple(
            (int(m["player"]), Move(cell(m["from"]), cell(m["to"]))) for m in data.get(key, [])
        )

    return TurnReport(
        moves("moved"),
        moves("cancelled"),
        tuple(
            Clash(
                cell(c["field"]),
                tuple((int(u["player"]), str(u["type"]), cell(u["from"])) for u in c["units"]),
                None if c["survivor"] is None else int(c["survivor"]),
                bool(c.get("passing", False)),
                bool(c.get("taken", False)),
            )
            for c in data.get("clashes", [])
        ),
        tuple(
            (cell(s["field"]), int(s["player"]), str(s["type"])) for s in data.get("spawned", [])
        ),
        tuple(int(x) for x in data.get("captured", [])),
    )
