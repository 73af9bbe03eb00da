"""Private reports and final announcements say why (issue 36, item 5): which of a player's
Continuum wards broke (never by whose bolts), which material a failed Alchemy attempt lacked
and the market's multiplier of each sale, Summoner's Dream invasions counted and explained,
and ties ranked by the tiebreak the rules give. Through the command line, as a host posts
them; the finer cases of the words on the engines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from events.alchemy.engine import private_lines
from events.alchemy.model import AlchemySubmission
from events.continuum.engine import ContinuumEngine
from events.continuum.model import SetupSubmission
from events.summoners.battle import BattleResult
from events.summoners.resolve import Invasion
from festival.cli.main import main
from festival.match.match import Match
from tests.support.alchemy_kit import new_game, play, with_machines, with_stock
from tests.support.continuum_boards import stripes
from tests.support.summoners_kit import ENGINE as SUMMONERS
from tests.support.summoners_kit import new_game as summoners_game
from tests.support.summoners_kit import with_values


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, out + err
    return out


def resolve(
    capsys: pytest.CaptureFixture[str], m: Path, round_no: int, subs: dict[str, Any]
) -> None:
    path = m.parent / f"round-{round_no}.json"
    path.write_text(json.dumps({"round": round_no, "submissions": subs}))
    run(capsys, "resolve", str(m), "--from", str(path))


def private(announced: str, player: str, event: str) -> list[str]:
    """The lines of `player`'s private report under the heading of `event`, without the bold
    line a default played opens with."""
    report = announced.split(f"----- PRIVATE to {player} ")[1].split("\n----- ")[0]
    lines = report.split(f"## {event}\n")[1].split("\n## ")[0].strip().splitlines()
    return [line for line in lines if line and not line.startswith("**")]


@pytest.fixture
def match(tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    m = tmp_path / "match"
    run(capsys, "new", str(m), "--roster", str(roster_csv), "--seed", "7")
    run(capsys, "allocate", str(m))
    return m


def participants(m: Path, event: str) -> list[str]:
    match = Match.open(m)
    try:
        return list(match.participants(event))
    finally:
        match.close()


# --- Elemental Continuum ----------------------------------------------------------------


def test_a_continuum_report_names_the_broken_tiles_their_wards_and_breakdowns_not_who(
    match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = participants(match, "continuum")
    board = ContinuumEngine().to_json(SetupSubmission(stripes()))
    resolve(capsys, match, 1, {x: {"continuum": board} for x in p})
    harmless = {"element": "Earth", "target": "A6"}  # earth on the fire ward F3: nothing
    bolts = {x: [harmless, harmless] for x in p}
    bolts[p[0]] = [{"element": "Water", "target": "A1"}, {"element": "Water", "target": "A2"}]
    bolts[p[1]] = [{"element": "Water", "target": "A3"}, harmless]
    resolve(capsys, match, 2, {x: {"continuum": {"bolts": b}} for x, b in bolts.items()})
    out = run(capsys, "announce", str(match), "--round", "2")

    assert private(out, p[2], "Elemental Continuum") == [
        "Your bolts: Earth at A6, Earth at A6.",
        "Broken on your board this round (whose bolts broke them is never revealed):",
        "- A1, A2, A3, of your fire ward F1 (I pentomino, worth 6): 3 of its 5 tiles are "
        "broken, so it broke down: its 6 points no longer count for you, and everyone now sees "
        "its shape, element and worth.",
        "Your board: 59 of 64 tiles stand.",
    ]
    assert private(out, p[0], "Elemental Continuum")[1:] == [
        "Broken on your board this round (whose bolts broke them is never revealed):",
        "- A3, of your fire ward F1 (I pentomino, worth 6): 1 of its 5 tiles is broken; it "
        "breaks down at 3.",
        "Your board: 63 of 64 tiles stand.",
    ]
    for x in p[2:]:  # the shooters stay secret
        report = "\n".join(private(out, x, "Elemental Continuum"))
        assert p[0] not in report and p[1] not in report

    resolve(capsys, match, 3, {x: {"continuum": {"bolts": [harmless, harmless]}} for x in p})
    out = run(capsys, "announce", str(match), "--round", "3")
    assert private(out, p[2], "Elemental Continuum")[1:] == [
        "No tile of your board broke this round.",
        "Your board: 59 of 64 tiles stand.",
    ]


# --- Alchemy ------------------------------------------------------------------------------

GROVE = ["Silverleaf", "Amethyst", "Dewdrop"]
"""a harvest at two locations (yield 3 each when two players share them)"""


def test_an_alchemy_report_says_what_a_failed_attempt_lacked_and_each_sales_multiplier(
    match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = participants(match, "alchemy")[:2]
    resolve(
        capsys,
        match,
        1,
        {
            a: {"alchemy": {"harvest": GROVE, "engineer": ["Elixir of Dawn", "Silver Wand"],
                            "priority": True}},
            b: {"alchemy": {"harvest": GROVE, "engineer": ["Elixir of Dawn"], "priority": True}},
        },
    )  # fmt: skip
    out = run(capsys, "announce", str(match), "--round", "1")
    lines = private(out, a, "Alchemy")
    assert lines[1:4] == [
        "Engineered and sold, for 62.5 gems:",
        "- Elixir of Dawn: 50 × 1.25 = 62.5 gems (the market's multiplier: two of the Potions "
        "set sold this round).",
        "Failed (materials kept): Silver Wand (needs 1 Quartz, you had 0 left).",
    ]
    assert b not in "\n".join(lines)


@pytest.mark.parametrize(
    ("stock", "machines", "engineer", "expected"),
    [
        (
            {"Reed": 4, "Bog_Iron": 4}, ("Guild Stall",), ("Clay Golem", "Clay Golem"),
            ["Engineered and sold, for 113.75 gems:",
             "- Clay Golem (×2): 35 × 1.25 × 1.3 = 56.875 gems each (the market's multiplier: "
             "two of the Golems set sold this round; × 1.3: your set bonus machine)."],
        ),
        (
            {"Salt": 2, "Reed": 1}, (), ("Salt Ward",),
            ["Engineered and sold, for 30 gems:",
             "- Salt Ward: 20 × 1.5 = 30 gems (the market's multiplier: the only one of the "
             "Charms set sold this round)."],
        ),
        (
            {"Salt": 1}, (), ("Salt Ward", "Iron Charm"),
            ["Failed (materials kept): Salt Ward (needs 2 Salt, you had 1 left; needs 1 Reed, "
             "you had 0 left), Iron Charm (needs 2 Bog Iron, you had 0 left)."],
        ),
    ],
    ids=["set bonus, twice", "alone in its set", "two failures"],
)  # fmt: skip
def test_sales_and_failures_in_words(
    stock: dict[str, int], machines: tuple[str, ...], engineer: tuple[str, ...],
    expected: list[str],
) -> None:  # fmt: skip
    state = with_machines(with_stock(new_game(["ann", "bob"]), "ann", **stock), "ann", *machines)
    state = play(state, {"ann": AlchemySubmission(engineer=engineer)})
    report = private_lines(state, "ann", state.logs[1]["ann"])
    assert [line for line in report if line.startswith(("Engineered", "- ", "Failed"))] == (
        expected
    )


# --- Summoner's Dream ---------------------------------------------------------------------


def test_invasions_are_counted_and_explained_and_ties_say_their_tiebreak(
    match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = participants(match, "summoners")
    assert len(s) == 6  # the game begins in round 2
    resolve(capsys, match, 1, {})
    targets = {s[1]: s[0], s[2]: s[0], s[3]: s[0], s[4]: s[5], s[5]: s[4]}  # s[0]'s is drawn
    resolve(capsys, match, 2, {x: {"summoners": {"target": t}} for x, t in targets.items()})
    out = run(capsys, "announce", str(match), "--round", "2")
    drawn, invaded, _ = private(out, s[0], "Summoner's Dream")
    assert "was drawn among the players you have not invaded yet, as you named no target" in (drawn)
    assert invaded == "3 players invaded you, none of them with any familiar: nothing got through."
    assert private(out, s[1], "Summoner's Dream") == [
        f"You invaded {s[0]} with no familiars, as you own none, so nothing was stolen "
        f"({s[0]} counts as invaded). Buy familiars in the Shop tab to steal Treasures.",
        "You have 50 Treasures and 400 coins.",
    ]

    for round_no in range(3, 7):
        resolve(capsys, match, round_no, {})
    out = run(capsys, "announce", str(match), "--round", "6")
    public = out.split("----- PRIVATE")[0]
    final = public.split("## Summoner's Dream\n")[-1].split("\n\n")[0].splitlines()
    gamewide = [x for x in Match.open(match).config.gamewide if x in s]
    assert final[0] == f"1. {gamewide[0]}: 50 Treasures"
    assert final[1] == (
        f"2. {gamewide[1]}: 50 Treasures (tied with {gamewide[0]}, also on familiars sent, "
        "familiars killed and towers built; placed after by tiebreak (4): the Gamewide "
        "Tiebreak)"
    )


def battle(
    sent: int, stolen: int, kills: int, attacker: str = "Ann", drawn: bool = False
) -> Invasion:
    result = BattleResult(stolen, kills, sent, 9, ())
    return Invasion(attacker, "Zoë Ng", "Jasper Cave", result, drawn)


@pytest.mark.parametrize(
    ("battles", "reveal", "expected"),
    [
        ([(5, 2, 3, "Ann")], False,
         ["A player invaded you: 2 familiars got through; your towers killed 3."]),
        ([(5, 4, 1, "Ann"), (6, 0, 6, "Ann"), (3, 1, 2, "Ann")], False,
         ["3 players invaded you, in 3 separate battles against your defence: 5 familiars "
          "(4, 0 and 1) got through; your towers killed 9 (1, 6 and 2)."]),
        ([(5, 1, 4, "Ann"), (0, 0, 0, "Ann")], False,
         ["2 players invaded you (1 of them with no familiars), in 2 separate battles against "
          "your defence: 1 familiar (1 and 0) got through; your towers killed 4 (4 and 0)."]),
        ([(5, 1, 4, "Ann"), (0, 0, 0, "Bo")], True,
         ["Ann invaded you: 1 familiar got through; your towers killed 4.",
          "Bo invaded you with no familiars: nothing got through."]),
    ],
    ids=["one", "three merged", "one without familiars", "invaders named"],
)  # fmt: skip
def test_a_defender_reads_one_line_for_the_unnamed_invaders(
    battles: list[tuple[int, int, int, str]], reveal: bool, expected: list[str]
) -> None:
    """(sent, stolen, kills, invader) of each battle"""
    from events.summoners.battle_words import defence_lines

    assert defence_lines([battle(*b) for b in battles], reveal) == expected


def test_an_attacker_without_familiars_in_their_parties_is_told_so() -> None:
    from events.summoners.battle_words import attack_line

    assert attack_line(battle(0, 0, 0, drawn=True), owns_familiars=True) == (
        "You invaded Zoë Ng (Zoë Ng was drawn among the players you have not invaded yet, as "
        "you named no target) with no familiars, as your parties held none, so nothing was "
        "stolen (Zoë Ng counts as invaded)."
    )
    assert attack_line(battle(4, 1, 3), owns_familiars=True) == (
        "You invaded Zoë Ng: 1 of 4 familiars reached the Treasure and stole 1 Treasure."
    )


@pytest.mark.parametrize(
    ("values", "note"),
    [
        ({"treasures": (51, 50)}, ""),
        ({"sent": (3, 4)}, " (tied with bob; placed after by tiebreak (1): fewer familiars sent "
                           "over the game)"),
        ({"kills": (2, 1)}, " (tied with ann, also on familiars sent; placed after by tiebreak "
                            "(2): fewer familiars killed by their towers over the game)"),
        ({"built": (3, 5)}, " (tied with bob, also on familiars sent and familiars killed; "
                            "placed after by tiebreak (3): fewer towers built over the game)"),
    ],
    ids=["treasures", "sent", "killed", "built"],
)  # fmt: skip
def test_a_tie_on_treasures_names_the_tiebreak_that_settled_it(
    values: dict[str, tuple[int, int]], note: str
) -> None:
    """(1) number of Familiars sent (2) number of Familiars you have killed with your Towers
    (3) number of Towers built (4) Gamewide Tiebreak"""
    state = summoners_game(("ann", "bob"))
    for field, (a, b) in values.items():
        state = with_values(state, field, ann=a, bob=b)
    second = SUMMONERS.final_announcement(state, ["bob", "ann"])[1]
    assert second.endswith(f"Treasures{note}")
