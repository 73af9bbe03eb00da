"""Event allocation against the General rules of the AWA Festival.

"A maximum of 7 players may participate in each Event. First choices will be examined first,
then second choices. The number of garnets spent on your preference list will be the
tiebreak; after that, ties are broken randomly."  Every player plays exactly 2 of the 3
Events.

The table cases are worked out by hand (the expected rosters are in the cases, not computed).
The property tests run random profiles and check the result with `validate_allocation`, with
`justified_complaints`, and with a brute-force complaint checker written here from the
definition, so the lead's checker is not the only judge of the lead's allocator.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations, product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.match.allocation import (
    CLAIM_ORDER,
    FEWEST_UNMET,
    Allocation,
    Preference,
    allocate,
    can_complete,
    draw_lottery,
    justified_complaints,
    unmet_choices,
    validate_allocation,
)
from tests.support.rule_texts import RULE_TEXTS_SKIP, rule_text

CAPACITY = 7
PER_PLAYER = 2
ROSTER = ("Ada", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon")
A, C, S = "alchemy", "continuum", "summoners"
EVENTS = (A, C, S)
RULES = rule_text("awa-festival.txt")


def prefs(players: str, first: str, second: str, garnets: int = 0) -> list[Preference]:
    """Preferences for several players ("Ada Bea ...") who all list the same two Events."""
    return [Preference(p, first, second, garnets) for p in players.split()]


def unlisted(x: Preference) -> str:
    (event,) = set(EVENTS) - {x.first, x.second}
    return event


def holdings(members: Mapping[str, Sequence[str]]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for e, ps in members.items():
        for p in ps:
            out.setdefault(p, set()).add(e)
    return {p: frozenset(es) for p, es in out.items()}


def brute_force_complaints(
    members: Mapping[str, Sequence[str]],
    preferences: Sequence[Preference],
    lottery: Sequence[str],
    *,
    p_leaves_any_lower_event: bool = False,
) -> list[tuple[str, str, str, str, str]]:
    """Justified complaints, straight from the definition (independent of the lead's code).

    Player p lost an Event e they listed. Member q of e has a weaker claim to e: a first
    choice beats a second choice beats unlisted; then more garnets spent; then earlier in the
    lottery. The complaint is justified if p could take q's place: p leaves their unlisted
    Event (or, with `p_leaves_any_lower_event`, any Event p ranks below e), q leaves e and
    joins the Event q was out of, and the whole new allocation is valid (everyone in exactly 2
    Events, none above 7). Returns (p, e, q, event p leaves, event q joins) tuples.
    """
    pref = {x.player: x for x in preferences}
    draw = {p: i for i, p in enumerate(lottery)}

    def listed_rank(player: str, event: str) -> int:
        x = pref[player]
        return {x.first: 0, x.second: 1}.get(event, 2)

    def claim(player: str, event: str) -> tuple[int, int, int]:
        return (listed_rank(player, event), -pref[player].garnets, draw[player])

    held = holdings(members)
    holds = {p: held.get(p, frozenset()) for p in pref}
    found = []
    for p, x in pref.items():
        for e in (x.first, x.second):
            if e in holds[p]:
                continue
            if p_leaves_any_lower_event:
                leave = [d for d in holds[p] if listed_rank(p, d) > listed_rank(p, e)]
            else:
                leave = [d for d in holds[p] if d == unlisted(x)]
            for q in members[e]:
                if claim(q, e) < claim(p, e):
                    continue  # q's claim is the stronger one
                for d in leave:
                    for f in EVENTS:
                        if f in holds[q]:
                            continue
                        new = dict(holds)
                        new[p] = (holds[p] - {d}) | {e}
                        new[q] = (holds[q] - {e}) | {f}
                        size = Counter(ev for es in new.values() for ev in es)
                        if all(len(es) == PER_PLAYER for es in new.values()) and all(
                            n <= CAPACITY for n in size.values()
                        ):
                            found.append((p, e, q, d, f))
    return found


def assert_fair_and_valid(
    allocation: Allocation, preferences: Sequence[Preference], lottery: Sequence[str]
) -> None:
    players = [x.player for x in preferences]
    assert validate_allocation(allocation, players, CAPACITY, PER_PLAYER) == []
    # Independently of validate_allocation: exactly 2 Events each, none above 7.
    assert all(len(ps) <= CAPACITY for ps in allocation.members.values())
    assert all(len(allocation.events_of(p)) == PER_PLAYER for p in players)
    assert sorted(p for ps in allocation.members.values() for p in ps) == sorted(
        players * PER_PLAYER
    )
    assert justified_complaints(allocation, preferences, CAPACITY, lottery) == []
    assert brute_force_complaints(allocation.members, preferences, lottery) == []
    assert (
        brute_force_complaints(
            allocation.members, preferences, lottery, p_leaves_any_lower_event=True
        )
        == []
    )


# --------------------------------------------------------------------------------------------
# Table-driven cases. Each row is a function named after the rule it checks, the rule's
# sentence quoted in its docstring; it returns the profile and the rosters worked out by hand.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    preferences: list[Preference]
    lottery: tuple[str, ...]
    expected: Mapping[str, str] | None = None
    """event -> its players ("Ada Bea ..."); None when allocate must raise"""
    raises: type[Exception] | None = None


ROWS: list[Callable[[], Row]] = []


def row(fn: Callable[[], Row]) -> Callable[[], Row]:
    ROWS.append(fn)
    return fn


@row
def max_seven_per_event_when_all_ten_name_the_same_events() -> Row:
    """Rule: "A maximum of 7 players may participate in each Event."
    "Players will each participate in 2 out of 3 of these Events."

    All 10 list Alchemy then Continuum, no garnets, lottery in roster order. Alchemy takes
    the first 7 of the lottery. Hal, Ivy and Jon are then shut out of Alchemy and must play
    both Continuum and Summoner's Dream, so only 4 of the Alchemy players (by lottery: Ada,
    Bea, Cal, Dov) can also have their second choice; Eli, Fay, Gus go to Summoner's Dream.
    """
    return Row(
        prefs("Ada Bea Cal Dov Eli Fay Gus Hal Ivy Jon", A, C),
        ROSTER,
        {
            A: "Ada Bea Cal Dov Eli Fay Gus",
            C: "Ada Bea Cal Dov Hal Ivy Jon",
            S: "Eli Fay Gus Hal Ivy Jon",
        },
    )


@row
def max_seven_when_eight_name_the_same_first_choice() -> Row:
    """Rule: "A maximum of 7 players may participate in each Event."

    Ada..Hal (8) list Alchemy first, Continuum second; Ivy and Jon list Continuum then
    Summoner's Dream. No garnets, lottery in roster order: Hal, last of the 8, loses
    Alchemy, so Hal must play Continuum and Summoner's Dream; that leaves Continuum room
    for 4 of the Alchemy players besides Ivy and Jon (Ada, Bea, Cal, Dov).
    """
    return Row(
        prefs("Ada Bea Cal Dov Eli Fay Gus Hal", A, C) + prefs("Ivy Jon", C, S),
        ROSTER,
        {
            A: "Ada Bea Cal Dov Eli Fay Gus",
            C: "Ada Bea Cal Dov Hal Ivy Jon",
            S: "Eli Fay Gus Hal Ivy Jon",
        },
    )


@row
def garnets_break_the_tie_for_a_contested_first_choice() -> Row:
    """Rule: "The number of garnets spent on your preference list will be the tiebreak"

    As above (8 want Alchemy first), but Hal, last in the lottery, spent 2 garnets: Hal gets
    Alchemy and Gus, the last zero-garnet Alchemy player in the lottery, loses it. Hal's
    garnets also put Hal first among the Continuum second choices.
    """
    return Row(
        prefs("Ada Bea Cal Dov Eli Fay Gus", A, C) + prefs("Hal", A, C, 2) + prefs("Ivy Jon", C, S),
        ROSTER,
        {
            A: "Ada Bea Cal Dov Eli Fay Hal",
            C: "Ada Bea Cal Gus Hal Ivy Jon",
            S: "Dov Eli Fay Gus Ivy Jon",
        },
    )


@row
def lottery_breaks_ties_left_after_garnets() -> Row:
    """Rule: "after that, ties are broken randomly."

    8 want Alchemy first and all 8 spent 1 garnet, so garnets do not separate them; the
    lottery (drawn in reverse roster order) does: Ada, last of the 8 in the lottery, loses
    Alchemy. Ivy and Jon spent nothing, which does not matter for their uncontested choices.
    """
    return Row(
        prefs("Ada Bea Cal Dov Eli Fay Gus Hal", A, C, 1) + prefs("Ivy Jon", C, S),
        tuple(reversed(ROSTER)),
        {
            A: "Bea Cal Dov Eli Fay Gus Hal",
            C: "Ada Eli Fay Gus Hal Ivy Jon",
            S: "Ada Bea Cal Dov Ivy Jon",
        },
    )


@row
def first_choices_beat_second_choices_with_more_garnets() -> Row:
    """Rule: "First choices will be examined first, then second choices."

    Ada..Gus (7) list Alchemy first with no garnets; Hal, Ivy, Jon list Alchemy second with
    5 garnets each. The first choices fill Alchemy before any second choice is looked at,
    so the garnets do not get Hal, Ivy or Jon into Alchemy.
    """
    return Row(
        prefs("Ada Bea Cal Dov Eli Fay Gus", A, C) + prefs("Hal Ivy Jon", C, A, 5),
        ROSTER,
        {
            A: "Ada Bea Cal Dov Eli Fay Gus",
            C: "Ada Bea Cal Dov Hal Ivy Jon",
            S: "Eli Fay Gus Hal Ivy Jon",
        },
    )


@row
def nine_player_roster() -> Row:
    """Rule: "A maximum of 7 players may participate in each Event."
    "Players will each participate in 2 out of 3 of these Events."

    9 players (18 places) all list Alchemy then Continuum: 7 in Alchemy; Hal and Ivy must
    play Continuum and Summoner's Dream, leaving Continuum room for 5 Alchemy players.
    """
    players = " ".join(ROSTER[:9])
    return Row(
        prefs(players, A, C),
        ROSTER[:9],
        {A: "Ada Bea Cal Dov Eli Fay Gus", C: "Ada Bea Cal Dov Eli Hal Ivy", S: "Fay Gus Hal Ivy"},
    )


@row
def eight_player_roster() -> Row:
    """Rule: "A maximum of 7 players may participate in each Event."
    "Players will each participate in 2 out of 3 of these Events."

    8 players (16 places): Ada..Dov list Alchemy then Continuum, Eli..Hal list Summoner's
    Dream then Continuum. Everyone gets their first choice; 8 want Continuum second and Hal,
    last in the lottery, is the one left out, so Hal plays unlisted Alchemy.
    """
    return Row(
        prefs("Ada Bea Cal Dov", A, C) + prefs("Eli Fay Gus Hal", S, C),
        ROSTER[:8],
        {A: "Ada Bea Cal Dov Hal", C: "Ada Bea Cal Dov Eli Fay Gus", S: "Eli Fay Gus Hal"},
    )


@row
def eleven_players_cannot_fit() -> Row:
    """Rule: "A maximum of 7 players may participate in each Event."
    "Players will each participate in 2 out of 3 of these Events."

    11 players need 22 places; 3 Events of 7 have 21. No allocation exists: ValueError.
    """
    players = (*ROSTER, "Kit")
    return Row(prefs(" ".join(players), A, C), players, raises=ValueError)


@pytest.mark.parametrize("case", ROWS, ids=[fn.__name__ for fn in ROWS])
def test_allocation_rule(case: Callable[[], Row]) -> None:
    r = case()
    if r.raises is not None:
        with pytest.raises(r.raises):
            allocate(r.preferences, EVENTS, CAPACITY, PER_PLAYER, r.lottery)
        return
    assert r.expected is not None
    allocation = allocate(r.preferences, EVENTS, CAPACITY, PER_PLAYER, r.lottery)
    got = {e: set(ps) for e, ps in allocation.members.items()}
    assert got == {e: set(ps.split()) for e, ps in r.expected.items()}
    assert_fair_and_valid(allocation, r.preferences, r.lottery)


def _quoted(doc: str | None) -> list[str]:
    return [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', doc or "")]


@pytest.mark.parametrize("case", ROWS, ids=[fn.__name__ for fn in ROWS])
def test_rows_quote_the_rule_text(case: Callable[[], Row]) -> None:
    quotes = _quoted(case.__doc__)
    assert quotes, "each row quotes the rule it checks"
    if RULES is None:
        pytest.skip(RULE_TEXTS_SKIP)
    text = " ".join(RULES.read_text(encoding="utf-8").split())
    for q in quotes:
        assert q in text


# --------------------------------------------------------------------------------------------
# The checkers can fail: an unfair allocation is caught by both complaint checkers.
# --------------------------------------------------------------------------------------------


def test_complaint_checkers_catch_an_unfair_swap() -> None:
    """Swap Ada (first in the lottery) and Hal in the first table case: still valid, unfair."""
    preferences = prefs(" ".join(ROSTER), A, C)
    fair = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, ROSTER)
    holds = holdings(fair.members)
    assert holds["Ada"] == {A, C} and holds["Hal"] == {C, S}
    holds["Ada"], holds["Hal"] = holds["Hal"], holds["Ada"]
    unfair = Allocation({e: tuple(p for p in ROSTER if e in holds[p]) for e in EVENTS}, ROSTER, ())
    assert validate_allocation(unfair, ROSTER, CAPACITY, PER_PLAYER) == []
    # Ada lost her first choice, Alchemy, to Hal (same choice and garnets, later in the
    # lottery); Ada leaves Summoner's Dream, Hal moves from Alchemy to Summoner's Dream.
    assert (A, "Hal") in {
        (c.event, c.displaced)
        for c in justified_complaints(unfair, preferences, CAPACITY, ROSTER)
        if c.player == "Ada"
    }
    assert ("Ada", A, "Hal", S, S) in brute_force_complaints(unfair.members, preferences, ROSTER)


# --------------------------------------------------------------------------------------------
# The obvious algorithm is wrong, so the tests above are not trivially satisfied.
# --------------------------------------------------------------------------------------------


def obvious_allocation(preferences: Sequence[Preference], lottery: Sequence[str]) -> Allocation:
    """One pass of first choices, one of second choices (each by garnets, then lottery, while
    the Event has room), then fill every player up to 2 Events with what they lack, unlisted
    first: a player shut out of both choices has nowhere else to go."""
    draw = {p: i for i, p in enumerate(lottery)}
    order = sorted(preferences, key=lambda x: (-x.garnets, draw[x.player]))
    held: dict[str, list[str]] = {x.player: [] for x in preferences}
    size: Counter[str] = Counter()
    for choice in ("first", "second"):
        for x in order:
            e = getattr(x, choice)
            if size[e] < CAPACITY:
                held[x.player].append(e)
                size[e] += 1
    for x in order:
        for e in (unlisted(x), x.first, x.second):
            if len(held[x.player]) < PER_PLAYER and e not in held[x.player]:
                held[x.player].append(e)
                size[e] += 1
    players = [x.player for x in preferences]
    members = {e: tuple(p for p in players if e in held[p]) for e in EVENTS}
    return Allocation(members, tuple(lottery), ())


def test_obvious_algorithm_overfills_but_allocate_does_not() -> None:
    """Rule: "A maximum of 7 players may participate in each Event." """
    preferences = prefs(" ".join(ROSTER), A, C)
    naive = obvious_allocation(preferences, ROSTER)
    assert max(len(ps) for ps in naive.members.values()) > CAPACITY
    assert any(
        "at most 7" in problem
        for problem in validate_allocation(naive, ROSTER, CAPACITY, PER_PLAYER)
    )
    allocation = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, ROSTER)
    assert_fair_and_valid(allocation, preferences, ROSTER)


# --------------------------------------------------------------------------------------------
# Properties over random 10-player profiles.
# --------------------------------------------------------------------------------------------

PAIRS = list(permutations(EVENTS, 2))


@st.composite
def profiles(draw: st.DrawFn) -> tuple[list[Preference], int]:
    picks = draw(
        st.lists(
            st.tuples(st.sampled_from(PAIRS), st.integers(0, 5)),
            min_size=len(ROSTER),
            max_size=len(ROSTER),
        )
    )
    seed = draw(st.integers(0, 2**63 - 1))
    return [Preference(p, f, s, g) for p, ((f, s), g) in zip(ROSTER, picks, strict=True)], seed


def run(preferences: Sequence[Preference], seed: int) -> tuple[Allocation, tuple[str, ...]]:
    lottery = draw_lottery([x.player for x in preferences], np.random.default_rng(seed))
    return allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, lottery), lottery


PROPERTY = settings(max_examples=200, deadline=None)


@PROPERTY
@given(profiles())
def test_every_player_gets_two_events_none_above_seven(profile) -> None:
    preferences, seed = profile
    allocation, _ = run(preferences, seed)
    assert validate_allocation(allocation, ROSTER, CAPACITY, PER_PLAYER) == []
    assert all(len(ps) <= CAPACITY for ps in allocation.members.values())
    assert all(len(allocation.events_of(p)) == PER_PLAYER for p in ROSTER)


@PROPERTY
@given(profiles())
def test_no_justified_complaints(profile) -> None:
    preferences, seed = profile
    allocation, lottery = run(preferences, seed)
    assert justified_complaints(allocation, preferences, CAPACITY, lottery) == []
    assert brute_force_complaints(allocation.members, preferences, lottery) == []
    assert (
        brute_force_complaints(
            allocation.members, preferences, lottery, p_leaves_any_lower_event=True
        )
        == []
    )


@PROPERTY
@given(profiles())
def test_same_seed_same_allocation(profile) -> None:
    preferences, seed = profile
    first, lottery1 = run(preferences, seed)
    again, lottery2 = run(preferences, seed)
    assert lottery1 == lottery2
    assert sorted(lottery1) == sorted(ROSTER)
    assert dict(first.members) == dict(again.members)
    assert first.decisions == again.decisions


@settings(max_examples=100, deadline=None)
@given(profiles())
def test_first_choices_are_all_granted_up_to_capacity(profile) -> None:
    """Rule: "First choices will be examined first": an Event gets min(7, its first-choice fans)
    of them, and the ones left out have no more garnets than any admitted fan."""
    preferences, seed = profile
    allocation, _ = run(preferences, seed)
    for e in EVENTS:
        fans = [x for x in preferences if x.first == e]
        admitted = [x for x in fans if x.player in allocation.members[e]]
        assert len(admitted) == min(CAPACITY, len(fans))
        left_out = [x for x in fans if x.player not in allocation.members[e]]
        if left_out:
            assert max(x.garnets for x in left_out) <= min(x.garnets for x in admitted)


@st.composite
def valid_allocations(
    draw: st.DrawFn,
) -> tuple[list[Preference], dict[str, tuple[str, ...]], list[str]]:
    """A random profile and lottery with an arbitrary valid allocation (not `allocate`'s)."""
    preferences, _ = draw(profiles())
    # Each player sits out one Event; each Event must have at least 3 sitting out.
    sits_out = draw(st.permutations([A, A, A, C, C, C, S, S, S, draw(st.sampled_from(EVENTS))]))
    members = {e: tuple(p for p, o in zip(ROSTER, sits_out, strict=True) if o != e) for e in EVENTS}
    lottery = draw(st.permutations(ROSTER))
    return preferences, members, list(lottery)


@settings(max_examples=100, deadline=None)
@given(valid_allocations())
def test_lead_complaint_checker_agrees_with_brute_force(case) -> None:
    """On arbitrary valid allocations (which mostly are unfair) the two checkers find the same
    complaints, so an empty answer from either one means something."""
    preferences, members, lottery = case
    allocation = Allocation(members, tuple(lottery), ())
    assert validate_allocation(allocation, ROSTER, CAPACITY, PER_PLAYER) == []
    lead = {
        (c.player, c.event, c.displaced, c.leaves, c.displaced_joins)
        for c in justified_complaints(allocation, preferences, CAPACITY, lottery)
    }
    mine = brute_force_complaints(members, preferences, lottery, p_leaves_any_lower_event=True)
    assert lead == set(mine)
    assert set(brute_force_complaints(members, preferences, lottery)) <= lead


# --------------------------------------------------------------------------------------------
# The `fewest unmet` option: as few players without a listed event as any allocation with no
# justified complaint allows (docs/rulings.md, "Event allocation").
# --------------------------------------------------------------------------------------------


def everyone_lists_continuum() -> list[Preference]:
    return (
        prefs("Ada", S, C) + prefs("Bea", C, S) + prefs("Cal Dov", S, C)
        + prefs("Eli Fay", C, S) + prefs("Gus Hal Ivy", A, C) + prefs("Jon", C, S)
    )  # fmt: skip


def test_claim_order_can_leave_twice_as_many_players_without_a_listed_event() -> None:
    """Rule: "First choices will be examined first, then second choices."

    All 10 list Continuum, so 3 must miss it: 3 unmet choices at the fewest. No garnets,
    lottery in roster order. In claim order the first choices fill Continuum with 4 (Bea, Eli,
    Fay, Jon), Summoner's Dream with 3 (Ada, Cal, Dov), Alchemy with 3 (Gus, Hal, Ivy); then
    the second choices in lottery order give Ada, Cal and Dov the last 3 Continuum places, so
    Gus, Hal and Ivy must play Summoner's Dream, which pushes Eli, Fay and Jon into Alchemy:
    6 players without a listed event. With `fewest unmet`, Ada, Cal and Dov play Alchemy
    instead and everyone else gets both choices: 3. Nobody has a justified complaint: Ada
    could take Gus's Continuum place only if Gus could move to Summoner's Dream, which is full.
    """
    preferences = everyone_lists_continuum()
    literal = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, ROSTER)
    assert literal.method == CLAIM_ORDER
    assert {e: " ".join(ps) for e, ps in literal.members.items()} == {
        A: "Eli Fay Gus Hal Ivy Jon",
        C: "Ada Bea Cal Dov Eli Fay Jon",
        S: "Ada Bea Cal Dov Gus Hal Ivy",
    }
    assert unmet_choices(literal.members, preferences) == 6
    fewest = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, ROSTER, FEWEST_UNMET)
    assert fewest.method == FEWEST_UNMET
    assert {e: " ".join(ps) for e, ps in fewest.members.items()} == {
        A: "Ada Cal Dov Gus Hal Ivy",
        C: "Bea Eli Fay Gus Hal Ivy Jon",
        S: "Ada Bea Cal Dov Eli Fay Jon",
    }
    assert unmet_choices(fewest.members, preferences) == 3
    assert_fair_and_valid(fewest, preferences, ROSTER)
    refused = [(d.claim.player, d.claim.event) for d in fewest.decisions if not d.granted
               and d.claim.choice < 2]  # fmt: skip
    assert refused == [("Ada", C), ("Cal", C), ("Dov", C)]
    assert Allocation.from_json(fewest.to_json()) == fewest


