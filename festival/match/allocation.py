"""Event allocation from the pregame preferences.

Rule: "A maximum of 7 players may participate in each Event. First choices will be examined
first, then second choices. The number of garnets spent on your preference list will be the
tiebreak; after that, ties are broken randomly."

Algorithm (docs/rulings.md, "Event allocation"): every (player, event) pair is a *claim*.
A claim's strength is, in order: the place of the event in the player's list (first choice,
second choice, unlisted), then garnets spent (more is stronger), then the player's place in a
seeded lottery. Claims are examined strongest first; a claim is granted when the player still
needs an event, the event has room, and granting it still leaves a way to give every player
exactly their number of events without any event going over capacity (checked by a max-flow).
A claim that would make that impossible is refused, and the refusal is recorded with why.

This always ends in a valid allocation, and no player has a justified complaint: a player
refused an event they listed could not have had it in place of a member with a weaker claim,
for that swap would have been a valid completion of what was granted when their claim was
examined, and the claim would have been granted.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the lottery's generator is made by festival.core.seeds, when drawn
    import numpy as np

CHOICE_NAMES = ("first choice", "second choice", "unlisted")
CLAIM_ORDER = "claim order"
"""the default: claims granted strongest first, exactly as the text examines them"""
FEWEST_UNMET = "fewest unmet"
"""the option: of the allocations with no justified complaint, one leaving the fewest listed
choices unmet (docs/rulings.md, "Event allocation")"""
METHODS = (CLAIM_ORDER, FEWEST_UNMET)


@dataclass(frozen=True)
class Preference:
    """A player's pregame preference list."""

    player: str
    first: str
    second: str
    garnets: int = 0

    def choice(self, event: str) -> int:
        """0 for the first choice, 1 for the second, 2 for an event not listed."""
        if event == self.first:
            return 0
        if event == self.second:
            return 1
        return 2


@dataclass(frozen=True)
class Claim:
    """One player's claim to one event, with what makes it strong."""

    player: str
    event: str
    choice: int
    garnets: int
    lottery: int

    @property
    def strength(self) -> tuple[int, int, int]:
        """Smaller is stronger: choice, then more garnets, then the lottery draw."""
        return (self.choice, -self.garnets, self.lottery)


class Verdict(StrEnum):
    """Why a claim was granted or not (the words for people are `Decision.reason`)."""

    GRANTED = "granted"
    HAS_ENOUGH = "has-enough"
    """the player already holds all their events"""
    FULL = "full"
    LEAVES_SHORT = "leaves-short"
    """granting it would leave another player short of events"""
    NOT_FEWEST_UNMET = "not-fewest-unmet"
    """not in the allocation with the fewest unmet choices"""


@dataclass(frozen=True)
class Decision:
    """What happened to one claim, in the order claims were examined."""

    claim: Claim
    verdict: Verdict
    reason: str

    @property
    def granted(self) -> bool:
        return self.verdict is Verdict.GRANTED


@dataclass(frozen=True)
class Allocation:
    """Who plays which event."""

    members: Mapping[str, tuple[str, ...]]
    """event -> its participants, in roster order"""
    lottery: tuple[str, ...]
    """the seeded draw that breaks the last ties, first place first"""
    decisions: tuple[Decision, ...]
    method: str = CLAIM_ORDER
    schedule: Mapping[str, tuple[int, ...]] | None = None
    """event -> the rounds it plays, for the events with an engine: asked of the engines once,
    when the match allocates (`Match.allocate`), and stored with the allocation, so reading a
    match's schedule (`festival status`) loads no engine. None: an allocation stored before
    the schedule was (the engines are asked again)."""

    def events_of(self, player: str) -> tuple[str, ...]:
        return tuple(e for e, ps in self.members.items() if player in ps)

    def to_json(self) -> dict[str, object]:
        schedule = {} if self.schedule is None else {"schedule": _schedule_json(self.schedule)}
        return {
            "members": {e: list(ps) for e, ps in self.members.items()},
            **schedule,
            "method": self.method,
            "lottery": list(self.lottery),
            "decisions": [
                {
                    "player": d.claim.player,
                    "event": d.claim.event,
                    "choice": CHOICE_NAMES[d.claim.choice],
                    "garnets": d.claim.garnets,
                    "lottery": d.claim.lottery,
                    "granted": d.granted,
                    "verdict": d.verdict.value,
                    "reason": d.reason,
                }
                for d in self.decisions
            ],
        }

    @staticmethod
    def from_json(obj: Mapping[str, object]) -> Allocation:
        members = obj["members"]
        lottery = obj["lottery"]
        decisions = obj.get("decisions", [])
        schedule = obj.get("schedule")
        assert isinstance(members, Mapping) and isinstance(lottery, list)
        assert isinstance(decisions, list)
        assert schedule is None or isinstance(schedule, Mapping)
        return Allocation(
            members={str(e): tuple(ps) for e, ps in members.items()},
            lottery=tuple(lottery),
            decisions=tuple(
                Decision(
                    Claim(
                        d["player"],
                        d["event"],
                        CHOICE_NAMES.index(d["choice"]),
                        d["garnets"],
                        d["lottery"],
                    ),
                    _stored_verdict(d),
                    d["reason"],
                )
                for d in decisions
            ),
            method=str(obj.get("method", CLAIM_ORDER)),
            schedule=None if schedule is None else _stored_schedule(schedule),
        )


