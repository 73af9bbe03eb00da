"""Elementarium's actions: a player's sealed orders for one turn (moves "b2-b4", or "hold"),
their notation and JSON (docs/formats.md "Elementarium")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from events.duel import DuelProblem, Parsed
from events.elementarium.setup import COLS, Cell, cell_name

MOVE = re.compile(r"^([a-z])(\d{1,2})\s*[-x>]\s*([a-z])(\d{1,2})$")
HOLD = "hold"


@dataclass(frozen=True, order=True)
class Move:
    """The piece (unit or Source) on `src` targets `dst`."""

    src: Cell
    dst: Cell

    def __str__(self) -> str:
        return f"{cell_name(self.src)}-{cell_name(self.dst)}"


@dataclass(frozen=True)
class Orders:
    """One player's orders for the turn, sealed until both are in. Stored sorted by field,
    so the order in which the player listed them is not part of the record; `as_written`
    keeps it while the orders are checked, so an error numbers its move as the player did."""

    moves: tuple[Move, ...]
    written: tuple[Move, ...] = field(default=(), compare=False, repr=False)

    @staticmethod
    def of(moves: list[Move] | tuple[Move, ...]) -> Orders:
        return Orders(tuple(sorted(moves)), tuple(moves))

    @property
    def as_written(self) -> tuple[Move, ...]:
        """The moves in the order the player gave them (stored orders: sorted)."""
        return self.written or self.moves


def format_orders(orders: Orders) -> str:
    return ", ".join(str(m) for m in orders.moves) if orders.moves else HOLD


def _cell(col: str, row: str) -> Cell:
    return (COLS.index(col), int(row) - 1)


def parse_orders(text: str) -> Parsed[tuple[Orders, ...], DuelProblem]:
    """ "b2-b4, c2-c3" (commas, semicolons or new lines between moves), or "hold"."""
    words = [w.strip().lower() for w in re.split(r"[,;\n]+", text) if w.strip()]
    if words == [HOLD] or words == []:
        return Parsed((Orders(()),), ())
    moves: list[Move] = []
    errors: list[DuelProblem] = []
    for i, word in enumerate(words):
        match = MOVE.match(word)
        if match is None:
            errors.append(
                DuelProblem(
                    "elementarium.notation",
                    f"{word!r} is not a move: write FROM-TO, e.g. b2-b4 (or hold)",
                    action=i,
                )
            )
            continue
        a, b, c, d = match.groups()
        moves.append(Move(_cell(a, b), _cell(c, d)))
    return Parsed.of((Orders.of(moves),), errors)


def orders_to_json(orders: Orders) -> dict[str, Any]:
    return {"orders": [{"from": cell_name(m.src), "to": cell_name(m.dst)} for m in orders.moves]}


def orders_from_json(data: Any) -> Parsed[Orders, DuelProblem]:
    """{"orders": [{"from": "b2", "to": "b4"}, ...]} (an empty list holds)."""
    if not isinstance(data, dict) or not isinstance(data.get("orders"), list):
        return Parsed(
            None, (DuelProblem("elementarium.json", 'orders are {"orders": [{"from", "to"}]}'),)
        )
    moves: list[Move] = []
    errors: list[DuelProblem] = []
    for i, item in enumerate(data["orders"]):
        ok = isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ("from", "to"))
        match = MOVE.match(f"{item['from']}-{item['to']}".lower()) if ok else None
        if match is None:
            errors.append(
                DuelProblem(
                    "elementarium.json",
                    f"order {i + 1}: give from and to as fields, e.g. b2 and b4",
                    action=i,
                )
            )
            continue
        a, b, c, d = match.groups()
        moves.append(Move(_cell(a, b), _cell(c, d)))
    return Parsed.of(Orders.of(moves), errors)
