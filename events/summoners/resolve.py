"""One round of Summoner's Dream: income, purchases, defence, attack, targets, battles."""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypeVar

import numpy as np

from events.summoners.battle import BattleFamiliar, BattleResult, BattleTower, simulate
from events.summoners.catalog import Catalog, MapDef
from events.summoners.geometry import Facing, Tile
from events.summoners.model import (
    INCOME,
    SLOTS,
    Attack,
    Defence,
    Placement,
    SummonersState,
    SummonersSubmission,
    Unit,
)
from events.summoners.rules import (
    new_units,
    party_members,
    resolve_refs,
    targets_left,
    unit_at,
    unit_key,
)

BATTLES_KEPT = 1024
"""battles kept with their replay frames (for reports)"""
OUTCOMES_KEPT = 16_384
"""battles kept as outcomes alone (the balance lab's): the same armies meet the same
defences again and again over a lab's thousands of festivals, and the more are kept the more
repeat (1,000 festivals: 41% of battles are repeats with 1,024 kept, 63% with 16,384); a kept
battle costs some 6 KB, so at most about 100 MB a process"""


@dataclass(frozen=True)
class Invasion:
    attacker: str
    defender: str
    map: str
    result: BattleResult
    drawn: bool = False
    """the target was drawn: the attacker named none (the rules' "or your target will be
    randomized among the players whose territories you have not yet invaded")"""


BOUGHT_KEPT = 64
"""purchases worked out for the last (state, player, submission): a round's, more or less"""

Refs = tuple[tuple[Unit | None, ...], tuple[tuple[tuple[int, ...], str], ...]]
"""`resolve_refs`'s answer, kept: the unit each reference names, and the problems"""


@dataclass(slots=True)
class _Worked:
    """What a (state, player, submission) works out to, for its checks and its round; holding
    the state and submission keeps their ids from being reused by others."""

    state: SummonersState
    sub: SummonersSubmission
    bought: tuple[tuple[Unit, ...], tuple[Unit, ...], int, int]
    defence_refs: Refs | None = None
    attack_refs: Refs | None = None


_worked: dict[tuple[int, str, int], _Worked] = {}
"""(id(state), player, id(submission)) -> what they work out to"""


def _work(state: SummonersState, player: str, sub: SummonersSubmission) -> _Worked:
    key = (id(state), player, id(sub))
    kept = _worked.get(key)
    if kept is None or kept.state is not state or kept.sub is not sub:
        if len(_worked) >= BOUGHT_KEPT:
            _worked.clear()
        towers, familiars, spent_t, spent_f = _bought(state, player, sub)
        kept = _Worked(state, sub, (tuple(towers), tuple(familiars), spent_t, spent_f))
        _worked[key] = kept
    return kept


def bought(
    state: SummonersState, player: str, sub: SummonersSubmission
) -> tuple[list[Unit], list[Unit], int, int]:
    """The player's towers and familiars after this round's purchases and upgrades, and the
    coins spent on each side. Checking a submission and resolving the round both ask, for
    the same state and submission objects (states and submissions are frozen): worked out
    once for them."""
    towers_kept, familiars_kept, spent_t, spent_f = _work(state, player, sub).bought
    return list(towers_kept), list(familiars_kept), spent_t, spent_f


def defence_refs(state: SummonersState, player: str, sub: SummonersSubmission) -> Refs:
    """`resolve_refs` of the submission's placements (none without a defence) among the
    player's towers after `bought`: worked out once, like `bought`."""
    worked = _work(state, player, sub)
    if worked.defence_refs is None:
        refs = [p.tower for p in sub.defence.placements] if sub.defence else []
        units, problems = resolve_refs(refs, worked.bought[0])
        worked.defence_refs = (tuple(units), tuple(problems))
    return worked.defence_refs


def attack_refs(state: SummonersState, player: str, sub: SummonersSubmission) -> Refs:
    """`resolve_refs` of the submission's attack slots (none without an attack) among the
    player's familiars after `bought`: worked out once, like `bought`."""
    worked = _work(state, player, sub)
    if worked.attack_refs is None:
        refs = [ref for _, ref in sub.attack.slots] if sub.attack else []
        units, problems = resolve_refs(refs, worked.bought[1])
        worked.attack_refs = (tuple(units), tuple(problems))
    return worked.attack_refs


