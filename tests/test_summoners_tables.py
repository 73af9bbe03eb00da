"""Summoner's Dream's precomputed tables and fast paths give what the plain computation gives."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from events.summoners import parse, resolve
from events.summoners.battle import (
    MAX_UNITS,
    BattleFamiliar,
    BattleTower,
    _blocks,
    _covering,
    _volleys,
    simulate,
)
from events.summoners.catalog import ROAD_TOWER, TOWERS, MapDef, TowerEffect
from events.summoners.geometry import Facing, rotate
from events.summoners.model import Attack, Defence, Placement, Unit
from events.summoners.resolve import battle as remembered
from events.summoners.rules import (
    attack_issues,
    issues_of,
    new_units,
    placement_issues,
    resolve_each,
    resolve_refs,
    unit_at,
)
from tests.support.summoners_kit import catalog
from tests.test_summoners_properties import battles, play_game


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 12), max_size=8))
def test_the_volley_table_says_which_towers_fire_at_every_time_unit(intervals: list[int]) -> None:
    table = _volleys(intervals)
    for t in range(MAX_UNITS):
        assert table[t % len(table)] == [t % interval == 0 for interval in intervals]


@st.composite
def placed_towers(draw: st.DrawFn) -> tuple[int, list[BattleTower]]:
    """Towers of any kind, level and facing anywhere on one of the catalog's maps (off the
    map too: a range may reach past its edge)."""
    cat = catalog()
    index = draw(st.integers(0, len(cat.maps) - 1))
    rows = cat.maps[index].rows
    towers = []
    for n in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(TOWERS))
        level = draw(st.integers(1, len(cat.towers[kind])))
        tile = (draw(st.integers(-1, len(rows))), draw(st.integers(-1, len(rows[0]))))
        facing = draw(st.sampled_from(list(Facing)))
        towers.append(BattleTower(f"T{n}", kind, cat.towers[kind][level - 1], tile, facing))
    return index, towers


@settings(max_examples=80, deadline=None)
@given(placed_towers())
def test_coverage_and_road_blocks_are_those_of_each_track_walked_tile_by_tile(
    placed: tuple[int, list[BattleTower]],
) -> None:
    index, towers = placed
    m = catalog().maps[index]
    covering, blocks = _covering(m, towers), _blocks(m, towers)
    for party in "AB":
        track = m.track(party)
        expected: list[tuple[int, ...]] = [() for _ in track]
        for k, tower in enumerate(towers):
            r, c = tower.tile
            tiles = {(r + dr, c + dc) for dr, dc in rotate(tower.stats.reach, tower.facing)}
            for i, tile in enumerate(track[:-1]):
                if tile in tiles:
                    expected[i] = (*expected[i], k)
        assert covering[party] == expected
        held = {
            i: tower.stats.amount
            for tower in towers
            if tower.stats.effect is TowerEffect.BLOCK
            for i, tile in enumerate(track[:-1])
            if tile == tower.tile
        }
        assert blocks[party] == held


def plain_placement_issues(
    battlefield: MapDef, placements: list[Placement], towers: list[Unit | None]
) -> list[tuple[int, str]]:
    """placement_issues as the rules say it, each tile's letter asked for every check."""
    problems: list[tuple[int, str]] = []
    seen: set[tuple[int, int]] = set()
    for i, (p, unit) in enumerate(zip(placements, towers, strict=True)):
        if unit is None:
            continue
        where = f"{unit.id} at row {p.tile[0] + 1}, column {p.tile[1] + 1}"
        if p.tile in seen:
            problems.append((i, f"{where}: two towers on one tile"))
        seen.add(p.tile)
        if battlefield.at(p.tile) == "E":
            problems.append((i, f"{where}: nothing may stand on the Treasure tile E"))
        elif battlefield.at(p.tile) in "AB":
            problems.append((i, f"{where}: nothing may stand on a track's entrance"))
        elif unit.kind == ROAD_TOWER and not battlefield.is_road(p.tile):
            problems.append((i, f"{where}: {ROAD_TOWER} stands only on road tiles"))
        elif unit.kind != ROAD_TOWER and not battlefield.is_buildable(p.tile):
            what = "a road" if battlefield.is_road(p.tile) else "a tile that is not buildable"
            problems.append((i, f"{where}: {unit.kind} may not stand on {what}"))
    return problems


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_placement_issues_are_those_of_every_check_asked_in_turn(data: st.DataObject) -> None:
    m = data.draw(st.sampled_from(catalog().maps))
    by_letter: dict[str, list[tuple[int, int]]] = {" ": [(-1, 0), (0, len(m.rows[0]))]}
    for r, row in enumerate(m.rows):
        for c, letter in enumerate(row):
            by_letter.setdefault(letter, []).append((r, c))
    letters = sorted(by_letter)  # each kind of tile as likely, entrances and E included
    tile = st.sampled_from(letters).flatmap(lambda letter: st.sampled_from(by_letter[letter]))
    placements, towers = [], []
    for n in range(data.draw(st.integers(0, 10))):
        kind = data.draw(st.sampled_from([*TOWERS, ROAD_TOWER, ROAD_TOWER]))
        placements.append(Placement(f"{kind}{n}", data.draw(tile)))
        towers.append(data.draw(st.sampled_from([Unit(f"{kind}{n}", kind), None])))
    expected = plain_placement_issues(m, placements, towers)
    assert placement_issues(m, placements, towers) == expected


