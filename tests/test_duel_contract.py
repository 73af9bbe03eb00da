"""The contract every duel game festival hosts keeps, whatever its rules: parametrised over the
registry (`festival.core.registry.duels()`, each game made as festival makes it), every named
variant and every player count.

- Random games, seeded, play to the end: by the game's own end, or, after `LIMIT` actions, by
  the forfeit of the player to act (random play need not end: Alchelemental's units may wander
  for ever); a game with no forfeit action must end by itself within `LIMIT`.
- At every position the state JSON round-trips (the same state, the same JSON); every action
  taken round-trips through its JSON and through its notation; replaying the steps gives the
  same positions; every view is JSON.
- `check` never raises: not on actions of other positions and other players (or a stranger),
  not on anything `action_from_json` or `parse_actions` makes of arbitrary JSON and text.
  Every action `legal_actions` lists passes `check`; and, for a game whose `legal_actions`
  lists every legal action, whatever `check` accepts is listed.
- Sealed orders (a `simultaneous` game) never show: once a player's orders are in, the public
  view, every other player's view, what the others may know (`known_to`) and the picture are
  the same whatever those orders were; the host view and the player's own view show them.

The games' own property tests (tests/test_*_properties.py) keep what only their rules say.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.duel import ConcedeReason, DuelGame, DuelProblem, Parsed, Step, chance_rng, replay
from festival.core import registry
from festival.duels.games import hosted_game

# The toy duel (tests/support/toy_duel.py) passes the same contract: a new duel game needs no
# more than its package and its registry entry.
EXTRA_GAMES: tuple[str, ...] = ("tests.support.toy_duel:TakeAway",)
"""games beyond the registry's, each a "module:callable" making the DuelGame"""

LIMIT = 1500
"""actions of random play before the player to act forfeits (a full game, marked slow)"""
SHORT = 40
"""actions of random play in the quick games every position of which is checked"""
PARTIAL_LEGAL_ACTIONS = {
    "elementarium": "legal_actions lists holding, every single move and a few combined orders "
    "(all combinations run to hundreds of thousands; random_action samples them all)",
}
"""games whose `legal_actions` is a representative part of what `check` accepts, and why"""
OPTION_VALUES: dict[str, dict[str, tuple[Any, ...]]] = {
    "element": {"trapped": ("no-step", "no-step-or-ride"), "owed_check": ("reached", "reachable")},
}
"""named options (variant switches) whose every value the contract plays in every variant: one
more case per variant and value the variant does not already have (issue 25's old readings)"""
NAMES = ("Ash", "Birch", "Cedar", "Dune", "Elm", "Fern")
STRANGER = "Nobody"


@dataclass(frozen=True)
class Case:
    """One game in one variant with one number of players."""

    game: DuelGame[Any, Any]
    variant: str
    players: tuple[str, ...]
    overrides: tuple[tuple[str, Any], ...] = ()
    """options changed from the variant's (`festival duel new --option NAME=VALUE`)"""

    @property
    def id(self) -> str:
        changed = "".join(f"-{k}={v}" for k, v in self.overrides)
        return f"{self.game.name}-{self.variant}{changed}-{len(self.players)}p"

    def start(self, seed: int) -> Any:
        options = self.game.options(self.variant, dict(self.overrides))
        assert options.value is not None, options.errors
        setup = np.random.default_rng(np.random.SeedSequence([seed, 0]))
        return self.game.initial_state(self.players, options.value, setup)


def games() -> list[DuelGame[Any, Any]]:
    hosted = [hosted_game(entry) for entry in registry.duels()]
    return hosted + [registry.load(spec)() for spec in EXTRA_GAMES]


CASES = [
    Case(game, variant, NAMES[:count])
    for game in games()
    for variant in game.variants()
    for count in game.player_counts
] + [
    Case(game, variant, NAMES[:count], ((key, value),))
    for game in games()
    for variant, switches in game.variants().items()
    for key, values in OPTION_VALUES.get(game.name, {}).items()
    for value in values
    if switches[key] != value
    for count in game.player_counts
]
CASE = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])


@dataclass
class Game:
    """A random game: its positions, the steps between them (chance resolved) and the actions
    as chosen (chance unresolved)."""

    states: list[Any]
    steps: list[Step[Any]] = field(default_factory=list)
    chosen: list[Any] = field(default_factory=list)


def play(case: Case, seed: int, limit: int, *, to_the_end: bool) -> Game:
    """Random legal play for up to `limit` actions (in a simultaneous game, whoever of the
    players to act is drawn acts first), then the forfeit of the player to act if the game
    has not ended and has a forfeit action. `to_the_end`: the game must then be over."""
    game, rng = case.game, np.random.default_rng(seed)
    played = Game([case.start(seed)])
    while game.outcome(played.states[-1]) is None:
        state, index = played.states[-1], len(played.steps)
        acting = game.to_act(state)
        assert acting, f"nobody is to act in an unfinished duel (after {index} actions)"
        assert game.simultaneous or len(acting) == 1, acting
        player = acting[int(rng.integers(len(acting)))]
        action = game.random_action(state, player, rng) if index < limit else None
        if action is None:
            action = game.forfeit_action(player, ConcedeReason.RESIGN)
        if action is None:
            assert not to_the_end, f"{game.title} did not end within {limit} actions"
            return played
        problems = game.check(state, player, action)
        assert not problems, f"{game.format_action(action)}: {problems[0]}"
        played.chosen.append(action)
        action = game.resolve_chance(state, player, action, chance_rng(seed, index))
        played.steps.append(Step(player, action))
        played.states.append(game.apply(state, player, action))
    assert game.to_act(played.states[-1]) == ()
    return played


