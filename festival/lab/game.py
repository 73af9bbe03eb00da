"""One lab game, in memory: a whole festival or a game of one event, played by bots.

Every random draw follows the match's own streams (festival.core.seeds): the Gamewide Tiebreak,
the allocation lottery, each event's setup and each round's seed are exactly those of a
match created with the same seed, so a lab game can be replayed into a real match folder
(festival.lab.replay) and opened in the dashboard. The bots draw from their own stream, per
seat and round, so one seat's choices never shift another's draws (paired experiments).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

import numpy as np

from events.ranking import Number
from festival.bots.registry import bot, forcing_bot
from festival.core import seeds
from festival.core.registry import event_names
from festival.lab.behaviour import Conduct, conduct
from festival.match.allocation import Preference, allocate, draw_lottery
from festival.match.config import DEFAULT_CAPACITY, DEFAULT_EVENTS_PER_PLAYER, DEFAULT_ROUNDS
from festival.match.engines import AnyEngine, load_engines
from festival.match.standings import festival_gold, final_standings

BOT_STREAM = 1_000
"""SeedSequence tag of the bots' draws (apart from the match's own named streams)"""
PREFERENCE_STREAM = 1_001
FESTIVAL = "festival"


@dataclass(frozen=True)
class Force:
    """An item seat 0 buys at its first chance in `event` (a paired experiment's arm)."""

    event: str
    item: str

    @property
    def label(self) -> str:
        return f"{self.event}:{self.item}"


@dataclass(frozen=True)
class GameSpec:
    """Everything that decides one lab game (with the job's options, the same for all)."""

    seed: int
    kind: str
    """FESTIVAL, or the one event played"""
    strategies: tuple[str, ...]
    """one per seat; seat i is player P01, P02..."""
    catalog: str = "A"
    """which of the job's catalog sets the game uses"""
    force: Force | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f"P{i + 1:02d}" for i in range(len(self.strategies)))

    @property
    def key(self) -> str:
        """Unique in a job: the same key is the same game, so a rerun never counts twice."""
        return f"{self.kind}|{self.catalog}|{self.force.label if self.force else '-'}|{self.seed}"


class EventResult(NamedTuple):
    """A named tuple rather than a dataclass, as is Purchase: a festival's results travel from
    the lab's workers to the client by pickle, and a whole festival of them (some 200
    purchases) unpickles 20 times faster as tuples."""

    player: str
    event: str
    rank: int
    score: float
    invalid: int
    """submissions the engine refused (the rules' default was played instead)"""


class Purchase(NamedTuple):
    player: str
    event: str
    round_no: int
    item: str
    forced: bool = False


