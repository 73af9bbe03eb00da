"""A lab job: which games to play, as a list of seeded game specs.

Game i of a job has seed `seed + i`, so any single game is replayed from its seed alone.
Every arm of an experiment (each catalog set, each forced item, and the baseline) plays the
same seeds with the same seating: the arms differ only in what is compared (paired).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.errors import close_matches
from festival.bots.registry import STRATEGIES
from festival.core import seeds
from festival.core.registry import event_names
from festival.lab.game import FESTIVAL, Force, GameSpec, engine
from festival.match.config import DEFAULT_CAPACITY

FESTIVAL_SEATS = 10
SEATING_STREAM = 1_002
MAX_SEED = 2**63 - 1
"""results store seeds as 64-bit integers (Parquet int64)"""
MAX_GAMES = 200_000
"""games in one job (seeds x catalog sets x arms): every result is held in memory until the
tables are written (a festival's is some 15 KB), so a study larger than this is split into
jobs by --seed"""
BASELINE = "-"
"""the force label of the arm in which nobody is forced to buy anything"""


class JobError(ValueError):
    """A lab job that cannot be played, in words."""


@dataclass(frozen=True)
class Job:
    kind: str
    """FESTIVAL, or one event's name"""
    games: int
    mix: tuple[str, ...]
    """strategy names, dealt round the table in a seeded order per game"""
    seed: int = 1
    catalogs: tuple[str, ...] = ("A",)
    """labels of the job's catalog/option sets (festival.lab.setup)"""
    forces: tuple[Force, ...] = ()
    seats: int | None = None

    @property
    def table(self) -> int:
        if self.seats is not None:
            return self.seats
        return FESTIVAL_SEATS if self.kind == FESTIVAL else DEFAULT_CAPACITY

    def problems(self) -> list[str]:
        out = []
        events = event_names()
        if self.kind != FESTIVAL and self.kind not in events:
            out.append(f"{self.kind!r} is neither {FESTIVAL!r} nor an event ({', '.join(events)})")
        if self.games < 1:
            out.append("a job plays at least one game")
        if self.seed < 0:
            out.append("the seed must be a whole number >= 0")
        elif self.seed + max(self.games, 1) - 1 > MAX_SEED:
            out.append(f"the seed plus the games played must stay within {MAX_SEED}")
        total = self.games * len(self.catalogs) * (1 + len(self.forces))
        if total > MAX_GAMES:
            out.append(
                f"{total:,} games is more than one job plays ({MAX_GAMES:,}: results are held "
                "in memory); split the study into jobs with --seed"
            )
        unknown = sorted(set(self.mix) - set(STRATEGIES))
        if unknown or not self.mix:
            named = [_did_you_mean(u) for u in unknown]
            out.append(
                f"unknown strategies {', '.join(named) or '(none given)'}; "
                f"known: {', '.join(STRATEGIES)}"
            )
        lo = 2 if self.kind != FESTIVAL else 4
        if not lo <= self.table <= (FESTIVAL_SEATS if self.kind == FESTIVAL else DEFAULT_CAPACITY):
            out.append(f"a {self.kind} table cannot seat {self.table} players")
        return out


def _did_you_mean(strategy: str) -> str:
    """An unknown strategy, with the known one it is perhaps a misspelling of."""
    near = close_matches(strategy, list(STRATEGIES))
    return f"{strategy} (did you mean {near[0]}?)" if near else strategy


def seating(seed: int, mix: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """The strategy of each seat: the mix dealt round the table, in a seeded order."""
    order = seeds.generator(seed, SEATING_STREAM).permutation(seats)
    return tuple(mix[int(order[i]) % len(mix)] for i in range(seats))


def specs(job: Job) -> list[GameSpec]:
    problems = job.problems()
    if problems:
        raise JobError("; ".join(problems))
    arms: list[Force | None] = [None, *job.forces]
    out = []
    for i in range(job.games):
        seed = job.seed + i
        strategies = seating(seed, job.mix, job.table)
        for catalog in job.catalogs:
            for force in arms:
                out.append(GameSpec(seed, job.kind, strategies, catalog, force))
    return out


def all_items(event: str, options: Mapping[str, Any]) -> tuple[Force, ...]:
    """A forced arm for every item the event sells (Alchemy's machines; Summoner's Dream's
    towers and familiars)."""
    items = engine(event).items_sold(options.get(event, {}))
    if items is None:
        raise JobError(f"{event} sells nothing to force")
    return tuple(Force(event, item) for item in items)