def _schedule_json(schedule: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    return {e: list(rounds) for e, rounds in schedule.items()}


def _stored_schedule(schedule: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
    """A stored schedule, checked for shape (a hand edit into the wrong shape raises)."""
    out: dict[str, tuple[int, ...]] = {}
    for event, rounds in schedule.items():
        assert isinstance(rounds, list)
        assert all(type(n) is int for n in rounds)
        out[str(event)] = tuple(rounds)
    return out


def _stored_verdict(decision: Mapping[str, Any]) -> Verdict:
    """A stored decision's verdict; a store written before verdicts were stored has only the
    granted flag and the words, from which the verdict is told here, once."""
    if "verdict" in decision:
        return Verdict(decision["verdict"])
    if decision["granted"]:
        return Verdict.GRANTED
    reason = str(decision["reason"])
    if reason.startswith("already has"):
        return Verdict.HAS_ENOUGH
    if reason.endswith("is full"):
        return Verdict.FULL
    if reason.startswith("granting it"):
        return Verdict.LEAVES_SHORT
    return Verdict.NOT_FEWEST_UNMET


def draw_lottery(players: Sequence[str], rng: np.random.Generator) -> tuple[str, ...]:
    """The seeded random order that settles claims still tied after garnets."""
    order = rng.permutation(len(players))
    return tuple(players[int(i)] for i in order)


def claims_of(
    preferences: Sequence[Preference], events: Sequence[str], lottery: Sequence[str]
) -> list[Claim]:
    """Every (player, event) claim, strongest first."""
    place = {p: i for i, p in enumerate(lottery)}
    claims = [
        Claim(pref.player, e, pref.choice(e), pref.garnets, place[pref.player])
        for pref in preferences
        for e in events
    ]
    return sorted(claims, key=lambda c: (c.strength, events.index(c.event)))


def allocate(
    preferences: Sequence[Preference],
    events: Sequence[str],
    capacity: int,
    per_player: int,
    lottery: Sequence[str],
    method: str = CLAIM_ORDER,
) -> Allocation:
    """Give every player exactly `per_player` events, none above `capacity`, by `method`
    (CLAIM_ORDER, the default, or FEWEST_UNMET)."""
    if method not in METHODS:
        raise ValueError(f"{method!r} is not an allocation method ({', '.join(METHODS)})")
    literal = _by_claim_order(preferences, events, capacity, per_player, lottery)
    if method == FEWEST_UNMET:
        return _fewest_unmet(preferences, events, capacity, per_player, lottery, literal)
    return literal


def _by_claim_order(
    preferences: Sequence[Preference],
    events: Sequence[str],
    capacity: int,
    per_player: int,
    lottery: Sequence[str],
) -> Allocation:
    players = [p.player for p in preferences]
    if per_player > len(events) or len(players) * per_player > capacity * len(events):
        raise ValueError(
            f"{len(players)} players in {per_player} events each need "
            f"{len(players) * per_player} places; {len(events)} events of {capacity} have "
            f"{capacity * len(events)}"
        )
    held: dict[str, set[str]] = {p: set() for p in players}
    count: dict[str, int] = dict.fromkeys(events, 0)
    decisions: list[Decision] = []
    for claim in claims_of(preferences, events, lottery):
        p, e = claim.player, claim.event
        if len(held[p]) >= per_player:
            decisions.append(
                Decision(claim, Verdict.HAS_ENOUGH, f"already has {per_player} events")
            )
            continue
        if count[e] >= capacity:
            decisions.append(Decision(claim, Verdict.FULL, f"{e} is full"))
            continue
        held[p].add(e)
        count[e] += 1
        if can_complete(held, count, events, capacity, per_player):
            decisions.append(Decision(claim, Verdict.GRANTED, "granted"))
        else:
            held[p].discard(e)
            count[e] -= 1
            decisions.append(
                Decision(
                    claim,
                    Verdict.LEAVES_SHORT,
                    "granting it would leave another player short of events",
                )
            )
    members = {e: tuple(p for p in players if e in held[p]) for e in events}
    return Allocation(members, tuple(lottery), tuple(decisions))


def unmet_choices(members: Mapping[str, Sequence[str]], preferences: Sequence[Preference]) -> int:
    """Listed choices not granted, over all players: with 2 events of 3 each, the number of
    players who play the event they did not list."""
    held: dict[str, set[str]] = {}
    for e, ps in members.items():
        for p in ps:
            held.setdefault(p, set()).add(e)
    return sum(len({x.first, x.second} - held.get(x.player, set())) for x in preferences)


def _fewest_unmet(
    preferences: Sequence[Preference],
    events: Sequence[str],
    capacity: int,
    per_player: int,
    lottery: Sequence[str],
    literal: Allocation,
) -> Allocation:
    """Of the valid allocations with no justified complaint, those with the fewest unmet
    choices; of these, the one the claim order prefers (the strongest claim on which they
    differ is granted). The claim-order allocation has no complaint, so its unmet count bounds
    the search: allocations are tried with 0, 1, ... unmet choices up to it."""
    players = [x.player for x in preferences]
    listed = {x.player: {x.first, x.second} for x in preferences}
    options = {
        p: sorted(
            (frozenset(c) for c in combinations(events, per_player)),
            key=lambda c, p=p: (len(listed[p] - c), sorted(c)),  # type: ignore[misc]
        )
        for p in players
    }
    claims = claims_of(preferences, events, lottery)
    found: list[dict[str, tuple[str, ...]]] = []
    for k in range(unmet_choices(literal.members, preferences) + 1):
        for held in allocations_with_unmet(players, options, listed, events, capacity, k):
            members = {e: tuple(p for p in players if e in held[p]) for e in events}
            fair = Allocation(members, tuple(lottery), ())
            if next(_complaints(fair, preferences, capacity, lottery), None) is None:
                found.append(members)
        if found:
            break
    best = min(
        found,
        key=lambda m: tuple(c.player not in m[c.event] for c in claims),
    )
    decisions = tuple(
        Decision(c, Verdict.GRANTED, "granted")
        if c.player in best[c.event]
        else Decision(
            c,
            Verdict.NOT_FEWEST_UNMET,
            "not in the allocation with the fewest unmet choices and no complaint",
        )
        for c in claims
    )
    return Allocation(best, tuple(lottery), decisions, FEWEST_UNMET)


def allocations_with_unmet(
    players: Sequence[str],
    options: Mapping[str, Sequence[frozenset[str]]],
    listed: Mapping[str, set[str]],
    events: Sequence[str],
    capacity: int,
    unmet: int,
) -> Iterator[dict[str, frozenset[str]]]:
    """Every way to give each player one of their options, no event above capacity, with
    exactly `unmet` listed choices not granted."""
    count = dict.fromkeys(events, 0)
    chosen: dict[str, frozenset[str]] = {}

    def place(i: int, left: int) -> Iterator[dict[str, frozenset[str]]]:
        if i == len(players):
            if left == 0:
                yield dict(chosen)
            return
        p = players[i]
        for option in options[p]:
            cost = len(listed[p] - option)
            if cost > left or any(count[e] >= capacity for e in option):
                continue
            chosen[p] = option
            for e in option:
                count[e] += 1
            yield from place(i + 1, left - cost)
            for e in option:
                count[e] -= 1
        chosen.pop(p, None)

    return place(0, unmet)


def can_complete(
    held: Mapping[str, set[str]],
    count: Mapping[str, int],
    events: Sequence[str],
    capacity: int,
    per_player: int,
) -> bool:
    """Whether the partial allocation `held` extends to a full one.

    A flow from a source through each player (who needs `per_player - len(held)` more) to
    each event they are not in (one place each) to a sink (each event's free places) must
    carry every place still needed. Its maximum equals its smallest cut (max-flow min-cut),
    and on this graph a cut is fixed by the events it leaves on the source side: it cuts
    their free places, and each player costs the smaller of their need and their edges to
    the other events. So the flow carries every place iff no such cut is smaller than the
    places needed (a few events: every subset is tried).

    Only how much each player still needs and which events they are in count, whoever
    they are and in whatever order: the answer is kept for each such shape (`_cuts_allow`),
    and a lab's festivals meet the same few shapes again and again.
    """
    needs = tuple(
        sorted(
            (per_player - len(h), tuple(e in h for e in events))
            for h in held.values()
            if len(h) < per_player
        )
    )
    free = tuple(max(0, capacity - count[e]) for e in events)
    return _cuts_allow(needs, free)


@lru_cache(maxsize=4096)
def _cuts_allow(needs: tuple[tuple[int, tuple[bool, ...]], ...], free: tuple[int, ...]) -> bool:
    """No cut is smaller than the places needed: `needs` holds each player short of events
    as (places still needed, whether they are in each event), `free` each event's free
    places (can_complete)."""
    needed = sum(need for need, _ in needs)
    events = range(len(free))
    for size in range(len(free) + 1):
        for kept in combinations(events, size):
            others = [e for e in events if e not in kept]
            cut = sum(free[e] for e in kept) + sum(
                min(need, sum(1 for e in others if not inside[e])) for need, inside in needs
            )
            if cut < needed:
                return False
    return True


@dataclass(frozen=True)
class Complaint:
    """A player refused a listed event who could have had it in place of a weaker claim."""

    player: str
    event: str
    displaced: str
    leaves: str
    displaced_joins: str


def justified_complaints(
    allocation: Allocation,
    preferences: Sequence[Preference],
    capacity: int,
    lottery: Sequence[str] | None = None,
) -> list[Complaint]:
    """Every justified complaint against an allocation (none, for `allocate`'s result).

    Player p, refused event e which p listed, complains about member q of e whose claim to
    e is weaker, if p could leave an event p ranks below e and q could move to an event q is
    out of, with no event going over capacity.
    """
    return list(_complaints(allocation, preferences, capacity, lottery))


def _complaints(
    allocation: Allocation,
    preferences: Sequence[Preference],
    capacity: int,
    lottery: Sequence[str] | None = None,
) -> Iterator[Complaint]:
    order = list(lottery if lottery is not None else allocation.lottery)
    pref = {x.player: x for x in preferences}
    events = list(allocation.members)
    holds = {x.player: set(allocation.events_of(x.player)) for x in preferences}
    size = {e: len(ps) for e, ps in allocation.members.items()}

    def strength(player: str, event: str) -> tuple[int, int, int]:
        x = pref[player]
        return (x.choice(event), -x.garnets, order.index(player))

    for p, x in pref.items():
        for e in (x.first, x.second):
            if e in holds[p]:
                continue
            for q in allocation.members[e]:
                if strength(q, e) <= strength(p, e):
                    continue
                for d in holds[p]:
                    if x.choice(d) <= x.choice(e):
                        continue
                    for f in events:
                        if f == e or f in holds[q]:
                            continue
                        after = dict(size)
                        after[d] -= 1
                        after[f] += 1  # e: p joins, q leaves
                        if all(n <= capacity for n in after.values()):
                            yield Complaint(p, e, q, d, f)


def validate_allocation(
    allocation: Allocation, players: Iterable[str], capacity: int, per_player: int
) -> list[str]:
    """Problems with an allocation, in words (empty when every rule holds)."""
    problems = [
        f"{e} has {len(ps)} players; at most {capacity} may play"
        for e, ps in allocation.members.items()
        if len(ps) > capacity
    ]
    for p in players:
        n = len(allocation.events_of(p))
        if n != per_player:
            problems.append(f"{p} plays {n} events, not {per_player}")
    return problems
