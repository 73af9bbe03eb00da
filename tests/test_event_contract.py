"""The contract every festival event engine keeps, whatever its rules: parametrised over the
registry (`festival.core.registry.events()`, each engine made as the match makes it, with the
shipped catalog where it takes one) and the toy Tally event of tests/support/toy_event.py,
which proves the interface needs nothing festival's own events have.

Each engine plays a festival's worth of rounds with its registered bots around the table
(Tally with a bot of its own), and:
- setup seats the players in a fixed order; `rounds` and `next_round` agree round by round;
- every template is for its event, player and round, with well-formed tabs;
- the default submission is valid and round-trips through JSON;
- every submission round-trips through JSON, and through the workbook (`to_cells`, then
  `parse`) for an engine that writes workbooks: the same submission, or one the workbook
  writes the same way and the round resolves the same way (a workbook's order is its own);
- `resolve_round` is a function of the state, the submissions and the seed; `advance` gives
  its state; the report is for the event and round, to participants only, and JSON;
- the ranking lists every participant once, ranked 1 to n;
- the views are JSON, and a player's private view holds no other player's private facts as
  far as can be told without knowing the game: no table keyed by another participant, and
  no other participant's private view inside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pytest

from events.engine import EventEngine, in_fixed_order
from events.report import RoundReport
from events.tables import Grid, parse_cell_ref
from festival.core import registry
from festival.match.catalogs import catalog_options
from tests.support.toy_event import TallyEngine

Bot = Callable[[Mapping[str, Any], Mapping[str, Any], str, int, np.random.Generator], Any]
PLAYERS = ("Wren", "ann", "Bo", "cy", "Dee", "eve", "Fay")
"""seven participants, listed in no particular order (setup puts them in a fixed one)"""
TOTAL_ROUNDS = 6
SEEDS = (1, 2)


def tally_bot(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> Any:
    return {"number": int(rng.integers(1, 6))} if rng.random() < 0.8 else {"number": None}


@dataclass(frozen=True)
class EventCase:
    engine: EventEngine[Any, Any]
    options: Mapping[str, Any]
    bots: tuple[Bot, ...]


@cache
def event_case(name: str) -> EventCase:
    if name == TallyEngine.name:
        return EventCase(TallyEngine(), {}, (tally_bot,))
    entry = registry.event(name)
    engine = registry.load(entry.engine)()
    catalogs = catalog_options({name: engine}, {})
    options = {**engine.default_options(), **catalogs.get(name, {})}
    bots = tuple(registry.load(spec) for spec in entry.bots.values())
    assert bots, f"{name} has no bots to play it"
    return EventCase(engine, options, bots)


NAMES = [*(entry.name for entry in registry.events()), TallyEngine.name]
EVENT = pytest.mark.parametrize("name", NAMES)


@dataclass(frozen=True)
class Round:
    """One resolved round: the state before, the submissions, the seed, the state after and
    the report."""

    before: Any
    submissions: Mapping[str, Any]
    seed: list[int]
    after: Any
    report: RoundReport


@cache
def played(name: str, seed: int) -> tuple[Any, tuple[Round, ...]]:
    """The state after setup and every round of the event, the bots seated in turn."""
    case = event_case(name)
    engine = case.engine
    start = engine.setup(PLAYERS, case.options, np.random.default_rng(seed))
    state, rounds = start, []
    for round_no in engine.rounds(len(PLAYERS), TOTAL_ROUNDS):
        assert engine.next_round(state) == round_no
        subs = {}
        for seat, player in enumerate(state.players):
            bot = case.bots[seat % len(case.bots)]
            rng = np.random.default_rng([seed, seat, round_no])
            data = bot(engine.public_view(state), engine.private_view(state, player), player,
                       round_no, rng)  # fmt: skip
            parsed = engine.from_json(state, player, round_no, data)
            assert parsed.value is not None, parsed.errors
            subs[player] = parsed.value
        rng_seed = [seed, round_no]
        after, report = engine.resolve_round(state, subs, np.random.default_rng(rng_seed))
        rounds.append(Round(state, subs, rng_seed, after, report))
        state = after
    return start, tuple(rounds)


def states(name: str) -> Iterator[Any]:
    """Every state of the played events: each setup, then after each round."""
    for seed in SEEDS:
        start, rounds = played(name, seed)
        yield start
        yield from (r.after for r in rounds)


def round_trips(value: Any) -> Any:
    return json.loads(json.dumps(value))


# --- setup and rounds ---------------------------------------------------------------------------


@EVENT
def test_setup_seats_everyone_in_a_fixed_order_and_rounds_follow_the_schedule(name: str) -> None:
    engine = event_case(name).engine
    schedule = engine.rounds(len(PLAYERS), TOTAL_ROUNDS)
    assert schedule and list(schedule) == sorted(set(schedule))
    assert schedule[0] >= 1 and schedule[-1] <= TOTAL_ROUNDS
    for seed in SEEDS:
        start, rounds = played(name, seed)
        assert start.players == in_fixed_order(PLAYERS)
        assert engine.next_round(start) == schedule[0]
        assert [r.after.round_no for r in rounds] == list(schedule)
        assert all(r.after.players == start.players for r in rounds)


@EVENT
def test_templates_are_for_their_event_player_and_round(name: str) -> None:
    engine = event_case(name).engine
    start, rounds = played(name, SEEDS[0])
    for r in rounds:
        round_no = engine.next_round(r.before)
        for player in start.players:
            template = engine.template(r.before, player, round_no)
            assert (template.event, template.player, template.round_no) == (
                engine.name,
                player,
                round_no,
            )
            names = [tab.name for tab in template.tabs]
            assert names and len(names) == len(set(names))
            for tab in template.tabs:
                first, _, last = tab.input_range.partition(":")
                parse_cell_ref(first), parse_cell_ref(last or first)


# --- submissions --------------------------------------------------------------------------


@EVENT
def test_the_default_submission_is_valid_and_round_trips(name: str) -> None:
    engine = event_case(name).engine
    for state in states(name):
        round_no = engine.next_round(state)
        for player in state.players:
            default = engine.default_submission(state, player)
            assert engine.validate(state, player, default) == ()
            data = round_trips(engine.to_json(default))
            assert engine.from_json(state, player, round_no, data).value == default


def workbook_of(engine: EventEngine[Any, Any], state: Any, player: str, submission: Any) -> Any:
    """The workbook a player fills in with `submission`: the template with `to_cells` written
    over it (None for an engine that writes no workbooks)."""
    try:
        filled = engine.to_cells(state, submission)
    except NotImplementedError:
        return None
    template = engine.template(state, player, engine.next_round(state))
    assert set(filled) <= {tab.name for tab in template.tabs}
    return {
        tab.name: Grid.from_cells(tab.name, {**tab.cells, **filled.get(tab.name, {})})
        for tab in template.tabs
    }


@EVENT
def test_submissions_round_trip_through_json_and_the_workbook(name: str) -> None:
    engine = event_case(name).engine
    for r in played(name, SEEDS[0])[1]:
        round_no = engine.next_round(r.before)
        for player, sub in r.submissions.items():
            data = round_trips(engine.to_json(sub))
            assert engine.from_json(r.before, player, round_no, data).value == sub
            book = workbook_of(engine, r.before, player, sub)
            if book is None:
                continue
            read = engine.parse(r.before, player, round_no, book).value
            assert read is not None, engine.parse(r.before, player, round_no, book).errors
            if read != sub:  # a workbook may list what the rules leave unordered in its order
                assert engine.to_cells(r.before, read) == engine.to_cells(r.before, sub)
                subs = {**r.submissions, player: read}
                after = engine.advance(r.before, subs, np.random.default_rng(r.seed))
                assert after == r.after, f"{player}'s workbook plays differently from its JSON"


# --- resolving ----------------------------------------------------------------------------


@EVENT
def test_resolving_is_a_function_of_state_submissions_and_seed_and_advance_agrees(
    name: str,
) -> None:
    engine = event_case(name).engine
    for seed in SEEDS:
        for r in played(name, seed)[1]:
            again = engine.resolve_round(r.before, r.submissions, np.random.default_rng(r.seed))
            assert again == (r.after, r.report)
            assert engine.advance(r.before, r.submissions, np.random.default_rng(r.seed)) == r.after
            assert r.before.round_no < r.after.round_no  # the state before is untouched
            report = r.report
            assert (report.event, report.round_no) == (engine.name, r.after.round_no)
            assert set(report.private) <= set(r.before.players)
            assert RoundReport.from_json(round_trips(report.to_json())) == report


@EVENT
def test_the_ranking_lists_every_participant_once(name: str) -> None:
    engine = event_case(name).engine
    gamewide = list(reversed(PLAYERS))
    for state in states(name):
        ranking = engine.ranking(state, gamewide)
        assert sorted(e.player for e in ranking) == sorted(PLAYERS)
        assert [e.rank for e in ranking] == list(range(1, len(PLAYERS) + 1))
        round_trips([e.to_json() for e in ranking])
        lines = engine.final_announcement(state, gamewide)
        assert all(isinstance(line, str) for line in lines)
        gold = engine.holdings(state, "gold")
        assert gold is None or set(gold) == set(PLAYERS)


# --- views --------------------------------------------------------------------------------


def parts(value: Any) -> Iterator[Any]:
    """Every value nested in a JSON value, itself first."""
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from parts(v)
    elif isinstance(value, list):
        for v in value:
            yield from parts(v)


@EVENT
def test_views_are_json_and_private_views_hold_no_other_players_facts(name: str) -> None:
    engine = event_case(name).engine
    for state in states(name):
        round_trips(engine.public_view(state))
        round_trips(engine.host_view(state))
        private = {p: round_trips(engine.private_view(state, p)) for p in state.players}
        for player, view in private.items():
            others = set(state.players) - {player}
            for part in parts(view):
                if isinstance(part, dict):
                    assert not others & set(part), f"{player}'s view has a table of players"
            inside = list(parts(view))[1:]
            for other in others:
                if private[other] != view and private[other] not in ({}, []):
                    assert private[other] not in inside, f"{player}'s view holds {other}'s"