def _bought(
    state: SummonersState, player: str, sub: SummonersSubmission
) -> tuple[list[Unit], list[Unit], int, int]:
    catalog = state.catalog
    towers = [*state.towers[player], *new_units(state.towers[player], sub.buy_towers)]
    familiars = [*state.familiars[player], *new_units(state.familiars[player], sub.buy_familiars)]
    spent_t = sum(catalog.towers[k][0].cost for k in sub.buy_towers)
    spent_f = sum(catalog.familiars[k][0].cost for k in sub.buy_familiars)
    if not sub.upgrades:
        return towers, familiars, spent_t, spent_f
    sides = ((towers, True, _keys(towers)), (familiars, False, _keys(familiars)))
    for ref in sub.upgrades:
        key = unit_key(ref)
        for units, is_tower, keys in sides:
            for i, u_key in enumerate(keys):
                if u_key == key:
                    u = units[i]
                    levels = catalog.towers[u.kind] if is_tower else catalog.familiars[u.kind]
                    if u.level < len(levels):
                        cost = levels[u.level].cost
                        units[i] = unit_at(u.id, u.kind, u.level + 1)
                        if is_tower:
                            spent_t += cost
                        else:
                            spent_f += cost
    return towers, familiars, spent_t, spent_f


def _keys(units: Sequence[Unit]) -> list[str]:
    """Each unit's id made comparable (`unit_key`); an upgrade keeps the id."""
    return [unit_key(u.id) for u in units]


def carry_over(
    previous: Attack | None, familiars: Sequence[Unit], rng: np.random.Generator
) -> Attack:
    """Last round's slots and parties, with familiars not in them put in random free slots
    (keeping each party one range of slots and at least half the size of the other)."""
    if previous is None:
        return _packed([], [], [u.id for u in familiars], rng)
    ids = {u.id for u in familiars}
    slots = dict(previous.slots)
    slots = {s: ref for s, ref in slots.items() if ref in ids}
    spans = {
        "A": previous.party_a if previous else None,
        "B": previous.party_b if previous else None,
    }
    placed = set(slots.values())
    newcomers = [u.id for u in familiars if u.id not in placed]
    order = [newcomers[int(i)] for i in rng.permutation(len(newcomers))]
    for fid in order:
        members = party_members(Attack(tuple(slots.items()), spans["A"], spans["B"]))
        sizes = {p: len(members[p]) for p in "AB"}
        parties = [p for p in "AB" if _fits(sizes, p)]
        rng.shuffle(parties)
        for party in parties:
            slot = _free_slot(slots, spans, party, rng)
            if slot is not None:
                slots[slot] = fid
                break
    attack = Attack(tuple(sorted(slots.items())), spans["A"], spans["B"])
    placed = {ref for _, ref in attack.slots}
    left = [fid for fid in order if fid not in placed]
    if left:  # no free slot where a familiar may go: close the gaps and put it in
        members = party_members(attack)
        return _packed([f for _, f in members["A"]], [f for _, f in members["B"]], left, rng)
    return attack


def _packed(a: list[str], b: list[str], newcomers: list[str], rng: np.random.Generator) -> Attack:
    """Parties in consecutive slots from slot 1 (A first), keeping their order, with each
    newcomer (in a seeded random order) joining the smaller party."""
    a, b = list(a), list(b)
    for i in rng.permutation(len(newcomers)):
        (a if len(a) <= len(b) else b).append(newcomers[int(i)])
    slots = tuple((n + 1, fid) for n, fid in enumerate([*a, *b]))
    return Attack(slots, (1, len(a)) if a else None, (len(a) + 1, len(a) + len(b)) if b else None)


def _fits(sizes: Mapping[str, int], party: str) -> bool:
    grown = dict(sizes)
    grown[party] += 1
    return grown["A"] >= grown["B"] // 2 and grown["B"] >= grown["A"] // 2


def _free_slot(
    slots: dict[int, str],
    spans: dict[str, tuple[int, int] | None],
    party: str,
    rng: np.random.Generator,
) -> int | None:
    """A free slot inside the party's range, else one that extends it (updating `spans`)."""
    other = spans["B" if party == "A" else "A"]
    taken = set(range(other[0], other[1] + 1)) if other else set()
    span = spans[party]
    if span:
        inside = [s for s in range(span[0], span[1] + 1) if s not in slots]
        if inside:
            return inside[int(rng.integers(len(inside)))]
        for s, new in (
            (span[1] + 1, (span[0], span[1] + 1)),
            (span[0] - 1, (span[0] - 1, span[1])),
        ):
            if 1 <= s <= SLOTS and s not in taken and s not in slots:
                spans[party] = new
                return s
        return None
    free = [s for s in range(1, SLOTS + 1) if s not in taken and s not in slots]
    if not free:
        return None
    s = free[int(rng.integers(len(free)))]
    spans[party] = (s, s)
    return s


