"""Summoner's Dream invariants over random 6- and 7-player games played by the bot."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.summoners.battle import BattleFamiliar, BattleTower, simulate
from events.summoners.catalog import FAMILIAR_LEVELS, FAMILIARS, ROAD_TOWER, TOWER_LEVELS, TOWERS
from events.summoners.geometry import Facing
from events.summoners.model import SLOTS, START_TREASURES, SummonersState, SummonersSubmission
from events.summoners.resolve import battle as remembered
from festival.bots.summoners import summoners_bot
from tests.support.summoners_kit import ENGINE, P, catalog, new_game


@dataclass(frozen=True)
class Round:
    before: SummonersState
    after: SummonersState
    subs: dict[str, SummonersSubmission]
    bot_played: frozenset[str]
    """players whose (valid) bot submission was used; the others sent the default"""
    battles: tuple[dict[str, Any], ...]


def bot_round(
    state: SummonersState, rng: np.random.Generator, lazy: float
) -> tuple[dict[str, SummonersSubmission], frozenset[str]]:
    """Each player's bot submission (as demo.bot_round builds it), or, with probability
    `lazy`, nothing at all (the default: last round's defence and attack, a drawn target)."""
    public = ENGINE.public_view(state)
    round_no = ENGINE.next_round(state)
    subs: dict[str, SummonersSubmission] = {}
    played = set()
    for p in state.players:
        data = summoners_bot(public, ENGINE.private_view(state, p), p, round_no, rng)
        result = ENGINE.from_json(state, p, round_no, data)
        assert result.value is not None, result.errors
        if rng.random() < lazy or ENGINE.validate(state, p, result.value):
            subs[p] = ENGINE.default_submission(state, p)
        else:
            subs[p] = result.value
            played.add(p)
    return subs, frozenset(played)


def fresh_game(seed: int, players: int, lazy: float = 0.0) -> tuple[Round, ...]:
    """Every round of a game, from the event's first round to round 6."""
    rng = np.random.default_rng(seed)
    state = new_game(P[:players])
    out = []
    while state.round_no < 6:
        subs, played = bot_round(state, rng, lazy)
        new, report = ENGINE.resolve_round(state, subs, np.random.default_rng(rng.integers(2**32)))
        battles = tuple(report.data["host"]["battles"])
        out.append(Round(state, new, subs, played, battles))
        state = new
    return tuple(out)


play_game = cache(fresh_game)
"""fresh_game, each game played once per test run"""


games = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([6, 7]), st.sampled_from([0.0, 0.3]))


