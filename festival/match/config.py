"""A match's configuration: roster, preferences, options, seed and the Gamewide Tiebreak."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from festival.core.names import check_player_name, look_alikes
from festival.core.registry import event_names
from festival.match.allocation import Preference

DEFAULT_CAPACITY = 7
DEFAULT_EVENTS_PER_PLAYER = 2
DEFAULT_ROUNDS = 6

PLANNED_PLAYERS = 10
"""The players the rules plan the festival for: "Match Type: MM (for 10 players)"."""
PLANNED_FIELD = 6
"""The fewest players the rules plan an event for: ten players in two events each fill 20
places, at most 7 an event ("A maximum of 7 players may participate in each Event"), so each
event has 6 or 7, the two counts Summoner's Dream's text plans for ("If there are 6 players
participating in this Event, the game begins in Round 2. If there are 7 ... in Round 1")."""
_PLAN = (
    f"the rules plan the festival for {PLANNED_PLAYERS} players and each event for "
    f"{PLANNED_FIELD} or {DEFAULT_CAPACITY} (Summoner's Dream begins in round 1 with 7, in "
    "round 2 with 6)"
)


def small_roster(where: str, players: int) -> str | None:
    """Why a roster of `players` is smaller than the rules plan for (None: it is not); the
    host may confirm it (festival/match/acts.py: SmallMatch)."""
    if players >= PLANNED_PLAYERS:
        return None
    return f"{where} lists {players} player(s); {_PLAN}"


def small_fields(members: Mapping[str, Sequence[str]], titles: Mapping[str, str]) -> list[str]:
    """ "Summoner's Dream: 2 players" for each event smaller than the rules plan for."""
    return [
        f"{len(players)} in {titles.get(event, event)}"
        for event, players in members.items()
        if len(players) < PLANNED_FIELD
    ]


def small_fields_refused(fields: Sequence[str]) -> str:
    return f"the allocation puts {' and '.join(fields)}, but {_PLAN}"


@dataclass(frozen=True)
class MatchConfig:
    """Everything fixed when a match is created."""

    preferences: tuple[Preference, ...]
    seed: int
    gamewide: tuple[str, ...]
    """the Gamewide Tiebreak: earlier in the list wins a tie"""
    gamewide_source: str
    """"host" when the host gave the order, "drawn" when it was a seeded shuffle"""
    events: tuple[str, ...] = field(default_factory=event_names)
    """the events played (by default every registered festival event, festival.core.registry)"""
    capacity: int = DEFAULT_CAPACITY
    events_per_player: int = DEFAULT_EVENTS_PER_PLAYER
    rounds: int = DEFAULT_ROUNDS
    engines: Mapping[str, str] = field(default_factory=dict)
    """event -> engine import spec "module:Class" (overrides the default engines)"""
    event_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    small: bool = False
    """the host confirmed a match smaller than the rules plan for, when creating it"""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.preferences)

    def problems(self) -> list[str]:
        """What makes this configuration unplayable, in words."""
        out: list[str] = []
        names = [p.player for p in self.preferences]
        for n in names:
            why = check_player_name(n)
            if why:
                out.append(why)
        for group in look_alikes(names):
            out.append(
                "players named twice (names may not differ only by case, accents, spaces, "
                f"'_', '-', '.' or letters that look alike): {', '.join(group)}"
            )
        if sorted(self.gamewide) != sorted(names):
            out.append("the Gamewide Tiebreak must list every player exactly once")
        if self.capacity < 1 or self.events_per_player < 1 or self.rounds < 1:
            out.append("capacity, events per player and rounds must be at least 1")
        if self.events_per_player > len(self.events):
            out.append(
                f"{self.events_per_player} events per player but only {len(self.events)} events"
            )
        places = self.capacity * len(self.events)
        if len(names) * self.events_per_player > places:
            out.append(
                f"{len(names)} players x {self.events_per_player} events need "
                f"{len(names) * self.events_per_player} places but {len(self.events)} events "
                f"of {self.capacity} have only {places}"
            )
        for p in self.preferences:
            for e in (p.first, p.second):
                if e not in self.events:
                    out.append(f"{p.player}: {e!r} is not an event of this match")
            if p.first == p.second:
                out.append(f"{p.player}: first and second choice are both {p.first}")
            if p.garnets < 0:
                out.append(f"{p.player}: garnets spent cannot be negative")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "preferences": [
                {"player": p.player, "first": p.first, "second": p.second, "garnets": p.garnets}
                for p in self.preferences
            ],
            "seed": self.seed,
            "gamewide": list(self.gamewide),
            "gamewide_source": self.gamewide_source,
            "events": list(self.events),
            "capacity": self.capacity,
            "events_per_player": self.events_per_player,
            "rounds": self.rounds,
            "engines": dict(self.engines),
            "event_options": {e: dict(o) for e, o in self.event_options.items()},
            **({"small": True} if self.small else {}),  # absent: older matches keep their id
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> MatchConfig:
        return MatchConfig(
            preferences=tuple(
                Preference(p["player"], p["first"], p["second"], int(p["garnets"]))
                for p in obj["preferences"]
            ),
            seed=int(obj["seed"]),
            gamewide=tuple(obj["gamewide"]),
            gamewide_source=str(obj["gamewide_source"]),
            events=tuple(obj["events"]),
            capacity=int(obj["capacity"]),
            events_per_player=int(obj["events_per_player"]),
            rounds=int(obj["rounds"]),
            engines=dict(obj.get("engines", {})),
            event_options={e: dict(o) for e, o in obj.get("event_options", {}).items()},
            small=obj.get("small") is True,
        )
