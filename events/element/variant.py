"""Element's three rule texts as named switches of one variant value (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from events.duel import DuelProblem

MOVES = ("up-to", "exactly")
GAME_END = ("turn-start", "any-action")
UNPLAYABLE = ("skip", "forfeit")


@dataclass(frozen=True)
class Variant:
    name: str
    moves: str
    """"up-to": a player may make up to 5 - drawn moves; "exactly": must make them all"""
    game_end: str
    """"turn-start": a player who starts their turn trapped loses; "any-action": the game
    ends after any action that leaves a sage trapped (both trapped: the player not having
    the turn wins)"""
    unplayable: str
    """a drawn stone or an owed move that cannot be made: "skip" (left unplaced/unmade) or
    "forfeit" (the player loses)"""
    turn_seconds: int
    reserve_seconds: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Variant:
        return Variant(
            str(data["name"]),
            str(data["moves"]),
            str(data["game_end"]),
            str(data["unplayable"]),
            int(data["turn_seconds"]),
            int(data["reserve_seconds"]),
        )


VARIANTS: dict[str, Variant] = {
    "grand-final": Variant("grand-final", "up-to", "turn-start", "skip", 300, 600),
    "dm5": Variant("dm5", "exactly", "any-action", "forfeit", 240, 600),
    "summary": Variant("summary", "exactly", "turn-start", "forfeit", 180, 300),
}
DEFAULT_VARIANT = "summary"


def check_variant(data: Mapping[str, Any]) -> list[DuelProblem]:
    """What is wrong with a set of switches (empty when fine)."""
    errors = []
    for key, allowed in (("moves", MOVES), ("game_end", GAME_END), ("unplayable", UNPLAYABLE)):
        if data.get(key) not in allowed:
            errors.append(
                DuelProblem(
                    "element.option",
                    f"option {key} is {data.get(key)!r}; expected one of {', '.join(allowed)}",
                )
            )
    for key in ("turn_seconds", "reserve_seconds"):
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            errors.append(
                DuelProblem("element.option", f"option {key} must be a whole number of seconds")
            )
    return errors
