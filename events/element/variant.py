"""Element's three rule texts as named switches of one variant value (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from events.duel import DuelProblem

MOVES = ("up-to", "exactly")
GAME_END = ("turn-start", "any-action")
UNPLAYABLE = ("skip", "forfeit")
TRAPPED = ("no-step", "no-step-or-ride")
OWED_CHECK = ("reached", "reachable")
OLD_READINGS = {"trapped": "no-step", "owed_check": "reached"}
"""switches added after duels were stored (issue 25): a stored duel whose options lack one was
played under this reading, so its absence means it"""


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
    trapped: str = "no-step"
    """when a sage "cannot move": "no-step" (no legal step) or "no-step-or-ride" (no legal
    step and no whirlwind it could ride, all its stacks fresh)"""
    owed_check: str = "reached"
    """a confirm with owed stones or moves: "reached" (accepted when none can be made in the
    position reached) or "reachable" (nor in any position the free rides, and the steps left
    but not owed, still reach this turn)"""

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
            str(data.get("trapped", OLD_READINGS["trapped"])),
            str(data.get("owed_check", OLD_READINGS["owed_check"])),
        )


VARIANTS: dict[str, Variant] = {
    "grand-final": Variant(
        "grand-final", "up-to", "turn-start", "skip", 300, 600, "no-step-or-ride", "reachable"
    ),
    "dm5": Variant(
        "dm5", "exactly", "any-action", "forfeit", 240, 600, "no-step-or-ride", "reachable"
    ),
    "summary": Variant(
        "summary", "exactly", "turn-start", "forfeit", 180, 300, "no-step", "reachable"
    ),
}
DEFAULT_VARIANT = "summary"


def check_variant(data: Mapping[str, Any]) -> list[DuelProblem]:
    """What is wrong with a set of switches (empty when fine)."""
    errors = []
    data = {**OLD_READINGS, **data}
    for key, allowed in (
        ("moves", MOVES),
        ("game_end", GAME_END),
        ("unplayable", UNPLAYABLE),
        ("trapped", TRAPPED),
        ("owed_check", OWED_CHECK),
    ):
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