@settings(max_examples=30, deadline=None)
@given(battles())
def test_a_remembered_battle_of_copied_units_is_the_battle_fought_again(
    battle: tuple[int, list[BattleTower], list[BattleFamiliar]],
) -> None:
    """Battles are remembered by their map's and units' stats' identity
    (events.summoners.resolve._Battle): equal copies, as another catalog read from the same
    data makes, are not the remembered battle's objects, and fight it again to its result."""
    index, towers, familiars = battle
    m = catalog().maps[index]
    first = remembered(m, tuple(towers), tuple(familiars), replay=False)
    copied = copy.deepcopy((m, tuple(towers), tuple(familiars)))
    assert copied[0] is not m and all(
        a.stats is not b.stats for a, b in zip(copied[1], towers, strict=True)
    )
    again = remembered(*copied, replay=False)
    assert again == first == simulate(m, towers, familiars)


@st.composite
def armies(draw: st.DrawFn) -> tuple[Attack, list[Unit], Defence, list[Unit]]:
    """An attack and a defence of the catalog's units at any level (the defence's placements
    may share tiles: nothing here checks them)."""
    cat = catalog()
    familiars = [
        Unit(f"F{n}", kind, draw(st.integers(1, len(cat.familiars[kind]))))
        for n, kind in enumerate(
            draw(st.lists(st.sampled_from(sorted(cat.familiars)), max_size=22))
        )
    ]
    slots = draw(st.lists(st.integers(1, 22), min_size=len(familiars), unique=True))
    span = st.one_of(st.none(), st.tuples(st.integers(1, 22), st.integers(1, 22)))
    ids = (u.id for u in familiars)
    attack = Attack(tuple(zip(slots, ids, strict=False)), draw(span), draw(span))
    towers = [
        Unit(f"T{n}", kind, draw(st.integers(1, len(cat.towers[kind]))))
        for n, kind in enumerate(draw(st.lists(st.sampled_from(sorted(cat.towers)))))
    ]
    tile = st.tuples(st.integers(0, 9), st.integers(0, 9))
    placements = tuple(Placement(u.id, draw(tile), draw(st.sampled_from(Facing))) for u in towers)
    return attack, familiars, Defence(catalog().maps[0].name, placements), towers


@settings(max_examples=60, deadline=None)
@given(armies())
def test_kept_battle_units_are_the_units_made_afresh(
    army: tuple[Attack, list[Unit], Defence, list[Unit]],
) -> None:
    """Battle units are kept for reuse (events.summoners.resolve._keep): asked again, or
    after the memory was emptied, they equal the units made afresh, with the catalog's own
    stats objects."""
    attack, familiars, defence, towers = army
    cat = catalog()
    fresh_f = [
        BattleFamiliar(slot, party, slot - span[0], fid, cat.familiars[u.kind][u.level - 1])
        for party, span in (("A", attack.party_a), ("B", attack.party_b))
        if span
        for slot, fid in attack.slots
        if span[0] <= slot <= span[1]
        for u in familiars
        if u.id == fid
    ]
    fresh_t = [
        BattleTower(pl.tower, u.kind, cat.towers[u.kind][u.level - 1], pl.tile, pl.facing)
        for pl in defence.placements
        for u in towers
        if u.id == pl.tower
    ]
    for empty in (False, False, True):
        if empty:
            resolve._towers_kept.clear()
            resolve._familiars_kept.clear()
        got_f = resolve._battle_familiars(cat, attack, familiars)
        got_t = resolve._battle_towers(cat, defence, towers)
        assert got_f == fresh_f and got_t == fresh_t
        assert all(
            a.stats is b.stats for a, b in zip(got_f + got_t, fresh_f + fresh_t, strict=True)
        )