@dataclass(frozen=True)
class GameResult:
    spec: GameSpec
    events: tuple[EventResult, ...]
    festival_rank: Mapping[str, int]
    """player -> place in the final standings (1 = the winner); festivals only"""
    average_rank: Mapping[str, float]
    purchases: tuple[Purchase, ...]
    forced_applied: bool
    submissions: Mapping[int, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    """round -> player -> event -> canonical JSON played (when recorded, for replays)"""
    conduct: tuple[Conduct, ...] = ()
    """how each player played each event: the event's behaviour figures (festival.lab.behaviour)"""


class LazyView(Mapping[str, Any]):
    """A player's private view, made the first time it is read: some bots (Elemental
    Continuum's) decide from the public view alone, and making every seat's private view
    each round was a few percent of a festival."""

    __slots__ = ("_make", "_view")

    def __init__(self, make: Callable[[], Mapping[str, Any]]) -> None:
        self._make = make
        self._view: Mapping[str, Any] | None = None

    def _made(self) -> Mapping[str, Any]:
        if self._view is None:
            self._view = self._make()
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._made()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


def bot_rng(seed: int, seat: int, round_no: int, event_index: int) -> np.random.Generator:
    return seeds.generator(seed, BOT_STREAM, seat, round_no, event_index)


def bot_rngs(
    seed: int, sittings: Iterable[tuple[int, int, int]]
) -> Callable[[int, int, int], np.random.Generator]:
    """`bot_rng` of the match `seed` as a function of (seat, round, event index): the same
    generators, those of the given sittings seeded all at once (seeds.Prepared, 5 times
    cheaper), any other one as `bot_rng` makes it."""
    prepared = seeds.Prepared((seed, BOT_STREAM, *sitting) for sitting in sittings)

    def rng(seat: int, round_no: int, event_index: int) -> np.random.Generator:
        return prepared.generator(seed, BOT_STREAM, seat, round_no, event_index)

    return rng


def preferences(seed: int, players: tuple[str, ...]) -> tuple[Preference, ...]:
    """Random first and second choices (the lab's players have no taste of their own)."""
    rng = seeds.generator(seed, PREFERENCE_STREAM)
    events = event_names()
    out = []
    for p in players:
        first, second = (events[int(i)] for i in rng.permutation(len(events))[:2])
        out.append(Preference(p, first, second))
    return tuple(out)


def gamewide_order(seed: int, players: tuple[str, ...]) -> tuple[str, ...]:
    """The drawn Gamewide Tiebreak, as `festival new` draws it."""
    order = seeds.stream(seed, "gamewide").permutation(len(players))
    return tuple(players[int(i)] for i in order)


def members_of(spec: GameSpec) -> dict[str, tuple[str, ...]]:
    players = spec.players
    if spec.kind != FESTIVAL:
        return {spec.kind: players}
    lottery = draw_lottery(players, seeds.stream(spec.seed, "allocation"))
    events = event_names()
    result = allocate(
        preferences(spec.seed, players),
        events,
        DEFAULT_CAPACITY,
        DEFAULT_EVENTS_PER_PLAYER,
        lottery,
    )
    return {e: tuple(result.members[e]) for e in events}


_ENGINES: dict[str, AnyEngine] = {}


def engine(event: str) -> AnyEngine:
    if event not in _ENGINES:
        _ENGINES.update(load_engines({}, event_names()))
    return _ENGINES[event]


def play(
    spec: GameSpec,
    options: Mapping[str, Mapping[str, Any]],
    record: bool = False,
) -> GameResult:
    """Play one game. `options` is event -> the event's options (catalog included)."""
    players = spec.players
    seat = {p: i for i, p in enumerate(players)}
    gamewide = gamewide_order(spec.seed, players)
    members = members_of(spec)
    every = event_names()
    events = [e for e in every if e in members]
    index = {e: every.index(e) for e in events}
    states: dict[str, Any] = {}
    schedule: dict[str, tuple[int, ...]] = {}
    streams = seeds.Streams(spec.seed, index.values(), range(1, DEFAULT_ROUNDS + 1))
    for e in events:
        eng = engine(e)
        merged = {**eng.default_options(), **options.get(e, {})}
        states[e] = eng.setup(members[e], merged, streams.setup(index[e]))
        schedule[e] = eng.rounds(len(members[e]), DEFAULT_ROUNDS)
    bots = bot_rngs(
        spec.seed, ((seat[p], r, index[e]) for e in events for r in schedule[e] for p in members[e])
    )
    invalid = {(p, e): 0 for e in events for p in members[e]}
    purchases: list[Purchase] = []
    forced = False
    played: dict[int, dict[str, dict[str, Any]]] = {}
    for round_no in range(1, DEFAULT_ROUNDS + 1):
        round_seed = streams.round_seed(round_no)
        for e in events:
            if round_no not in schedule[e]:
                continue
            eng, state = engine(e), states[e]
            public = eng.public_view(state)
            subs: dict[str, Any] = {}
            for p in state.players:
                strategy = spec.strategies[seat[p]]
                private = LazyView(partial(eng.private_view, state, p))
                pushed = None
                if spec.force and not forced and seat[p] == 0 and spec.force.event == e:
                    rng = bots(seat[p], round_no, index[e])
                    pushed = _forced(spec.force, strategy, eng, state, public, private, p, rng)
                is_forced = pushed is not None
                forced = forced or is_forced
                if pushed is None:
                    rng = bots(seat[p], round_no, index[e])  # as in the baseline
                    data = bot(strategy, e)(public, private, p, round_no, rng)
                else:
                    data = pushed
                typed = _typed(eng, state, p, round_no, data)
                if typed is None:
                    invalid[(p, e)] += 1
                    subs[p] = eng.default_submission(state, p)
                    data = eng.to_json(subs[p])
                else:
                    subs[p] = typed
                    purchases += [
                        Purchase(p, e, round_no, item, is_forced and item == spec.force.item)
                        if spec.force
                        else Purchase(p, e, round_no, item)
                        for item in eng.items_bought(data)
                    ]
                if record:
                    played.setdefault(round_no, {}).setdefault(p, {})[e] = data
            rng = streams.event_rng(round_seed, index[e])
            states[e] = eng.advance(state, subs, rng)  # the lab reads no reports
    event_ranks: dict[str, dict[str, int]] = {}
    results: list[EventResult] = []
    played_how: list[Conduct] = []
    for e in events:
        played_how += conduct(e, states[e])
        ranking = engine(e).ranking(states[e], gamewide)
        event_ranks[e] = {x.player: x.rank for x in ranking}
        results += [
            EventResult(x.player, e, x.rank, _float(x.score), invalid[(x.player, e)])
            for x in ranking
        ]
    festival_rank: dict[str, int] = {}
    average: dict[str, float] = {}
    if spec.kind == FESTIVAL:
        gold = festival_gold(engine(e).holdings(states[e], "gold") for e in events)
        standings = final_standings(event_ranks, gamewide, gold)
        for place, s in enumerate(standings.players, start=1):
            festival_rank[s.player] = place
            average[s.player] = float(s.average_rank)
    return GameResult(
        spec,
        tuple(results),
        festival_rank,
        average,
        tuple(purchases),
        forced,
        played,
        tuple(played_how),
    )


def _forced(
    force: Force,
    strategy: str,
    eng: AnyEngine,
    state: Any,
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    rng: np.random.Generator,
) -> dict[str, Any] | None:
    """The forced seat's submission buying the item, when its bot can and the engine
    accepts it (else None: the item is tried again next round)."""
    play = forcing_bot(strategy, force.event, force.item)
    if play is None:
        return None
    round_no = eng.next_round(state)
    data = play(public, private, player, round_no, rng)
    if force.item not in eng.items_bought(data):
        return None
    return data if _typed(eng, state, player, round_no, data) is not None else None


def _typed(eng: AnyEngine, state: Any, player: str, round_no: int, data: Any) -> Any:
    """The bot's JSON as the engine's accepted submission, or None (refused): read by the
    engine's typed path for programs when it can (the same value as the parser's), else by
    its parser."""
    value = eng.plain_json(state, player, data)
    if value is None:
        value = eng.from_json(state, player, round_no, data).value
    if value is None or eng.validate(state, player, value):
        return None
    return value


def _float(x: Number) -> float:
    return float(x)
