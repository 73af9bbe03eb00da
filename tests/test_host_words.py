"""Words a host and a player meet on the match path say what is wrong and what to do, with the
names people use (issue #36, item 10): the workbook's README names the events, a formula is
judged by the cell it is in, a tab renamed only in case is read (and the host told), a
misspelt target gets a "did you mean", Summoner's Dream's spending and party checks say how to
mend them, a finished match says what is left, a match on Discord is told to `post`, and a cut
request says how to settle it."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.match.match import Match
from tests.conftest import PLAYERS, ROSTER, numbers_json
from tests.support.discord.webhooks import DiscordServer
from tests.test_discord_post import webhooks_file
from tests.test_state_error_cells import ROSTER as SUMMONERS_ROSTER

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


Cells = Mapping[str, Mapping[str, str | int]]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def _new_match(folder: Path, roster: str, seed: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "roster.csv").write_text(roster, encoding="utf-8")
    m = folder / "match"
    assert main(["new", str(m), "--roster", str(folder / "roster.csv"), "--seed", seed]) == 0
    assert main(["allocate", str(m)]) == 0
    assert main(["templates", str(m), "--round", "1"]) == 0
    return m


@pytest.fixture(scope="module")
def festival_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 10 players of tests/conftest.py: round 1's workbooks written."""
    return _new_match(tmp_path_factory.mktemp("festival"), ROSTER, "7")


@pytest.fixture(scope="module")
def summoners_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ash plays Alchemy and Summoner's Dream in round 1: round 1's workbooks written."""
    m = _new_match(tmp_path_factory.mktemp("summoners"), SUMMONERS_ROSTER, "3")
    match = Match.open(m)
    try:
        assert "Ash" in match.participants("summoners") and "Birch" in match.participants(
            "summoners"
        )
    finally:
        match.close()
    return m


def _copy(tmp_path: Path, base: Path) -> Path:
    match = tmp_path / "match"
    shutil.copytree(base, match)
    return match


def _inbox(
    tmp_path: Path, match: Path, player: str, cells: Cells, renames: Mapping[str, str]
) -> Path:
    """Round 1's workbooks as written, `player`'s with `cells` typed and tabs renamed."""
    inbox = tmp_path / "inbox"
    shutil.copytree(match / "templates" / "round-1", inbox)
    book = openpyxl.load_workbook(inbox / f"{player}.xlsx")
    for tab, values in cells.items():
        for cell, value in values.items():
            book[tab][cell] = value
    for old, new in renames.items():
        book[old].title = "renaming"  # openpyxl takes a name differing only in case as taken
        book["renaming"].title = new
    book.save(inbox / f"{player}.xlsx")
    return inbox


def _both(base: Path) -> str:
    """A player of Alchemy and Elemental Continuum in round 1."""
    match = Match.open(base)
    try:
        return next(
            p for p in match.config.players if match.events_of(p, 1) == ["alchemy", "continuum"]
        )
    finally:
        match.close()


# --- the workbook ------------------------------------------------------------------------


def test_the_readme_tab_names_the_events_as_people_do(festival_base: Path) -> None:
    who = _both(festival_base)
    book = openpyxl.load_workbook(festival_base / "templates" / "round-1" / f"{who}.xlsx")
    lines = [row[0] for row in book["README"].iter_rows(values_only=True)]
    assert "Events: Alchemy, Elemental Continuum" in lines, lines
    assert not any("alchemy, continuum" in str(line) for line in lines)


def test_a_formula_without_a_value_where_festival_reads_voids_only_its_event(
    tmp_path: Path, festival_base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Board!B3 is a square of the Elemental Continuum board: that entry is refused, with what
    to do; the player's Alchemy entry is not touched."""
    match = _copy(tmp_path, festival_base)
    who = _both(match)
    inbox = _inbox(tmp_path, match, who, {"Board": {"B3": "=1+1"}}, {})
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 1, out
    said = [line.strip() for line in out.splitlines() if line.startswith(f"  {who}: ")]
    assert said == [
        f"{who}: [Elemental Continuum] Board!B3: a formula with no saved value (the program "
        "that saved the file does not calculate formulas), where festival reads a value: type "
        "the value into the cell, or open the file in Excel or Google Sheets and save it there, "
        "then send it again (sheet.formula)"
    ], out
    assert "could not be read" not in out


