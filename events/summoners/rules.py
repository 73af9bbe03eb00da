"""Summoner's Dream checks and small rules, each a function a test can name.

"In each round players may not spend twice as much coins on Towers as they do Familiars or
vice versa." "Each party must contain at least half the number of Familiars represented in
the other party (rounded down). Parties may only contain a singular group of familiars within
a consecutive range of Slots." "All Familiars must be used when invading."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from events.errors import quoted
from events.summoners.catalog import ROAD_TOWER, MapDef
from events.summoners.model import SLOTS, Attack, Placement, Unit


def spending_problem(
    towers: int, familiars: int, twice_allowed: bool, one_side_allowed: bool
) -> str | None:
    """Why spending `towers` and `familiars` coins in one round breaks the spending rule."""
    if towers == 0 and familiars == 0:
        return None
    if towers == 0 or familiars == 0:
        if one_side_allowed:
            return None
        side, other = ("towers", "familiars") if towers else ("familiars", "towers")
        spent = towers or familiars
        return (
            f"you spend {spent} coins on {side} and none on the other side: buy {other} for "
            f"at least {_least_beside(spent, twice_allowed)} coins too, or buy nothing this round"
        )
    for a, b, name in ((towers, familiars, "towers"), (familiars, towers, "familiars")):
        if a > 2 * b or (a == 2 * b and not twice_allowed):
            other = "familiars" if name == "towers" else "towers"
            limit = "more than" if twice_allowed else "twice as much as or more than"
            most = 2 * b if twice_allowed else 2 * b - 1
            return (
                f"you spend {a} on {name} and {b} on {other}: {limit} twice as much is not "
                f"allowed; spend at most {most} on {name} or at least "
                f"{_least_beside(a, twice_allowed)} on {other}"
            )
    return None


def _least_beside(spent: int, twice_allowed: bool) -> int:
    """The fewest coins on the other side that let `spent` on one side stand."""
    return (spent + 1) // 2 if twice_allowed else spent // 2 + 1


def _slots_text(span: tuple[int, int]) -> str:
    """'slot 4' or 'slots 2-3' (a run of slots, first and last)."""
    first, last = span
    return f"slot {first}" if first == last else f"slots {first}-{last}"


def party_members(attack: Attack) -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {"A": [], "B": []}
    spans = [(out[p], span) for p, span in (("A", attack.party_a), ("B", attack.party_b)) if span]
    for slot, ref in attack.slots:
        for members, (first, last) in spans:
            if first <= slot <= last:
                members.append((slot, ref))
    return out


def attack_problems(attack: Attack) -> list[str]:
    """What is wrong with slots and parties (not counting which familiars are owned)."""
    return [message for _, message in attack_issues(attack)]


Slots = tuple[int, ...]
"""the slots a problem is about"""


ATTACKS_KEPT = 4096
"""attacks whose issues are kept: a lab's bots send the same few attacks round after round"""


def attack_issues(attack: Attack) -> list[tuple[Slots, str]]:
    """`attack_problems`, each with the slots it is about (a familiar's slot, or every slot
    of both parties when it is their sizes). A pure function of the attack's value: worked
    out once for equal attacks (`issues_of`)."""
    try:
        return list(_kept_issues(attack))
    except TypeError:  # unhashable (a submission made in code): worked out as it is
        return issues_of(attack)


def issues_of(attack: Attack) -> list[tuple[Slots, str]]:
    """`attack_issues` worked out (not kept)."""
    problems: list[tuple[Slots, str]] = []
    slots = [s for s, _ in attack.slots]
    outside_range = tuple(s for s in slots if not 1 <= s <= SLOTS)
    if outside_range:
        problems.append((outside_range, f"slots go from 1 to {SLOTS}"))
    doubled = (
        tuple(sorted({s for s in slots if slots.count(s) > 1}))
        if len(set(slots)) < len(slots)
        else ()
    )
    if doubled:
        problems.append((doubled, "a slot holds more than one familiar"))
    spans = [s for s in (attack.party_a, attack.party_b) if s]
    for first, last in spans:
        if not 1 <= first <= last <= SLOTS:
            problems.append(((first, last), f"a party's slots must be a range within 1-{SLOTS}"))
    if len(spans) == 2 and not (spans[0][1] < spans[1][0] or spans[1][1] < spans[0][0]):
        shared = tuple(range(max(spans[0][0], spans[1][0]), min(spans[0][1], spans[1][1]) + 1))
        problems.append(
            (
                shared,
                "Party A and Party B share slots; each party is its own range of slots "
                f"(Party A: {_slots_text(spans[0])}, Party B: {_slots_text(spans[1])}): give "
                "Party A a run of consecutive slots and Party B a run before or after it (e.g. "
                "A in slots 1-3, B in 4-6)",
            )
        )
    members = party_members(attack)
    in_a_party = {slot for ms in members.values() for slot, _ in ms}
    outside = tuple(sorted(s for s in slots if s not in in_a_party))
    if outside:
        problems.append(
            (
                outside,
                f"slot(s) {', '.join(map(str, outside))} are in no party: every familiar "
                "must be in Party A or Party B",
            )
        )
    a, b = len(members["A"]), len(members["B"])
    if a < b // 2 or b < a // 2:
        problems.append(
            (
                tuple(s for span in spans for s in range(span[0], span[1] + 1)),
                f"Party A has {a} familiars and Party B {b}: each party needs at least half "
                "of the other's (rounded down)",
            )
        )
    return problems


