"""Alchemy: a table-driven case for every rule sentence."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from events.alchemy.catalog import load_catalog
from events.alchemy.model import AlchemySubmission as Sub
from events.alchemy.resolve import _sold
from events.alchemy.rules import added_energy, energy_cost, harvest_yield, multiplier
from events.tables import Grid
from tests.support.alchemy_kit import ENGINE, new_game, play, with_machines, with_stock

P = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


def test_energy_reduction_for_several_materials_at_one_location() -> None:
    """for x number of different materials you harvest in the same location, you get an
    energy reduction of (x-1) to energy costs."""
    catalog = new_game(P).catalog
    assert energy_cost(catalog, ["Quartz"]) == 3
    assert energy_cost(catalog, ["Quartz", "Amethyst", "Salt"]) == 3 + 5 + 2 - 2
    assert energy_cost(catalog, ["Quartz", "Salt", "Reed", "Bog Iron"]) == 3 + 2 + 2 + 3 - 1 - 1


def test_one_more_material_adds_what_the_whole_harvest_would_cost_more() -> None:
    """added_energy (a harvest grown one material at a time) agrees with energy_cost of
    the whole harvest, whether the material opens a location or joins one."""
    catalog = new_game(P).catalog
    names = [m.name for m in catalog.materials]
    rng = np.random.default_rng(3)
    for _ in range(20):
        harvest: list[str] = []
        for m in rng.permutation(names).tolist():
            places = {catalog.material(x).location for x in harvest}
            before = energy_cost(catalog, harvest)
            assert energy_cost(catalog, [*harvest, m]) == before + added_energy(catalog, places, m)
            harvest.append(m)


def test_over_budget_is_invalid_and_says_by_how_much() -> None:
    """You have a base of 17 energy per round."""
    state = new_game(P)
    sub = Sub(harvest=("Gold", "Dragon Scale", "Emberstone", "Amethyst"))  # 6+7-1+5+5 = 22
    (error,) = ENGINE.validate(state, "ann", sub)
    assert error.message == "the harvest costs 22 energy but you have 17: 5 over budget"
    assert error.tab == "Harvest"
    assert not ENGINE.validate(state, "ann", Sub(harvest=("Gold", "Dragon Scale", "Quartz")))


@pytest.mark.parametrize(("others", "units"), [(0, 4), (1, 3), (2, 2), (3, 1), (4, 1), (6, 1)])
def test_yield_is_four_minus_others_with_a_floor_of_one(others: int, units: int) -> None:
    """Harvesting a material from a location earns you 4-x of the materials for which x =
    number of other players harvesting in your location, capped at a floor of 1"""
    assert harvest_yield(others) == units
    state = new_game(P)
    subs = {P[i]: Sub(harvest=("Salt",) if i else ("Quartz",)) for i in range(others + 1)}
    assert play(state, subs).books["ann"].stock["Quartz"] == units


def test_a_crowded_location_counts_players_not_materials() -> None:
    """x = number of other players harvesting in your location"""
    state = new_game(P)
    new = play(state, {"ann": Sub(harvest=("Quartz", "Salt")), "bob": Sub(harvest=("Amethyst",))})
    assert new.books["ann"].stock == {"Quartz": 3, "Salt": 3}
    assert new.books["bob"].stock == {"Amethyst": 3}


def test_each_material_once_a_round() -> None:
    """You may only harvest any one material once per round."""
    result = ENGINE.from_json(new_game(P), "ann", 1, {"harvest": ["Salt", "salt"]})
    assert [e.code for e in result.errors] == ["alchemy.harvest.twice"]


def test_validate_refuses_a_material_harvested_twice() -> None:
    """You may only harvest any one material once per round. (A typed submission that lists
    one twice, from a bot or a script, is refused by validate, not only by the parsers: the
    engine would yield it twice for the energy of once.)"""
    state = new_game(P)
    (error,) = ENGINE.validate(state, "ann", Sub(harvest=("Salt", "Quartz", "Salt")))
    assert (error.code, error.tab) == ("alchemy.harvest.twice", "Harvest")
    assert error.message == (
        "Salt harvested twice: you may only harvest any one material once per round"
    )
    assert not ENGINE.validate(state, "ann", Sub(harvest=("Salt", "Quartz")))


def test_a_player_can_try_every_one_of_the_21_constructs_in_a_round() -> None:
    """There are 21 constructs, each belonging to one of seven different sets. (Ruling: at
    most as many engineering attempts a round as there are constructs, so every construct can
    be tried once; a construct may still be listed twice within that.)"""
    from events.alchemy.layout import ENGINEER_ROWS, FIRST_ROW

    state = new_game(P)
    names = [c.name for c in state.catalog.constructs]
    assert len(names) == ENGINEER_ROWS == 21
    result = ENGINE.from_json(state, "ann", 1, {"engineer": names, "priority": True})
    assert result.value is not None, result.errors
    assert not ENGINE.validate(state, "ann", result.value)
    template = ENGINE.template(state, "ann", 1)
    (tab,) = [t for t in template.tabs if t.name == "Engineer"]
    rows = [[None, None] for _ in range(FIRST_ROW)] + [[i + 1, n] for i, n in enumerate(names)]
    parsed = ENGINE.parse(
        state,
        "ann",
        1,
        {
            **{t.name: Grid.from_rows(t.name, [[None]]) for t in template.tabs},
            tab.name: Grid.from_rows(tab.name, rows),  # type: ignore[arg-type]
        },
    )
    assert parsed.value is not None, parsed.errors
    assert parsed.value.engineer == tuple(names)
    assert (FIRST_ROW + 20, 1) in tab.fills
    too_many = ENGINE.from_json(state, "ann", 1, {"engineer": [*names, names[0]]})
    assert [e.message for e in too_many.errors] == ["at most 21 attempts a round"]
    (error,) = ENGINE.validate(state, "ann", Sub(engineer=(*names, names[0])))
    assert error.message == "22 engineering attempts: at most 21 a round"


def test_buying_materials_with_coins_during_the_harvest() -> None:
    """Money is used to purchase any additional materials or parts. Each player begins with
    500 coins."""
    state = new_game(P)
    new = play(state, {"ann": Sub(buy=(("Quartz", 2), ("Salt", 1)))})
    assert new.books["ann"].coins == 500 - 2 * 40 - 20
    assert new.books["ann"].stock == {"Quartz": 2, "Salt": 1}
    (error,) = ENGINE.validate(state, "ann", Sub(buy=(("Emberstone", 7),)))
    assert error.message == "buying costs 525 coins but you have 500: 25 short"
    result = ENGINE.from_json(state, "ann", 1, {"buy": {"Gold": 1}})
    assert [e.message for e in result.errors] == ["Gold is not for sale"]


def test_one_machine_a_round_and_not_one_already_owned() -> None:
    """Each player may only purchase one machine per round."""
    state = with_machines(new_game(P), "ann", "Bellows")
    (error,) = ENGINE.validate(state, "ann", Sub(machine="Bellows"))
    assert error.code == "alchemy.machine.owned"
    assert isinstance(Sub().machine, str | None)  # one field: a second machine cannot be named


def test_machines_apply_after_harvesting_and_before_engineering() -> None:
    """Machines are applied after all materials are harvested and before constructs are
    engineered."""
    state = new_game(P)
    # Moon Press bought this round adds +2 Moonpetal to this round's harvest, in time for
    # a Moon Lantern (2 Moonpetal, 1 Quartz) that the harvest alone could not make... with 1
    # Moonpetal from a crowded grove.
    crowd = {p: Sub(harvest=("Dewdrop",)) for p in P[1:4]}
    sub = Sub(harvest=("Moonpetal",), buy=(("Quartz", 1),), machine="Moon Press",
              engineer=("Moon Lantern",))  # fmt: skip
    new = play(state, {**crowd, "ann": sub})
    assert new.logs[1]["ann"].harvested == {"Moonpetal": 1}
    assert new.logs[1]["ann"].bonuses == {"Moonpetal": 2}
    assert new.logs[1]["ann"].engineered == ("Moon Lantern",)


def test_a_machines_material_cost_is_paid_from_the_harvest_or_it_is_not_bought() -> None:
    """Machines cost coins and sometimes materials."""
    state = new_game(P)
    new = play(state, {"ann": Sub(harvest=("Bog Iron",), machine="Mining Cart")})
    assert new.books["ann"].machines == ("Mining Cart",)
    assert new.books["ann"].stock == {"Bog Iron": 3}  # 4 harvested, 1 paid
    assert new.books["ann"].coins == 420
    poor = play(state, {"ann": Sub(machine="Mining Cart")})
    assert poor.books["ann"].machines == () and poor.books["ann"].coins == 500
    assert "Bog Iron" in (poor.logs[1]["ann"].machine_failed or "")


def test_energy_machine_works_from_the_next_round() -> None:
    """Ruling: energy is spent harvesting, which comes before machines, so +3 energy counts
    from the round after the purchase; a bought machine keeps working every later round."""
    state = new_game(P)
    assert ENGINE.energy(state, "ann") == 17
    state = play(state, {"ann": Sub(machine="Bellows")})
    assert ENGINE.energy(state, "ann") == 20
    state = play(state, {})
    assert ENGINE.energy(state, "ann") == 20


@pytest.mark.parametrize(
    ("machine", "sub", "stock", "check"),
    [
        ("Mining Cart", Sub(harvest=("Quartz", "Amethyst")), {},
         lambda b: b.stock == {"Quartz": 4, "Amethyst": 6}),
        ("Hoard Map", Sub(harvest=("Gold",)), {}, lambda b: b.stock == {"Gold": 7}),
        ("Alembic", Sub(convert=(("Alembic", 2),)), {"Ash": 5},
         lambda b: b.stock == {"Ash": 3, "Emberstone": 2}),
        ("Transmuter", Sub(convert=(("Transmuter", 1),)), {"Reed": 3},
         lambda b: b.stock == {"Gold": 1}),
        ("Lens Grinder", Sub(engineer=("Silver Mirror",)), {"Silverleaf": 1, "Quartz": 1},
         lambda b: b.sold == {"Silver Mirror": 1} and b.stock == {}),
        ("Guild Stall", Sub(engineer=("Clay Golem",)), {"Reed": 2, "Bog_Iron": 2},
         lambda b: b.gems == Fraction(35) * Fraction(3, 2) * Fraction(13, 10)),
    ],
)  # fmt: skip
def test_every_machine_effect(machine: str, sub: Sub, stock: dict[str, int], check: object) -> None:
    """Machines are items that can interact with materials and recipes."""
    state = with_machines(with_stock(new_game(P), "ann", **stock), "ann", machine)
    new = play(state, {"ann": sub})
    assert check(new.books["ann"])  # type: ignore[operator]


def test_a_conversion_runs_at_most_its_limit() -> None:
    state = with_machines(new_game(P), "ann", "Alembic")
    (error,) = ENGINE.validate(state, "ann", Sub(convert=(("Alembic", 4),)))
    assert error.message == "Alembic runs at most 3 times a round"
    (error,) = ENGINE.validate(new_game(P), "ann", Sub(convert=(("Alembic", 1),)))
    assert error.message == "you do not own Alembic"


def test_a_failed_attempt_loses_nothing() -> None:
    """if a player does not have all the materials required to engineer a construct, the
    attempt fails. No materials are lost if the attempt fails."""
    state = with_stock(new_game(P), "ann", Moonpetal=2)
    new = play(state, {"ann": Sub(engineer=("Moon Lantern",))})
    assert new.books["ann"].stock == {"Moonpetal": 2}
    assert new.logs[1]["ann"].failed == ("Moon Lantern",)
    assert new.books["ann"].gems == 0


def test_priority_decides_which_of_two_competing_attempts_succeeds() -> None:
    """the construct(s) you end up engineering will be randomized UNLESS you specify a listed
    order of priority for engineering constructs."""
    state = with_stock(new_game(P), "ann", Quartz=2, Moonpetal=2, Silverleaf=1)
    both = ("Silver Mirror", "Moon Lantern")  # each needs Quartz; 2 Quartz: only one of them
    for seed in range(8):
        new = play(state, {"ann": Sub(engineer=both, prioritized=True)}, seed)
        assert new.logs[1]["ann"].engineered == ("Silver Mirror",)
    unordered = {"ann": Sub(engineer=both, prioritized=False)}
    drawn = {play(state, unordered, s).logs[1]["ann"].engineered for s in range(12)}
    assert drawn == {("Silver Mirror",), ("Moon Lantern",)}


@pytest.mark.parametrize(
    ("sold", "factor"),
    [(1, Fraction(3, 2)), (2, Fraction(5, 4)), (3, Fraction(1)), (4, Fraction(3, 4)),
     (5, Fraction(3, 5)), (6, Fraction(3, 5))],
)  # fmt: skip
def test_every_multiplier_step(sold: int, factor: Fraction) -> None:
    """(1) ... only one construct sold in its set, the sales multiplier is 1.5x ... (2) ...
    two ... 1.25x ... (3) ... three ... 1x ... (4) ... four ... 0.75x ... (5) ... five or more
    ... 0.6x"""
    assert multiplier(sold) == factor
    state = new_game(P)
    for p in P[:sold]:
        state = with_stock(state, p, Salt=2, Reed=1)
    new = play(state, {p: Sub(engineer=("Salt Ward",)) for p in P[:sold]})
    assert new.books["ann"].gems == 20 * factor
    assert new.market[1] == {"Charms": sold}


def test_sets_are_counted_across_all_players_and_sets_apart() -> None:
    """Count the constructs sold in each set by ALL players this round."""
    state = with_stock(new_game(P), "ann", Salt=4, Reed=2, Bog_Iron=2)
    state = with_stock(state, "bob", Reed=2, Bog_Iron=2)
    new = play(state, {"ann": Sub(engineer=("Salt Ward", "Salt Ward")),
                       "bob": Sub(engineer=("Clay Golem",))})  # fmt: skip
    assert new.books["ann"].gems == 2 * 20 * Fraction(5, 4)
    assert new.books["bob"].gems == 35 * Fraction(3, 2)


def test_ranking_gems_then_unique_constructs_then_gold_then_gamewide() -> None:
    """For endgame ties, ties are broken as such: (1) greatest number of unique constructs
    sold (2) greatest number of gold (material) held at the end of the game (3) Gamewide
    Tiebreak"""
    state = new_game(["ann", "bob", "cy", "dee", "eve"])
    books = dict(state.books)

    def book(p: str, gems: int, sold: dict[str, int], gold: int) -> None:
        books[p] = replace(books[p], gems=Fraction(gems), sold=sold, stock={"Gold": gold})

    book("ann", 60, {"Salt Ward": 1, "Reed Wand": 1}, 0)  # more unique constructs
    book("bob", 60, {"Salt Ward": 2}, 5)
    book("cy", 40, {"Salt Ward": 2}, 2)  # more gold
    book("dee", 40, {"Salt Ward": 2}, 1)
    book("eve", 40, {"Salt Ward": 2}, 1)  # level with dee: Gamewide Tiebreak
    ranking = ENGINE.ranking(replace(state, books=books), ["eve", "dee", "cy", "bob", "ann"])
    assert [e.player for e in ranking] == ["ann", "bob", "cy", "eve", "dee"]
    assert [e.decided_by for e in ranking] == [
        None, "unique constructs sold", "score", "gold held", "gamewide tiebreak",
    ]  # fmt: skip


def test_ranking_counts_gems_from_every_round() -> None:
    """At the end of the Main Match, players are ranked according to their total number of
    gems earned from Marketplace sales."""
    state = with_stock(new_game(["ann", "bob"]), "ann", Salt=4, Reed=2)
    state = play(state, {"ann": Sub(engineer=("Salt Ward",))})
    state = play(state, {"ann": Sub(engineer=("Salt Ward",))})
    assert state.books["ann"].gems == 2 * 20 * Fraction(3, 2)
    assert ENGINE.ranking(state, ["bob", "ann"])[0].player == "ann"


def test_the_most_gold_garnet_reads_gold_held_at_the_end() -> None:
    state = with_stock(new_game(P), "cy", Gold=2)
    assert ENGINE.holdings(state, "gold") == {p: (2 if p == "cy" else 0) for p in P}


@pytest.mark.parametrize(
    ("tab", "row", "message"),
    [
        ("Constructs", ["Odd Lamp", "Lanterns", "30", "2 Moonpetl"],
         "Odd Lamp: 'Moonpetl' is not a material of the catalog"),
        ("Constructs", ["Extra Lamp", "Lanterns", "10", "1 Salt"],
         "set 'Lanterns' has 4 constructs; every set has 3"),
        ("Machines", ["Bellows", "-5", "", "energy", "", "3", ""],
         "Bellows: cost must be a whole number >= 0, not '-5'"),
        ("Machines", ["Oven", "10", "", "bake", "", "1", ""],
         "Oven: 'bake' is not an effect"),
        ("Materials", ["Salt", "Crystal Caves", "2", "20"], "material 'Salt' is listed twice"),
        ("Materials", ["Pebble", "Crystal Caves", "0", "5"],
         "Pebble: energy must be a whole number >= 1, not '0'"),
        ("Constructs", ["Odd Lamp", "Lanterns", "30", "1 Salt, 1 salt"],
         "Odd Lamp: Salt is named twice; give one quantity"),
        ("Constructs", ["moon lantern", "Lanterns", "30", "1 Salt"],
         "construct 'moon lantern' is listed twice"),
    ],
)  # fmt: skip
def test_a_broken_catalog_is_rejected_with_clear_errors(
    tab: str, row: list[str], message: str
) -> None:
    from festival.core.paths import fixture
    from sheets.xlsx_reader import read_workbook

    workbook = dict(read_workbook(fixture("alchemy", "catalog.xlsx")))
    grid = workbook[tab]
    rows = [list(r) for r in grid.rows]
    if tab == "Machines" and row[0] == "Bellows":
        rows = [r for r in rows if r[0] != "Bellows"]
    rows.append(row)
    workbook[tab] = Grid.from_rows(tab, rows)
    catalog, errors = load_catalog(workbook)
    assert catalog is None
    assert any(message in e.message for e in errors), [e.message for e in errors]


def test_a_recipe_saving_may_not_make_a_construct_free() -> None:
    from events.alchemy.catalog import Construct, Effect, Machine, _target_problem

    mirror = Construct("Mirror", "Mirrors", 40, (("Quartz", 2),))
    saving = Machine("Grinder", 10, (), Effect.RECIPE_SAVING, "Mirror: Quartz", 2)
    problem = _target_problem(saving, {"Quartz": None}, set(), {"Mirror": mirror}, set())  # type: ignore[dict-item]
    assert problem == "it would make Mirror need nothing at all"
    assert (
        _target_problem(
            replace(saving, amount=1), {"Quartz": None}, set(), {"Mirror": mirror}, set()
        )
        is None
    )  # type: ignore[dict-item]


def test_an_event_with_a_catalog_refuses_to_start_without_one() -> None:
    from events.summoners import SummonersEngine

    assert ENGINE.check_options({}) == [
        "Alchemy needs a catalog (fixtures/alchemy/catalog.xlsx by default)"
    ]
    assert any("needs a catalog" in p for p in SummonersEngine().check_options({}))


def test_sales_over_the_game_add_this_rounds_in_order() -> None:
    """A player's sales are kept as Counter addition would keep them: counts added, earlier
    constructs first, then this round's new ones in the order engineered."""
    before = {"Clay Golem": 2, "Silver Mirror": 1}
    engineered = ("Iron Golem", "Clay Golem", "Moon Lamp", "Iron Golem")
    after = _sold(before, engineered)
    assert after == dict(Counter(before) + Counter(engineered))
    assert list(after) == list(Counter(before) + Counter(engineered))
    assert after == {"Clay Golem": 3, "Silver Mirror": 1, "Iron Golem": 2, "Moon Lamp": 1}
    assert before == {"Clay Golem": 2, "Silver Mirror": 1}
