"""Hand-ins (issue #38): a player's file for the open round through the match service's one
door, stored before it is read (the inbox's limits and mark check), answered at once in the
words of the round's private report, counted when the host resolves, closed once resolved;
the same delivery stored and answered once; and the reads of what counts now."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.match import service
from festival.match.acts import HOST, Actor, NotAllowed, Via
from festival.match.handin_acts import (
    ClosedWhy,
    EmptyHandIn,
    HandIn,
    HandInTooLarge,
    NotTheirEvent,
    RoundClosed,
)
from festival.match.match import Match
from festival.match.origin import CameFrom, came_from
from festival.match.verdict import LATEST_COUNTS, HandedIn, VerdictKind, ready_sentence
from sheets.limits import MAX_FILE_BYTES
from sheets.xlsx_writer import write_templates
from tests.conftest import PLAYERS, ROSTER, TABS, fill_workbooks
from tests.support.toy_event import ENGINE_ARGS

WREN = Actor.of_player("Wren")


@pytest.fixture
def books(toy_match: Path, tmp_path: Path) -> Path:
    """The round 1 workbooks festival wrote, Wren's filled in (3 in each of her events)."""
    out = tmp_path / "books"
    assert main(["templates", str(toy_match), "--out", str(out)]) == 0
    fill_workbooks(
        out,
        {
            "Wren": {TABS["alchemy"]: 3, TABS["continuum"]: 3},
            "Juniper": {TABS["continuum"]: 2},
        },
    )
    return out


def _wren(books: Path, **cells: object) -> bytes:
    """Wren's workbook with these cells of the Tally tabs typed (tab key -> {cell: value})."""
    path = books / "Wren.xlsx"
    book = openpyxl.load_workbook(path)
    for key, value in cells.items():
        tab, _, cell = key.partition("_")
        book[TABS[tab]][cell] = value
    out = books.parent / "wren-edited.xlsx"
    book.save(out)
    return out.read_bytes()


def _raws(folder: Path) -> int:
    match = Match.open(folder)
    try:
        return len(match.store.raws())
    finally:
        match.close()


def _hand_in(folder: Path, content: bytes, name: str = "Wren.xlsx", key: str = "a1") -> HandedIn:
    return service.run(folder, HandIn("Wren", name, content), WREN, Via.BOT, key)


# --- every bad input ----------------------------------------------------------------------


def _another_players(match: Path, books: Path) -> bytes:
    return (books / "Juniper.xlsx").read_bytes()


def _another_rounds(match: Path, books: Path) -> bytes:
    opened = Match.open(match)
    state = {e: opened.engine(e) for e in opened.events_of("Wren", 1)}
    from festival.match.replay import states_after

    states = states_after(opened, 0)
    tabs = [state[e].template(states[e], "Wren", 1) for e in state]
    path = books.parent / "round-3.xlsx"
    write_templates(path, tabs, "AWA Festival, round 3", opened.stamp(3, "Wren"))
    opened.close()
    return path.read_bytes()


def _another_matchs(match: Path, books: Path) -> bytes:
    roster = books.parent / "roster-2.csv"
    roster.write_text(ROSTER)
    other = books.parent / "other"
    assert main(["new", str(other), "--roster", str(roster), "--seed", "8", *ENGINE_ARGS]) == 0
    assert main(["allocate", str(other)]) == 0
    assert main(["templates", str(other), "--out", str(books.parent / "other-books")]) == 0
    return (books.parent / "other-books" / "Wren.xlsx").read_bytes()


def _corrupt(match: Path, books: Path) -> bytes:
    return b"PK\x03\x04 this is no workbook"


@dataclass(frozen=True)
class Refused:
    """A file stored, and answered with problems in every event, in these words."""

    make: Callable[[Path, Path], bytes]
    words: str


