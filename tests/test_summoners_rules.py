"""Summoner's Dream: a table-driven case for every rule sentence (and the rulings in
docs/rulings.md where the rules leave a gap)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from events.summoners.battle import BattleResult, BattleTower, simulate
from events.summoners.catalog import FAMILIARS, TOWERS, MapDef, TowerEffect, Trait
from events.summoners.geometry import Facing, parse_range, rotate
from events.summoners.layout import (
    ATTACK_FIRST_ROW,
    ATTACK_TAB,
    DEFENCE_TAB,
    FAMILIAR_COL,
    PARTY_COL,
    SHOP_FIRST_ROW,
    SHOP_TAB,
    UPGRADE_COL,
)
from events.summoners.model import Attack, Defence, Placement, SummonersState, Unit
from events.summoners.model import SummonersSubmission as Sub
from events.summoners.parse import parse_json, parse_workbook, tower_cell
from events.summoners.resolve import carry_over, resolve_round
from events.summoners.rules import attack_problems, spending_problem
from events.tables import CellValue, Grid
from tests.support.summoners_kit import (
    ENGINE,
    LINE,
    P,
    at_round,
    attack,
    catalog,
    codes,
    familiar,
    fired,
    new_game,
    play,
    problems,
    shots,
    tower,
    track_of,
    with_units,
    with_values,
)

N, E, S, W = Facing.NORTH, Facing.EAST, Facing.SOUTH, Facing.WEST
TWICE = "spending_exactly_twice_allowed"
ONE_SIDE = "spending_one_side_allowed"


def messages(state: SummonersState, player: str, sub: Sub) -> list[str]:
    return [e.message for e in problems(state, player, sub)]


def line_index(result: BattleResult, slot: int) -> dict[int, int]:
    """time unit -> the familiar's tile index on the LINE map's track."""
    return {t: tile[1] for t, (tile, _) in track_of(result, slot).items()}


def hp(result: BattleResult, slot: int) -> dict[int, int]:
    """time unit -> the familiar's hit points at the end of it."""
    return {t: h for t, (_, h) in track_of(result, slot).items()}


# --- General: start, income, rounds -----------------------------------------------------------


def test_start_fifty_treasures_two_hundred_coins_and_a_hundred_every_round() -> None:
    """Each player begins with 50 Treasures and 200 coins, and will receive 100 coins at the
    beginning of each round. If there are 7 players participating in this Event, the game
    begins in Round 1."""
    assert ENGINE.rounds(7, 6) == (1, 2, 3, 4, 5, 6)
    state = new_game(P)
    assert state.round_no == 0 and ENGINE.next_round(state) == 1
    assert dict(state.treasures) == dict.fromkeys(P, 50)
    assert dict(state.coins) == dict.fromkeys(P, 200)
    for round_no, coins in [(1, 300), (2, 400), (3, 500)]:
        state, _ = play(state, {})
        assert state.round_no == round_no
        assert dict(state.coins) == dict.fromkeys(P, coins)
        assert dict(state.treasures) == dict.fromkeys(P, 50)


def test_six_players_start_in_round_two_and_still_get_round_one_income() -> None:
    """(including Round 1, even if there are only 6 players participating in this Event).
    If there are 6 players participating in this Event, the game begins in Round 2."""
    six = P[:6]
    assert ENGINE.rounds(6, 6) == (2, 3, 4, 5, 6)
    state = new_game(six)
    assert state.round_no == 1 and ENGINE.next_round(state) == 2
    assert dict(state.coins) == dict.fromkeys(six, 300)
    after, _ = play(state, {})
    assert after.round_no == 2
    assert dict(after.coins) == dict.fromkeys(six, 400)


@pytest.mark.parametrize(
    ("players", "towers", "familiars", "budget"),
    [
        # 6 players, round 2: 200 + 100 (round 1) + 100 (round 2)
        (P[:6], ("Tae",) * 5, ("Raccoon Dog",) * 8, 400),
        # 7 players, round 1: 200 + 100
        (P, ("Yi", "Gam", "Yi"), ("Fox",) * 5 + ("Monkey", "Monkey", "Crab"), 300),
    ],
)
def test_the_first_rounds_income_can_be_spent_in_the_first_round(
    players: tuple[str, ...], towers: tuple[str, ...], familiars: tuple[str, ...], budget: int
) -> None:
    """will receive 100 coins at the beginning of each round (including Round 1, even if
    there are only 6 players participating in this Event)"""
    cat = catalog()
    state = new_game(players)
    cost = sum(cat.towers[k][0].cost for k in towers) + sum(
        cat.familiars[k][0].cost for k in familiars
    )
    assert cost == budget
    after, _ = play(state, {"ann": Sub(buy_towers=towers, buy_familiars=familiars)})
    assert after.coins["ann"] == 0
    assert after.coins["bob"] == budget
    more = Sub(buy_towers=(*towers, towers[0]), buy_familiars=familiars)
    extra = cat.towers[towers[0]][0].cost
    assert messages(state, "ann", more) == [
        f"this costs {budget + extra} coins but you have {budget}: {extra} short"
    ]


# --- Buying: the sales pool and permanence ----------------------------------------------------


@pytest.mark.parametrize("round_no", range(1, 7))
def test_only_what_is_on_sale_this_round_can_be_bought(round_no: int) -> None:
    """Players can purchase any number of Towers and Familiars during any round of the game;
    however, the types of Towers and Familiars available for purchase vary from round to
    round."""
    state = at_round(new_game(P, **{ONE_SIDE: True}), round_no)
    towers_on_sale, familiars_on_sale = catalog().sales[round_no]
    assert 0 < len(towers_on_sale) < len(TOWERS)
    assert 0 < len(familiars_on_sale) < len(FAMILIARS)
    for kind in TOWERS:
        found = messages(state, "ann", Sub(buy_towers=(kind,)))
        if kind in towers_on_sale:
            assert found == []
        else:
            assert found == [f"{kind} is not on sale in round {round_no}"]
    for kind in FAMILIARS:
        found = messages(state, "ann", Sub(buy_familiars=(kind, kind)))
        if kind in familiars_on_sale:
            assert found == []
        else:
            assert found == [f"{kind} is not on sale in round {round_no}"] * 2


def test_a_six_player_game_opens_with_round_two_sales() -> None:
    """Towers may be purchased any time during the game but only on the rounds they are
    available for sale."""
    state = new_game(P[:6])
    assert not problems(state, "ann", Sub(buy_towers=("Tae",), buy_familiars=("Cat", "Carp")))
    assert messages(state, "ann", Sub(buy_towers=("Geon",), buy_familiars=("Cat", "Carp"))) == [
        "Geon is not on sale in round 2"
    ]


def test_every_tower_and_familiar_is_on_sale_in_some_round_even_from_round_two() -> None:
    """Each Tower and Familiar will be represented at least once in the sales pool."""
    sales = catalog().sales
    assert set(sales) == {1, 2, 3, 4, 5, 6}
    later = [sales[r] for r in range(2, 7)]
    assert {k for t, _ in later for k in t} == set(TOWERS)
    assert {k for _, f in later for k in f} == set(FAMILIARS)


def _with_sales(*rows: tuple[object, str, str]) -> list[str]:
    """The errors of the shipped catalog with its Sales tab replaced by `rows`."""
    from events.summoners.catalog import load_catalog
    from festival.core.paths import fixture
    from sheets.xlsx_reader import read_workbook

    workbook = dict(read_workbook(fixture("summoners", "catalog.xlsx")))
    header: tuple[CellValue, ...] = ("round", "towers", "familiars")
    workbook["Sales"] = Grid.from_rows("Sales", [header, *rows])  # type: ignore[list-item]
    loaded, errors = load_catalog(workbook)
    assert (loaded is None) == bool(errors)
    return [f"{e.tab}!{e.cell or ''}: {e.message}" for e in errors]


ALL_T, ALL_F = ", ".join(TOWERS), ", ".join(FAMILIARS)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([(1, ALL_T, ALL_F), (2, "Geon", "Fox")],
         ["Sales!: every tower must be on sale at least once in rounds 2-6 (a 6-player game "
          "begins in round 2); never: Yi, Tae, Jin, Son, Gam, Gan, Gon",
          "Sales!: every familiar must be on sale at least once in rounds 2-6 (a 6-player game "
          "begins in round 2); never: Monkey, Toad, Cat, Carp, Pheasant, Crab, Raccoon Dog"]),
        ([(2, ALL_T, ALL_F), (7, "Geon", "Fox")],
         ["Sales!A3: round 7 does not exist: the festival has rounds 1-6"]),
        ([(2, ALL_T, ALL_F), (0, "Geon", "Fox")],
         ["Sales!A3: round must be a whole number >= 1, not '0'"]),
        ([(7, ALL_T, ALL_F)],
         ["Sales!A2: round 7 does not exist: the festival has rounds 1-6",
          "Sales!: every tower must be on sale at least once in rounds 2-6 (a 6-player game "
          "begins in round 2); never: " + ", ".join(TOWERS),
          "Sales!: every familiar must be on sale at least once in rounds 2-6 (a 6-player game "
          "begins in round 2); never: " + ", ".join(FAMILIARS)]),
        ([(3, ALL_T, ALL_F), (3, "Geon", "Fox")],
         ["Sales!A3: round 3 is given twice; give one row a round"]),
        ([(2, ALL_T, ALL_F)], []),
    ],
)  # fmt: skip
def test_every_item_on_sale_from_round_two_and_only_in_rounds_that_exist(
    rows: list[tuple[object, str, str]], expected: list[str]
) -> None:
    """Each Tower and Familiar will be represented at least once in the sales pool. If there
    are 6 players participating in this Event, the game begins in Round 2. This Main Match
    will last 6 rounds. (A catalog breaking this is refused, naming the tab and cell.)"""
    assert _with_sales(*rows) == expected


