"""Alchemy's typed submissions and state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from events.alchemy.catalog import Catalog
from events.places import Places

START_COINS = 500
""""Each player begins with 500 coins." """
BASE_ENERGY = 17
""""You have a base of 17 energy per round." """


@dataclass(frozen=True)
class AlchemySubmission:
    harvest: tuple[str, ...] = ()
    """materials to harvest, each at most once"""
    buy: tuple[tuple[str, int], ...] = ()
    """(material, quantity) bought with coins"""
    machine: str | None = None
    """the one machine bought this round, if any"""
    convert: tuple[tuple[str, int], ...] = ()
    """(conversion machine, times) run this round"""
    engineer: tuple[str, ...] = ()
    """constructs to engineer, one attempt each, in the order listed"""
    prioritized: bool = True
    """False: no priority given, so competing attempts are ordered by a seeded draw"""
    places: Places = field(default=Places(), compare=False, repr=False)
    """where each part was read, for the checks against the game state to name it:
    `harvest.Quartz`, `buy.Quartz` (and `buy.Quartz.count`, its quantity), `machine`,
    `convert.Alembic` (and `convert.Alembic.count`), `engineer`. Never part of the value."""


@dataclass(frozen=True)
class PlayerBook:
    """What one player holds."""

    coins: int
    gems: Fraction
    stock: Mapping[str, int]
    machines: tuple[str, ...]
    sold: Mapping[str, int]
    """construct -> how many sold over the game"""

    def held(self, material: str) -> int:
        return self.stock.get(material, 0)


@dataclass(frozen=True)
class RoundLog:
    """What happened to one player in one round (private to them, and the host)."""

    harvested: Mapping[str, int]
    bought: Mapping[str, int]
    machine: str | None
    machine_failed: str | None
    bonuses: Mapping[str, int]
    converted: Mapping[str, int]
    engineered: tuple[str, ...]
    failed: tuple[str, ...]
    earned: Fraction
    locations: tuple[str, ...]
    short: tuple[tuple[tuple[str, int, int], ...], ...] = ()
    """for each failed attempt (as `failed`): the materials it lacked, as (material, needed,
    held then)"""


@dataclass(frozen=True)
class AlchemyState:
    players: tuple[str, ...]
    round_no: int
    catalog: Catalog
    books: Mapping[str, PlayerBook]
    logs: Mapping[int, Mapping[str, RoundLog]]
    """round -> player -> what happened"""
    market: Mapping[int, Mapping[str, int]]
    """round -> set -> constructs sold by all players"""
