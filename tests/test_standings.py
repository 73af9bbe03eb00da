"""Final standings against every sentence of the Endgame section of the AWA Festival rules.

Each row is a function named after the rule it checks, with the sentence quoted in its
docstring; it returns the rank tables and what the rule says must come out, worked out by
hand. Most tables are realistic: 10 players, Events of 7, 7 and 6, each player in 2 Events:

    Alchemy    Ada Bea Cal Dov Eli Fay Gus
    Continuum  Ada Bea Cal Dov         Hal Ivy Jon
    Summoners          Eli Fay Gus Hal Ivy Jon

A lower average rank is better ("highest average ranking" = smallest mean of ranks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from festival.match.standings import final_standings
from tests.support.rule_texts import RULE_TEXTS_SKIP, rule_text

ROSTER = ("Ada", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon")
A, C, S = "alchemy", "continuum", "summoners"
MEMBERS = {
    A: {"Ada", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus"},
    C: {"Ada", "Bea", "Cal", "Dov", "Hal", "Ivy", "Jon"},
    S: {"Eli", "Fay", "Gus", "Hal", "Ivy", "Jon"},
}
RULES = rule_text("awa-festival.txt")
F = Fraction


def table(alchemy: str, continuum: str, summoners: str) -> dict[str, dict[str, int]]:
    """Rank tables from finishing orders (first listed is 1st), on the realistic roster."""
    orders = {A: alchemy.split(), C: continuum.split(), S: summoners.split()}
    for e, order in orders.items():
        assert set(order) == MEMBERS[e] and len(order) == len(MEMBERS[e]), e
    return {e: {p: i + 1 for i, p in enumerate(order)} for e, order in orders.items()}


# Ranks (Alchemy/Continuum/Summoners) and averages of the tables below.

# Ada 1,1 =1 | Bea 2,3 =5/2 | Cal 3,5 =4 | Dov 4,7 =11/2 | Eli 5,2 =7/2 | Fay 6,4 =5
# Gus 7,6 =13/2 (worst) | Hal 2,1 =3/2 | Ivy 4,3 =7/2 | Jon 6,5 =11/2
CLEAR = table(
    "Ada Bea Cal Dov Eli Fay Gus", "Ada Hal Bea Ivy Cal Jon Dov", "Hal Eli Ivy Fay Jon Gus"
)

# Ada 1,3 =2 best 1 | Hal 2,2 =2 best 2 | Ivy 1,4 =5/2 | Bea 2,4 =3 | Eli 5,1 =3 | Cal 3,5 =4
# Fay 6,3 =9/2 | Dov 4,6 =5 | Gus 7,5 =6 | Jon 7,6 =13/2 (worst)
WINNER_BY_PLACEMENT = table(
    "Ada Bea Cal Dov Eli Fay Gus", "Ivy Hal Ada Bea Cal Dov Jon", "Eli Hal Fay Ivy Gus Jon"
)

# Ada 1,3 =2 best 1 | Hal 1,3 =2 best 1 | Bea 2,2 =2 best 2 | Eli 5,1 =3 | Cal 3,4 =7/2
# Ivy 6,2 =4 | Dov 4,5 =9/2 | Fay 6,4 =5 | Gus 7,5 =6 | Jon 7,6 =13/2 (worst)
WINNERS_TIED = table(
    "Ada Bea Cal Dov Eli Fay Gus", "Hal Bea Ada Cal Dov Ivy Jon", "Eli Ivy Hal Fay Gus Jon"
)

# Ada 1,1 =1 | ... | Gus 7,5 =6 worst 7 | Jon 6,6 =6 worst 6 | Dov 4,7 =11/2
CANDIDATE_BY_PLACEMENT = table(
    "Ada Bea Cal Dov Eli Fay Gus", "Ada Hal Bea Ivy Cal Jon Dov", "Hal Eli Ivy Fay Gus Jon"
)

# Sole winner Ada 1,1. Dov 5,7 =6 worst 7 | Gus 7,5 =6 worst 7 | Jon 6,6 =6 worst 6
CANDIDATE_STILL_TIED = table(
    "Ada Bea Cal Eli Dov Fay Gus", "Ada Hal Bea Ivy Cal Jon Dov", "Hal Eli Ivy Fay Gus Jon"
)

# No sole winner: Ada 1,3 and Hal 1,3 (=2, best 1); Bea 2,2 =2 best 2.
# Dov 5,7 =6 worst 7 | Gus 7,5 =6 worst 7 | Jon 6,6 =6 worst 6
CANDIDATE_BY_GAMEWIDE = table(
    "Ada Bea Cal Eli Dov Fay Gus", "Hal Bea Ada Ivy Cal Jon Dov", "Eli Ivy Hal Fay Gus Jon"
)

# Garnets of WINNER_BY_PLACEMENT: Alchemy Ada 2, Bea 1, Cal 1; Continuum Ivy 2, Hal 1, Ada 1;
# Summoners Eli 2, Hal 1, Fay 1; sole winner Ada +1.
BASE_GARNETS = {"Ada": 4, "Bea": 1, "Cal": 1, "Eli": 2, "Fay": 1, "Hal": 2, "Ivy": 2}


@dataclass(frozen=True)
class Row:
    ranks: Mapping[str, Mapping[str, int]]
    gamewide: tuple[str, ...] = ROSTER
    gold: Mapping[str, int] | None = None
    winner_choice: str | None = None
    raises: type[Exception] | None = None
    expect: Mapping[str, object] = field(default_factory=dict)
    """attribute of Standings -> value; "garnets"/"tokens" are every player's nonzero count;
    "garnets_of"/"average"/"events" check only the players named"""


ROWS: list[Callable[[], Row]] = []


def row(fn: Callable[[], Row]) -> Callable[[], Row]:
    ROWS.append(fn)
    return fn


@row
def players_are_ranked_in_their_own_events() -> Row:
    """Rule: "Players are ranked according to their respective Events."

    A player's placements are the ranks in the 2 Events they played, nothing else; the
    average is over those 2 (Events of 7, 7 and 6 players are not rescaled).
    """
    return Row(
        CLEAR,
        expect={
            "events": {"Ada": {A: 1, C: 1}, "Gus": {A: 7, S: 6}, "Hal": {C: 2, S: 1}},
            "average": {
                "Ada": F(1),
                "Bea": F(5, 2),
                "Cal": F(4),
                "Dov": F(11, 2),
                "Eli": F(7, 2),
                "Fay": F(5),
                "Gus": F(13, 2),
                "Hal": F(3, 2),
                "Ivy": F(7, 2),
                "Jon": F(11, 2),
            },
            "order": ("Ada", "Hal", "Bea", "Eli", "Ivy", "Cal", "Fay", "Dov", "Jon", "Gus"),
        },
    )


@row
def best_average_is_sole_winner_with_two_tokens_and_a_garnet() -> Row:
    """Rule: "The player with the highest average ranking will become the sole winner and
    earn two Tokens of Life and a garnet;"

    Ada (1st and 1st) is the sole winner: 2 Tokens of Life, and 1 garnet on top of her
    placement garnets (2 + 2). Nobody else gets a Token of Life.
    """
    return Row(
        CLEAR,
        expect={
            "sole_winner": "Ada",
            "winners": ("Ada",),
            "tokens": {"Ada": 2},
            "garnets": {"Ada": 5, "Bea": 2, "Cal": 1, "Hal": 3, "Eli": 1, "Ivy": 1},
        },
    )


@row
def worst_average_is_elimination_candidate() -> Row:
    """Rule: "the player with the lowest average ranking will become the Elimination
    Candidate."

    Gus (7th and 6th, 13/2) has the worst average, alone.
    """
    return Row(CLEAR, expect={"elimination_candidate": "Gus", "elimination_choice_pending": ()})


@row
def tied_best_average_goes_to_best_single_placement() -> Row:
    """Rule: "If the highest average ranking is a tie, among those tied, the player with the
    highest earned placement becomes sole winner."

    Ada (1st, 3rd) and Hal (2nd, 2nd) both average 2; Ada's 1st place beats Hal's best, 2nd.
    Ada takes the sole winner's 2 Tokens and garnet; Hal gets no Token.
    """
    return Row(
        WINNER_BY_PLACEMENT,
        expect={
            "sole_winner": "Ada",
            "winners": ("Ada",),
            "tokens": {"Ada": 2},
            "garnets_of": {"Ada": 2 + 1 + 1, "Hal": 1 + 1},
            "elimination_candidate": "Jon",
        },
    )


@row
def still_tied_winners_each_earn_one_token() -> Row:
    """Rule: "If this is still a tie, each winner earns a single Token of Life."

    Ada (1st, 3rd), Hal (1st, 3rd) and Bea (2nd, 2nd) all average 2; Bea's best is only 2nd,
    Ada and Hal both have a 1st: both are winners with one Token of Life each, there is no
    sole winner, and so no sole winner's garnet (Ada and Hal keep 2 + 1 from placements).
    """
    return Row(
        WINNERS_TIED,
        expect={
            "sole_winner": None,
            "winners": ("Ada", "Hal"),
            "tokens": {"Ada": 1, "Hal": 1},
            "garnets_of": {"Ada": 3, "Hal": 3, "Bea": 2},
            "elimination_candidate": "Jon",
        },
    )


@row
def first_place_in_an_event_earns_2_garnets() -> Row:
    """Rule: "(1) 1st place in an Event earns 2 garnets."

    Eli (1st in Summoner's Dream, 5th in Alchemy) and Ivy (1st in Continuum, 4th in
    Summoner's Dream) have 2 garnets each.
    """
    return Row(WINNER_BY_PLACEMENT, expect={"garnets_of": {"Eli": 2, "Ivy": 2}})


@row
def second_place_in_an_event_earns_1_garnet() -> Row:
    """Rule: "(2) 2nd place in an Event earns 1 garnet."

    Bea (2nd in Alchemy, 4th in Continuum) has 1; Hal (2nd in both his Events) has 1 + 1.
    """
    return Row(WINNER_BY_PLACEMENT, expect={"garnets_of": {"Bea": 1, "Hal": 2}})


@row
def third_place_in_an_event_earns_1_garnet() -> Row:
    """Rule: "(3) 3rd place in an Event earns 1 garnet."

    Cal (3rd in Alchemy, 5th in Continuum) and Fay (6th in Alchemy, 3rd in Summoner's Dream)
    have 1 each; Ada has 2 (1st) + 1 (3rd) + 1 (sole winner).
    """
    return Row(WINNER_BY_PLACEMENT, expect={"garnets_of": {"Cal": 1, "Fay": 1, "Ada": 4}})


@row
def placement_garnets_are_summed_over_events() -> Row:
    """Rule: "Garnets are then distributed to players as per the following:"

    Every Event hands out 2 + 1 + 1; a player's garnets are the sum over their 2 Events
    (plus the sole winner's garnet); everyone else has none. 3 x 4 + 1 = 13 in all.
    """
    return Row(WINNER_BY_PLACEMENT, expect={"garnets": BASE_GARNETS, "total_garnets": 13})


@row
def most_gold_earns_a_garnet() -> Row:
    """Rule: "(4) The player(s) with the most gold (material) remaining in Alchemy at the end
    of the Main Match earn 1 garnet (each)."

    Bea has the most gold (5): 1 garnet on top of her 1 for 2nd in Alchemy.
    """
    gold = {"Ada": 3, "Bea": 5, "Cal": 0, "Dov": 2, "Eli": 1, "Fay": 4, "Gus": 0}
    return Row(WINNER_BY_PLACEMENT, gold=gold, expect={"garnets": {**BASE_GARNETS, "Bea": 2}})


@row
def most_gold_tied_each_earns_a_garnet() -> Row:
    """Rule: "(4) The player(s) with the most gold (material) remaining in Alchemy at the end
    of the Main Match earn 1 garnet (each)."

    Bea and Gus tie for the most gold (5): one garnet each.
    """
    gold = {"Ada": 3, "Bea": 5, "Cal": 0, "Dov": 2, "Eli": 1, "Fay": 4, "Gus": 5}
    return Row(
        WINNER_BY_PLACEMENT,
        gold=gold,
        expect={"garnets": {**BASE_GARNETS, "Bea": 2, "Gus": 1}},
    )


@row
def nobody_with_gold_earns_no_gold_garnet() -> Row:
    """Rule: "(4) The player(s) with the most gold (material) remaining in Alchemy at the end
    of the Main Match earn 1 garnet (each)."

    Ruling: when every Alchemy player has 0 gold, nobody has gold "remaining", so nobody
    earns the garnet (rather than all 7 tying for the most).
    """
    gold = dict.fromkeys(MEMBERS[A], 0)
    return Row(WINNER_BY_PLACEMENT, gold=gold, expect={"garnets": BASE_GARNETS})


@row
def tied_worst_average_goes_to_worst_single_placement() -> Row:
    """Rule: "If the lowest average ranking is a tie, among those tied, the player with the
    lowest earned placement becomes the Elimination Candidate."

    Gus (7th, 5th) and Jon (6th, 6th) both average 6; Gus's 7th is the lowest placement.
    """
    return Row(
        CANDIDATE_BY_PLACEMENT,
        expect={
            "sole_winner": "Ada",
            "elimination_candidate": "Gus",
            "elimination_choice_pending": (),
        },
    )


@row
def still_tied_candidate_is_chosen_by_sole_winner_pending() -> Row:
    """Rule: "If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."

    Dov (5th, 7th), Gus (7th, 5th) and Jon (6th, 6th) all average 6; Jon's worst is only 6th,
    so Dov and Gus remain tied. Ada is the sole winner: until she chooses there is no
    candidate, and the choice is between Dov and Gus.
    """
    return Row(
        CANDIDATE_STILL_TIED,
        expect={
            "sole_winner": "Ada",
            "elimination_candidate": None,
            "elimination_choice_pending": ("Dov", "Gus"),
        },
    )


@row
def still_tied_candidate_is_the_sole_winners_choice() -> Row:
    """Rule: "If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."

    As above; Ada names Gus, who becomes the Elimination Candidate (not the Gamewide
    Tiebreak's pick, Gus being later than Dov anyway; see the next row for Dov).
    """
    return Row(
        CANDIDATE_STILL_TIED,
        winner_choice="Gus",
        expect={
            "elimination_candidate": "Gus",
            "elimination_choice_pending": (),
        },
    )


@row
def sole_winner_may_choose_the_earlier_gamewide_player() -> Row:
    """Rule: "If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."

    Ada names Dov, whom the Gamewide Tiebreak (roster order) would have spared.
    """
    return Row(
        CANDIDATE_STILL_TIED,
        winner_choice="Dov",
        expect={"elimination_candidate": "Dov", "elimination_choice_pending": ()},
    )


@row
def sole_winner_cannot_choose_outside_the_tie() -> Row:
    """Rule: "If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."

    Jon ties Dov and Gus on average but not on worst placement, so naming Jon does not count:
    the choice stays pending (a stale choice, say after a round was re-resolved, never breaks
    the standings; `festival choose-candidate` refuses such a choice up front).
    """
    return Row(
        CANDIDATE_STILL_TIED,
        winner_choice="Jon",
        expect={
            "elimination_candidate": None,
            "elimination_choice_pending": ("Dov", "Gus"),
            "elimination_choice_ignored": "Jon",
        },
    )


@row
def sole_winner_cannot_choose_a_player_with_a_better_average() -> Row:
    """Rule: "If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."

    Naming Bea (average 5/2, not tied for the lowest) does not count either.
    """
    return Row(
        CANDIDATE_STILL_TIED,
        winner_choice="Bea",
        expect={"elimination_candidate": None, "elimination_choice_ignored": "Bea"},
    )


@row
def still_tied_without_sole_winner_uses_gamewide_tiebreak() -> Row:
    """Rule: "If in the case this is still tied, the tie will be broken by the Gamewide
    Tiebreak."

    Ada and Hal are tied winners (no sole winner). Dov and Gus tie for the lowest average and
    the lowest placement. Dov is earlier in the Gamewide Tiebreak (roster order) and wins the
    tie, so Gus is the Elimination Candidate.
    """
    return Row(
        CANDIDATE_BY_GAMEWIDE,
        expect={
            "sole_winner": None,
            "winners": ("Ada", "Hal"),
            "elimination_candidate": "Gus",
            "elimination_choice_pending": (),
        },
    )


@row
def gamewide_tiebreak_reversed_makes_dov_the_candidate() -> Row:
    """Rule: "If in the case this is still tied, the tie will be broken by the Gamewide
    Tiebreak."

    Same tables with the Gamewide Tiebreak reversed: now Gus is earlier and wins, so Dov is
    the Elimination Candidate. The winners are unchanged (the tiebreak is not used for them).
    """
    return Row(
        CANDIDATE_BY_GAMEWIDE,
        gamewide=tuple(reversed(ROSTER)),
        expect={
            "sole_winner": None,
            "winners": ("Hal", "Ada"),
            "tokens": {"Ada": 1, "Hal": 1},
            "elimination_candidate": "Dov",
        },
    )


@row
def average_ranking_is_an_exact_fraction() -> Row:
    """Rule: "The player with the highest average ranking will become the sole winner"

    Small table, three Events each: x (1, 1, 2) averages exactly 4/3, y (2, 2, 1) 5/3, z
    (3, 3, 3) 3; no rounding, x is the sole winner and z the Elimination Candidate (with a
    garnet for each of its three 3rd places).
    """
    ranks = {
        "e1": {"x": 1, "y": 2, "z": 3},
        "e2": {"x": 1, "y": 2, "z": 3},
        "e3": {"y": 1, "x": 2, "z": 3},
    }
    return Row(
        ranks,
        gamewide=("x", "y", "z"),
        expect={
            "average": {"x": F(4, 3), "y": F(5, 3), "z": F(3)},
            "sole_winner": "x",
            "elimination_candidate": "z",
            "garnets": {"x": 2 + 2 + 1 + 1, "y": 1 + 1 + 2, "z": 1 + 1 + 1},
        },
    )


@row
def a_tied_winner_can_be_the_elimination_candidate() -> Row:
    """Rule: "If this is still a tie, each winner earns a single Token of Life." "If the
    lowest average ranking is a tie, among those tied, the player with the lowest earned
    placement becomes the Elimination Candidate." "If in the case this is still tied, the tie
    will be broken by the Gamewide Tiebreak."

    a (1st, 4th), b (4th, 1st), c (2nd, 3rd), d (3rd, 2nd) all average 5/2. a and b have the
    best placement (1st): still tied, each is a winner with one Token of Life, and there is no
    sole winner. The same four tie for the lowest average; a and b have the lowest placement
    (4th): still tied, and with no sole winner the Gamewide Tiebreak picks b (later than a).
    So a winner is the Elimination Candidate, as the text has it; the rules leave no way out.
    """
    return Row(
        {"e1": {"a": 1, "b": 4, "c": 2, "d": 3}, "e2": {"a": 4, "b": 1, "c": 3, "d": 2}},
        gamewide=("a", "b", "c", "d"),
        expect={
            "winners": ("a", "b"),
            "sole_winner": None,
            "tokens": {"a": 1, "b": 1},
            "elimination_candidate": "b",
            "elimination_decided_by": "Gamewide Tiebreak",
        },
    )


@pytest.mark.parametrize("case", ROWS, ids=[fn.__name__ for fn in ROWS])
def test_endgame_rule(case: Callable[[], Row]) -> None:
    r = case()
    if r.raises is not None:
        with pytest.raises(r.raises):
            final_standings(r.ranks, r.gamewide, r.gold, r.winner_choice)
        return
    got = final_standings(r.ranks, r.gamewide, r.gold, r.winner_choice)
    players = {p for t in r.ranks.values() for p in t}
    assert {s.player for s in got.players} == players

    for key, want in r.expect.items():
        if key == "garnets":
            assert {s.player: s.garnets for s in got.players if s.garnets} == want
        elif key == "garnets_of":
            assert {p: got.of(p).garnets for p in want} == want  # type: ignore[union-attr]
        elif key == "total_garnets":
            assert sum(s.garnets for s in got.players) == want
        elif key == "tokens":
            assert {s.player: s.tokens_of_life for s in got.players if s.tokens_of_life} == want
        elif key == "average":
            for p, avg in want.items():  # type: ignore[attr-defined]
                assert isinstance(got.of(p).average_rank, Fraction)
                assert got.of(p).average_rank == avg
        elif key == "events":
            assert {p: dict(got.of(p).events) for p in want} == want  # type: ignore[union-attr]
        elif key == "order":
            assert tuple(s.player for s in got.players) == want
        else:
            assert getattr(got, key) == want, key

    # Whatever the row checks, the flags on each player agree with the summary.
    assert {s.player for s in got.players if s.winner} == set(got.winners)
    assert got.sole_winner is None or got.winners == (got.sole_winner,)
    flagged = [s.player for s in got.players if s.elimination_candidate]
    assert flagged == ([got.elimination_candidate] if got.elimination_candidate else [])
    # the sole winner is never the candidate (ruled: docs/rulings.md); a tied winner can be
    assert got.sole_winner is None or got.elimination_candidate != got.sole_winner
    assert bool(got.elimination_choice_pending) == (
        got.elimination_candidate is None and got.sole_winner is not None
    )


def _quoted(doc: str | None) -> list[str]:
    return [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', doc or "")]


@pytest.mark.parametrize("case", ROWS, ids=[fn.__name__ for fn in ROWS])
def test_rows_quote_the_rule_text(case: Callable[[], Row]) -> None:
    quotes = _quoted((case.__doc__ or "").split("\n\n")[0])
    assert quotes, "each row quotes the rule it checks"
    if RULES is None:
        pytest.skip(RULE_TEXTS_SKIP)
    text = " ".join(RULES.read_text(encoding="utf-8").split())
    for q in quotes:
        assert q in text


def test_every_endgame_sentence_has_a_row() -> None:
    """Each sentence of the Endgame section (up to the Alchemy part) is quoted by some row."""
    if RULES is None:
        pytest.skip(RULE_TEXTS_SKIP)
    lines = RULES.read_text(encoding="utf-8").splitlines()
    start = lines.index("Endgame") + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("In Alchemy"))
    section = " ".join(" ".join(lines[start:end]).split())
    # Sentences, and the two halves of the one joined by a semicolon.
    sentences = [s for s in re.split(r"(?<=[.:])\s+(?=[A-Z(])|(?<=;)\s+", section) if s]
    assert len(sentences) == 13
    quoted = [q for fn in ROWS for q in _quoted((fn.__doc__ or "").split("\n\n")[0])]
    missing = [s for s in sentences if not any(s.rstrip(".;:") in q for q in quoted)]
    assert missing == []