REFUSED_FILES = {
    "another player's workbook": Refused(
        _another_players, "- Wren.xlsx was made for Juniper, not for Wren: send Wren's round 1"
    ),
    "another round's workbook": Refused(
        _another_rounds, "- Wren.xlsx is the workbook of round 3, not of round 1: send Wren's"
    ),
    "another match's workbook": Refused(
        _another_matchs, "- Wren.xlsx was made for another match: send Wren's round 1"
    ),
    "a corrupt file": Refused(_corrupt, "- Wren.xlsx: "),
}


@pytest.mark.parametrize("case", REFUSED_FILES, ids=list(REFUSED_FILES))
def test_a_file_that_is_not_hers_is_stored_and_refused_by_name(
    case: str, toy_match: Path, books: Path
) -> None:
    given = REFUSED_FILES[case]
    content = given.make(toy_match, books)
    before = _raws(toy_match)
    done = _hand_in(toy_match, content)
    assert _raws(toy_match) == before + 1  # stored as received, before it was read
    assert not done.ready
    assert [v.kind for v in done.events] == [VerdictKind.PROBLEMS] * 2
    first = done.events[0]
    assert any(line.startswith(given.words) for line in first.problems), first.problems
    assert done.sentence.startswith("Not ready: Wren.xlsx has problems in ")
    table = service.round_table(toy_match)
    wren = [c for c in table.cells if c.player == "Wren"]
    assert {(c.kind, c.came_from) for c in wren} == {(VerdictKind.PROBLEMS, CameFrom.DISCORD)}


@pytest.mark.parametrize(
    ("content", "refusal", "words"),
    [
        (b"", EmptyHandIn, "Wren.xlsx is empty: nothing was kept; send the file again"),
        (
            b"x" * (MAX_FILE_BYTES + 1),
            HandInTooLarge,
            "Wren.xlsx is 5 MB; festival reads files of at most 5 MB: nothing was kept",
        ),
    ],
    ids=["an empty file", "an oversized one"],
)
def test_an_empty_or_oversized_file_is_refused_in_one_line_and_nothing_is_stored(
    content: bytes, refusal: type[Exception], words: str, toy_match: Path, books: Path
) -> None:
    before = _raws(toy_match)
    with pytest.raises(refusal) as caught:
        _hand_in(toy_match, content)
    assert str(caught.value) == words
    assert "\n" not in str(caught.value)
    assert _raws(toy_match) == before
    assert all(c.came_from is None for c in service.round_table(toy_match).cells)


def test_a_json_submission_counts_for_the_events_it_names(toy_match: Path, books: Path) -> None:
    content = json.dumps({"round": 1, "submissions": {"Wren": {"alchemy": {"number": 2}}}})
    done = _hand_in(toy_match, content.encode(), "wren.json")
    assert [(v.event, v.kind) for v in done.events] == [("alchemy", VerdictKind.READY)]
    assert done.sentence == "Ready: this counts for round 1 (Alchemy)"
    other = json.dumps({"round": 1, "submissions": {"Juniper": {"continuum": {"number": 2}}}})
    refused = _hand_in(toy_match, other.encode(), "wren.json", key="a2")
    assert refused.events[0].kind is VerdictKind.PROBLEMS
    assert 'hand in your own submissions only, under "Wren"' in refused.events[0].problems[0]


def test_the_same_delivery_is_stored_once_and_answered_as_the_first_time(
    toy_match: Path, books: Path
) -> None:
    content = (books / "Wren.xlsx").read_bytes()
    first = _hand_in(toy_match, content, key="attachment-7")
    match = Match.open(toy_match)
    dump = match.store.dump()
    match.close()
    again = _hand_in(toy_match, b"another file altogether", key="attachment-7")
    assert again.again and not first.again
    assert (again.sentence, again.events, again.round_no) == (
        first.sentence,
        first.events,
        first.round_no,
    )
    match = Match.open(toy_match)
    assert match.store.dump() == dump  # nothing new stored
    match.close()