def spent(state: SummonersState, player: str, sub: SummonersSubmission) -> int:
    """Coins a (valid) submission costs, from the catalog."""
    cat = state.catalog
    cost = sum(cat.towers[k][0].cost for k in sub.buy_towers)
    cost += sum(cat.familiars[k][0].cost for k in sub.buy_familiars)
    for ref in sub.upgrades:
        for units, levels in (
            (state.towers[player], cat.towers),
            (state.familiars[player], cat.familiars),
        ):
            for u in units:
                if u.id.lower() == ref.lower():
                    cost += levels[u.kind][u.level].cost
    return cost


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_treasures_are_only_moved_between_players(game: tuple[int, int, float]) -> None:
    """A Familiar that ... reaches the cyan E tile will steal one Treasure from that player's
    territory: the sum of all Treasures never changes, and each player's Treasures change by
    what they stole minus what was stolen from them."""
    for r in play_game(*game):
        players = r.after.players
        assert sum(r.after.treasures.values()) == START_TREASURES * len(players)
        delta = Counter[str]()
        for b in r.battles:
            assert 0 <= b["stolen"] <= b["sent"]
            assert b["stolen"] + b["kills"] <= b["sent"]
            delta[b["attacker"]] += b["stolen"]
            delta[b["defender"]] -= b["stolen"]
        for p in players:
            assert r.after.treasures[p] - r.before.treasures[p] == delta[p]


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_every_attacker_invades_every_other_player_exactly_once(
    game: tuple[int, int, float],
) -> None:
    """Each round, players will invade one territory. Over the course of the Main Match you
    will invade the territory of each player participating in this Event once."""
    rounds = play_game(*game)
    players = rounds[0].before.players
    assert len(rounds) == len(players) - 1  # 7 players: rounds 1-6; 6 players: rounds 2-6
    for r in rounds:
        pairs = [(b["attacker"], b["defender"]) for b in r.battles]
        assert sorted(a for a, _ in pairs) == sorted(players)
        for a, d in pairs:
            assert a != d
            assert d not in r.before.invaded[a]
            assert r.after.invaded[a] == (*r.before.invaded[a], d)
            if r.subs[a].target is not None:
                assert d == r.subs[a].target
    final = rounds[-1].after
    for p in players:
        assert sorted(final.invaded[p]) == sorted(q for q in players if q != p)
        assert final.invaded[p] == tuple(
            b["defender"] for r in rounds for b in r.battles if b["attacker"] == p
        )


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_coins_never_go_negative_and_follow_income_and_spending(
    game: tuple[int, int, float],
) -> None:
    """Each player begins with 200 coins, and will receive 100 coins at the beginning of each
    round. (Spending never takes them below zero.)"""
    for r in play_game(*game):
        for p in r.after.players:
            assert r.after.coins[p] >= 0
            assert r.after.coins[p] == r.before.coins[p] + 100 - spent(r.before, p, r.subs[p])


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_sent_kills_and_built_add_up_and_familiars_are_never_lost(
    game: tuple[int, int, float],
) -> None:
    """Purchases are permanent. All Familiars must be used when invading. (1) number of
    Familiars sent (cumulative) (2) number of Familiars you have killed with your Towers
    (cumulative) (3) number of Towers built (cumulative)"""
    for r in play_game(*game):
        for p in r.after.players:
            for kind in ("towers", "familiars"):
                now = {u.id: u.level for u in getattr(r.after, kind)[p]}
                for u in getattr(r.before, kind)[p]:
                    assert now[u.id] >= u.level
            mine = [b for b in r.battles if b["attacker"] == p]
            against = [b for b in r.battles if b["defender"] == p]
            assert r.after.sent[p] - r.before.sent[p] == sum(b["sent"] for b in mine)
            assert r.after.kills[p] - r.before.kills[p] == sum(b["kills"] for b in against)
            d = r.after.defence[p]
            assert r.after.built[p] - r.before.built[p] == (len(d.placements) if d else 0)
            if p in r.bot_played:  # the bot sends every familiar it owns
                assert sum(b["sent"] for b in mine) == len(r.after.familiars[p])


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(games)
def test_the_same_seed_gives_the_same_game(game: tuple[int, int, float]) -> None:
    """(Ruling: the battle is a deterministic simulation; random draws are seeded.)"""
    first = play_game(*game)
    again = fresh_game(*game)
    assert [r.after for r in again] == [r.after for r in first]
    assert [r.battles for r in again] == [r.battles for r in first]
    assert [r.subs for r in again] == [r.subs for r in first]


@pytest.mark.slow
def test_the_bots_play_a_real_game() -> None:
    """The properties above mean something only if things happen in these games."""
    for players in (6, 7):
        rounds = play_game(5, players)
        assert all(r.bot_played == frozenset(r.before.players) for r in rounds)
        battles = [b for r in rounds for b in r.battles]
        assert sum(b["stolen"] for b in battles) >= 10
        assert sum(b["kills"] for b in battles) >= 10
        final = rounds[-1].after
        assert sum(final.built.values()) >= players
        assert len(set(final.treasures.values())) > 1
        assert all(len(final.familiars[p]) >= 3 for p in final.players)
    lazy = play_game(5, 7, 0.3)
    assert any(len(r.bot_played) < 7 for r in lazy)
    assert fresh_game(5, 7) != fresh_game(6, 7)


GROUND = [k for k in TOWERS if k != ROAD_TOWER]


