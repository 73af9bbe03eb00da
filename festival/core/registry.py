"""The one registry of what festival plays: the festival events and the duel games.

Everything that used to keep its own list of games (engines, titles and aliases, samples,
dashboard pages, bots) reads it from here, and shared code asks an engine or a game rather
than testing its name. A new festival event or duel game is its own package under `events/`
plus one entry here.

Entries name code as "module:attribute" strings, loaded only when asked for: reading the
registry imports nothing heavy (`festival --help` stays fast) and creates no import cycle
(the dashboard's pages depend on festival, not the other way round).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class RegistryError(Exception):
    """A name that is not registered, or an entry whose code cannot be loaded."""


def load(spec: str, kind: str = "") -> Any:
    """The attribute named by "package.module:attribute"; `kind` names what it is in the
    errors ("engine": "cannot import engine module 'x'")."""
    module_name, _, attr = spec.partition(":")
    what = f"{kind} " if kind else ""
    if not module_name or not attr:
        raise RegistryError(f"{what}{spec!r} is not of the form 'package.module:attribute'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise RegistryError(f"cannot import {what}module {module_name!r}: {exc}") from exc
    try:
        return getattr(module, attr)
    except AttributeError as exc:
        raise RegistryError(f"module {module_name!r} has no {what}{attr!r}") from exc


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


@dataclass(frozen=True)
class EventEntry:
    """A festival event: its engine, how people name it, its dashboard page and its bots."""

    name: str
    """machine name, as in the store, JSON and the command line ("alchemy")"""
    title: str
    """name for people ("Alchemy")"""
    engine: str
    """"module:Class" of its EventEngine"""
    aliases: tuple[str, ...] = ()
    """other names people type for it (compared without case, spaces or punctuation)"""
    page: str | None = None
    """"module:function" drawing its dashboard page"""
    bots: Mapping[str, str] = field(default_factory=dict)
    """strategy name -> "module:function" of the bot playing it"""
    behaviour: str | None = None
    """"module:attr" of its `events.behaviour.Behaviour`: the figures the balance lab shows
    of how each player played it"""


@dataclass(frozen=True)
class DuelEntry:
    """A duel game: how festival makes it, how people name it, and its sample duel."""

    name: str
    """machine name ("element")"""
    title: str
    """name for people ("Element")"""
    game: str
    """"module:Class" of its DuelGame (the engine, in its package under events/)"""
    aliases: tuple[str, ...] = ()
    sample: tuple[str, ...] | None = None
    """the sample duel's path under fixtures/, if it has one"""
    example: str = ""
    """a turn as a player types it, for help texts (a test plays it in a new duel)"""
    variants: tuple[str, ...] = ()
    """the rule text's variants a duel is created as, for help texts (a test holds them to
    the game's own `variants`)"""
    data: Mapping[str, str] = field(default_factory=dict)
    """the game's shipped data: a keyword of its constructor -> the file under
    fixtures/<name>/ it takes (JSON parsed, any other file as text; read by
    festival/duels/games.py, the one loader)"""
    offers: str | None = None
    """"module:attr" of what the game offers every front end beyond its notation (an
    `events.offers.Offers` in a light module of its package: shortcut verbs, boards)"""


_EVENTS: dict[str, EventEntry] = {}
_DUELS: dict[str, DuelEntry] = {}


def register_event(entry: EventEntry) -> None:
    _EVENTS[entry.name] = entry


def register_duel(entry: DuelEntry) -> None:
    _DUELS[entry.name] = entry


@contextmanager
def registered(*entries: EventEntry | DuelEntry) -> Iterator[None]:
    """Entries added for a while (a test's toy event or toy duel), then taken out again."""
    saved = dict(_EVENTS), dict(_DUELS)
    try:
        for entry in entries:
            if isinstance(entry, EventEntry):
                register_event(entry)
            else:
                register_duel(entry)
        yield
    finally:
        _EVENTS.clear()
        _EVENTS.update(saved[0])
        _DUELS.clear()
        _DUELS.update(saved[1])


def events() -> tuple[EventEntry, ...]:
    """Every festival event, in the order the festival lists them."""
    return tuple(_EVENTS.values())


def duels() -> tuple[DuelEntry, ...]:
    """Every duel game festival hosts."""
    return tuple(_DUELS.values())


def event(name: str) -> EventEntry:
    if name not in _EVENTS:
        raise RegistryError(f"no festival event {name!r}; known: {', '.join(_EVENTS)}")
    return _EVENTS[name]