def test_a_formula_without_a_value_where_festival_reads_nothing_is_named_and_ignored(
    tmp_path: Path, festival_base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = _copy(tmp_path, festival_base)
    who = _both(match)
    inbox = _inbox(tmp_path, match, who, {"Engineer": {"C4": "=A1"}}, {})
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 0, out
    assert (
        f"not read: {who}: [Alchemy] Engineer!C4: a formula is typed where festival reads "
        "nothing, so it was ignored (sheet.not_read)"
    ) in out
    assert "invalid" not in out


# --- tabs --------------------------------------------------------------------------------


def test_a_tab_renamed_only_in_case_is_read_and_the_host_told(
    tmp_path: Path, festival_base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = _copy(tmp_path, festival_base)
    who = _both(match)
    inbox = _inbox(tmp_path, match, who, {"Buy": {"A4": "Quartz", "B4": 1}}, {"Buy": "buy"})
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 0, out
    assert (
        f"note: {who}: [Alchemy] Buy: the tab 'buy' was read as the 'Buy' tab (its name "
        "differs only in case or spaces) (sheet.tab_name)"
    ) in out
    played = Match.open(match)
    try:
        (row,) = [r for r in played.store.rounds() if r.round_no == 1]
        assert row.submissions["alchemy"][who]["from"].startswith("raw:")
    finally:
        played.close()


@pytest.mark.parametrize(
    ("new_name", "said"),
    [
        (
            "Byu",
            "Buy: the workbook has no 'Buy' tab (is it 'Byu'?): name that tab 'Buy' again, as "
            "it came, and send the workbook again (alchemy.tab)",
        ),
        (
            "Shopping",
            "Buy: the workbook has no 'Buy' tab (its tabs: README, Harvest, Shopping, Machine, "
            "Engineer, Status, Board, Wards): send the workbook festival made for this round, "
            "with its tabs as they came (alchemy.tab)",
        ),
    ],
)
def test_a_tab_renamed_otherwise_is_named_with_what_to_do(
    tmp_path: Path,
    festival_base: Path,
    capsys: pytest.CaptureFixture[str],
    new_name: str,
    said: str,
) -> None:
    match = _copy(tmp_path, festival_base)
    who = _both(match)
    inbox = _inbox(tmp_path, match, who, {}, {"Buy": new_name})
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 1, out
    assert f"{who}: [Alchemy] {said}" in out


# --- Summoner's Dream ----------------------------------------------------------------------

SHOP = "Shop"
SUMMONERS_CASES: list[tuple[Cells, str]] = [
    (
        {"Attack": {"B2": "Birhc"}},
        "Attack!B2: 'Birhc' is not a player of this event; did you mean Birch?",
    ),
    (
        {SHOP: {"A4": "Yi", "A5": "Gam"}},
        "Shop!A4:A5: you spend 78 coins on towers and none on the other side: buy familiars "
        "for at least 40 coins too, or buy nothing this round",
    ),
    (
        {SHOP: {"A4": "Yi", "A5": "Gam", "B4": "Crab"}},
        "Shop!A4:A5, B4: you spend 78 on towers and 13 on familiars: twice as much as or more "
        "than twice as much is not allowed; spend at most 25 on towers or at least 40 on "
        "familiars",
    ),
    (
        {SHOP: {"A4": "Yi", "B4": "Fox", "B5": "Crab", "B6": "Toad"},
         "Attack": {"B5": "Fox1", "C5": "A", "B6": "Crab1", "C6": "B", "B7": "Toad1",
                    "C7": "A"}},
        "Party A and Party B share slots; each party is its own range of slots (Party A: "
        "slots 1-3, Party B: slot 2): give Party A a run of consecutive slots and Party B a "
        "run before or after it (e.g. A in slots 1-3, B in 4-6)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("cells", "said"), SUMMONERS_CASES)
def test_a_summoners_dream_refusal_says_what_to_do(
    tmp_path: Path,
    summoners_base: Path,
    capsys: pytest.CaptureFixture[str],
    cells: Cells,
    said: str,
) -> None:
    match = _copy(tmp_path, summoners_base)
    inbox = _inbox(tmp_path, match, "Ash", cells, {})
    code, out = _run(capsys, "resolve", str(match), "--from", str(inbox))
    assert code == 1, out
    assert "Ash: [Summoner's Dream] " in out and said in out, out


# --- the end of a match, and Discord -------------------------------------------------------


def test_a_finished_match_says_what_is_left_to_do(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for r in range(1, 7):
        path = numbers_json(toy_match, r, lambda p, e: 3)
        assert _run(capsys, "resolve", str(toy_match), "--from", str(path))[0] == 0
    code, out = _run(capsys, "resolve", str(toy_match), "--from", str(path))
    assert code == 2
    assert (
        "the match is over: all 6 rounds are resolved. `festival standings` gives the final "
        "standings; to correct a round, pass --round N to resolve round N again"
    ) in out


def _on_discord(match: Path, server: DiscordServer, capsys: pytest.CaptureFixture[str]) -> None:
    hooks = webhooks_file(server, match.parent)
    assert _run(capsys, "discord", str(match), "--webhooks", str(hooks))[0] == 0


def test_a_match_on_discord_is_told_to_post_after_a_correction(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    first = numbers_json(toy_match, 1, lambda p, e: 3)
    code, out = _run(capsys, "resolve", str(toy_match), "--from", str(first))
    assert f"Next: festival announce {toy_match} --round 1" in out  # not on Discord yet
    _on_discord(toy_match, discord_api, capsys)
    assert _run(capsys, "post", str(toy_match))[0] == 0
    again = numbers_json(toy_match, 1, lambda p, e: 1 + len(p) % 5)
    code, out = _run(capsys, "resolve", str(toy_match), "--from", str(again), "--round", "1")
    assert code == 0, out
    assert (
        f"correct those posts (festival post {toy_match} --round 1 corrects them on Discord)"
    ) in out
    assert f"Next: festival post {toy_match} --round 1 " in out
    assert "Next: festival announce" not in out


def test_a_cut_request_says_how_to_settle_it(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    assert _run(capsys, "resolve", str(toy_match), "--from", str(path))[0] == 0
    _on_discord(toy_match, discord_api, capsys)
    discord_api.drop_next(after_apply=True, channel="cam")
    code, out = _run(capsys, "post", str(toy_match))
    assert code == 2
    assert "before Discord answered: Discord may hold the message or not" in out
    assert "Look in cam's channel: if it is there, run" in out
    assert out.count("Look in") == 1, out  # said once, not by the sender and the poster both
    assert f"festival post {toy_match} --round 1 --mark-sent LINK" in out
    assert f"festival post {toy_match} --round 1 --resend" in out


# --- names the host types -------------------------------------------------------------------


def test_a_misspelt_player_in_a_json_file_gets_a_did_you_mean(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    path.write_text(path.read_text().replace('"Spadez"', '"Spadz"'))
    code, out = _run(capsys, "resolve", str(toy_match), "--from", str(path))
    assert code == 2
    assert "'Spadz' is not a player of this match (did you mean Spadez?)" in out


def test_a_misspelt_player_in_the_webhooks_file_gets_a_did_you_mean(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hooks = toy_match.parent / "webhooks.csv"
    url = "https://discord.com/api/webhooks/123456789012345678/" + "t" * 68
    hooks.write_text(f"player,webhook\nhots,{url}\nSpadz,{url}\nNobody At All,{url}\n")
    code, out = _run(capsys, "discord", str(toy_match), "--webhooks", str(hooks))
    assert code == 2
    assert "'hots' is not a player of this match (nor `host`); did you mean host?" in out
    assert "'Spadz' is not a player of this match (nor `host`); did you mean Spadez?" in out
    assert (
        "'Nobody At All' is not a player of this match (nor `host`): write a player's name, "
        "or `host`"
    ) in out


def test_a_misspelt_player_in_the_spreadsheets_file_gets_a_did_you_mean(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = toy_match.parent / "sheets.csv"
    rows = [f"{p},key-{i}" for i, p in enumerate(PLAYERS) if p != "Spadez"] + ["Spadz,key-x"]
    sheets.write_text("player,spreadsheet\n" + "\n".join(rows) + "\n")
    host = "https://docs.google.com/spreadsheets/d/KEY/edit"
    code, out = _run(
        capsys, "google", str(toy_match), "--sheets", str(sheets), "--host-sheet", host
    )
    assert code == 2
    assert "'Spadz' is not a player of this match; did you mean Spadez?" in out


def test_a_tiebreak_with_a_misspelt_player_gets_a_did_you_mean(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    order = ",".join(p if p != "Spadez" else "Spadz" for p in PLAYERS)
    folder = tmp_path / "m"
    code, out = _run(capsys, "new", str(folder), "--roster", str(roster_csv), "--tiebreak", order)
    assert code == 2
    assert (
        "--tiebreak names players not in the roster: Spadz (did you mean Spadez?); write the "
        "roster's names, comma-separated"
    ) in out


# --- rounds out of order ------------------------------------------------------------------


def test_commands_before_their_round_say_what_to_run_first(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(capsys, "announce", str(toy_match))
    assert code == 2
    assert (
        "no round is resolved yet: resolve round 1 first (`festival resolve MATCH --from "
        "FOLDER`), then run this again"
    ) in out
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    code, out = _run(capsys, "resolve", str(toy_match), "--from", str(path), "--round", "3")
    assert code == 2
    assert (
        "round 1 must be resolved before round 3: resolve round 1 first (`festival resolve` "
        "with --round 1, or without --round)"
    ) in out