def test_purchases_are_permanent_even_when_familiars_perish() -> None:
    """Purchases are permanent, meaning that all Towers and Familiars that are purchased stay
    in your inventory for the remainder of the game, even if Familiars perish in battle."""
    state = with_units(new_game(P), "bob", towers=[("Geon", 3)])
    bob = Sub(defence=Defence("Jasper Cave", (Placement("Geon1", (3, 2)),)))
    ann = Sub(
        buy_towers=("Gon",),
        buy_familiars=("Monkey", "Toad"),
        attack=attack({1: "Monkey", 2: "Toad"}, (1, 1), (2, 2)),
        target="bob",
    )
    state, invasions = play(state, {"ann": ann, "bob": bob})
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    assert (battle.result.sent, battle.result.kills, battle.result.stolen) == (2, 1, 1)
    owned = (Unit("Monkey1", "Monkey"), Unit("Toad1", "Toad"))
    assert state.familiars["ann"] == owned
    assert state.towers["ann"] == (Unit("Gon1", "Gon"),)
    for _ in range(2):
        state, invasions = play(state, {})
        assert state.familiars["ann"] == owned
        assert state.towers["ann"] == (Unit("Gon1", "Gon"),)
        (battle,) = [i for i in invasions if i.attacker == "ann"]
        assert battle.result.sent == 2  # the Monkey killed in round 1 is sent again


# --- Upgrades -------------------------------------------------------------------------------


def test_towers_go_up_one_level_at_a_time_to_level_three_in_any_round() -> None:
    """Upgrades for Towers may be purchased at any time. Every Tower will have 2 available
    upgrades. you may only upgrade to the Level directly above (+1) the current level."""
    state = with_units(new_game(P, **{ONE_SIDE: True}), "ann", towers=["Yi", "Yi"])
    assert messages(state, "ann", Sub(upgrades=("Yi2", "Yi2"))) == [
        "Yi2 goes up one level at a time"
    ]
    state, _ = play(state, {"ann": Sub(upgrades=("Yi2",))})  # round 1
    assert state.towers["ann"] == (Unit("Yi1", "Yi", 1), Unit("Yi2", "Yi", 2))
    assert state.coins["ann"] == 300 - 40
    state, _ = play(state, {"ann": Sub(upgrades=("Yi2",))})
    assert state.towers["ann"] == (Unit("Yi1", "Yi", 1), Unit("Yi2", "Yi", 3))
    assert state.coins["ann"] == 300 - 40 + 100 - 60
    assert messages(state, "ann", Sub(upgrades=("Yi2",))) == ["Yi2 is already at level 3"]
    assert not problems(state, "ann", Sub(upgrades=("Yi1",)))


@pytest.mark.parametrize("written", ["Yi 2", "yi2", "YI  2", " Yi2 "])
def test_an_upgrade_names_a_unit_as_the_army_tab_shows_it_spaces_and_case_aside(
    written: str,
) -> None:
    """Upgrades for Towers may be purchased at any time. (docs/formats.md: new units are
    numbered after the player's others of the kind, `Yi2`; `Yi 2` and any case read too.)
    Written in the Shop's upgrade column, it upgrades that unit, and only it."""
    state = with_units(new_game(P, **{ONE_SIDE: True}), "ann", towers=["Yi", "Yi"])
    rows: list[list[CellValue]] = [[None] * 3 for _ in range(SHOP_FIRST_ROW + 1)]
    rows[SHOP_FIRST_ROW][UPGRADE_COL] = written
    workbook = {
        SHOP_TAB: Grid.from_rows(SHOP_TAB, rows),
        DEFENCE_TAB: Grid.from_rows(DEFENCE_TAB, [[None]]),
        ATTACK_TAB: Grid.from_rows(ATTACK_TAB, [[None]]),
    }
    result = parse_workbook("ann", state, workbook)
    assert result.value is not None, result.errors
    assert not problems(state, "ann", result.value)
    after, _ = play(state, {"ann": result.value})
    assert after.towers["ann"] == (Unit("Yi1", "Yi", 1), Unit("Yi2", "Yi", 2))
    assert after.coins["ann"] == 300 - 40
    raccoon = with_units(at_round(state, 2), "ann", familiars=["Raccoon Dog"])
    after, _ = play(raccoon, {"ann": Sub(upgrades=("raccoon dog 1",))})
    assert after.familiars["ann"] == (Unit("Raccoon Dog1", "Raccoon Dog", 2),)


@pytest.mark.parametrize(
    ("round_no", "level", "allowed"),
    [
        (1, 1, False),  # level 2 only from round 2
        (2, 1, True),
        (2, 2, False),  # level 3 in round 2
        (3, 2, True),
        (4, 4, False),
        (5, 4, True),
        (6, 1, True),  # amendment: lower levels later are fine
        (6, 3, True),
        (6, 5, True),
        (6, 6, False),  # 5 upgrades: level 6 is the top
    ],
)
def test_familiar_level_x_only_from_round_x(round_no: int, level: int, allowed: bool) -> None:
    """Upgrade Level X for Familiars may only be purchased on Round X. Amendment: You may
    purchase Familiar upgrades for lower/previous rounds; for example, in Round 6 you may
    purchase any upgrades from Levels 2-6."""
    state = at_round(new_game(P, **{ONE_SIDE: True}), round_no)
    state = with_units(state, "ann", familiars=[("Crab", level)])
    found = messages(state, "ann", Sub(upgrades=("Crab1",)))
    if allowed:
        assert found == []
        after, _ = play(state, {"ann": Sub(upgrades=("Crab1",))})
        assert after.familiars["ann"] == (Unit("Crab1", "Crab", level + 1),)
    elif level == 6:
        assert found == ["Crab1 is already at level 6"]
    else:
        assert found == [
            f"Crab1: level {level + 1} may be bought from round {level + 1} on, "
            f"not in round {round_no}"
        ]


@pytest.mark.parametrize("kind", FAMILIARS)
def test_a_familiar_upgrade_costs_its_base_cost(kind: str) -> None:
    """Familiars' upgrade costs are the same as their base costs."""
    base = catalog().familiars[kind][0].cost
    state = at_round(new_game(P, **{ONE_SIDE: True}), 6)
    state = with_units(state, "ann", familiars=[kind, (kind, 3)])
    after, _ = play(state, {"ann": Sub(upgrades=(f"{kind}1", f"{kind}2"))})
    assert state.coins["ann"] + 100 - after.coins["ann"] == 2 * base
    assert [u.level for u in after.familiars["ann"]] == [2, 4]


def test_upgrades_are_for_one_unit_and_not_for_a_unit_bought_this_round() -> None:
    """All upgrades are for individual purchases; purchasing a Fox upgrade, for example, does
    not upgrade all your Foxes. (Ruling: a unit bought this round is upgraded from the
    next.)"""
    state = with_units(at_round(new_game(P, **{ONE_SIDE: True}), 2), "ann", [], ["Fox", "Fox"])
    after, _ = play(state, {"ann": Sub(upgrades=("fox2",))})
    assert after.familiars["ann"] == (Unit("Fox1", "Fox"), Unit("Fox2", "Fox", 2))
    late = at_round(state, 6)  # levels 2 and 3 are both allowed, but not in one round
    assert messages(late, "ann", Sub(upgrades=("Fox1", "Fox1"))) == [
        "Fox1 goes up one level at a time"
    ]
    fresh = with_units(new_game(P), "ann", [], [])
    found = problems(fresh, "ann", Sub(buy_towers=("Yi",), upgrades=("Yi1",)))
    assert [e.code for e in found] == ["summoners.upgrade"]


# --- The spending rule -----------------------------------------------------------------------

# (towers bought, familiars bought, upgrades) in round 1, and whether they pass with the
# options (default), (exactly twice allowed), (one side allowed), (both)
SPENDING = {
    "nothing at all": ((), (), (), [True, True, True, True]),
    "even: 40 and 40": (("Gon",), ("Fox", "Fox"), (), [True, True, True, True]),
    "towers a little more: 40 and 30": (
        ("Gon",),
        ("Monkey", "Toad"),
        (),
        [True, True, True, True],
    ),
    "familiars just under twice: 40 and 75": (
        ("Gon",),
        ("Fox", "Fox", "Fox", "Monkey"),
        (),
        [True, True, True, True],
    ),
    "towers exactly twice: 40 and 20": (("Gon",), ("Fox",), (), [False, True, False, True]),
    "familiars exactly twice: 40 and 80": (("Gon",), ("Fox",) * 4, (), [False, True, False, True]),
    "towers more than twice: 40 and 15": (
        ("Gon",),
        ("Monkey",),
        (),
        [False, False, False, False],
    ),
    "familiars more than twice: 40 and 95": (
        ("Gon",),
        ("Fox",) * 4 + ("Monkey",),
        (),
        [False, False, False, False],
    ),
    "towers only": (("Gon",), (), (), [False, False, True, True]),
    "familiars only": ((), ("Fox",), (), [False, False, True, True]),
    "a tower upgrade counts for towers: 40 and 20": (
        (),
        ("Fox",),
        ("Yi1",),
        [False, True, False, True],
    ),
    "a tower upgrade alone is one side": ((), (), ("Yi1",), [False, False, True, True]),
    "an upgrade evens it out: 40+40 and 60": (
        ("Gon",),
        ("Fox", "Fox", "Fox"),
        ("Yi1",),
        [True, True, True, True],
    ),
}
OPTIONS = [
    {},
    {TWICE: True},
    {ONE_SIDE: True},
    {TWICE: True, ONE_SIDE: True},
]