def duel(name: str) -> DuelEntry:
    if name not in _DUELS:
        raise RegistryError(f"no duel game {name!r}; festival hosts: {', '.join(sorted(_DUELS))}")
    return _DUELS[name]


def event_names() -> tuple[str, ...]:
    """The machine names of every festival event, in the order the festival lists them."""
    return tuple(_EVENTS)


def event_title(name: str) -> str:
    """The event's name for people (the machine name itself when it is not registered)."""
    entry = _EVENTS.get(name)
    return name if entry is None else entry.title


def event_name(text: str) -> str | None:
    """The machine name of the event people mean by `text` (see `find_event`), or None."""
    entry = find_event(text)
    return None if entry is None else entry.name


def find_event(text: str) -> EventEntry | None:
    """The event people mean by `text` ('Summoner’s Dream', "summoners dream", 'EC'), or None."""
    key = _key(text)
    for entry in _EVENTS.values():
        if key in {_key(entry.name), _key(entry.title), *map(_key, entry.aliases)}:
            return entry
    return None


def find_duel(text: str) -> DuelEntry | None:
    key = _key(text)
    for entry in _DUELS.values():
        if key in {_key(entry.name), _key(entry.title), *map(_key, entry.aliases)}:
            return entry
    return None


# --- the festival's three events ------------------------------------------------------------

register_event(
    EventEntry(
        "alchemy",
        "Alchemy",
        "events.alchemy:AlchemyEngine",
        page="dashboard.alchemy_page:render",
        behaviour="events.alchemy.behaviour:BEHAVIOUR",
        bots={
            "random": "festival.bots.alchemy:alchemy_bot",
            "greedy": "festival.bots.alchemy_planner:greedy_alchemy",
            "cautious": "festival.bots.alchemy_planner:cautious_alchemy",
            "specialist": "festival.bots.alchemy_planner:specialist_alchemy",
        },
    )
)
register_event(
    EventEntry(
        "continuum",
        "Elemental Continuum",
        "events.continuum:ContinuumEngine",
        aliases=("elemental continuum", "elemental", "ec"),
        page="dashboard.continuum_page:render",
        behaviour="events.continuum.behaviour:BEHAVIOUR",
        bots={
            "random": "festival.bots.continuum:continuum_bot",
            "greedy": "festival.bots.continuum_hunter:hunter_continuum",
            "cautious": "festival.bots.continuum_hunter:cautious_continuum",
            "specialist": "festival.bots.continuum_hunter:finisher_continuum",
        },
    )
)
register_event(
    EventEntry(
        "summoners",
        "Summoner's Dream",
        "events.summoners:SummonersEngine",
        aliases=("summoner", "summoners dream", "summoner dream", "sd"),
        page="dashboard.summoners_page:render",
        behaviour="events.summoners.behaviour:BEHAVIOUR",
        bots={
            "random": "festival.bots.summoners:summoners_bot",
            "greedy": "festival.bots.summoners_value:value_summoners",
            "cautious": "festival.bots.summoners_value:cautious_summoners",
            "specialist": "festival.bots.summoners_value:specialist_summoners",
        },
    )
)

# --- the duel games ---------------------------------------------------------------------------

register_duel(
    DuelEntry(
        "element",
        "Element",
        "events.element:ElementGame",
        sample=("element", "sample-duel.json"),
        example="take 2, UR, fire B3, confirm",
        variants=("grand-final", "dm5", "summary"),
        offers="events.element.offers:OFFERS",
    )
)
register_duel(
    DuelEntry(
        "halma",
        "Elemental Halma",
        "events.halma:HalmaGame",
        data={"board_text": "board.txt"},
        aliases=("elemental halma",),
        sample=("halma", "sample-duel.json"),
        example="C3-D4, confirm",
        variants=("standard", "every-move"),
    )
)
register_duel(
    DuelEntry(
        "alchelemental",
        "Alchelemental",
        "events.alchelemental:AlchelementalGame",
        data={"units": "units.json", "pit": "pit.json", "battleground": "battleground.json"},
        sample=("alchelemental", "sample-duel.json"),
        example="call gnome water L R4, move R",
        variants=("pit", "battleground"),
        offers="events.alchelemental.offers:OFFERS",
    )
)
register_duel(
    DuelEntry(
        "elementarium",
        "Elementarium",
        "events.elementarium:ElementariumGame",
        data={"board": "board.txt", "rules_data": "rules.json"},
        sample=("elementarium", "sample-duel.json"),
        example="b2-b3, f3-e4",
        variants=("standard", "first-reading"),
    )
)
