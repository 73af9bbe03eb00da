"""What hosts hand to `resolve`: folders and JSON files, checked before anything is played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.errors import MatchError, StoreError
from festival.match.match import Match
from festival.match.rounds import ingest_folder, ingest_json, resolve
from festival.match.store import NewRound
from tests.conftest import PLAYERS, ROSTER, TABS, fill_workbooks, numbers_json
from tests.support.toy_event import MODULE


def write_json(folder: Path, round_no: int, submissions: dict[str, object]) -> Path:
    path = folder.parent / f"subs-{round_no}.json"
    path.write_text(json.dumps({"round": round_no, "submissions": submissions}))
    return path


def test_every_problem_of_a_json_file_is_named_at_once(toy_match: Path) -> None:
    match = Match.open(toy_match)
    alchemy = match.participants("alchemy")
    outsider = next(p for p in PLAYERS if p not in alchemy)
    path = write_json(
        toy_match,
        1,
        {
            "nobody": {},
            alchemy[0]: {"bogus": {"number": 1}, "summoners": {"number": 1}},
            outsider: {"alchemy": {"number": 2}},
            alchemy[1].upper(): {"alchemy": {"number": 3}},
            alchemy[1]: {"alchemy": {"number": 3}},
        },
    )
    with pytest.raises(MatchError) as caught:
        ingest_json(match, 1, path)
    text = str(caught.value)
    assert "'nobody' is not a player" in text
    assert "'bogus' is not an event" in text
    assert f"{alchemy[0]} does not play summoners in round 1" in text
    assert f"{outsider} does not play alchemy in round 1" in text
    assert f"{alchemy[1]} is given twice" in text
    assert match.last_resolved_round() == 0
    assert len(match.store.raws(1)) == 1  # stored as received all the same


def test_the_round_in_a_json_file_must_be_the_round_resolved(toy_match: Path) -> None:
    match = Match.open(toy_match)
    path = toy_match.parent / "r.json"
    path.write_text(json.dumps({"round": "1", "submissions": {}}))
    with pytest.raises(MatchError, match="says \"round\": '1'; this is round 1"):
        ingest_json(match, 1, path)


def test_a_correction_for_one_event_keeps_the_players_other_events(toy_match: Path) -> None:
    """A player who sends nothing new for an event keeps what they sent before."""
    match = Match.open(toy_match)
    path = numbers_json(toy_match, 1, lambda p, e: 2)
    resolve(match, 1, ingest_json(match, 1, path))
    both = next(p for p in PLAYERS if len(match.events_of(p, 1)) == 2)
    first, other = match.events_of(both, 1)
    fix = write_json(toy_match, 1, {both: {first: {"number": 5}}})
    resolve(match, 1, ingest_json(match, 1, fix))
    row = match.store.rounds()[0]
    assert row.submissions[first][both]["submission"] == {"number": 5}
    assert row.submissions[other][both]["submission"] == {"number": 2}
    assert row.submissions[other][both]["from"].startswith("kept:raw:")


@pytest.mark.slow
def test_a_misnamed_or_stray_workbook_stops_the_round(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.open(toy_match)
    assert main(["templates", str(toy_match)]) == 0
    folder = Path(shutil.copytree(toy_match / "templates" / "round-1", toy_match.parent / "in"))
    fill_workbooks(folder, {p: {TABS[e]: 1 for e in match.events_of(p, 1)} for p in PLAYERS})
    shutil.copy(folder / "Spadez.xlsx", folder / "Spadez (1).xlsx")  # by name and by mark
    with pytest.raises(
        MatchError, match=r"Spadez \(1\).xlsx and Spadez.xlsx are both Spadez's \(by name or mark\)"
    ):
        ingest_folder(match, 1, folder)
    empty = toy_match / "empty"
    empty.mkdir()
    with pytest.raises(MatchError, match="holds no workbook of any player"):
        ingest_folder(match, 1, empty)
    assert match.last_resolved_round() == 0


def test_nothing_is_stored_for_a_round_that_cannot_be_resolved(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 1)
    assert main(["resolve", str(toy_match), "--from", str(path), "--round", "3"]) == 2
    assert "round 1 must be resolved before round 3" in capsys.readouterr().err
    assert Match.open(toy_match).store.raws() == []


def test_re_resolution_recomputes_defaults_from_the_new_state(
    tmp_path: Path, roster_csv: Path
) -> None:
    """A default that depends on the state (repeat your last number) follows a corrected
    earlier round, exactly as resolving the corrected rounds from scratch would."""
    engines = [
        f"--engine=alchemy={MODULE}:RepeatingAlchemyTally",
        f"--engine=continuum={MODULE}:ContinuumTally",
        f"--engine=summoners={MODULE}:SummonersTally",
    ]
    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3", *engines]) == 0
    assert main(["allocate", str(folder)]) == 0
    match = Match.open(folder)
    player = match.participants("alchemy")[0]
    resolve(
        match, 1, ingest_json(match, 1, write_json(folder, 1, {player: {"alchemy": {"number": 3}}}))
    )
    resolve(match, 2, ingest_json(match, 2, write_json(folder, 2, {})))
    assert match.store.rounds()[1].submissions["alchemy"][player]["submission"] == {"number": 3}
    resolve(
        match, 1, ingest_json(match, 1, write_json(folder, 1, {player: {"alchemy": {"number": 5}}}))
    )
    assert match.store.rounds()[1].submissions["alchemy"][player]["submission"] == {"number": 5}


def test_a_submission_whose_canonical_json_does_not_read_back_is_refused(
    toy_match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.open(toy_match)
    engine = match.engine("alchemy")
    monkeypatch.setattr(engine, "to_json", lambda sub: {"number": 1})
    before = match.store.dump()
    path = numbers_json(toy_match, 1, lambda p, e: 4)
    inputs = ingest_json(match, 1, path)
    after_ingest = match.store.dump()
    with pytest.raises(MatchError, match="does not read back as the same submission"):
        resolve(match, 1, inputs)
    assert match.store.dump() == after_ingest and len(after_ingest) > len(before)


def test_a_commit_computed_from_an_outdated_store_is_refused(toy_match: Path) -> None:
    match = Match.open(toy_match)
    resolve(match, 1, ingest_json(match, 1, numbers_json(toy_match, 1, lambda p, e: 1)))
    with pytest.raises(StoreError, match="changed while this round was being resolved"):
        match.store.commit_rounds([NewRound(2, 1, {}, [], {}, None)], expected_current=[])
    assert len(match.store.rounds()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "{m}", "--roster", "{r}", "--seed", "-5"], "--seed must be a whole number >= 0"),
        (
            ["new", "{m}", "--roster", "{r}", "--engine", "alchemy=os:path"],
            "is not an EventEngine class",
        ),
        (["new", "{m}", "--roster", "{r}/nope.csv"], "nope.csv"),
        (["standings", "{junk}"], "is not a festival match store"),
    ],
)
def test_bad_command_lines_are_one_clear_line(
    tmp_path: Path,
    roster_csv: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / "match.sqlite").write_bytes(b"not a database at all" * 100)
    args = [a.format(m=tmp_path / "m", r=roster_csv, junk=junk) for a in argv]
    args = [a.replace(f"{roster_csv}/nope.csv", str(tmp_path / "nope.csv")) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_roster_names_that_would_share_a_workbook_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text(ROSTER.replace("Wren,", "Mr Cam,").replace("Quill,", "mr_cam,"))
    assert main(["new", str(tmp_path / "m"), "--roster", str(roster)]) == 2
    assert "mr_cam looks the same as the name in row" in capsys.readouterr().err