@pytest.mark.parametrize("case", SPENDING)
@pytest.mark.parametrize("option", range(4), ids=["default", "twice", "one-side", "both"])
def test_spending_rule(case: str, option: int) -> None:
    """In each round players may not spend twice as much coins on Towers as they do
    Familiars or vice versa. (Ruling: exactly twice and one side only are refused; the
    options spending_exactly_twice_allowed and spending_one_side_allowed allow them.)"""
    towers, familiars, upgrades, allowed = SPENDING[case]
    state = with_units(new_game(P, **OPTIONS[option]), "ann", towers=["Yi"])
    sub = Sub(buy_towers=towers, buy_familiars=familiars, upgrades=upgrades)
    found = codes(state, "ann", sub)
    assert found == (set() if allowed[option] else {"summoners.spending"})
    if allowed[option]:
        play(state, {"ann": sub})


@pytest.mark.parametrize(
    ("towers", "familiars", "twice", "one_side", "ok"),
    [
        (0, 0, False, False, True),
        (100, 100, False, False, True),
        (199, 100, False, False, True),
        (200, 100, False, False, False),
        (200, 100, True, False, True),
        (201, 100, True, False, False),
        (100, 199, False, False, True),
        (100, 200, False, False, False),
        (100, 200, True, False, True),
        (100, 201, True, True, False),
        (1, 0, False, False, False),
        (0, 1, False, False, False),
        (1, 0, True, False, False),
        (0, 1, False, True, True),
        (500, 0, False, True, True),
    ],
)
def test_spending_problem_table(
    towers: int, familiars: int, twice: bool, one_side: bool, ok: bool
) -> None:
    """In each round players may not spend twice as much coins on Towers as they do
    Familiars or vice versa."""
    assert (spending_problem(towers, familiars, twice, one_side) is None) == ok


def test_spending_message_names_both_sides() -> None:
    """players may not spend twice as much coins on Towers as they do Familiars"""
    state = new_game(P)
    assert messages(state, "ann", Sub(buy_towers=("Gon",), buy_familiars=("Fox",))) == [
        "you spend 40 on towers and 20 on familiars: twice as much as or more than twice as "
        "much is not allowed; spend at most 39 on towers or at least 21 on familiars"
    ]
    assert messages(state, "ann", Sub(buy_familiars=("Fox",))) == [
        "you spend 20 coins on familiars and none on the other side: buy towers for at least "
        "11 coins too, or buy nothing this round"
    ]


# --- Placing towers --------------------------------------------------------------------------

JADE = {
    "buildable G": (1, 0),
    "buildable G by the track": (2, 6),
    "road a": (0, 2),
    "road b": (8, 1),
    "road c (both tracks)": (4, 6),
    "entrance A": (0, 0),
    "scenery .": (0, 4),
    "Treasure E": (4, 8),
}


@pytest.mark.parametrize("where", JADE)
@pytest.mark.parametrize("kind", TOWERS)
def test_gan_only_on_roads_the_others_only_on_buildable_tiles_nothing_on_e(
    kind: str, where: str
) -> None:
    """Towers may not be placed on the lighter-colored road tiles or the cyan-colored
    Treasure tile (marked E) and may only be placed on the darker green tiles (for blessed
    lands) and blue tiles (for grotto-heavens), except for the Gan (Mountain) Tower, which
    may only be placed on road tiles. (Ruling: not on a track's entrance either, where a
    familiar enters rather than walks in, so a road block there would never hold.)"""
    tile = JADE[where]
    state = with_units(new_game(P), "ann", towers=[kind])
    sub = Sub(defence=Defence("Jade Valley", (Placement(f"{kind}1", tile),)))
    found = messages(state, "ann", sub)
    road = where.startswith("road")
    ok = road if kind == "Gan" else where.startswith("buildable")
    if ok:
        assert found == []
        after, _ = play(state, {"ann": sub})
        assert after.defence["ann"] == Defence("Jade Valley", (Placement(f"{kind}1", tile),))
    else:
        assert len(found) == 1
        assert found[0].startswith(f"{kind}1 at row {tile[0] + 1}, column {tile[1] + 1}: ")
        if where == "Treasure E":
            assert found[0].endswith("nothing may stand on the Treasure tile E")


@pytest.mark.parametrize("kind", [k for k in TOWERS if k != "Gan"])
def test_towers_stand_on_the_blue_tiles_of_a_grotto_heaven(kind: str) -> None:
    """and blue tiles (for grotto-heavens)"""
    state = with_units(new_game(P), "ann", towers=[kind, "Gan"])
    grotto = next(m for m in catalog().maps if m.kind == "Grotto-Heaven")
    g = next((r, c) for r, row in enumerate(grotto.rows) for c, ch in enumerate(row) if ch == "G")
    road = grotto.track("A")[3]
    ok = Sub(defence=Defence(grotto.name, (Placement(kind, g), Placement("Gan", road))))
    assert not problems(state, "ann", ok)
    swapped = Sub(defence=Defence(grotto.name, (Placement(kind, road), Placement("Gan", g))))
    assert len(problems(state, "ann", swapped)) == 2


@pytest.mark.parametrize(
    ("kinds", "tile"),
    [(("Yi", "Gam"), (2, 6)), (("Gan", "Gan"), (4, 6)), (("Geon", "Geon"), (1, 0))],
)
def test_two_towers_on_one_tile_are_refused(kinds: tuple[str, str], tile: tuple[int, int]) -> None:
    """(Ruling: one tower a tile.)"""
    state = with_units(new_game(P), "ann", towers=list(kinds))
    ids = [f"{kinds[0]}1", f"{kinds[1]}{2 if kinds[0] == kinds[1] else 1}"]
    sub = Sub(defence=Defence("Jade Valley", tuple(Placement(i, tile) for i in ids)))
    assert messages(state, "ann", sub) == [
        f"{ids[1]} at row {tile[0] + 1}, column {tile[1] + 1}: two towers on one tile"
    ]


# --- Facing ---------------------------------------------------------------------------------

TAE = "###/###/.T."  # two rows ahead, three wide
TAE_FACING = {
    N: {(-2, -1), (-2, 0), (-2, 1), (-1, -1), (-1, 0), (-1, 1), (0, 0)},
    E: {(-1, 2), (0, 2), (1, 2), (-1, 1), (0, 1), (1, 1), (0, 0)},
    S: {(2, -1), (2, 0), (2, 1), (1, -1), (1, 0), (1, 1), (0, 0)},
    W: {(-1, -2), (0, -2), (1, -2), (-1, -1), (0, -1), (1, -1), (0, 0)},
}


@pytest.mark.parametrize("facing", list(Facing))
def test_ranges_are_drawn_facing_north_and_turn_with_the_tower(facing: Facing) -> None:
    """All Tower Ranges on the spreadsheet are represented as if the Towers were facing
    north. You may place these Towers facing any cardinal direction (north, east, south,
    west)."""
    north = parse_range(TAE)
    assert north is not None
    assert set(north) == TAE_FACING[N]
    assert set(rotate(north, facing)) == TAE_FACING[facing]
    ahead = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
    assert rotate([(-1, 0)], facing) == (ahead[facing],)
    assert rotate([(0, 1)], facing) == (ahead[list(Facing)[(list(Facing).index(facing) + 1) % 4]],)


def test_parse_range_reads_the_drawing() -> None:
    """All Tower Ranges on the spreadsheet are represented as if the Towers were facing
    north."""
    assert parse_range(".#./#T#/.#.") == ((-1, 0), (0, -1), (0, 0), (0, 1), (1, 0))
    assert parse_range(".###./.#T#.") == ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1))
    assert parse_range("#T/T#") is None
    assert parse_range("#T#/#x#") is None
    assert parse_range("###") is None


def test_facing_defaults_to_north() -> None:
    """If left unspecified, it will be assumed that a Tower placed on the map is facing
    north."""
    assert Placement("Yi1", (0, 0)).facing is N
    assert tower_cell("yi2") == ("Yi2", N)
    assert tower_cell("Tae > e") == ("Tae", E)
    result = parse_json(
        "ann",
        new_game(P),
        {"defence": {"map": "Jade Valley", "towers": [{"tower": "Yi1", "row": 2, "col": 1}]}},
    )
    assert result.value is not None
    assert result.value.defence == Defence("Jade Valley", (Placement("Yi1", (1, 0), N),))