def test_an_unknown_allocation_method_is_refused() -> None:
    with pytest.raises(ValueError, match="not an allocation method"):
        allocate(everyone_lists_continuum(), EVENTS, CAPACITY, PER_PLAYER, ROSTER, "best")


def brute_force_unmet(
    members: Mapping[str, Sequence[str]], preferences: Sequence[Preference]
) -> int:
    """Players who do not play both events they listed (written here from the definition)."""
    held = holdings(members)
    return sum(not {x.first, x.second} <= held.get(x.player, frozenset()) for x in preferences)


def every_valid_allocation() -> list[dict[str, tuple[str, ...]]]:
    """Every way for the 10 players to sit out one Event each with no Event above 7."""
    out = []
    for sits_out in product(EVENTS, repeat=len(ROSTER)):
        if min(Counter(sits_out)[e] for e in EVENTS) >= len(ROSTER) - CAPACITY:
            out.append(
                {e: tuple(p for p, o in zip(ROSTER, sits_out, strict=True) if o != e)
                 for e in EVENTS}
            )  # fmt: skip
    return out


VALID = every_valid_allocation()


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(profiles())
def test_fewest_unmet_is_fair_valid_and_as_good_as_any_fair_allocation(profile) -> None:
    """Option `fewest unmet`: valid, no justified complaint (both checkers), never more
    players without a listed event than claim order, and no valid allocation without a
    justified complaint (found by brute force over all of them) has fewer."""
    preferences, seed = profile
    lottery = draw_lottery(list(ROSTER), np.random.default_rng(seed))
    literal = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, lottery)
    fewest = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, lottery, FEWEST_UNMET)
    assert_fair_and_valid(fewest, preferences, lottery)
    assert (
        brute_force_complaints(fewest.members, preferences, lottery, p_leaves_any_lower_event=True)
        == []
    )
    unmet = brute_force_unmet(fewest.members, preferences)
    assert unmet == unmet_choices(fewest.members, preferences)
    assert unmet <= brute_force_unmet(literal.members, preferences)
    better = [m for m in VALID if brute_force_unmet(m, preferences) < unmet]
    for members in better:
        assert brute_force_complaints(members, preferences, lottery, p_leaves_any_lower_event=True)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(profiles(), st.randoms(use_true_random=False))
