"""Summoner's Dream's typed submissions and state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from events.places import Places
from events.summoners.catalog import Catalog
from events.summoners.geometry import Facing, Tile

START_TREASURES = 50
START_COINS = 200
INCOME = 100
""""Each player begins with 50 Treasures and 200 coins, and will receive 100 coins at the
beginning of each round (including Round 1, even if there are only 6 players ...)" """
SLOTS = 22


@dataclass(frozen=True)
class Unit:
    """One tower or familiar a player owns: "Yi2" is their second Yi tower."""

    id: str
    kind: str
    level: int = 1


@dataclass(frozen=True)
class Placement:
    tower: str
    """a tower's id ("Yi2"), or its kind ("Yi": the first such tower not placed otherwise)"""
    tile: Tile
    facing: Facing = Facing.NORTH


@dataclass(frozen=True)
class Defence:
    map: str
    placements: tuple[Placement, ...] = ()


@dataclass(frozen=True)
class Attack:
    slots: tuple[tuple[int, str], ...]
    """(slot 1-22, familiar id or kind)"""
    party_a: tuple[int, int] | None
    """first and last slot of Party A (None: an empty party)"""
    party_b: tuple[int, int] | None


@dataclass(frozen=True)
class SummonersSubmission:
    buy_towers: tuple[str, ...] = ()
    buy_familiars: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    """unit ids, each raised one level"""
    defence: Defence | None = None
    """None: last round's map and placement again"""
    attack: Attack | None = None
    """None: last round's slots and parties, new familiars in random free slots"""
    target: str | None = None
    """None: drawn among the players not yet invaded"""
    places: Places = field(default=Places(), compare=False, repr=False)
    """where each part was read, for the checks against the game state to name it:
    `buy_towers.I`, `buy_familiars.I`, `upgrades.I` (I: the 0-based index in its tuple),
    `defence.map`, `defence.towers.I` (the placements), `attack.slot.S` (slot S's familiar),
    `attack.party.S` (slot S's party), `attack.slots` (where familiars go), `target`.
    Never part of the value."""


@dataclass(frozen=True)
class SummonersState:
    players: tuple[str, ...]
    round_no: int
    catalog: Catalog
    twice_allowed: bool
    one_side_allowed: bool
    reveal_invader: bool
    treasures: Mapping[str, int]
    coins: Mapping[str, int]
    towers: Mapping[str, tuple[Unit, ...]]
    familiars: Mapping[str, tuple[Unit, ...]]
    invaded: Mapping[str, tuple[str, ...]]
    """attacker -> the players they invaded, in order"""
    defence: Mapping[str, Defence | None]
    attack: Mapping[str, Attack | None]
    sent: Mapping[str, int]
    kills: Mapping[str, int]
    built: Mapping[str, int]
