"""A workbook handed in with an event's tabs blank is a choice, not silence (issue #36, item
2): Summoner's Dream's workbook says "Leave everything blank to defend as last round", so a
blank one keeps last round's defence and attack; `resolve` does not list its player as missing,
and the report says what was kept and whom it attacked."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from events.summoners.model import Attack, Defence
from festival.cli.main import main
from festival.core.paths import fixture
from festival.discord.messages import round_messages
from festival.match import service
from festival.match.announce import BLANK, NOTHING, UNTOUCHED
from festival.match.match import Match
from festival.match.rounds import BLANK as BLANK_FROM
from festival.match.store import STORE_FILE
from festival.sample.play import sample_match
from tests.support import summoners_kit as kit

OLD = "default: missing"
"""how a blank was stored before issue #36"""


@pytest.mark.parametrize(
    ("familiars", "defence", "attack", "said"),
    [
        ((), None, None, ["You have no defence yet", "You had no familiars to send at "]),
        (("Fox", "Cat"), None, None, ["You have no defence yet", "in a random order"]),
        (
            ("Fox", "Cat"),
            Defence(kit.catalog().maps[1].name),
            kit.attack({1: "Fox1", 2: "Cat1"}, (1, 1), (2, 2)),
            [
                f"You kept last round's defence ({kit.catalog().maps[1].name}, 0 tower(s))",
                "You kept last round's attack",
            ],
        ),
    ],
)
def test_what_a_blank_summoners_workbook_chose_is_said_in_words(
    familiars: tuple[str, ...], defence: Defence | None, attack: Attack | None, said: list[str]
) -> None:
    before = kit.with_units(kit.at_round(kit.new_game(), 2), "ann", familiars=familiars)
    before = replace(
        before,
        defence={**before.defence, "ann": defence},
        attack={**before.attack, "ann": attack},
    )
    after, _ = kit.play(before, {})
    lines = kit.ENGINE.blank_choice(before, after, "ann")
    text = " ".join(lines)
    assert lines[0] == "You bought nothing."
    for words in said:
        assert words in text, text
    target = after.invaded["ann"][-1]
    assert f"{target}, drawn among the players you had not invaded yet." in text


@pytest.mark.slow
def test_a_blank_summoners_workbook_keeps_last_rounds_defence_and_attack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "m"
    match = Match.open(sample_match(folder))
    player = next(
        p for p in match.participants("summoners") if "summoners" in match.events_of(p, 3)
    )
    match.close()
    for r in (1, 2):
        inbox = fixture("sample", f"round-{r}")
        assert main(["resolve", str(folder), "--from", str(inbox), "--default-invalid"]) == 0
    inbox = tmp_path / "round-3"
    shutil.copytree(fixture("sample", "round-3"), inbox)
    blank = tmp_path / "blank"
    assert main(["templates", str(folder), "--round", "3", "--out", str(blank)]) == 0
    shutil.copy(blank / f"{player}.xlsx", inbox / f"{player}.xlsx")  # handed in as it came
    capsys.readouterr()
    assert main(["resolve", str(folder), "--from", str(inbox), "--default-invalid"]) == 0
    out = capsys.readouterr().out
    assert f"missing, default played: {player}" not in out
    assert f"handed in blank, default played: {player} in Summoner's Dream" in out
    report = "\n".join(round_messages(service.announce(folder, 3).messages).private[player])
    assert NOTHING not in report and "handed in nothing" not in report
    assert BLANK in report
    assert "You bought nothing.\nYou kept last round's defence (" in report, report
    assert "You kept last round's attack (its slots and parties" in report
    assert "sent at " in report
    attack = openpyxl.load_workbook(blank / f"{player}.xlsx")["Attack"]["A1"].value
    assert "blank to attack as last round" in attack and "not at last round's" in attack


@pytest.mark.slow
def test_a_blank_of_a_round_resolved_before_reads_as_posted_until_resolved_again(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round resolved by an earlier festival stored a blank as "default: missing" with
    "untouched": its report keeps the words it was posted with (no correction on upgrade);
    resolving it again stores "default: blank" and says so."""
    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7"]) == 0
    assert main(["allocate", str(folder)]) == 0
    inbox = tmp_path / "inbox"
    assert main(["templates", str(folder), "--round", "1", "--out", str(inbox)]) == 0
    assert main(["resolve", str(folder), "--from", str(inbox)]) == 0
    match = Match.open(folder)
    player = match.participants("continuum")[0]
    match.close()
    assert BLANK in "\n".join(round_messages(service.announce(folder, 1).messages).private[player])
    with sqlite3.connect(folder / STORE_FILE) as db:
        db.execute("UPDATE rounds SET submissions = replace(submissions, ?, ?)", (BLANK_FROM, OLD))
    db.close()
    report = "\n".join(round_messages(service.announce(folder, 1).messages).private[player])
    assert UNTOUCHED in report and BLANK not in report
    capsys.readouterr()
    assert main(["resolve", str(folder), "--from", str(inbox), "--round", "1"]) == 0
    assert f"handed in blank, default played: {player} in Elemental Continuum" in (
        capsys.readouterr().out
    )
    assert BLANK in "\n".join(round_messages(service.announce(folder, 1).messages).private[player])