@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.lists(st.text("Yi Gan2341ab", max_size=5), max_size=6),
    st.lists(st.text("Fox Crab1230", max_size=6), max_size=6),
)
def test_the_kept_references_are_resolve_refs_of_the_units_bought(
    seed: int, tower_refs: list[str], familiar_refs: list[str]
) -> None:
    """`defence_refs` and `attack_refs` (worked out once per state and submission) are
    `resolve_refs` of the submission's references among the units after `bought`, for bot
    submissions and for references of any spelling, owned or not."""
    for r in play_game(seed % 4, 6, 0.3):
        for p, sub in r.subs.items():
            for s in (
                sub,
                replace(
                    sub,
                    defence=Defence("x", tuple(Placement(t, (0, 0)) for t in tower_refs)),
                    attack=Attack(tuple(enumerate(familiar_refs, 1)), None, None),
                ),
                replace(sub, defence=None, attack=None),
            ):
                towers, familiars, _, _ = resolve.bought(r.before, p, s)
                placed = [pl.tower for pl in s.defence.placements] if s.defence else []
                slotted = [ref for _, ref in s.attack.slots] if s.attack else []
                for kept, plain in (
                    (resolve.defence_refs(r.before, p, s), resolve_refs(placed, towers)),
                    (resolve.attack_refs(r.before, p, s), resolve_refs(slotted, familiars)),
                ):
                    assert (list(kept[0]), list(kept[1])) == plain


_spans = st.none() | st.tuples(st.integers(-1, 24), st.integers(-1, 24))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(-1, 24), st.sampled_from(["Fox1", "Crab2", "Fox"])), max_size=8),
    _spans,
    _spans,
)
def test_kept_attack_issues_are_the_issues_worked_out(
    slots: list[tuple[int, str]], party_a: tuple[int, int] | None, party_b: tuple[int, int] | None
) -> None:
    """`attack_issues` (kept for equal attacks) is `issues_of` the attack, asked once or again,
    also for an equal attack that is another object, and for one that cannot be hashed."""
    attack = Attack(tuple(slots), party_a, party_b)
    plain = issues_of(attack)
    assert attack_issues(attack) == plain
    assert attack_issues(copy.deepcopy(attack)) == plain
    assert attack_issues(Attack(list(slots), party_a, party_b)) == plain  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(["Fox", "Crab", "Yi"]), max_size=6), st.integers(1, 3))
def test_kept_units_are_the_units_made_afresh(kinds: list[str], level: int) -> None:
    owned = [Unit(f"{k}{i}", k) for i, k in enumerate(kinds, 1)]
    assert new_units(owned, kinds) == [
        Unit(f"{k}{sum(1 for u in owned if u.kind == k) + n}", k)
        for k, n in zip(sorted(kinds), _running(sorted(kinds)), strict=True)
    ]
    for u in owned:
        assert unit_at(u.id, u.kind, level) == Unit(u.id, u.kind, level)


def _running(kinds: list[str]) -> list[int]:
    """How many of each kind so far, counting this one."""
    return [kinds[: i + 1].count(k) for i, k in enumerate(kinds)]


_written = st.dictionaries(
    st.sampled_from(["1", "2", "3", "22", "23", "0", "x", "01"]),
    st.sampled_from(["Fox1", "Crab2", "Fox"]) | st.integers(0, 3) | st.just(["Fox1"]),
    max_size=5,
)
_json_spans = st.none() | st.lists(st.integers(0, 23), min_size=2, max_size=2)


@settings(max_examples=150, deadline=None)
@given(_written, _json_spans, _json_spans)
def test_kept_plain_attacks_are_the_attacks_read_afresh(
    slots: dict[str, Any], party_a: list[int] | None, party_b: list[int] | None
) -> None:
    """An attack read from plain JSON (kept by what was written) is the attack read afresh
    from those slots and spans, the first time and again, or None for both."""
    a = {"slots": slots, "party_a": party_a, "party_b": party_b}
    written = tuple(slots.items())
    hashable = all(type(ref) is not list for ref in slots.values())
    fresh = parse._read_attack(written, parse._tuple(party_a), parse._tuple(party_b))
    assert parse._plain_attack(a) == (fresh if hashable else None)
    assert parse._plain_attack(copy.deepcopy(a)) == (fresh if hashable else None)


_owned = st.lists(
    st.tuples(st.sampled_from(["Fox", "Crab", "Yi"]), st.integers(1, 3)), max_size=6, unique=True
)


@settings(max_examples=200, deadline=None)
@given(_owned, st.lists(st.sampled_from(["Fox1", "fox 1", "Crab2", "Fox", "Yi3", "Gan1", "crab"])))
def test_references_resolved_at_once_are_resolved_one_by_one(
    owned: list[tuple[str, int]], refs: list[str]
) -> None:
    """`resolve_refs` (at once when every reference names another unit's id) is
    `resolve_each` of any references, problems and all."""
    units = [Unit(f"{kind}{n}", kind) for kind, n in owned]
    assert resolve_refs(refs, units) == resolve_each(refs, units)
