"""The duel games festival can host: made from their entries in festival.core.registry.

A game's shipped data (a board file, a rules file) comes in one way: its entry names each file
under `fixtures/<game>/` by the keyword of the game's constructor that takes it
(`DuelEntry.data`), and `shipped` reads them (JSON parsed, any other file as text) and hands
them to the engine, which stays pure. A host may edit the files; a broken one is named with
every problem the engine finds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from events.duel import DataProblems, DuelGame
from festival.core import registry
from festival.core.errors import DuelHostError
from festival.core.paths import fixture
from festival.core.registry import DuelEntry


def shipped(entry: DuelEntry) -> dict[str, Any]:
    """The game's shipped data as its entry names it: each file read (JSON parsed), by the
    keyword its constructor takes it as."""
    out: dict[str, Any] = {}
    for keyword, name in entry.data.items():
        path = fixture(entry.name, name)
        try:
            text = path.read_text(encoding="utf-8")
            out[keyword] = json.loads(text) if path.suffix == ".json" else text
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise DuelHostError(f"{path}: {exc}") from exc
    return out


def shipped_files(entry: DuelEntry) -> tuple[Path, ...]:
    """The files of the game's shipped data."""
    return tuple(fixture(entry.name, name) for name in entry.data.values())


def hosted_game(entry: DuelEntry, **extra: Any) -> DuelGame[Any, Any]:
    """The game of `entry` on its shipped data (`extra`: more of its constructor's keywords,
    such as the search bots' `weights`); a broken data file is named with its problems (each
    with its own file when the game says which keyword's data it is in: `DataProblems`)."""
    data = shipped(entry)
    try:
        game: DuelGame[Any, Any] = registry.load(entry.game)(**data, **extra)
    except DataProblems as exc:  # each problem with the file its keyword was read from
        where = {k: str(fixture(entry.name, name)) for k, name in entry.data.items()}
        said = [f"{where.get(k, k)}: {p}" for k, found in exc.problems.items() for p in found]
        raise DuelHostError("; ".join(said)) from exc
    except ValueError as exc:
        files = ", ".join(str(path) for path in shipped_files(entry))
        raise DuelHostError(f"{files}: {exc}" if files else str(exc)) from exc
    return game


def duel_game(name: str) -> DuelGame[Any, Any]:
    """The hosted game people mean by `name` (its name, title or an alias; DuelHostError names
    the games festival hosts)."""

    entry = registry.find_duel(name)
    if entry is None:
        hosted = ", ".join(sorted(d.name for d in registry.duels()))
        raise DuelHostError(f"no duel game {name!r}; festival hosts: {hosted}")
    return hosted_game(entry)


def examples(sealed: bool, limit: int) -> str:
    """The registered games' example turns (`DuelEntry.example`) for a help text of at most
    `limit` characters: those of the games played by sealed orders (`sealed`) or the others,
    "e.g. " and as many as fit, each game's whole. Reads each game's class, not its data."""
    text = ""
    for entry in registry.duels():
        game = registry.load(entry.game)
        if not entry.example or bool(getattr(game, "simultaneous", False)) != sealed:
            continue
        longer = f"{text}; {entry.example}" if text else f"e.g. {entry.example}"
        if len(longer) <= limit:
            text = longer
    return text
