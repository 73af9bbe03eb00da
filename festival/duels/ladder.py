"""The bot ladder: each level of the search bot against the level below and against the
random player, seats alternated, every game replayable from its seed; win rates with 95%
(Wilson) intervals. `benchmarks/bot_ladder.py` plays it, here or on a Dask cluster.

A game that reaches the turn cap (random players rarely end an Alchelemental duel) is scored
by the game's `evaluation` for the first seat: above zero a win, below a loss, zero a draw.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from events.duel import DuelGame
from festival.duels.bots import RandomBot
from festival.duels.games import duel_game
from festival.duels.levels import Level, level_budget
from festival.duels.search import MctsBot

RANDOM = "random"
SEATS = ("North", "South")
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("easy", RANDOM),
    ("medium", RANDOM),
    ("hard", RANDOM),
    ("medium", "easy"),
    ("hard", "medium"),
)
"""(the stronger, the weaker) of each pairing the ladder plays"""
MAX_TURNS = 100
"""turns (as the game counts them) after which a ladder game is scored by evaluation"""


@dataclass(frozen=True)
class LadderGame:
    """One ladder game: who plays which seat (a level's name or "random"), and its seed."""

    game: str
    pairing: tuple[str, str]
    seed: int
    swapped: bool
    """the weaker player takes the first seat"""
    max_turns: int = MAX_TURNS

    @property
    def seats(self) -> tuple[str, str]:
        strong, weak = self.pairing
        return (weak, strong) if self.swapped else (strong, weak)


@dataclass(frozen=True)
class LadderResult:
    spec: LadderGame
    score: float
    """for the stronger of the pairing: 1 a win, 0 a loss, 0.5 a draw"""
    turns: int
    capped: bool
    """the turn cap ended it (scored by evaluation)"""
    playouts: int
    search_seconds: float
    """the seconds the search bots spent choosing (for playouts per second)"""
    longest_turn: float
    deadline_stops: int


def ladder_games(
    game: str,
    games: int,
    seed: int = 1,
    max_turns: int = MAX_TURNS,
    pairings: Sequence[tuple[str, str]] = PAIRINGS,
) -> list[LadderGame]:
    """`games` games per pairing (of `pairings`, all by default): pairs of games on one seed,
    the seats swapped; in rounds of every pairing, so a ladder stopped early has as many games
    of each pairing."""
    return [
        LadderGame(game, pairing, seed + i // 2, swapped=i % 2 == 1, max_turns=max_turns)
        for i in range(games)
        for pairing in pairings
    ]


def parse_pairings(text: str) -> tuple[tuple[str, str], ...] | None:
    """The pairings a ladder run names ("medium-easy,hard-random"); None if one is not a
    pairing the ladder plays."""
    named = {f"{strong}-{weak}": (strong, weak) for strong, weak in PAIRINGS}
    chosen = [named.get(part.strip().lower()) for part in text.split(",")]
    return None if any(c is None for c in chosen) else tuple(c for c in chosen if c)


def _bot(
    game: DuelGame[Any, Any], who: str, seed: int, clock: Callable[[], float]
) -> RandomBot | MctsBot:
    if who == RANDOM:
        return RandomBot(game, seed)
    return MctsBot.with_budget(game, seed, level_budget(game, Level(who)), clock)


def play_ladder_game(
    spec: LadderGame, clock: Callable[[], float] = time.perf_counter
) -> LadderResult:
    """Play one ladder game to its end or the turn cap (`clock`: the bots' clock)."""
    game = duel_game(spec.game)
    options = game.options(game.default_variant, {}).value
    assert options is not None
    rng = np.random.default_rng(np.random.SeedSequence([spec.seed, 0]))
    state = game.initial_state(SEATS, options, rng)
    bots = {
        name: _bot(game, who, spec.seed * 4 + k + 1, clock)
        for k, (name, who) in enumerate(zip(SEATS, spec.seats, strict=True))
    }
    searching = 0.0
    while game.outcome(state) is None and game.turn_number(state) <= spec.max_turns:
        player = game.to_act(state)[0]
        started = time.perf_counter()
        action = bots[player].choose(game.known_to(state, player), player)
        searching += time.perf_counter() - started
        action = game.resolve_chance(state, player, action, rng)
        problems = game.check(state, player, action)
        if problems:
            raise RuntimeError(f"the {spec.seats} bot chose an illegal action: {problems[0]}")
        state = game.apply(state, player, action)
    strong = SEATS[1] if spec.swapped else SEATS[0]
    outcome = game.outcome(state)
    if outcome is not None:
        score = 0.5 if outcome.winner is None else float(outcome.won_by(strong))
    else:
        value = game.evaluation(state, strong)
        score = 0.5 if value == 0 else float(value > 0)
    searched = [b for b in bots.values() if isinstance(b, MctsBot)]
    return LadderResult(
        spec,
        score,
        game.turn_number(state),
        outcome is None,
        sum(b.counts.playouts for b in searched),
        searching if searched else 0.0,
        max((b.counts.longest_turn for b in searched), default=0.0),
        sum(b.counts.deadline_stops for b in searched),
    )


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a draw counts half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class PairingRow:
    """One pairing's figures: the stronger's wins (draws half), games, interval, mean game
    length in turns, games ended by the turn cap, playouts per second, the longest turn and
    the searches its time cap cut short (0: the games are the seed's alone)."""

    pairing: tuple[str, str]
    games: int
    wins: float
    draws: int
    low: float
    high: float
    mean_turns: float
    capped: int
    playouts_per_second: float
    longest_turn: float
    deadline_stops: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def pairing_rows(results: Sequence[LadderResult]) -> list[PairingRow]:
    rows = []
    for pairing in PAIRINGS:
        mine = [r for r in results if r.spec.pairing == pairing]
        if not mine:
            continue
        wins = sum(r.score for r in mine)
        low, high = wilson(wins, len(mine))
        seconds = sum(r.search_seconds for r in mine)
        rows.append(
            PairingRow(
                pairing,
                len(mine),
                wins,
                sum(1 for r in mine if r.score == 0.5),
                low,
                high,
                sum(r.turns for r in mine) / len(mine),
                sum(1 for r in mine if r.capped),
                sum(r.playouts for r in mine) / seconds if seconds else 0.0,
                max(r.longest_turn for r in mine),
                sum(r.deadline_stops for r in mine),
            )
        )
    return rows


def markdown_table(rows: Sequence[PairingRow]) -> list[str]:
    """The rows as a Markdown table, as the duels guide shows them."""
    out = [
        "| pairing | games | won | draws | 95% interval | mean turns | capped "
        "| playouts/s | longest turn | cut short |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r.pairing[0]} vs {r.pairing[1]} | {r.games} | {r.rate:.0%} | {r.draws} "
            f"| {r.low:.0%}-{r.high:.0%} | {r.mean_turns:.0f} | {r.capped} "
            f"| {r.playouts_per_second:,.0f} | {r.longest_turn:.2f} s | {r.deadline_stops} |"
        )
    return out