@pytest.mark.parametrize(("facing", "hit"), [(N, {1}), (S, {2}), (E, {1, 2}), (W, set())])
def test_facing_changes_which_familiars_a_tower_hits(facing: Facing, hit: set[int]) -> None:
    """You may place these Towers facing any cardinal direction (north, east, south, west)."""
    jasper = catalog().map("Jasper Cave")
    # Tae at (4, 4): north covers Track A at (2, 5), (3, 5); south Track B at (5, 5), (6, 5)
    tae = tower("Tae", (4, 4), facing)
    walkers = [familiar(1, "Raccoon Dog", "A", 0), familiar(2, "Raccoon Dog", "B", 0)]
    result = simulate(jasper, [tae], walkers, record=True)
    assert {s for targets in shots(result, "Tae1").values() for s in targets} == hit
    for slot in (1, 2):
        last_hp = list(hp(result, slot).values())[-1]
        assert (last_hp < 20) == (slot in hit)
    assert result.stolen == 2


def test_facing_is_used_in_a_real_invasion() -> None:
    """You may place these Towers facing any cardinal direction"""
    base = with_units(new_game(P), "bob", towers=["Tae"])
    base = with_units(base, "ann", familiars=["Raccoon Dog", "Raccoon Dog"])
    ann = Sub(attack=attack({1: "Raccoon Dog1", 2: "Raccoon Dog2"}, (1, 1), (2, 2)), target="bob")
    hit = {}
    for facing in (N, S):
        bob = Sub(defence=Defence("Jasper Cave", (Placement("Tae1", (4, 4), facing),)))
        _, invasions = play(base, {"ann": ann, "bob": bob})
        (battle,) = [i for i in invasions if i.attacker == "ann"]
        hit[facing] = {s for ts in shots(battle.result, "Tae1").values() for s in ts}
    assert hit == {N: {1}, S: {2}}


# --- Geon and the other towers ---------------------------------------------------------------


def _on_one_tile(kind: str, first: str, second: str) -> BattleResult:
    """Two familiars (slots 1 and 3, Track A and Track B) meet on Jasper Cave's shared tile
    (4, 5) at unit 12; the tower covers only that tile."""
    jasper = catalog().map("Jasper Cave")
    tw = tower(kind, (4, 4), reach=((0, 1),), effect=TowerEffect.NONE)
    entries = {"Raccoon Dog": 4, "Fox": 8}  # speed 1 and 2: both reach track tile 8 at unit 12
    walkers = [
        familiar(1, first, "A", entries[first]),
        familiar(3, second, "B", entries[second]),
    ]
    result = simulate(jasper, [tw], walkers, record=True)
    assert track_of(result, 1)[12][0] == track_of(result, 3)[12][0] == (4, 5)
    return result


@pytest.mark.parametrize("kind", TOWERS)
@pytest.mark.parametrize("swap", [False, True], ids=["A first", "B first"])
def test_geon_hits_the_lower_slot_on_a_shared_tile_the_others_hit_all(
    kind: str, swap: bool
) -> None:
    """Except for the Geon Tower (Heaven), all Towers deal damage to all Familiars within
    range. If multiple Familiars occupy the same tile, Geon (Heaven) Towers target the
    Familiar with the lower Slot number first."""
    jasper = catalog().map("Jasper Cave")
    tw = tower(kind, (4, 4), reach=((0, 1),), effect=TowerEffect.NONE)
    low, high = ("B", "A") if swap else ("A", "B")
    walkers = [familiar(1, "Raccoon Dog", low, 4), familiar(3, "Raccoon Dog", high, 4)]
    result = simulate(jasper, [tw], walkers, record=True)
    assert track_of(result, 1)[12][0] == track_of(result, 3)[12][0] == (4, 5)
    assert shots(result, f"{kind}1") == {12: [1] if kind == "Geon" else [1, 3]}
    damage = catalog().towers[kind][0].damage
    assert hp(result, 1)[12] == 20 - damage
    assert hp(result, 3)[12] == (20 if kind == "Geon" else 20 - damage)


@pytest.mark.parametrize("kind", TOWERS)
def test_geon_does_not_see_hidden_familiars(kind: str) -> None:
    """(Catalog: hidden - single-target towers (Geon) cannot see it.) If multiple Familiars
    occupy the same tile, Geon Towers target the Familiar with the lower Slot number first."""
    result = _on_one_tile(kind, "Fox", "Raccoon Dog")
    assert shots(result, f"{kind}1") == {12: [3] if kind == "Geon" else [1, 3]}
    alone = simulate(
        catalog().map("Jasper Cave"),
        [tower(kind, (4, 4), reach=((0, 1),), effect=TowerEffect.NONE)],
        [familiar(1, "Fox", "A", 8)],
        record=True,
    )
    assert bool(shots(alone, f"{kind}1")) == (kind != "Geon")
    assert alone.stolen == 1


def test_geon_lower_slot_first_also_when_one_is_half_a_tile_ahead() -> None:
    """If multiple Familiars occupy the same tile, Geon (Heaven) Towers target the Familiar
    with the lower Slot number first. (Shipped catalog and map: a Tae slows both familiars
    by different amounts; at unit 11 slot 2 (Track A) joins slot 3 (Track B) on (4, 6), and
    Geon's shot kills slot 2 there.)"""
    jade = catalog().map("Jade Valley")
    towers = [tower("Tae", (2, 7), S), tower("Geon", (2, 6))]
    walkers = [familiar(2, "Raccoon Dog", "A", 1), familiar(3, "Raccoon Dog", "B", 0)]
    result = simulate(jade, towers, walkers, record=True)
    assert track_of(result, 2)[10][0] == (4, 5) and track_of(result, 3)[11][0] == (4, 6)
    assert shots(result, "Geon1")[10] == [3]  # on different tiles: the one nearer E
    assert shots(result, "Geon1")[11] == [2]  # on one tile: the lower slot
    assert 11 not in track_of(result, 2)  # killed by that shot


def test_geon_lower_slot_first_where_tracks_of_different_lengths_join() -> None:
    """If multiple Familiars occupy the same tile, Geon (Heaven) Towers target the Familiar
    with the lower Slot number first."""
    fork = MapDef("Fork", "Blessed Land", ("AaacccE", "...b...", "...B..."))
    assert fork.track("A").index((0, 3)) == 3 and fork.track("B").index((0, 3)) == 2
    geon = tower("Geon", (1, 2), reach=((-1, 1),))  # covers (0, 3) only
    walkers = [familiar(1, "Raccoon Dog", "B", 2), familiar(2, "Raccoon Dog", "A", 1)]
    result = simulate(fork, [geon], walkers, record=True)
    assert track_of(result, 1)[4][0] == track_of(result, 2)[4][0] == (0, 3)
    assert shots(result, "Geon1") == {4: [1]}


# --- Parties and slots ------------------------------------------------------------------------


def _army(n: int) -> SummonersState:
    return with_units(new_game(P), "ann", familiars=["Fox"] * n)


def _parties(a: int, b: int) -> Attack:
    slots = {i: f"Fox{i}" for i in range(1, a + b + 1)}
    return attack(slots, (1, a) if a else None, (a + 1, a + b) if b else None)


@pytest.mark.parametrize(
    ("a", "b", "ok"),
    [
        (5, 5, True),
        (5, 2, True),
        (2, 5, True),
        (5, 1, False),
        (1, 5, False),
        (3, 1, True),
        (1, 3, True),
        (1, 0, True),
        (0, 1, True),
        (2, 0, False),
        (0, 2, False),
        (7, 3, True),
        (7, 2, False),
        (11, 11, True),
        (15, 7, True),
        (16, 6, False),
    ],
)
def test_each_party_at_least_half_of_the_other_rounded_down(a: int, b: int, ok: bool) -> None:
    """Each party must contain at least half the number of Familiars represented in the
    other party (rounded down)."""
    state = _army(a + b)
    found = messages(state, "ann", Sub(attack=_parties(a, b)))
    if ok:
        assert found == []
    else:
        assert found == [
            f"Party A has {a} familiars and Party B {b}: each party needs at least half of the "
            "other's (rounded down)"
        ]


def _attack_workbook(parties: dict[int, str]) -> dict[str, Grid]:
    rows: list[list[CellValue]] = [[None] * 3 for _ in range(ATTACK_FIRST_ROW + 22)]
    for slot, party in parties.items():
        rows[ATTACK_FIRST_ROW + slot - 1][FAMILIAR_COL] = "Fox"
        rows[ATTACK_FIRST_ROW + slot - 1][PARTY_COL] = party
    return {
        SHOP_TAB: Grid.from_rows(SHOP_TAB, [[None]]),
        DEFENCE_TAB: Grid.from_rows(DEFENCE_TAB, [[None]]),
        ATTACK_TAB: Grid.from_rows(ATTACK_TAB, rows),
    }


@pytest.mark.parametrize(
    ("parties", "ok"),
    [
        ({**dict.fromkeys(range(1, 6), "A"), **dict.fromkeys(range(6, 11), "B")}, True),
        ({**dict.fromkeys((1, 3, 8, 9), "A"), **dict.fromkeys((2, 4, 5, 6, 10), "B")}, False),
    ],
    ids=["slots 1-5 A and 6-10 B", "1, 3, 8-9 A and 2, 4-6, 10 B"],
)
def test_the_rules_example_of_parties(parties: dict[int, str], ok: bool) -> None:
    """For example, sending Slots 1-5 for Party A and Slots 6-10 for Party B is a valid
    submission, but sending Slots 1, 3, and 8-9 for Party A and Slots 2, 4-6, and 10 for
    Party B is not a valid submission."""
    state = _army(len(parties))
    result = parse_workbook("ann", state, _attack_workbook(parties))
    assert result.value is not None, result.errors
    found = codes(state, "ann", result.value)
    assert found == (set() if ok else {"summoners.party"})
    if not ok:
        assert (
            "Party A and Party B share slots; each party is its own range of slots (Party A: "
            "slots 1-9, Party B: slots 2-10): give Party A a run of consecutive slots and Party "
            "B a run before or after it (e.g. A in slots 1-3, B in 4-6)"
        ) in messages(state, "ann", result.value)


