"""What a duel game offers every front end beyond its notation: shortcut verbs (a word of the
notation offered as a command of its own, with a count: Element's `take N` is the command
line's `festival duel draw DIR N`, Discord's `/take N` and `/host take N FWEA`, the dashboard
desk's button) and the boards a duel is created on (`festival duel new --board`).

A game declares its offers in a light module of its own package (`events/element/offers.py`)
that its registry entry names (`DuelEntry.offers`): the command line reads them while it builds
its parser, before any game is loaded. Pure values: standard library only."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shortcut:
    """One shortcut: "VERB N" in the game's notation, or "VERB N DETAIL" when the host records
    what was drawn elsewhere (a dice bot's stones)."""

    verb: str
    """the word typed in the notation, and the slash command's name ("take")"""
    command: str
    """the command line's subcommand (`festival duel draw`)"""
    help: str
    """what it does, for the host ("draw the stones of the turn")"""
    player_help: str
    """what it does, for the player who types it ("draw your stones (with the duel's seed)")"""
    count: str
    """what the count is ("how many stones (0-4)")"""
    detail: str = ""
    """what the host may record as drawn elsewhere ("stones"; "" if nothing)"""
    detail_help: str = ""
    """how it is written ("e.g. FWEA")"""
    host_help: str = ""
    """what recording it does ("record stones drawn elsewhere (a dice bot)")"""

    def text(self, count: int, detail: str | None = None) -> str:
        """The shortcut as the game's notation writes it ("take 2", "take 2 FW")."""
        return f"{self.verb} {count}" + (f" {detail}" if detail else "")


@dataclass(frozen=True)
class Boards:
    """The boards a duel of the game is created on: each named board is the game's variant of
    that name; with `option`, a board file (JSON) may be given instead, recorded in the duel's
    options under that name and checked like the shipped boards."""

    names: tuple[str, ...]
    option: str | None = None
    """the option a board file's JSON is recorded under (None: no board files)"""


@dataclass(frozen=True)
class Offers:
    shortcuts: tuple[Shortcut, ...] = ()
    boards: Boards | None = None


NOTHING = Offers()
"""a game that offers nothing beyond its notation"""