@lru_cache(maxsize=ATTACKS_KEPT)
def _kept_issues(attack: Attack) -> tuple[tuple[Slots, str], ...]:
    return tuple(issues_of(attack))


@lru_cache(maxsize=4096)  # asked again and again for the same few ids in every round
def unit_key(text: str) -> str:
    """A unit id or kind as written, made comparable: "Yi 2", "yi2" and "YI 2" are Yi2, "Raccoon
    Dog 1" is Raccoon Dog1 (docs/formats.md)."""
    return "".join(text.split()).lower()


def resolve_refs(
    refs: Sequence[str], units: Sequence[Unit]
) -> tuple[list[Unit | None], list[tuple[tuple[int, ...], str]]]:
    """Unit references -> units: exact ids first, then a bare kind takes the first unit of that
    kind not named otherwise. Unknown or repeated references are problems, each with the
    indices in `refs` it is about (both uses of a unit used twice)."""
    by_id = {unit_key(u.id): u for u in units}
    keys = [unit_key(ref) for ref in refs]
    named = set(keys)
    if len(named) == len(keys) and by_id.keys() >= named:
        return [by_id[key] for key in keys], []  # each names another unit's id: no problems
    return resolve_each(refs, units)


def resolve_each(
    refs: Sequence[str], units: Sequence[Unit]
) -> tuple[list[Unit | None], list[tuple[tuple[int, ...], str]]]:
    """`resolve_refs` worked out reference by reference (any references)."""
    norm = unit_key

    by_id = {norm(u.id): u for u in units}
    taken: dict[str, int] = {}
    out: list[Unit | None] = [None] * len(refs)
    problems: list[tuple[tuple[int, ...], str]] = []
    kinds: list[int] = []
    """the references that name no unit's id, in order: each may be a kind"""
    for i, ref in enumerate(refs):
        unit = by_id.get(norm(ref))
        if unit is None:
            kinds.append(i)
            continue
        if unit.id in taken:
            problems.append(((taken[unit.id], i), f"{unit.id} is used twice"))
        taken.setdefault(unit.id, i)
        out[i] = unit
    for i in kinds:
        ref = refs[i]
        unit = next((u for u in units if norm(u.kind) == norm(ref) and u.id not in taken), None)
        if unit is None:
            what = "unit" if any(c.isdigit() for c in ref) else "one left to use"
            problems.append(((i,), f"{quoted(ref)}: you have no such {what}"))
        else:
            taken[unit.id] = i
            out[i] = unit
    return out, problems


def placement_issues(
    battlefield: MapDef, placements: Sequence[Placement], towers: Sequence[Unit | None]
) -> list[tuple[int, str]]:
    """Each illegal placement (by its index) with why: Gan only on road tiles, every other
    tower only on buildable tiles, nothing on E or an entrance, one tower a tile."""
    problems: list[tuple[int, str]] = []
    seen: set[tuple[int, int]] = set()
    for i, (p, unit) in enumerate(zip(placements, towers, strict=True)):
        if unit is None:
            continue
        if p.tile in seen:
            problems.append((i, f"{_where(unit, p)}: two towers on one tile"))
        seen.add(p.tile)
        here = battlefield.at(p.tile)  # the tile's letter (MapDef.rows), read once
        if here in "abc" if unit.kind == ROAD_TOWER else here == "G":
            continue  # Gan on a road past its entrance, any other tower on buildable land
        if here == "E":
            problems.append((i, f"{_where(unit, p)}: nothing may stand on the Treasure tile E"))
        elif here in "AB":
            problems.append((i, f"{_where(unit, p)}: nothing may stand on a track's entrance"))
        elif unit.kind == ROAD_TOWER:
            problems.append((i, f"{_where(unit, p)}: {ROAD_TOWER} stands only on road tiles"))
        else:
            what = "a road" if battlefield.is_road(p.tile) else "a tile that is not buildable"
            problems.append((i, f"{_where(unit, p)}: {unit.kind} may not stand on {what}"))
    return problems


def _where(unit: Unit, p: Placement) -> str:
    return f"{unit.id} at row {p.tile[0] + 1}, column {p.tile[1] + 1}"


def new_units(owned: Sequence[Unit], kinds: Iterable[str]) -> list[Unit]:
    """Units bought now, numbered after the player's others of the same kind ("Yi3"), in
    the order of their names: the order a Shop lists them in is no rule, and later draws
    (new familiars put into free slots) go through the units in this order."""
    bought = sorted(kinds)
    if not bought:
        return []
    owned_kinds = [u.kind for u in owned]
    counts: dict[str, int] = {}
    out = []
    for kind in bought:
        n = counts[kind] = (counts[kind] if kind in counts else owned_kinds.count(kind)) + 1
        out.append(unit_at(f"{kind}{n}", kind, 1))
    return out


@lru_cache(maxsize=4096)  # the same few units at the same few levels, in every festival
def unit_at(unit_id: str, kind: str, level: int) -> Unit:
    """`Unit(unit_id, kind, level)`, one object for equal values (frozen: a dataclass costs
    ~1 us to make, several times looking one up)."""
    return Unit(unit_id, kind, level)


def targets_left(
    attacker: str, players: Sequence[str], invaded: Mapping[str, Sequence[str]]
) -> list[str]:
    """The players `attacker` has not invaded yet ("you will invade the territory of each
    player participating in this Event once")."""
    return [p for p in players if p != attacker and p not in invaded.get(attacker, ())]