def resolve_round(
    state: SummonersState,
    submissions: Mapping[str, SummonersSubmission],
    rng: np.random.Generator,
    replays: bool = True,
) -> tuple[SummonersState, list[Invasion]]:
    """The round's new state and its invasions; `replays=False` leaves the battles' replay
    frames out (they are for the report: the state and the outcomes are the same)."""
    catalog = state.catalog
    round_no = state.round_no + 1
    coins = {p: state.coins[p] + INCOME for p in state.players}
    towers: dict[str, tuple[Unit, ...]] = {}
    familiars: dict[str, tuple[Unit, ...]] = {}
    for p in state.players:
        t, f, spent_t, spent_f = bought(state, p, submissions[p])
        towers[p], familiars[p] = tuple(t), tuple(f)
        coins[p] -= spent_t + spent_f
        if coins[p] < 0:
            raise ValueError(f"{p} spends more coins than they have (validate first)")

    defence: dict[str, Defence | None] = {}
    for p in state.players:
        sub = submissions[p]
        d = sub.defence or state.defence[p]
        if d is not None:
            units = (
                defence_refs(state, p, sub)[0]
                if sub.defence
                else resolve_refs([pl.tower for pl in d.placements], towers[p])[0]
            )
            placed = [
                pl if pl.tower == u.id else Placement(u.id, pl.tile, pl.facing)
                for pl, u in zip(d.placements, units, strict=True)
                if u
            ]  # kept by tower id: the order the towers were listed in is no rule
            d = Defence(d.map, tuple(sorted(placed, key=lambda pl: pl.tower)))
        defence[p] = d
    attack: dict[str, Attack] = {}
    for p in state.players:
        a = submissions[p].attack
        if a is not None:
            units = attack_refs(state, p, submissions[p])[0]
            a = Attack(
                tuple(sorted((s, u.id) for (s, _), u in zip(a.slots, units, strict=True) if u)),
                a.party_a,
                a.party_b,
            )
        attack[p] = a if a is not None else carry_over(state.attack[p], familiars[p], rng)

    invaded = {p: list(state.invaded[p]) for p in state.players}
    targets: dict[str, str] = {}
    drawn: set[str] = set()
    for p in state.players:
        wanted = submissions[p].target
        left = targets_left(p, state.players, invaded)
        if wanted not in left:
            wanted = left[int(rng.integers(len(left)))] if left else None
            drawn.add(p)
        if wanted is not None:
            targets[p] = wanted
            invaded[p].append(wanted)

    treasures, sent = dict(state.treasures), dict(state.sent)
    kills, built = dict(state.kills), dict(state.built)
    invasions = []
    for p in state.players:
        d = defence[p]
        built[p] += len(d.placements) if d else 0
    for attacker, defender in targets.items():
        d = defence[defender]
        battlefield = catalog.map(d.map) if d else catalog.maps[0]
        result = battle(
            battlefield,
            tuple(_battle_towers(catalog, d, towers[defender])),
            tuple(_battle_familiars(catalog, attack[attacker], familiars[attacker])),
            replays,
        )
        treasures[attacker] += result.stolen
        treasures[defender] -= result.stolen
        kills[defender] += result.kills
        sent[attacker] += result.sent
        invasions.append(Invasion(attacker, defender, battlefield.name, result, attacker in drawn))
    new = replace(
        state,
        round_no=round_no,
        treasures=treasures,
        coins=coins,
        towers=towers,
        familiars=familiars,
        invaded={p: tuple(v) for p, v in invaded.items()},
        defence=defence,
        attack=attack,
        sent=sent,
        kills=kills,
        built=built,
    )
    return new, invasions


def battle(
    battlefield: MapDef,
    towers: tuple[BattleTower, ...],
    familiars: tuple[BattleFamiliar, ...],
    replay: bool = True,
) -> BattleResult:
    """simulate(..., record=replay), worked out once per battle (_kept, _outcome); every call
    gets replay frames of its own, so a report that changed one could not change another's.
    Recording costs about a third of a battle, so a caller that shows no replay skips it."""
    if not replay:
        return _outcome(_Battle(battlefield, towers, familiars))
    result, frames = _kept(battlefield, towers, familiars)
    return replace(result, replay=pickle.loads(frames))