def test_a_hand_in_after_resolve_is_kept_as_late_and_changes_no_result(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = (books / "Wren.xlsx").read_bytes()
    assert main(["resolve", str(toy_match), "--from", str(books), "--default-invalid"]) == 0
    match = Match.open(toy_match)
    rounds = [r.submissions for r in match.store.rounds()]
    match.close()
    late = _wren(books, alchemy_B2=5, continuum_B2=5)
    before = _raws(toy_match)
    with pytest.raises(RoundClosed) as caught:
        _hand_in(toy_match, late, key="late-1")
    assert (caught.value.round_no, caught.value.why) == (1, ClosedWhy.RESOLVED)
    assert str(caught.value) == (
        "round 1 is closed (it is resolved): Wren.xlsx was kept as late and changes no result"
    )
    assert _raws(toy_match) == before + 1  # kept
    with pytest.raises(RoundClosed):  # the same delivery: the same answer
        _hand_in(toy_match, late, key="late-1")
    assert (
        main(["resolve", str(toy_match), "--from", str(books), "--round", "1", "--default-invalid"])
        == 0
    )
    match = Match.open(toy_match)
    assert [r.submissions for r in match.store.rounds()] == rounds
    match.close()
    del content


# --- the words are the report's -----------------------------------------------------------


def test_the_verdict_says_exactly_what_the_private_report_says(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = _wren(books, alchemy_B2=9, continuum_B2=3, continuum_D7="hello host")
    done = _hand_in(toy_match, content)
    alchemy, continuum = done.events
    assert alchemy.kind is VerdictKind.PROBLEMS and continuum.kind is VerdictKind.READY
    assert continuum.warnings  # typed where festival reads nothing
    assert main(["resolve", str(toy_match), "--hand-ins", "--default-invalid"]) == 0
    report = service.announce(toy_match, 1).messages.private["Wren"]
    for line in (*alchemy.problems, *continuum.warnings):
        assert line in report.splitlines()
    from festival.match.announce import NOT_READ_HEAD

    assert NOT_READ_HEAD in continuum.lines


def test_ready_says_the_round_and_the_events_and_the_rule(toy_match: Path, books: Path) -> None:
    done = _hand_in(toy_match, (books / "Wren.xlsx").read_bytes())
    assert done.ready
    assert done.sentence == ready_sentence(1, ("Alchemy", "Elemental Continuum"))
    assert done.sentence == "Ready: this counts for round 1 (Alchemy, Elemental Continuum)"
    assert done.rule == LATEST_COUNTS
    assert done.markdown().endswith(LATEST_COUNTS)
    assert done.deadline is None


def test_the_answer_holds_no_host_path_and_no_other_player_s_facts(
    toy_match: Path, books: Path
) -> None:
    content = _wren(books, alchemy_B2=9)
    done = _hand_in(toy_match, content, name=str(books / "Wren.xlsx"))
    text = done.markdown() + service.submission(toy_match, "Wren").markdown()
    assert str(books) not in text and str(toy_match) not in text
    assert done.name == "Wren.xlsx"
    for other in PLAYERS:
        if other != "Wren":
            assert other not in text


# --- who may hand in, for what ------------------------------------------------------------


def test_a_player_hands_in_only_for_herself_and_only_for_her_events(
    toy_match: Path, books: Path
) -> None:
    content = (books / "Juniper.xlsx").read_bytes()
    with pytest.raises(NotAllowed) as refused:
        service.run(toy_match, HandIn("Juniper", "J.xlsx", content), WREN, Via.BOT, "x")
    assert str(refused.value) == "Wren may hand in only their own file, not Juniper's"
    with pytest.raises(NotTheirEvent) as caught:
        service.run(toy_match, HandIn("Wren", "W.xlsx", content, "summoners"), WREN, Via.BOT)
    assert "Wren does not play Summoner's Dream in round 1" in str(caught.value)
    done = service.run(toy_match, HandIn("Juniper", "J.xlsx", content), HOST, Via.CLI)
    assert done.ready


# --- resolve counts the hand-ins ---------------------------------------------------------


def test_resolve_counts_the_latest_hand_in_of_each_event(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand_in(toy_match, _wren(books, alchemy_B2=2, continuum_B2=2), key="1")
    _hand_in(toy_match, _wren(books, alchemy_B2=4, continuum_B2=4), key="2")
    five = _wren(books, alchemy_B2=1, continuum_B2=5)
    service.run(toy_match, HandIn("Wren", "late.xlsx", five, "continuum"), WREN, Via.BOT, "3")
    now = service.submission(toy_match, "Wren")
    assert [(c.verdict.event, c.name) for c in now.events] == [
        ("alchemy", "Wren.xlsx"),
        ("continuum", "late.xlsx"),
    ]
    (books / "Wren.xlsx").unlink()  # the inbox holds the others' workbooks
    assert main(["resolve", str(toy_match), "--from", str(books), "--default-invalid"]) == 0
    match = Match.open(toy_match)
    row = match.store.rounds()[0]
    alchemy, continuum = row.submissions["alchemy"]["Wren"], row.submissions["continuum"]["Wren"]
    assert (alchemy["submission"], continuum["submission"]) == ({"number": 4}, {"number": 5})
    raw = match.store.raw(int(continuum["from"].removeprefix("raw:")))
    assert came_from(raw.source, raw.content_type) is CameFrom.DISCORD
    match.close()
    table = service.round_table(toy_match, 1)
    assert ("Wren", "continuum", "ready", "Discord") in table.rows()
    assert ("Juniper", "continuum", "ready", "inbox") in table.rows()


def test_a_hand_in_and_an_inbox_file_of_one_player_stop_the_round(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand_in(toy_match, (books / "Wren.xlsx").read_bytes(), name="wren-final.xlsx")
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(books)]) != 0
    err = capsys.readouterr().err
    assert "two submissions for one player (Wren: hand-in wren-final.xlsx and Wren.xlsx)" in err
    assert Match.open(toy_match).last_resolved_round() == 0


# --- the command line ---------------------------------------------------------------------


def test_the_host_hands_in_for_a_player_and_sees_the_bot_s_answer(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    path = books / "Wren.xlsx"
    assert main(["hand-in", str(toy_match), "--player", "wren", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ready: this counts for round 1 (Alchemy, Elemental Continuum)\n")
    assert LATEST_COUNTS in out
    assert main(["status", str(toy_match)]) == 0
    out = capsys.readouterr().out
    assert "Round 1 hand-ins (the latest counts):" in out
    assert "Wren      Alchemy: ready (CLI)" in out
    assert "Juniper   Elemental Continuum: nothing yet" in out
    assert f"or alone: festival resolve {toy_match} --hand-ins" in out
    code = main(["hand-in", str(toy_match), "--player", "Wren", "--event", "summoners", str(path)])
    assert code != 0
    err = capsys.readouterr().err
    assert "--event Summoner's Dream: Wren does not play it in round 1" in err
    assert main(["resolve", str(toy_match), "--hand-ins", "--default-invalid"]) == 0
    out = capsys.readouterr().out
    assert "Resolved round 1" in out


# --- pictures ------------------------------------------------------------------------------


def test_a_continuum_board_handed_in_comes_back_as_her_own_picture(
    tmp_path: Path, roster_csv: Path
) -> None:
    from events.continuum.model import SetupSubmission
    from events.continuum.parse import setup_json
    from festival.core.picture import png
    from tests.support.continuum_boards import stripes

    folder = tmp_path / "real"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7"]) == 0
    assert main(["allocate", str(folder)]) == 0
    board = setup_json(SetupSubmission(stripes()))
    content = json.dumps({"round": 1, "submissions": {"Wren": {"continuum": board}}})
    done = _hand_in(folder, content.encode(), "wren.json")
    (verdict,) = done.events
    assert verdict.kind is VerdictKind.READY, verdict.lines
    ((name, picture),) = verdict.pictures
    assert name == "Your board"
    assert picture.caption == "Your board as handed in for round 1"
    assert len(picture.cells) == 64
    assert {c.symbol for c in picture.cells if c.symbol} == {"2", "4", "6"}
    assert picture.legend["symbol:6"] == "6: the ward is worth 6 points"
    assert png(picture).startswith(b"\x89PNG")
    path = tmp_path / "wren.json"
    path.write_text(content)
    out = tmp_path / "pictures"
    args = ["hand-in", str(folder), "--player", "Wren", str(path), "--pictures", str(out)]
    assert main(args) == 0
    (drawn,) = out.iterdir()
    assert drawn.name == "wren-round-1-continuum-your-board.png"
    assert drawn.read_bytes() == png(picture)
    seen = {c.verdict.event: c for c in service.submission(folder, "Wren").events}
    assert seen["continuum"].verdict.pictures == verdict.pictures
    assert seen["continuum"].came_from is CameFrom.CLI  # the latest: the host's
    assert seen["alchemy"].verdict.kind is VerdictKind.NOTHING


def test_a_bot_killed_between_storing_and_answering_answers_the_same_on_the_retry(
    toy_match: Path, books: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after the file was stored, before the hand-in and its answer were recorded: the
    retry stores the file once and answers; killed after: the retry answers the same."""
    from festival.match import handin

    content = (books / "Wren.xlsx").read_bytes()
    recorded = handin._record

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # the process dies here

    monkeypatch.setattr(handin, "_record", killed)
    with pytest.raises(KeyboardInterrupt):
        _hand_in(toy_match, content, key="att-9")
    assert _raws(toy_match) == 1
    monkeypatch.setattr(handin, "_record", recorded)
    first = _hand_in(toy_match, content, key="att-9")
    again = _hand_in(toy_match, content, key="att-9")
    assert _raws(toy_match) == 1 and not first.again and again.again
    assert (again.sentence, again.events) == (first.sentence, first.events)
    match = Match.open(toy_match)
    assert len(handin.records(match)) == 1
    match.close()


def test_a_summoner_s_defence_comes_back_as_her_own_map() -> None:
    from events.summoners.geometry import Facing
    from events.summoners.model import Defence, Placement, SummonersSubmission
    from festival.core.picture import png
    from tests.support.summoners_kit import ENGINE, new_game

    state = new_game()
    first = state.catalog.maps[0]
    tile = next(
        (r, c) for r, line in enumerate(first.rows) for c, ch in enumerate(line) if ch == "G"
    )
    defence = Defence(first.name, (Placement("Yi", tile, Facing.EAST),))
    drawn = ENGINE.private_pictures(state, "ann", SummonersSubmission(defence=defence))
    picture = drawn["Your map"]
    assert picture.caption == f"Your defence on {first.name}, as handed in"
    (tower,) = [c for c in picture.cells if c.kind == "tower"]
    assert (tower.row, tower.col, tower.symbol) == (*tile, "Yi>")
    assert picture.legend["symbol:Yi>"] == "Yi>: Yi, facing east"
    assert png(picture).startswith(b"\x89PNG")
    assert ENGINE.private_pictures(state, "ann", SummonersSubmission()) == {}


def test_a_correction_keeps_the_hand_ins_and_an_inbox_file_replaces_one(
    toy_match: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 1 resolved with Wren's hand-in; the host corrects round 1 from a folder holding
    only Wren's corrected workbook: it replaces her hand-in (no refusal: the round is closed
    to hand-ins, and the stored round keeps them)."""
    _hand_in(toy_match, _wren(books, alchemy_B2=2, continuum_B2=2))
    fix = books.parent / "fix"
    fix.mkdir()
    (fix / "Wren.xlsx").write_bytes(_wren(books, alchemy_B2=5, continuum_B2=5))
    (books / "Wren.xlsx").unlink()
    assert main(["resolve", str(toy_match), "--from", str(books), "--default-invalid"]) == 0
    match = Match.open(toy_match)
    assert match.store.rounds()[0].submissions["alchemy"]["Wren"]["submission"] == {"number": 2}
    match.close()
    assert main(["resolve", str(toy_match), "--from", str(fix), "--round", "1"]) == 0
    match = Match.open(toy_match)
    row = match.store.rounds()[0]
    assert row.submissions["alchemy"]["Wren"]["submission"] == {"number": 5}
    assert row.submissions["continuum"]["Juniper"]["submission"] == {"number": 2}
    match.close()
