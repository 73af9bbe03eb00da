"""A Summoner's Dream bot: buys a tower and a balanced handful of familiars from what is on
sale, defends on a random map with every tower next to a track, and sends every familiar,
split evenly between the parties, at a player it has not invaded yet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from events.summoners.catalog import ROAD_TOWER
from events.summoners.geometry import Facing, neighbours
from events.summoners.model import INCOME, SLOTS, Unit
from events.summoners.rules import new_units, spending_problem
from festival.bots.catalogs import summoners_catalog


def summoners_bot(
    public: Mapping[str, Any],
    private: Mapping[str, Any],
    player: str,
    round_no: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    catalog = summoners_catalog(public["catalog"])
    coins = int(private["coins"]) + INCOME
    towers = [Unit(t["id"], t["kind"], t["level"]) for t in private["towers"]]
    familiars = [Unit(f["id"], f["kind"], f["level"]) for f in private["familiars"]]
    on_sale_t, on_sale_f = catalog.sales.get(round_no, ((), ()))

    buy_t: list[str] = []
    buy_f: list[str] = []
    if on_sale_t and on_sale_f:
        kind = on_sale_t[int(rng.integers(len(on_sale_t)))]
        t_cost = catalog.towers[kind][0].cost
        if t_cost < coins:
            picks = list(on_sale_f)
            f_spent = 0
            chosen: list[str] = []
            while len(familiars) + len(chosen) < SLOTS:
                f = picks[int(rng.integers(len(picks)))]
                cost = catalog.familiars[f][0].cost
                if t_cost + f_spent + cost > coins or f_spent + cost >= 2 * t_cost:
                    break
                chosen.append(f)
                f_spent += cost
            if not spending_problem(t_cost, f_spent, False, False):
                buy_t, buy_f = [kind], chosen
    towers += new_units(towers, buy_t)
    familiars += new_units(familiars, buy_f)

    battlefield = catalog.maps[int(rng.integers(len(catalog.maps)))]
    track = {*battlefield.track("A"), *battlefield.track("B")}
    near = [
        (r, c)
        for r, line in enumerate(battlefield.rows)
        for c, ch in enumerate(line)
        if ch == "G" and any(n in track for n in neighbours((r, c)))
    ]
    road = [t for t in track if battlefield.at(t) in "abc"]
    placements = []
    for unit in towers:
        spots = road if unit.kind == ROAD_TOWER else near
        if not spots:
            continue
        tile = spots.pop(int(rng.integers(len(spots))))
        facing = list(Facing)[int(rng.integers(4))]
        placements.append(
            {"tower": unit.id, "row": tile[0] + 1, "col": tile[1] + 1, "facing": facing.value}
        )

    order = [familiars[int(i)].id for i in rng.permutation(len(familiars))]
    half = (len(order) + 1) // 2
    attack = None
    if order:
        attack = {
            "slots": {str(i + 1): fid for i, fid in enumerate(order)},
            "party_a": [1, half] if half else None,
            "party_b": [half + 1, len(order)] if len(order) > half else None,
        }
    left = list(private["targets_left"])
    return {
        "buy_towers": buy_t,
        "buy_familiars": buy_f,
        "upgrades": [],
        "defence": {"map": battlefield.name, "towers": placements},
        "attack": attack,
        "target": left[int(rng.integers(len(left)))] if left else None,
    }