@st.composite
def battles(draw: st.DrawFn) -> tuple[int, list[BattleTower], list[BattleFamiliar]]:
    """A battle on one of the catalog's maps: towers of any kind, level and facing on tiles
    they may stand on (the entrances left free), familiars of any kind and level in slots."""
    cat = catalog()
    index = draw(st.integers(0, len(cat.maps) - 1))
    m = cat.maps[index]
    tiles = [(r, c) for r, row in enumerate(m.rows) for c, ch in enumerate(row) if ch in "Gabc"]
    where = draw(st.lists(st.sampled_from(tiles), min_size=1, max_size=6, unique=True))
    towers = []
    for n, tile in enumerate(where):
        kind = ROAD_TOWER if m.is_road(tile) else draw(st.sampled_from(GROUND))
        level = draw(st.integers(1, TOWER_LEVELS))
        facing = draw(st.sampled_from(list(Facing)))
        towers.append(BattleTower(f"T{n}", kind, cat.towers[kind][level - 1], tile, facing))
    slots = draw(st.lists(st.integers(1, SLOTS), min_size=1, max_size=10, unique=True))
    slots.sort()
    split = draw(st.integers(0, len(slots)))
    familiars = []
    for i, slot in enumerate(slots):
        party = "A" if i < split else "B"
        first = slots[0] if party == "A" else slots[split]
        kind = draw(st.sampled_from(FAMILIARS))
        level = draw(st.integers(1, FAMILIAR_LEVELS))
        stats = cat.familiars[kind][level - 1]
        familiars.append(BattleFamiliar(slot, party, slot - first, f"F{slot}", stats))
    return index, towers, familiars


@settings(max_examples=60, deadline=None)
@given(battles(), st.randoms(use_true_random=False))
def test_a_battle_does_not_depend_on_the_order_of_towers_or_familiars(
    battle: tuple[int, list[BattleTower], list[BattleFamiliar]], shuffler: Any
) -> None:
    """No rule gives towers (or familiars) an order: the order the defender lists towers in,
    or the attacker's familiars arrive in, never changes a battle, replay included."""
    index, towers, familiars = battle
    m = catalog().maps[index]
    first = simulate(m, towers, familiars, record=True)
    towers, familiars = list(towers), list(familiars)
    shuffler.shuffle(towers)
    shuffler.shuffle(familiars)
    assert simulate(m, towers, familiars, record=True) == first


def _containers(value: object) -> list[object]:
    """Every dict and list in a replay frame, itself included."""
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    return []


@settings(max_examples=30, deadline=None)
@given(battles())
def test_a_remembered_battle_is_the_battle_with_a_replay_of_its_own(
    battle: tuple[int, list[BattleTower], list[BattleFamiliar]],
) -> None:
    """A round works each battle out once (events.summoners.resolve.battle): what it hands
    out is exactly the simulated battle, and every copy's replay frames are its own, so a
    report that changed one could not change another's."""
    index, towers, familiars = battle
    m = catalog().maps[index]
    fresh = simulate(m, towers, familiars, record=True)
    first = remembered(m, tuple(towers), tuple(familiars))
    second = remembered(m, tuple(towers), tuple(familiars))
    assert first == fresh == second
    mine = {id(c) for frame in first.replay for c in _containers(frame)}
    assert not mine & {id(c) for frame in second.replay for c in _containers(frame)}


@settings(max_examples=40, deadline=None)
@given(battles(), st.randoms(use_true_random=False))
def test_a_battle_without_its_replay_does_not_depend_on_how_units_are_numbered(
    battle: tuple[int, list[BattleTower], list[BattleFamiliar]], shuffler: Any
) -> None:
    """Battles are kept without their units' ids, towers in the order of their tiles
    (events.summoners.resolve._Battle): the same armies numbered otherwise ("Yi1" or "Yi2";
    towers' ids still all different) and listed in another order fight the same battle, and
    the kept outcome is the one simulated for the new numbering."""
    index, towers, familiars = battle
    m = catalog().maps[index]
    names = [f"X{n}" for n in range(len(towers))]
    shuffler.shuffle(names)
    renamed_t = [replace(t, id=name) for t, name in zip(towers, names, strict=True)]
    shuffler.shuffle(renamed_t)
    renamed_f = tuple(replace(f, id=f"G{shuffler.randint(1, 3)}") for f in familiars)
    fresh = simulate(m, renamed_t, renamed_f)
    assert fresh == simulate(m, towers, familiars)
    remembered(m, tuple(towers), tuple(familiars), replay=False)
    assert remembered(m, tuple(renamed_t), renamed_f, replay=False) == fresh