class _Battle:
    """A battle, equal to another whose result is the same by construction: the units' ids
    left out and the towers in the order of their tiles. A familiar's id is not read by a
    battle, and a tower's id only tells it apart from the others (each pushes a familiar
    once), so towers are known by their place in that order while their ids are all
    different; the order towers are listed in never changes a battle (battle.py). Two
    armies that differ only in how their units are numbered ("Yi1" or "Yi2") or listed then
    fight one battle. Only the replay names them.

    The map and the units' stats are known by identity (a battle holds them, so no other
    object can take their ids while it is kept): hashing them by value cost more than most
    battles' rest, and a lab's festivals share one catalog's objects. Equal copies (another
    catalog read from the same data) only fight their battle again."""

    __slots__ = ("_hash", "_key", "battlefield", "familiars", "towers")

    def __init__(
        self,
        battlefield: MapDef,
        towers: tuple[BattleTower, ...],
        familiars: tuple[BattleFamiliar, ...],
    ) -> None:
        self.battlefield, self.towers, self.familiars = battlefield, towers, familiars
        ids = [t.id for t in towers]
        placed = sorted(towers, key=lambda t: (t.tile, t.kind))
        self._key = (
            id(battlefield),
            tuple((t.kind, id(t.stats), t.tile, t.facing) for t in placed),
            tuple((f.slot, f.party, f.entry, id(f.stats)) for f in familiars),
            () if len(set(ids)) == len(ids) else towers,  # ids shared: as they are
        )
        self._hash = hash(self._key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Battle) and self._key == other._key


@lru_cache(maxsize=OUTCOMES_KEPT)
def _outcome(fight: _Battle) -> BattleResult:
    """A battle's result without its replay (immutable, so one copy serves every call)."""
    return simulate(fight.battlefield, fight.towers, fight.familiars)


@lru_cache(maxsize=BATTLES_KEPT)
def _kept(
    battlefield: MapDef, towers: tuple[BattleTower, ...], familiars: tuple[BattleFamiliar, ...]
) -> tuple[BattleResult, bytes]:
    """A battle's result and its replay as bytes: a battle is a pure function of the map, the
    towers and the familiars, and the same armies meet the same defences again and again (in
    a lab's thousands of games, most battles are repeats). Reading frames back from bytes is
    the quickest way to hand out copies."""
    result = simulate(battlefield, towers, familiars, record=True)
    return replace(result, replay=()), pickle.dumps(result.replay)


def _battle_towers(catalog: Catalog, d: Defence | None, units: Sequence[Unit]) -> list[BattleTower]:
    if d is None:
        return []
    by_id = {u.id: u for u in units}
    out = []
    for pl in d.placements:
        u = by_id[pl.tower]
        stats = catalog.towers[u.kind][u.level - 1]
        key = (pl.tower, u.kind, id(stats), pl.tile, pl.facing)
        tower = _towers_kept.get(key)
        if tower is None:
            tower = BattleTower(pl.tower, u.kind, stats, pl.tile, pl.facing)
            _keep(_towers_kept, key, tower)
        out.append(tower)
    return out


def _battle_familiars(catalog: Catalog, a: Attack, units: Sequence[Unit]) -> list[BattleFamiliar]:
    by_id = {u.id: u for u in units}
    out = []
    for party, span in (("A", a.party_a), ("B", a.party_b)):
        if not span:
            continue
        for slot, fid in a.slots:
            if span[0] <= slot <= span[1] and fid in by_id:
                u = by_id[fid]
                stats = catalog.familiars[u.kind][u.level - 1]
                key = (slot, party, slot - span[0], fid, id(stats))
                familiar = _familiars_kept.get(key)
                if familiar is None:
                    familiar = BattleFamiliar(slot, party, slot - span[0], fid, stats)
                    _keep(_familiars_kept, key, familiar)
                out.append(familiar)
    return out


UNITS_KEPT = 8192
"""battle units kept for reuse, of each sort: the same army stands in the same slots and
places round after round and festival after festival, and making a frozen dataclass costs
several times looking one up"""
_towers_kept: dict[tuple[str, str, int, Tile, Facing], BattleTower] = {}
_familiars_kept: dict[tuple[int, str, int, str, int], BattleFamiliar] = {}
"""each keyed by its fields, its stats by identity (it holds them, so no other object can take
their id while it is kept)"""

Key = TypeVar("Key")
Kept = TypeVar("Kept")


def _keep(kept: dict[Key, Kept], key: Key, unit: Kept) -> None:
    """Keeps `unit` in `kept` under `key` (emptied first when full)."""
    if len(kept) >= UNITS_KEPT:
        kept.clear()
    kept[key] = unit
