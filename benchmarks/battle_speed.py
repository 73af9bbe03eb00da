"""Battles per second for a full-size Summoner's Dream battle: 22 familiars at level 6 against
12 towers at level 3, on the longest default map. Run: `python benchmarks/battle_speed.py`."""

from __future__ import annotations

import time
from dataclasses import replace

from events.summoners import SummonersEngine
from events.summoners.battle import BattleFamiliar, BattleTower, simulate
from events.summoners.catalog import FAMILIARS, TOWERS, Catalog
from events.summoners.geometry import Facing, neighbours
from festival.core.paths import fixture
from sheets.xlsx_reader import read_workbook


def full_battle(catalog: Catalog) -> tuple[object, list[BattleTower], list[BattleFamiliar]]:
    battlefield = max(catalog.maps, key=lambda m: len(m.track("A")))
    track = set(battlefield.track("A")) | set(battlefield.track("B"))
    spots = [
        (r, c)
        for r, line in enumerate(battlefield.rows)
        for c, ch in enumerate(line)
        if ch == "G" and any(n in track for n in neighbours((r, c)))
    ]
    road = [t for t in battlefield.track("A")[3:-2] if battlefield.at(t) in "ab"]
    towers = []
    for i in range(12):
        kind = TOWERS[i % len(TOWERS)]
        tile = road.pop() if kind == "Gan" else spots[(i * 5) % len(spots)]
        stats = catalog.towers[kind][-1]
        towers.append(BattleTower(f"{kind}{i}", kind, stats, tile, list(Facing)[i % 4]))
    familiars = []
    for slot in range(1, 23):
        kind = FAMILIARS[slot % len(FAMILIARS)]
        party, first = ("A", 1) if slot <= 11 else ("B", 12)
        familiars.append(
            BattleFamiliar(slot, party, slot - first, f"{kind}{slot}", catalog.familiars[kind][-1])
        )
    return battlefield, towers, familiars


def main() -> None:
    content, errors = SummonersEngine().load_catalog(
        read_workbook(fixture("summoners", "catalog.xlsx"))
    )
    assert not errors
    battlefield, towers, familiars = full_battle(Catalog.from_json(content))
    result = simulate(battlefield, towers, familiars)  # type: ignore[arg-type]
    runs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3:
        simulate(battlefield, towers, familiars)  # type: ignore[arg-type]
        runs += 1
    seconds = time.perf_counter() - start
    print(
        f"full battle (22 familiars L6, 12 towers L3, {result.units} time units, "
        f"{result.kills} killed, {result.stolen} stolen): {runs / seconds:.0f} battles/s "
        f"({1000 * seconds / runs:.2f} ms each)"
    )
    start = time.perf_counter()
    for _ in range(50):
        simulate(battlefield, towers, familiars, record=True)  # type: ignore[arg-type]
    print(f"with the replay recorded: {50 / (time.perf_counter() - start):.0f} battles/s")
    # The worst case for hits: every tower covers every track tile, so each firing tower hits
    # every familiar on the map.
    everywhere = tuple((r, c) for r in range(-9, 10) for c in range(-9, 10))
    wide = [replace(t, stats=replace(t.stats, reach=everywhere, damage=1)) for t in towers]
    start = time.perf_counter()
    for _ in range(20):
        worst = simulate(battlefield, wide, familiars)  # type: ignore[arg-type]
    print(
        f"every familiar in every tower's range ({worst.units} units): "
        f"{20 / (time.perf_counter() - start):.0f} battles/s"
    )


if __name__ == "__main__":
    main()
