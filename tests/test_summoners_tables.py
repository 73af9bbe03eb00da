"""Summoner's Dream's precomputed tables and fast paths give what the plain computation gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from events.summoners.battle import MAX_UNITS, BattleTower, _blocks, _covering, _volleys
from events.summoners.catalog import TOWERS, TowerEffect
from events.summoners.geometry import Facing, rotate
from tests.support.summoners_kit import catalog


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