@cache
def quick_game(case: Case) -> Game:
    return play(case, 1, SHORT, to_the_end=False)


def positions(case: Case) -> list[Any]:
    """Positions for checking things against: a quick game's (ended by a forfeit if the game
    has one)."""
    return quick_game(case).states


@cache
def listed(case: Case) -> list[Any]:
    """Actions of every kind the game has: what `legal_actions` listed at some position of the
    quick game, for any player, and what random play chose."""
    game, found = case.game, quick_game(case).chosen
    for state in positions(case)[::8]:
        for player in case.players:
            found = [*found, *game.legal_actions(state, player)[:25]]
    return list(dict.fromkeys(found))


# --- round trips -----------------------------------------------------------------------------


def assert_round_trips(game: DuelGame[Any, Any], played: Game) -> None:
    """Every position's state JSON, every step's action JSON and notation; the replay."""
    for n, state in enumerate(played.states):
        data = json.loads(json.dumps(game.state_to_json(state)))
        again = game.state_from_json(data)
        assert again == state, f"position {n} does not round-trip through its JSON"
        assert game.state_to_json(again) == data, f"position {n}: its JSON changed on reading"
    for n, step in enumerate(played.steps, start=1):
        data = json.loads(json.dumps(game.action_to_json(step.action)))
        assert game.action_from_json(data).value == step.action, f"step {n}: {data}"
        text = game.format_action(step.action)
        assert game.parse_actions(text).value == (step.action,), f"step {n}: {text!r}"
    assert replay(game, played.states[0], played.steps) == played.states


@CASE
def test_a_quick_game_round_trips_at_every_position(case: Case) -> None:
    """The first `SHORT` random actions and a forfeit (if the game has one): JSON and
    notation round-trip, the replay is exact, and every view is JSON."""
    game, played = case.game, quick_game(case)
    assert_round_trips(game, played)
    forfeit = game.forfeit_action(case.players[0], ConcedeReason.RESIGN)
    outcome = game.outcome(played.states[-1])
    assert (outcome is not None) == (forfeit is not None or len(played.steps) < SHORT)
    if outcome is not None:
        assert outcome.detail and set(outcome.team) <= set(case.players)
        assert outcome.winner is None or outcome.winner in case.players or outcome.team
    for state in played.states:
        views = [game.public_view(state), game.host_view(state)]
        views += [game.player_view(state, p) for p in case.players]
        json.dumps(views)
        assert game.players(state) == case.players
        assert game.simultaneous or not game.sealed(state), "only sealed orders are secret"