@pytest.mark.parametrize(
    ("slots", "a", "b", "problem"),
    [
        ({1: "Fox1", 3: "Fox2", 5: "Fox3", 6: "Fox4", 7: "Fox5"}, (1, 5), (6, 7), None),
        ({20: "Fox1", 21: "Fox2", 22: "Fox3"}, (20, 21), (22, 22), None),
        (
            {21: "Fox1", 22: "Fox2", 23: "Fox3"},
            (21, 22),
            (23, 23),
            "slots go from 1 to 22",
        ),
        (
            {0: "Fox1", 1: "Fox2", 2: "Fox3"},
            (0, 1),
            (2, 2),
            "slots go from 1 to 22",
        ),
        (
            {1: "Fox1", 2: "Fox2", 4: "Fox3"},
            (1, 2),
            (3, 3),
            "slot(s) 4 are in no party: every familiar must be in Party A or Party B",
        ),
        (
            {1: "Fox1", 2: "Fox2", 3: "Fox3"},
            (1, 2),
            (2, 3),
            "Party A and Party B share slots; each party is its own range of slots (Party A: "
            "slots 1-2, Party B: slots 2-3): give Party A a run of consecutive slots and Party "
            "B a run before or after it (e.g. A in slots 1-3, B in 4-6)",
        ),
        (
            {1: "Fox1", 2: "Fox2"},
            (1, 1),
            (2, 2),
            "every familiar must be used; not in a slot: Fox3",
        ),
        (
            {1: "Fox1", 2: "Fox2", 3: "Fox2"},
            (1, 1),
            (2, 3),
            "Fox2 is used twice",
        ),
    ],
    ids=[
        "gaps inside a party",
        "slot 22",
        "slot 23",
        "slot 0",
        "a slot in no party",
        "overlapping parties",
        "a familiar left home",
        "a familiar twice",
    ],
)
def test_slots_one_to_twenty_two_one_range_a_party_every_familiar_used(
    slots: dict[int, str], a: tuple[int, int], b: tuple[int, int], problem: str | None
) -> None:
    """Players must assign their Familiars from Slots 1-22. Slots may be left empty.
    Familiars must then be divided into 2 parties: Party A and Party B. Parties may only
    contain a singular group of familiars within a consecutive range of Slots. All Familiars
    must be used when invading a fellow player's territory."""
    owned = max(3, len(slots))
    found = messages(_army(owned), "ann", Sub(attack=attack(slots, a, b)))
    if problem is None:
        assert found == []
    else:
        assert problem in found


def test_no_more_than_twenty_two_familiars() -> None:
    """Players must assign their Familiars from Slots 1-22. (Ruling: at most 22 familiars.)"""
    state = with_units(new_game(P, **{ONE_SIDE: True}), "ann", familiars=["Fox"] * 21)
    assert not problems(state, "ann", Sub(buy_familiars=("Fox",)))
    assert messages(state, "ann", Sub(buy_familiars=("Fox", "Fox"))) == [
        "23 familiars do not fit in 22 slots"
    ]


def test_parties_enter_in_slot_order_with_empty_slots_as_gaps() -> None:
    """Parties will enter maps in the order that they are sequenced within each Party (empty
    slots included)."""
    state = with_units(new_game(P), "ann", familiars=["Raccoon Dog"] * 3)
    ann = Sub(
        attack=attack({4: "Raccoon Dog1", 6: "Raccoon Dog2", 8: "Raccoon Dog3"}, (4, 6), (7, 8)),
        target="bob",
    )
    _, invasions = play(state, {"ann": ann})
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    first_seen = {s: min(track_of(battle.result, s)) for s in (4, 6, 8)}
    assert first_seen == {4: 0, 6: 2, 8: 1}
    jade = catalog().map(battle.map)
    assert track_of(battle.result, 4)[0][0] == jade.track("A")[0]
    assert track_of(battle.result, 8)[1][0] == jade.track("B")[0]


# --- Targets ---------------------------------------------------------------------------------


def test_a_chosen_target_must_be_another_player_not_yet_invaded() -> None:
    """Over the course of the Main Match you will invade the territory of each player
    participating in this Event once."""
    state = replace(new_game(P), invaded={**new_game(P).invaded, "ann": ("bob",)})
    assert messages(state, "ann", Sub(target="ann")) == ["you cannot invade ann: yourself"]
    assert messages(state, "ann", Sub(target="bob")) == ["you cannot invade bob: already invaded"]
    assert messages(state, "ann", Sub(target="zed")) == ["you cannot invade zed: not in this event"]
    assert not problems(state, "ann", Sub(target="cy"))
    after, invasions = play(state, {"ann": Sub(target="cy")})
    assert after.invaded["ann"] == ("bob", "cy")
    assert [(i.attacker, i.defender) for i in invasions if i.attacker == "ann"] == [("ann", "cy")]
    bad = parse_json("ann", state, {"target": "zed"})
    assert [e.code for e in bad.errors] == ["summoners.target"]


def test_a_missing_target_is_drawn_among_those_not_yet_invaded() -> None:
    """You must specify in your submissions channel the player you are targeting in each
    round, or your target will be randomized among the players whose territories you have
    not yet invaded."""
    game = new_game(P)
    state = replace(game, invaded={**game.invaded, "ann": ("bob", "cy", "dee", "eve")})
    drawn: Counter[str] = Counter()
    for seed in range(30):
        after, _ = play(state, {}, seed)
        assert after.invaded["ann"][:4] == ("bob", "cy", "dee", "eve")
        drawn[after.invaded["ann"][4]] += 1
    assert set(drawn) == {"fay", "gus"}


def test_resolution_never_sends_an_attacker_to_itself_or_twice_to_one_player() -> None:
    """you will invade the territory of each player participating in this Event once"""
    game = new_game(P)
    state = replace(game, invaded={**game.invaded, "ann": ("bob",)})
    subs = {p: Sub() for p in P}
    for seed in range(10):
        for target in ("ann", "bob"):
            after, _ = resolve_round(
                state, {**subs, "ann": Sub(target=target)}, np.random.default_rng(seed)
            )
            assert after.invaded["ann"][1] not in ("ann", "bob")


@pytest.mark.parametrize("n", [6, 7])
def test_over_the_match_every_attacker_invades_every_other_player_once(n: int) -> None:
    """Each round, players will invade one territory. Over the course of the Main Match you
    will invade the territory of each player participating in this Event once."""
    state = new_game(P[:n])
    rounds = len(ENGINE.rounds(n, 6))
    per_round = []
    for r in range(rounds):
        state, invasions = play(state, {}, seed=r)
        per_round.append(invasions)
        assert sorted(i.attacker for i in invasions) == sorted(P[:n])
    assert state.round_no == 6
    for p in P[:n]:
        assert sorted(state.invaded[p]) == sorted(q for q in P[:n] if q != p)
    assert sum(len(r) for r in per_round) == n * (n - 1)


# --- Carrying the familiar configuration over -------------------------------------------------


def test_carry_over_keeps_the_slots_and_puts_new_familiars_in_free_slots() -> None:
    """When the round ends, Familiar Slots and parties are reset and you may reassign them.
    If you do not submit a reassignment, the Familiar configuration used in your previous
    round will be used with newly-bought Familiars randomized into unassigned Slots."""
    previous = attack({3: "Fox1", 5: "Fox2", 9: "Toad1", 10: "Toad2"}, (3, 6), (8, 10))
    assert attack_problems(previous) == []
    familiars = [
        Unit(i, k)
        for i, k in [
            ("Fox1", "Fox"),
            ("Fox2", "Fox"),
            ("Toad1", "Toad"),
            ("Toad2", "Toad"),
            ("Cat1", "Cat"),
            ("Cat2", "Cat"),
            ("Carp1", "Carp"),
        ]
    ]
    placements = set()
    for seed in range(40):
        new = carry_over(previous, familiars, np.random.default_rng(seed))
        assert attack_problems(new) == []
        assert set(previous.slots) <= set(new.slots)
        assert sorted(ref for _, ref in new.slots) == sorted(u.id for u in familiars)
        assert new.party_a is not None and new.party_b is not None
        assert new.party_a[0] <= 3 and new.party_a[1] >= 6
        assert new.party_b[0] <= 8 and new.party_b[1] >= 10
        old = dict(previous.slots)
        placements.add(frozenset((slot, ref) for slot, ref in new.slots if slot not in old))
    assert len(placements) >= 10  # randomized: slots and which newcomer goes where


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_carry_over_before_any_configuration_places_every_familiar(n: int) -> None:
    """If you do not submit a reassignment, ... newly-bought Familiars randomized into
    unassigned Slots. All Familiars must be used when invading."""
    familiars = [Unit(f"Fox{i}", "Fox") for i in range(1, n + 1)]
    for seed in range(100):
        new = carry_over(None, familiars, np.random.default_rng(seed))
        assert attack_problems(new) == []
        assert sorted(ref for _, ref in new.slots) == sorted(u.id for u in familiars)
        assert (new.party_a is None) + (new.party_b is None) == (1 if n == 1 else 0)