def test_the_order_preferences_and_events_are_listed_in_never_decides(profile, shuffler) -> None:
    """(Order never decides: the roster's order and the order of the events are not claims.)"""
    preferences, seed = profile
    lottery = draw_lottery(list(ROSTER), np.random.default_rng(seed))
    shuffled, events = list(preferences), list(EVENTS)
    shuffler.shuffle(shuffled)
    shuffler.shuffle(events)
    for method in (CLAIM_ORDER, FEWEST_UNMET):
        first = allocate(preferences, EVENTS, CAPACITY, PER_PLAYER, lottery, method)
        again = allocate(shuffled, events, CAPACITY, PER_PLAYER, lottery, method)
        assert holdings(again.members) == holdings(first.members)
        assert set(again.decisions) == set(first.decisions)


def test_festival_allocate_fewest_unmet_is_a_named_option_of_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`festival allocate --fewest-unmet` allocates by the option, records it with the
    allocation and says how many listed choices it leaves unmet; without it, claim order."""
    from festival.cli.main import main
    from festival.core.registry import event_title as title
    from festival.match.match import Match

    roster = tmp_path / "roster.csv"
    lines = [f"{x.player},{title(x.first)},{title(x.second)},0" for x in everyone_lists_continuum()]
    roster.write_text("\n".join(["player,first,second,garnets", *lines]) + "\n")
    unmet = {}
    for name, extra in (("literal", []), ("fewest", ["--fewest-unmet"])):
        folder = tmp_path / name
        assert main(["new", str(folder), "--roster", str(roster), "--seed", "4"]) == 0
        assert main(["allocate", str(folder), *extra]) == 0
        out = capsys.readouterr().out
        allocation = Match.open(folder).allocation
        unmet[name] = unmet_choices(allocation.members, everyone_lists_continuum())
        assert f"Allocated by {allocation.method}: {unmet[name]} listed choice(s)" in out
    assert unmet == {"literal": 5, "fewest": 3}
    assert Match.open(tmp_path / "fewest").allocation.method == FEWEST_UNMET


def _completes_by_brute_force(
    held: Mapping[str, set[str]], events: Sequence[str], capacity: int, per_player: int
) -> bool:
    """Try every way to give each player the events they still need (written here from the
    definition: every player in exactly `per_player` events, none above `capacity`)."""
    taken = Counter(e for h in held.values() for e in h)
    players = list(held)

    def place(i: int) -> bool:
        if i == len(players):
            return True
        p = players[i]
        need = per_player - len(held[p])
        if need <= 0:
            return place(i + 1)
        for extra in combinations([e for e in events if e not in held[p]], need):
            if all(taken[e] < capacity for e in extra):
                taken.update(extra)
                if place(i + 1):
                    return True
                taken.subtract(extra)
        return False

    return place(0)


@st.composite
def partial_allocations(draw: st.DrawFn) -> tuple[dict[str, set[str]], list[str], int, int]:
    events = [f"e{i}" for i in range(draw(st.integers(2, 4)))]
    per_player = draw(st.integers(1, min(2, len(events))))
    capacity = draw(st.integers(1, 4))
    held: dict[str, set[str]] = {}
    taken: Counter[str] = Counter()
    for i in range(draw(st.integers(1, 6))):
        mine = draw(st.sets(st.sampled_from(events), max_size=per_player))
        mine = {e for e in mine if taken[e] < capacity}  # the claim order never overfills
        taken.update(mine)
        held[f"p{i}"] = mine
    return held, events, capacity, per_player


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(partial_allocations())
def test_can_complete_agrees_with_trying_every_completion(
    case: tuple[dict[str, set[str]], list[str], int, int],
) -> None:
    """ "granting it still leaves a way to complete the allocation: every player in exactly 2
    events, none above 7" (docs/rulings.md): the min-cut check says so exactly when some
    completion exists."""
    held, events, capacity, per_player = case
    count = {e: sum(e in h for h in held.values()) for e in events}
    expected = _completes_by_brute_force(held, events, capacity, per_player)
    assert can_complete(held, count, events, capacity, per_player) == expected