@pytest.mark.slow
@CASE
@pytest.mark.parametrize("seed", [2])
def test_random_games_play_to_the_end_and_round_trip(case: Case, seed: int) -> None:
    """A whole random game: it ends (by itself, or by a forfeit after `LIMIT` actions) with an
    outcome naming a player of the duel or none (a draw); every position round-trips."""
    game = case.game
    played = play(case, seed, LIMIT, to_the_end=True)
    outcome = game.outcome(played.states[-1])
    assert outcome is not None and outcome.reason and outcome.detail
    assert outcome.winner is None or outcome.winner in case.players or outcome.team
    assert set(outcome.team) <= set(case.players)
    assert_round_trips(game, played)
    for state in played.states[:: max(1, len(played.states) // 8)]:
        assert_check_agrees_with_legal_actions(case, state, listed(case))


# --- checking ----------------------------------------------------------------------------


def assert_problems(problems: object) -> None:
    assert isinstance(problems, tuple), problems
    assert all(isinstance(p, DuelProblem) and p.message and p.code for p in problems), problems


def assert_check_agrees_with_legal_actions(case: Case, state: Any, actions: Sequence[Any]) -> None:
    """`check` answers for every action and player (and a stranger) without raising; what
    `legal_actions` lists passes; for a game listing every legal action, nothing else does
    but a forfeit (always open to the players to act, never a move of play)."""
    game = case.game
    exact = game.name not in PARTIAL_LEGAL_ACTIONS
    for player in (*case.players, STRANGER):
        legal = list(game.legal_actions(state, player)) if player != STRANGER else []
        assert bool(legal) <= (player in game.to_act(state)), "a move for a player not to act"
        for action in legal:
            assert not game.check(state, player, action), game.format_action(action)
        forfeits = {game.forfeit_action(player, why) for why in ConcedeReason}
        for action in actions:
            problems = game.check(state, player, action)
            assert_problems(problems)
            if exact and not problems and action not in forfeits:
                assert action in legal, f"{player}: {game.format_action(action)} is not listed"


@CASE
def test_check_accepts_what_legal_actions_list_and_never_raises(case: Case) -> None:
    actions = listed(case)
    for state in positions(case)[:: max(1, SHORT // 10)]:
        assert_check_agrees_with_legal_actions(case, state, actions)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@st.composite
def mutated(draw: st.DrawFn, value: Any) -> Any:
    """A JSON value like `value` with one part replaced, dropped or added to."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        changed = {k: v for k, v in value.items() if k != key}
        how = draw(st.sampled_from(["replace", "drop", "deeper"]))
        if how == "replace":
            changed[key] = draw(JSON_VALUES)
        elif how == "deeper":
            changed[key] = draw(mutated(value[key]))
        return changed
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], draw(mutated(value[i])), *value[i + 1 :]]
    return draw(JSON_VALUES)


def assert_parsed(parsed: Parsed[Any]) -> None:
    assert isinstance(parsed, Parsed)
    assert (parsed.value is None) == bool(parsed.errors), parsed
    assert_problems(parsed.errors)


def assert_checks_anywhere(case: Case, actions: Sequence[Any], pick: int) -> None:
    """`check` answers for the actions in a position of the quick game, for every player."""
    states = positions(case)
    state = states[pick % len(states)]
    for action in actions:
        for player in (*case.players, STRANGER):
            assert_problems(case.game.check(state, player, action))


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CASE
@FUZZ
@given(data=st.data())
def test_any_json_is_read_or_refused_and_checked_without_raising(
    case: Case, data: st.DataObject
) -> None:
    game = case.game
    known = [game.action_to_json(a) for a in listed(case)]
    value = data.draw(JSON_VALUES | st.sampled_from(known).flatmap(mutated), label="json")
    parsed = game.action_from_json(value)
    assert_parsed(parsed)
    if parsed.value is not None:
        again = game.action_from_json(json.loads(json.dumps(game.action_to_json(parsed.value))))
        assert again.value == parsed.value
        assert_checks_anywhere(case, [parsed.value], data.draw(st.integers(0, 10**6)))


@cache
def words(case: Case) -> list[str]:
    """The words of the game's notation, as `format_action` writes them, and some others."""
    texts = [case.game.format_action(a) for a in listed(case)]
    found = {w for t in texts for w in (*re.split(r"[\s,]+", t), *re.split(r"[\s,-]+", t))}
    return sorted(found | {"", ",", "-", "/", "x", "Z99", "0", "-1", "999", "confirm", "resign"})


@CASE
@FUZZ
@given(data=st.data())
def test_any_text_is_read_or_refused_and_checked_without_raising(
    case: Case, data: st.DataObject
) -> None:
    game = case.game
    pieces = st.lists(st.sampled_from(words(case)), max_size=8)
    text = data.draw(
        st.text(max_size=40) | pieces.map(" ".join) | pieces.map(", ".join), label="text"
    )
    parsed = game.parse_actions(text)
    assert_parsed(parsed)
    if parsed.value is not None:
        for action in parsed.value:
            assert game.parse_actions(game.format_action(action)).value == (action,)
        assert_checks_anywhere(case, parsed.value, data.draw(st.integers(0, 10**6)))


# --- sealed orders ---------------------------------------------------------------------------


def two_orders(case: Case, state: Any, player: str, rng: np.random.Generator) -> tuple[Any, Any]:
    """Two different legal actions of `player` (random ones, or the first listed)."""
    game = case.game
    first = game.random_action(state, player, rng)
    for _ in range(20):
        other = game.random_action(state, player, rng)
        if other != first:
            return first, other
    return first, next(a for a in game.legal_actions(state, player) if a != first)


SIMULTANEOUS = [c for c in CASES if c.game.simultaneous]


@pytest.mark.parametrize("case", SIMULTANEOUS, ids=[c.id for c in SIMULTANEOUS])
def test_sealed_orders_never_show_to_another_player(case: Case) -> None:
    game, rng = case.game, np.random.default_rng(3)
    checked = 0
    for state in positions(case):
        acting = game.to_act(state)
        if len(acting) < 2:
            continue
        for player in acting:
            one, two = two_orders(case, state, player, rng)
            after = [game.apply(state, player, game.resolve_chance(state, player, a, rng))
                     for a in (one, two)]  # fmt: skip
            assert all(game.sealed(a) for a in after)
            assert game.host_view(after[0]) != game.host_view(after[1])
            assert game.player_view(after[0], player) != game.player_view(after[1], player)
            assert game.public_view(after[0]) == game.public_view(after[1])
            assert game.picture(after[0]) == game.picture(after[1])
            assert game.progress(after[0]) == game.progress(after[1])
            for other in (p for p in case.players if p != player):
                assert game.player_view(after[0], other) == game.player_view(after[1], other)
                assert game.known_to(after[0], other) == game.known_to(after[1], other)
                assert game.known_to(after[0], other) == game.known_to(state, other)
            checked += 1
    assert checked >= 2
