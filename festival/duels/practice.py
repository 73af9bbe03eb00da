"""Practice duels against the search bot, as a front end offers them (the Discord bot's
`/practice GAME LEVEL`): what a player may ask for, who sits where, where the duel is kept
and how the duel store marks it as one. Pure: text in, values out; the duel service
(festival/duels/service.py) creates and plays them.

A practice duel is an ordinary duel folder with two settings: the bot's seat and its level.
Only a duel so marked is ever played by the practice bot, and only for that seat."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from festival.core import registry
from festival.core.names import check_player_name, normalise_name
from festival.duels.levels import LEVEL_NAMES, Level, parse_level
from festival.duels.store import DUEL_FILE

BOT_SETTING = "practice.bot"
"""the duel store's setting naming the bot's seat (only a practice duel has it)"""
LEVEL_SETTING = "practice.level"
FALLBACK_NAME = "Player"
"""the player's seat when their Discord name is not a usable player name"""


@dataclass(frozen=True)
class Asked:
    """A practice duel a player asked for: the game, the level and whether the bot starts;
    or, in one line, why not (`problem`)."""

    game: str = ""
    """the game's machine name"""
    level: Level = Level.MEDIUM
    bot_first: bool = False
    problem: str | None = None


def _either(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def ask(game: str, level: str, first: str = "") -> Asked:
    """What `game` and `level` (as typed; any case, a game's title or alias too) and `first`
    ("", "me" or "bot") ask for."""
    entry = registry.find_duel(game)
    if entry is None:
        games = _either([d.name for d in registry.duels()])
        return Asked(problem=f"No game {game.strip()[:40]!r}: choose {games}.")
    chosen = parse_level(level)
    if chosen is None:
        levels = _either(list(LEVEL_NAMES))
        return Asked(problem=f"No level {level.strip()[:40]!r}: choose {levels}.")
    starts = first.strip().lower()
    if starts not in ("", "me", "bot"):
        return Asked(problem=f"No first {first.strip()[:40]!r}: choose me or bot.")
    return Asked(entry.name, chosen, starts == "bot")


def bot_name(level: Level) -> str:
    """The bot's seat: "Hard bot" (a player name may hold no brackets)."""
    return f"{level.value.capitalize()} bot"


def player_name(display: str, level: Level) -> str:
    """The player's seat: their Discord name when it is a usable player name unlike the
    bot's, else "Player"."""
    name = normalise_name(display)
    if check_player_name(name) is not None or name.lower() == bot_name(level).lower():
        return FALLBACK_NAME
    return name


def player_folder(base: Path, channel: int, user: int) -> Path:
    """The folder of a player's practice duels in a channel."""
    return base / f"{channel}-{user}"


def practice_folder(base: Path, game: str, channel: int, user: int, key: int | str) -> Path:
    """Where a practice duel is kept: under `base`, a folder per channel and player, one per
    duel named by its game and the command that asked for it (`key`: Discord's interaction
    id, never reused), so two players, two games or two duels never share one, and a command
    delivered twice finds the duel it made."""
    return player_folder(base, channel, user) / f"{game}-{key}"


def practice_folders(base: Path, depth: int = 2) -> list[Path]:
    """Every practice duel folder under `base` (a bot's practice folder: depth 2; a player's
    folder: depth 1), in name order."""
    pattern = "/".join(["*"] * depth + [DUEL_FILE])
    return sorted(p.parent for p in base.glob(pattern))