def test_the_first_round_without_an_attack_sends_every_familiar() -> None:
    """If you do not submit a reassignment, ... newly-bought Familiars randomized into
    unassigned Slots. All Familiars must be used when invading a fellow player's
    territory."""
    state = new_game(P)
    buy = Sub(buy_towers=("Gon", "Yi"), buy_familiars=("Fox",) * 5)
    after, invasions = play(state, {"ann": buy}, seed=60)
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    carried = after.attack["ann"]
    assert carried is not None
    assert sorted(ref for _, ref in carried.slots) == ["Fox1", "Fox2", "Fox3", "Fox4", "Fox5"]
    assert battle.result.sent == 5


def test_a_round_without_a_new_attack_reuses_last_rounds_configuration() -> None:
    """If you do not submit a reassignment, the Familiar configuration used in your previous
    round will be used with newly-bought Familiars randomized into unassigned Slots."""
    state = new_game(P)
    first = attack({3: "Fox", 5: "Fox"}, (3, 3), (5, 5))
    state, _ = play(
        state, {"ann": Sub(buy_towers=("Gon",), buy_familiars=("Fox", "Fox"), attack=first)}
    )
    assert state.attack["ann"] == attack({3: "Fox1", 5: "Fox2"}, (3, 3), (5, 5))
    state, invasions = play(
        state, {"ann": Sub(buy_towers=("Tae",), buy_familiars=("Cat", "Carp"))}, seed=5
    )
    carried = state.attack["ann"]
    assert carried is not None
    assert {(3, "Fox1"), (5, "Fox2")} <= set(carried.slots)
    assert sorted(ref for _, ref in carried.slots) == ["Carp1", "Cat1", "Fox1", "Fox2"]
    assert attack_problems(carried) == []
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    assert battle.result.sent == 4
    assert state.sent["ann"] == 2 + 4
    # and once more, with nothing new: exactly the same configuration
    again, _ = play(state, {}, seed=9)
    assert again.attack["ann"] == carried


def test_carry_over_sends_every_familiar_even_when_a_party_cannot_grow() -> None:
    """All Familiars must be used when invading a fellow player's territory. If you do not
    submit a reassignment, ... newly-bought Familiars randomized into unassigned Slots."""
    state = with_units(at_round(new_game(P), 2), "ann", ["Yi"], ["Fox", "Toad", "Toad", "Toad"])
    state = replace(
        state,
        attack={
            **state.attack,
            "ann": attack({1: "Fox1", 2: "Toad1", 3: "Toad2", 4: "Toad3"}, (1, 1), (2, 4)),
        },
    )
    bought = Sub(buy_towers=("Tae",), buy_familiars=("Cat", "Cat"))
    after, invasions = play(state, {"ann": bought})
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    assert battle.result.sent == 6
    carried = after.attack["ann"]
    assert carried is not None and {"Cat1", "Cat2"} <= set(dict(carried.slots).values())


# --- Treasures ------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(50, 47), (1, -2), (-4, -7)])
def test_a_familiar_reaching_e_steals_one_treasure_even_below_zero(before: int, after: int) -> None:
    """A Familiar that survives the map and reaches the cyan E tile labeled on the map will
    steal one Treasure from that player's territory. Number of treasures will be adjusted
    for at the end of each round; players can go into negative Treasures."""
    state = with_units(new_game(P), "ann", familiars=["Fox", "Toad", "Crab"])
    state = with_values(state, "treasures", bob=before)
    ann = Sub(attack=attack({1: "Fox1", 2: "Toad1", 3: "Crab1"}, (1, 2), (3, 3)), target="bob")
    new, invasions = play(state, {"ann": ann})
    (battle,) = [i for i in invasions if i.attacker == "ann"]
    assert (battle.result.sent, battle.result.stolen, battle.result.kills) == (3, 3, 0)
    assert new.treasures["ann"] == 53
    assert new.treasures["bob"] == after


@pytest.mark.parametrize(("reach", "stolen", "kills"), [(((1, 0),), 1, 0), (((1, -1),), 0, 1)])
def test_no_damage_on_the_e_tile(
    reach: tuple[tuple[int, int], ...], stolen: int, kills: int
) -> None:
    """(A Familiar does not take damage on the E tile.)"""
    jasper = catalog().map("Jasper Cave")
    assert jasper.at((4, 8)) == "E" and jasper.at((4, 7)) == "c"
    deadly = tower("Gam", (3, 8), reach=reach, damage=100)  # covers E, or the tile before it
    result = simulate(jasper, [deadly], [familiar(1, "Raccoon Dog")], record=True)
    assert (result.stolen, result.kills) == (stolen, kills)
    assert bool(shots(result, "Gam1")) == bool(kills)


def test_several_invasions_of_one_player_are_separate_battles() -> None:
    """If a player is attacked by multiple invasions within the same round, these invasions
    are treated as separate invasions."""
    state = with_units(new_game(P), "cy", towers=[("Geon", 3)])
    for p in ("ann", "bob"):
        state = with_units(state, p, familiars=["Monkey", "Monkey", "Toad"])
    # two Monkeys on Track A (under the Geon), a Toad on Track B (out of its range)
    raid = attack({1: "Monkey1", 2: "Monkey2", 3: "Toad1"}, (1, 2), (3, 3))
    cy = Sub(defence=Defence("Jasper Cave", (Placement("Geon1", (3, 2)),)))
    both, invasions = play(
        state,
        {"ann": Sub(attack=raid, target="cy"), "bob": Sub(attack=raid, target="cy"), "cy": cy},
    )
    on_cy = {i.attacker: i for i in invasions if i.defender == "cy"}
    assert set(on_cy) == {"ann", "bob"}
    # Geon fires at one familiar a unit; in one battle each Monkey walks past it alone
    for inv in on_cy.values():
        assert (inv.result.sent, inv.result.kills, inv.result.stolen) == (3, 2, 1)
    assert on_cy["ann"].result == on_cy["bob"].result
    assert both.kills["cy"] == 4
    assert both.treasures["cy"] == 50 - 2
    assert both.treasures["ann"] == both.treasures["bob"] == 51
    _, invasions = play(state, {"ann": Sub(attack=raid, target="cy"), "cy": cy})
    (solo,) = [i for i in invasions if i.attacker == "ann"]
    assert solo.result == on_cy["ann"].result


# --- Ranking and tiebreaks --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "order", "decided_by"),
    [
        ({"treasures": (51, 50), "sent": (0, 9)}, ["ann", "bob"], "score"),
        ({"treasures": (-3, 0)}, ["bob", "ann"], "score"),
        ({"sent": (3, 4), "kills": (9, 0)}, ["bob", "ann"], "familiars sent"),
        ({"kills": (2, 1), "built": (0, 9)}, ["ann", "bob"], "familiars killed"),
        ({"built": (3, 5)}, ["bob", "ann"], "towers built"),
        ({}, ["bob", "ann"], "gamewide tiebreak"),
    ],
    ids=["treasures", "negative treasures", "sent", "killed", "built", "gamewide"],
)
def test_ranked_by_treasures_then_sent_killed_built_gamewide(
    values: dict[str, tuple[int, int]], order: list[str], decided_by: str
) -> None:
    """At the end of six rounds, players will be ranked according to their total number of
    Treasures. (1) number of Familiars sent (2) number of Familiars you have killed with your
    Towers (3) number of Towers built (4) Gamewide Tiebreak"""
    state = new_game(("ann", "bob"))
    for field, (a, b) in values.items():
        state = with_values(state, field, ann=a, bob=b)
    ranking = ENGINE.ranking(state, ["bob", "ann"])
    assert [e.player for e in ranking] == order
    assert ranking[1].decided_by == decided_by
    announced = ENGINE.final_announcement(state, ["bob", "ann"])
    assert announced[0] == f"1. {order[0]}: {state.treasures[order[0]]} Treasures"


def test_sent_killed_and_built_are_cumulative() -> None:
    """(1) number of Familiars sent (cumulative, meaning if a Familiar is sent from R1 to R6,
    it counts as 6 Familiars sent) (2) number of Familiars you have killed with your Towers
    (cumulative) (3) number of Towers built (cumulative)"""
    state = with_units(new_game(P), "ann", familiars=["Monkey"])
    state = with_units(state, "bob", towers=[("Geon", 3)])
    state = with_units(state, "cy", familiars=["Monkey"])
    bob = Sub(defence=Defence("Jasper Cave", (Placement("Geon1", (3, 2)),)))
    state, _ = play(
        state,
        {
            "ann": Sub(attack=attack({1: "Monkey1"}, (1, 1), None), target="bob"),
            "bob": bob,
            "cy": Sub(attack=attack({1: "Monkey1"}, (1, 1), None), target="dee"),
        },
    )
    assert (state.sent["ann"], state.kills["bob"], state.built["bob"]) == (1, 1, 1)
    state, _ = play(state, {"ann": Sub(target="cy"), "cy": Sub(target="bob")})
    assert state.sent["ann"] == 2  # the same Monkey, sent again
    assert state.kills["bob"] == 2  # cy's Monkey, on bob's map again
    assert state.built["bob"] == 2  # the Geon stood on bob's map in both rounds
    assert state.built["ann"] == 0


# --- The battle ------------------------------------------------------------------------------


