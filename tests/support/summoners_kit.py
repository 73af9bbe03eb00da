"""Helpers for Summoner's Dream tests: a pinned catalog, games, and small battles.

The rules tests play on a pinned copy of the catalog as first shipped
(tests/support/catalogs/summoners-before-retune.xlsx): their cases are worked out from its
prices and ranges, and a designer retuning the shipped catalog with the balance lab must not
turn rules tests red. The shipped catalog is checked by the catalog and lab tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from events.errors import SubmissionProblem
from events.summoners import SummonersEngine
from events.summoners.battle import BattleFamiliar, BattleResult, BattleTower
from events.summoners.catalog import Catalog, MapDef
from events.summoners.geometry import Facing, Tile
from events.summoners.model import Attack, SummonersState, SummonersSubmission, Unit
from events.summoners.resolve import Invasion, resolve_round
from sheets.xlsx_reader import read_workbook

ENGINE = SummonersEngine()
PINNED = Path(__file__).parent / "catalogs" / "summoners-before-retune.xlsx"
P = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")
"""seven players: a full field, starting in round 1 (P[:6] starts in round 2)"""

LINE = MapDef(
    "Line",
    "Blessed Land",
    ("GGGGGGGGGGGG", "AaaaaaaaaaaE", "GGGGGGGGGGGG"),
)
"""a straight Track A for battle tests: tile i of the track is (1, i); E is tile 11"""


@cache
def catalog_json() -> dict[str, Any]:
    content, errors = ENGINE.load_catalog(read_workbook(PINNED))
    assert not errors, errors
    return content  # type: ignore[no-any-return]


@cache
def catalog() -> Catalog:
    return Catalog.from_json(catalog_json())


def new_game(players: Sequence[str] = P, **options: Any) -> SummonersState:
    return ENGINE.setup(players, {"catalog": catalog_json(), **options}, np.random.default_rng(0))


def at_round(state: SummonersState, round_no: int) -> SummonersState:
    """The state just before `round_no` is resolved."""
    return replace(state, round_no=round_no - 1)


def _units(kinds: Sequence[str | tuple[str, int]]) -> tuple[Unit, ...]:
    out: list[Unit] = []
    for item in kinds:
        kind, level = (item, 1) if isinstance(item, str) else item
        n = sum(u.kind == kind for u in out) + 1
        out.append(Unit(f"{kind}{n}", kind, level))
    return tuple(out)


def with_units(
    state: SummonersState,
    player: str,
    towers: Sequence[str | tuple[str, int]] = (),
    familiars: Sequence[str | tuple[str, int]] = (),
) -> SummonersState:
    """The state with `player` owning exactly these units ("Yi" or ("Yi", 2) for level 2),
    numbered Yi1, Yi2, ... in order."""
    return replace(
        state,
        towers={**state.towers, player: _units(towers)},
        familiars={**state.familiars, player: _units(familiars)},
    )


def with_values(state: SummonersState, field: str, **values: int) -> SummonersState:
    """The state with `field` (treasures, coins, sent, kills, built) set for some players."""
    changes: dict[str, Any] = {field: {**getattr(state, field), **values}}
    return replace(state, **changes)


def problems(
    state: SummonersState, player: str, sub: SummonersSubmission
) -> list[SubmissionProblem]:
    return list(ENGINE.validate(state, player, sub))


def codes(state: SummonersState, player: str, sub: SummonersSubmission) -> set[str]:
    return {e.code for e in ENGINE.validate(state, player, sub)}


def play(
    state: SummonersState, subs: Mapping[str, SummonersSubmission], seed: int = 1
) -> tuple[SummonersState, list[Invasion]]:
    """Resolve one round; players not in `subs` send the default submission. Every
    submission must be valid."""
    full = {p: subs.get(p, ENGINE.default_submission(state, p)) for p in state.players}
    for p, sub in full.items():
        errors = ENGINE.validate(state, p, sub)
        assert not errors, errors
    return resolve_round(state, full, np.random.default_rng(seed))


def attack(
    slots: Mapping[int, str], a: tuple[int, int] | None, b: tuple[int, int] | None
) -> Attack:
    return Attack(tuple(sorted(slots.items())), a, b)


def tower(
    kind: str,
    tile: Tile,
    facing: Facing = Facing.NORTH,
    level: int = 1,
    name: str | None = None,
    **changes: Any,
) -> BattleTower:
    """A tower for `battle.simulate`, from the catalog (fields of its level changed by
    `changes`, e.g. reach=((1, 0),) to cover one tile)."""
    stats = replace(catalog().towers[kind][level - 1], **changes)
    return BattleTower(name or f"{kind}1", kind, stats, tile, facing)


def familiar(
    slot: int, kind: str, party: str = "A", entry: int | None = None, level: int = 1, **changes: Any
) -> BattleFamiliar:
    """A familiar for `battle.simulate`; it enters at unit `entry` (default: slot - 1)."""
    stats = replace(catalog().familiars[kind][level - 1], **changes)
    return BattleFamiliar(slot, party, slot - 1 if entry is None else entry, f"{kind}{slot}", stats)


def track_of(result: BattleResult, slot: int) -> dict[int, tuple[Tile, int]]:
    """time unit -> (tile, hp) of the familiar in `slot`, at the end of each unit it is on
    the map (from the battle's replay)."""
    replay: list[Any] = list(result.replay)
    return {
        frame["t"]: ((f["tile"][0], f["tile"][1]), f["hp"])
        for frame in replay
        for f in frame["familiars"]
        if f["slot"] == slot
    }


def shots(result: BattleResult, tower_id: str) -> dict[int, list[int]]:
    """time unit -> the slots `tower_id` hit then (only units in which it hit something)."""
    replay: list[Any] = list(result.replay)
    return {
        frame["t"]: list(s["targets"])
        for frame in replay
        for s in frame["shots"]
        if s["tower"] == tower_id
    }


def fired(result: BattleResult) -> set[str]:
    """The towers that hit something in the battle."""
    replay: list[Any] = list(result.replay)
    return {s["tower"] for frame in replay for s in frame["shots"]}