def _busy_battle(record: bool = True) -> BattleResult:
    jade = catalog().map("Jade Valley")
    towers = [
        tower("Geon", (2, 6)),
        tower("Tae", (2, 7), S),
        tower("Yi", (1, 4), E),
        tower("Son", (5, 4), W),
        tower("Jin", (7, 4)),
        tower("Gan", (4, 6)),
    ]
    kinds = ["Raccoon Dog", "Fox", "Cat", "Toad", "Crab", "Monkey", "Carp", "Pheasant"]
    walkers = [familiar(i + 1, k, "AB"[i % 2], i // 2) for i, k in enumerate(kinds)]
    return simulate(jade, towers, walkers, record=record)


def test_the_battle_is_deterministic() -> None:
    """Familiar movement and Tower attacks are standardized to units, which will function as
    the measure of passing time. (Ruling: a deterministic simulation.)"""
    first = _busy_battle()
    assert first == _busy_battle()
    assert first.replay and first.kills + first.stolen == first.sent == 8
    quiet = _busy_battle(record=False)
    assert quiet.replay == ()
    assert (quiet.stolen, quiet.kills, quiet.units) == (first.stolen, first.kills, first.units)
    state = with_units(new_game(P), "ann", familiars=["Fox", "Toad"])
    state = with_units(state, "bob", towers=["Geon", "Gan"])
    subs = {
        "ann": Sub(attack=attack({1: "Fox1", 2: "Toad1"}, (1, 1), (2, 2)), target="bob"),
        "bob": Sub(
            defence=Defence("Moon Grotto", (Placement("Geon1", (3, 2)), Placement("Gan1", (2, 3))))
        ),
    }
    assert play(state, subs, seed=4) == play(state, subs, seed=4)


@pytest.mark.parametrize(("kind", "level"), [(k, lv) for k in TOWERS for lv in (1, 2, 3)])
def test_towers_fire_only_on_their_interval(kind: str, level: int) -> None:
    """Familiar movement and Tower attacks are standardized to units. (Catalog: a tower fires
    every `interval` time units, from unit 0.)"""
    interval = catalog().towers[kind][level - 1].interval
    sweep = tower(
        kind,
        (0, 0),
        level=level,
        reach=tuple((1, c) for c in range(11)),
        damage=0,
        effect=TowerEffect.NONE,
    )
    result = simulate(LINE, [sweep], [familiar(1, "Raccoon Dog")], record=True)
    assert line_index(result, 1) == {t: t for t in range(11)}
    assert shots(result, f"{kind}1") == {t: [1] for t in range(0, 11, interval)}


def test_the_catalog_has_towers_with_intervals() -> None:
    """(so the interval test above means something)"""
    assert {k: catalog().towers[k][0].interval for k in ("Yi", "Jin", "Son")} == {
        "Yi": 2,
        "Jin": 2,
        "Son": 2,
    }


def _one_tile(kind: str, index: int, **changes: Any) -> BattleTower:
    """A tower covering only tile `index` of LINE's track."""
    return tower(kind, (0, index), reach=((1, 0),), **changes)


def test_effect_slow_halves_speed_for_amount_units() -> None:
    """(Catalog: slow - hit familiars move at half speed for `amount` time units.)"""
    tae = _one_tile("Tae", 1)  # damage 1, slow 2, every unit
    slowed = simulate(LINE, [tae], [familiar(1, "Raccoon Dog")], record=True)
    assert {t: i for t, i in line_index(slowed, 1).items() if t <= 6} == {
        0: 0,
        1: 1,
        2: 1,
        3: 2,
        4: 2,
        5: 3,
        6: 4,
    }
    assert hp(slowed, 1)[6] == 20 - 2  # hit at units 1 and 2
    assert slowed.stolen == 1


def test_effect_stun_holds_for_amount_units() -> None:
    """(Catalog: stun - hit familiars do not move for `amount` time units.)"""
    jin = _one_tile("Jin", 3, interval=3)  # damage 3, stun 1, every 3 units
    stunned = simulate(LINE, [jin], [familiar(1, "Raccoon Dog")], record=True)
    assert {t: i for t, i in line_index(stunned, 1).items() if 2 <= t <= 6} == {
        2: 2,
        3: 3,
        4: 3,
        5: 4,
        6: 5,
    }
    assert hp(stunned, 1)[6] == 17


def test_effect_push_sends_back_along_the_track() -> None:
    """(Catalog: push - hit familiars are pushed `amount` tiles back along their track.)"""
    son = _one_tile("Son", 2)  # damage 1, push 1, every 2 units
    pushed = simulate(LINE, [son], [familiar(1, "Raccoon Dog")], record=True)
    assert {t: i for t, i in line_index(pushed, 1).items() if t <= 5} == {
        0: 0,
        1: 1,
        2: 1,
        3: 2,
        4: 3,
        5: 4,
    }
    assert hp(pushed, 1)[5] == 19
    plain = simulate(LINE, [], [familiar(1, "Raccoon Dog")])
    assert pushed.units == plain.units + 1


def test_effect_burn_deals_amount_for_three_more_units() -> None:
    """(Catalog: burn - hit familiars take `amount` damage at each of the next 3 time
    units.)"""
    yi = _one_tile("Yi", 2)  # damage 2, burn 2, every 2 units
    burnt = simulate(LINE, [yi], [familiar(1, "Raccoon Dog")], record=True)
    assert {t: h for t, h in hp(burnt, 1).items() if 1 <= t <= 7} == {
        1: 20,
        2: 18,
        3: 16,
        4: 14,
        5: 12,
        6: 12,
        7: 12,
    }


def test_effect_block_holds_walkers_on_the_road_and_flying_passes() -> None:
    """(Catalog: block - on a road, each walking familiar reaching the tower's tile is held
    there `amount` units; flying - passes road blocks.)"""
    gan = tower("Gan", (1, 3), reach=((-1, 0),))  # on track tile 3; its range hits nothing
    walker = simulate(LINE, [gan], [familiar(1, "Raccoon Dog")], record=True)
    assert {t: i for t, i in line_index(walker, 1).items() if 2 <= t <= 7} == {
        2: 2,
        3: 3,
        4: 3,
        5: 3,
        6: 4,
        7: 5,
    }
    flyer = simulate(LINE, [gan], [familiar(1, "Carp")], record=True)
    assert line_index(flyer, 1) == {t: t for t in range(11)}


def test_trait_swift_ignores_slow_and_stun() -> None:
    """(Catalog: swift - slow and stun do not hold it.)"""
    for holder in (_one_tile("Tae", 1), _one_tile("Jin", 3, interval=3)):
        monkey = simulate(LINE, [holder], [familiar(1, "Monkey")], record=True)
        assert line_index(monkey, 1) == {t: t for t in range(11)}
        assert hp(monkey, 1)[10] < 10  # it was hit all the same


def test_trait_armour_takes_amount_less_per_hit_but_at_least_one() -> None:
    """(Catalog: armour - every hit does `amount` less damage (at least 1).)"""
    cases = [
        ("Gam", 1, ("Crab", 1), 12 - (2 - 1)),
        ("Gam", 3, ("Crab", 1), 12 - (4 - 1)),
        ("Gam", 1, ("Crab", 3), 16 - 1),  # 2 damage, armour 2: still 1
        ("Tae", 1, ("Crab", 1), 12 - 1),  # 1 damage, armour 1: still 1
        ("Gam", 1, ("Raccoon Dog", 1), 20 - 2),
    ]
    for kind, level, (who, wlevel), left in cases:
        tw = tower(kind, (0, 1), level=level, reach=((1, 0),), effect=TowerEffect.NONE)
        result = simulate(LINE, [tw], [familiar(1, who, level=wlevel)], record=True)
        assert hp(result, 1)[5] == left, (kind, level, who, wlevel)


def test_trait_revive_comes_back_once() -> None:
    """(Catalog: revive - the first time it dies it comes back with `amount` hit points.)"""
    once = [_one_tile("Gam", 1, damage=10)]
    twice = [*once, tower("Gam", (0, 3), name="Gam2", reach=((1, 0),), damage=10)]
    cat = simulate(LINE, once, [familiar(1, "Cat")], record=True)
    assert (cat.stolen, cat.kills) == (1, 0)
    assert hp(cat, 1)[1] == 6  # 8 - 10, back with 6
    dead_cat = simulate(LINE, twice, [familiar(1, "Cat")], record=True)
    assert (dead_cat.stolen, dead_cat.kills) == (0, 1)
    plain = simulate(LINE, once, [familiar(1, "Cat", trait=Trait.NONE)], record=True)
    assert (plain.stolen, plain.kills) == (0, 1)


def test_trait_hidden_is_hit_by_every_tower_but_geon() -> None:
    """Except for the Geon Tower (Heaven), all Towers deal damage to all Familiars within
    range. (Catalog: hidden - single-target towers (Geon) cannot see it.)"""
    for kind in TOWERS:
        sees = _one_tile(kind, 2, interval=1)
        result = simulate(LINE, [sees], [familiar(1, "Fox")], record=True)
        assert bool(shots(result, f"{kind}1")) == (kind != "Geon"), kind
    seen = simulate(
        LINE, [_one_tile("Geon", 2)], [familiar(1, "Fox", trait=Trait.NONE)], record=True
    )
    assert shots(seen, "Geon1") == {1: [1]}


def test_trait_regen_heals_amount_each_unit_up_to_its_maximum() -> None:
    """(Catalog: regen - heals `amount` hit points every time unit (up to its maximum).)"""
    gam = _one_tile("Gam", 1)  # 2 damage at unit 1
    toad = simulate(LINE, [gam], [familiar(1, "Toad")], record=True)
    assert {t: h for t, h in hp(toad, 1).items() if t <= 4} == {0: 14, 1: 12, 2: 13, 3: 14, 4: 14}
    no_regen = simulate(LINE, [gam], [familiar(1, "Toad", trait=Trait.NONE)], record=True)
    assert hp(no_regen, 1)[4] == 12


def test_a_familiar_killed_steals_nothing_and_counts_as_a_kill() -> None:
    """A Familiar that survives the map and reaches the cyan E tile will steal one
    Treasure. (Catalog: each death is a kill for the defender.)"""
    result = simulate(
        LINE,
        [_one_tile("Gam", 5, damage=20)],
        [familiar(1, "Raccoon Dog"), familiar(2, "Raccoon Dog", entry=3)],
        record=True,
    )
    assert (result.sent, result.stolen, result.kills) == (2, 0, 2)
    assert max(track_of(result, 1)) == 4  # gone at unit 5


def test_an_endless_battle_stops_after_200_units_and_steals_nothing() -> None:
    """(Ruling: the battle ends when every familiar has died or reached E, or after 200 time
    units - a familiar still walking then steals nothing.)"""
    # stunned again at every unit, a familiar never gets anywhere
    jin = tower("Jin", (0, 0), reach=tuple((1, c) for c in range(11)), damage=0, interval=1)
    result = simulate(LINE, [jin], [familiar(1, "Raccoon Dog")], record=True)
    assert (result.sent, result.stolen, result.kills) == (1, 0, 0)
    assert max(line_index(result, 1).values()) <= 1
    assert result.units == 200


def test_a_son_pushes_each_familiar_back_once() -> None:
    """(Ruling: each Son pushes a familiar back only once, or a Son pushing as far as a
    familiar walks between its shots would hold it for ever.)"""
    son = tower("Son", (0, 0), reach=tuple((1, c) for c in range(11)), damage=0, amount=2)
    result = simulate(LINE, [son], [familiar(1, "Raccoon Dog")], record=True)
    plain = simulate(LINE, [], [familiar(1, "Raccoon Dog")])
    assert result.stolen == 1
    assert result.units == plain.units + 2  # pushed 2 tiles once
    other = tower("Son", (2, 0), reach=tuple((-1, c) for c in range(11)), damage=0, amount=2,
                  name="Son2")  # fmt: skip
    # both fire at unit 2 together: 2 + 2 tiles back from tile 2 stops at the start, and
    # each has then pushed it once
    assert simulate(LINE, [son, other], [familiar(1, "Raccoon Dog")]).units == result.units
    later = replace(other, stats=replace(other.stats, interval=3), id="Son3")
    # a Son firing at unit 3 (the familiar back on tile 1) pushes it once more, to the start
    assert simulate(LINE, [son, later], [familiar(1, "Raccoon Dog")]).units == result.units + 1


def test_without_a_new_defence_last_rounds_map_and_towers_are_used() -> None:
    """After a player selects their option among the four maps, they may place Towers they
    own onto their map. (Ruling: without a new map and placement, last round's are used again;
    towers bought since are not placed; before any, no tower on the first map.)"""
    state = with_units(new_game(P), "bob", towers=["Gam"])
    for p in ("ann", "cy"):
        state = with_units(state, p, familiars=["Raccoon Dog", "Raccoon Dog"])
    raid = attack({1: "Raccoon Dog1", 2: "Raccoon Dog2"}, (1, 1), (2, 2))
    state, invasions = play(
        state, {"ann": Sub(attack=raid, target="bob"), "cy": Sub(attack=raid, target="dee")}
    )
    (battle,) = [i for i in invasions if i.defender == "bob" and i.attacker == "ann"]
    assert (battle.map, battle.result.stolen, shots(battle.result, "Gam1")) == (
        catalog().maps[0].name,
        2,
        {},
    )
    placed = Defence("Moon Grotto", (Placement("Gam1", (3, 2)),))
    bob = Sub(defence=placed, buy_towers=("Tae",), buy_familiars=("Cat", "Carp"))
    state, _ = play(state, {"bob": bob, "ann": Sub(target="dee"), "cy": Sub(target="eve")})
    state, invasions = play(state, {"ann": Sub(target="eve"), "cy": Sub(target="bob")})
    assert state.defence["bob"] == placed
    (battle,) = [i for i in invasions if i.attacker == "cy"]
    assert (battle.defender, battle.map) == ("bob", "Moon Grotto")
    assert fired(battle.result) == {
        "Gam1"
    }  # the Tae bought in round 2 stays in the inventory, unplaced
    assert [u.id for u in state.towers["bob"]] == ["Gam1", "Tae1"]


@pytest.mark.parametrize("son_first", [False, True])
def test_towers_fire_together_from_the_same_positions(son_first: bool) -> None:
    """No rule gives towers an order: every tower aims at the familiars where they stand when
    the towers fire, then all hits land. (Ruling: a Son's push moves a familiar after every
    tower has aimed, so a Geon listed after it still aims at the familiar's place before the
    push.) At unit 6 the Pheasant (slot 2) has overtaken the Raccoon Dog; the Geon aims at it
    and the Son pushes it back onto the Raccoon Dog's tile. Had the Son moved it first, the
    Geon would have shot the Raccoon Dog (lower slot on the shared tile) and the Pheasant
    would have got through: 2 stolen, 0 kills."""
    son, geon = tower("Son", (2, 5)), tower("Geon", (0, 6))
    towers = [son, geon] if son_first else [geon, son]
    walkers = [familiar(1, "Raccoon Dog", entry=0), familiar(2, "Pheasant", entry=3)]
    result = simulate(LINE, towers, walkers, record=True)
    assert (result.stolen, result.kills) == (1, 1)
    assert shots(result, "Geon1")[6] == [2]
    assert line_index(result, 2)[6] == 5  # pushed back after the Geon aimed at tile 6
    assert result == simulate(LINE, towers[::-1], walkers[::-1], record=True)


def test_pushes_of_several_sons_add_up_from_where_the_familiar_stood() -> None:
    """(Ruling: the towers firing in one time unit push together: their pushes add up, each
    Son counts as having pushed the familiar if it stood off its track's start when they
    fired, and the familiar moves back once, never past the start.)"""
    reach = tuple((1, c) for c in range(11))
    sons = [
        tower("Son", (0, 0), reach=reach, damage=0, amount=2, interval=5, name="SonA"),
        tower("Son", (2, 0), reach=tuple((-r, c) for r, c in reach), damage=0, amount=3,
              interval=5, name="SonB"),
    ]  # fmt: skip
    for order in (sons, sons[::-1]):
        result = simulate(LINE, order, [familiar(1, "Raccoon Dog", entry=1)], record=True)
        # enters at unit 1 (tile 0), walks to tile 4 by unit 5, both push: 2 + 3 = 5 > 4
        assert line_index(result, 1)[5] == 0
        assert shots(result, "SonA") == shots(result, "SonB")
        assert {5: [1], 10: [1]}.items() <= shots(result, "SonA").items()
        # neither pushes again at unit 10 (each pushed it once), so it walks on from there
        assert line_index(result, 1)[10] == 5


def test_a_fast_familiar_is_hit_only_where_it_stands_when_towers_fire() -> None:
    """Familiar movement and Tower attacks are standardized to units. (Ruling: a familiar of
    speed 2 or 3 passes the tiles between where it stood and where it stops without being hit
    there.)"""
    on_odd_tile = _one_tile("Gam", 3, interval=1)  # covers only track tile 3
    pheasant = simulate(LINE, [on_odd_tile], [familiar(1, "Pheasant")], record=True)
    assert sorted(line_index(pheasant, 1).values()) == [0, 2, 4, 6, 8, 10]
    assert shots(pheasant, "Gam1") == {} and pheasant.stolen == 1
    walker = simulate(LINE, [on_odd_tile], [familiar(1, "Raccoon Dog")], record=True)
    assert shots(walker, "Gam1") == {3: [1]}


def test_a_road_block_holds_a_familiar_once_per_block_tile_and_is_never_jumped() -> None:
    """(Ruling: a walking familiar moving past a block tile stops on it and is held; it is
    held once per block tile, so after a push back it walks over that block.)"""
    gan = tower("Gan", (1, 3), reach=((-1, 0),), amount=2)  # on track tile 3, hits nothing
    fast = simulate(LINE, [gan], [familiar(1, "Fox")], record=True)  # speed 2, walks
    # tile 2 at unit 1; stops on the block (not tile 4) at unit 2, held at units 3 and 4
    assert {t: i for t, i in line_index(fast, 1).items() if t <= 5} == {
        0: 0, 1: 2, 2: 3, 3: 3, 4: 3, 5: 5
    }  # fmt: skip
    son = tower("Son", (0, 3), reach=((1, 0),), damage=0, amount=2, interval=1)
    pushed = simulate(LINE, [gan, son], [familiar(1, "Raccoon Dog")], record=True)
    index = line_index(pushed, 1)
    # reaches the block at unit 3, is pushed to tile 1 there, walks back over tile 3 unheld
    assert index[3] == 1 and [index[t] for t in (4, 5, 6, 7)] == [2, 3, 4, 5]
