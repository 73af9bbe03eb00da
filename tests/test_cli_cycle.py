"""One whole festival through the command line, with the Tally test event in every event."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from festival.cli.main import main
from festival.core.registry import event_title
from festival.match.match import Match
from tests.conftest import PLAYERS, TABS, fill_workbooks, numbers_json
from tests.support.toy_event import ENGINE_ARGS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def pick(player: str, event: str) -> int:
    return (PLAYERS.index(player) + len(event)) % 5 + 1


def test_full_cycle_new_allocate_templates_resolve_standings_announce(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = str(toy_match)
    match = Match.open(toy_match)
    members = match.allocation.members
    assert sorted(len(v) for v in members.values()) == [6, 7, 7]

    # Round 1 from workbooks: Summoner's Dream (6 players) starts in round 2, so no tab for it.
    code, out, _ = run(capsys, "templates", m, "--round", "1")
    assert code == 0 and "Wrote 10 workbook(s)" in out
    folder = toy_match / "templates" / "round-1"
    for player in PLAYERS:
        tabs = openpyxl.load_workbook(folder / f"{player}.xlsx").sheetnames
        expected = {TABS[e] for e in match.events_of(player, 1)}
        assert expected <= set(tabs)
        assert TABS["summoners"] not in tabs
    folder = Path(shutil.copytree(folder, toy_match.parent / "inbox-1"))  # as players send back
    fill_workbooks(
        folder, {p: {TABS[e]: pick(p, e) for e in match.events_of(p, 1)} for p in PLAYERS}
    )
    code, out, _ = run(capsys, "resolve", m, "--from", str(folder))
    assert code == 0, out
    assert "Resolved round 1" in out

    code, out, _ = run(capsys, "standings", m, "--json")
    data = json.loads(out)
    assert data["round"] == 1 and data["final"] is False
    assert {p["player"] for p in data["players"]} == set(PLAYERS)
    for p in data["players"]:
        assert set(p) >= {
            "player",
            "events",
            "average_rank",
            "garnets",
            "tokens_of_life",
            "winner",
            "elimination_candidate",
        }
        assert isinstance(p["average_rank"], str)
    assert set(data["events"]) == {"alchemy", "continuum", "summoners"}
    for ranking in data["events"].values():
        assert [e["rank"] for e in ranking] == list(range(1, len(ranking) + 1))
        assert all({"player", "rank", "score", "tiebreaks"} <= set(e) for e in ranking)

    # Rounds 2-6 from canonical JSON files.
    for round_no in range(2, 7):
        path = numbers_json(toy_match, round_no, pick)
        code, out, _ = run(capsys, "resolve", m, "--from", str(path))
        assert code == 0, out

    code, out, _ = run(capsys, "standings", m, "--json")
    data = json.loads(out)
    assert data["round"] == 6 and data["final"] is True
    assert sum(p["winner"] for p in data["players"]) >= 1
    assert (
        sum(p["elimination_candidate"] for p in data["players"]) == 1
        or data["elimination_choice_pending"]
    )

    code, out, _ = run(capsys, "announce", m, "--round", "6", "--out", str(toy_match / "ann"))
    assert code == 0
    assert "----- PUBLIC (1/" in out and "# Final results" in out
    files = list((toy_match / "ann").glob("*.md"))
    assert any(f.name.startswith("round-6-private-Spadez") for f in files)
    assert all(len(f.read_text().rstrip("\n")) <= 2000 for f in files)

    code, out, _ = run(capsys, "standings", m)
    assert code == 0 and "Festival (final)" in out


def test_invalid_cell_is_reported_with_player_tab_and_cell_and_nothing_resolves(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = str(toy_match)
    match = Match.open(toy_match)
    run(capsys, "templates", m)
    folder = Path(shutil.copytree(toy_match / "templates" / "round-1", toy_match.parent / "in"))
    values = {p: {TABS[e]: 3 for e in match.events_of(p, 1)} for p in PLAYERS}
    event = match.events_of("cam", 1)[0]
    values["cam"][TABS[event]] = "seven"
    fill_workbooks(folder, values)
    code, out, _ = run(capsys, "resolve", m, "--from", str(folder))
    assert code == 1
    assert (
        f"cam: [{event_title(event)}] {TABS[event]}!B2: 'seven' is not a number from 1 to 5" in out
    )
    assert match.last_resolved_round() == 0
    raw = [r for r in match.store.raws(1) if r.player == "cam"]
    assert raw and match.store.parse_errors(raw[-1].id)[0]["cell"] == "B2"

    code, out, _ = run(capsys, "resolve", m, "--from", str(folder), "--default-invalid")
    assert code == 0 and "invalid, default played" in out
    assert match.last_resolved_round() == 1


def test_user_errors_are_one_line_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(capsys, "standings", str(tmp_path / "nowhere"))
    assert code == 2
    assert err.startswith("festival: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_missing_players_play_the_default(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = toy_match.parent / "r1.json"
    path.write_text(json.dumps({"round": 1, "submissions": {}}))
    code, out, _ = run(capsys, "resolve", str(toy_match), "--from", str(path))
    assert code == 0
    assert out.count("missing, default played") == 14  # 7 + 7 participants in round 1


@pytest.mark.slow
def test_help_lists_every_subcommand_and_each_has_its_own_help() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "festival.cli", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    commands = ["new", "allocate", "templates", "resolve", "standings", "announce", "demo"]
    for name in commands:
        assert name in out
        sub = subprocess.run(
            [sys.executable, "-m", "festival.cli", name, "--help"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert sub.startswith(f"usage: festival {name}")


def test_standings_workbook_matches_the_json(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, pick)
    assert run(capsys, "resolve", str(toy_match), "--from", str(path))[0] == 0
    xlsx = toy_match / "standings.xlsx"
    _code, out, _ = run(capsys, "standings", str(toy_match), "--json", "--xlsx", str(xlsx))
    data = json.loads(out)
    book = openpyxl.load_workbook(xlsx)
    rows = list(book["Standings"].iter_rows(values_only=True))
    assert [r[0] for r in rows[1:]] == [p["player"] for p in data["players"]]
    alchemy = list(book["Alchemy"].iter_rows(values_only=True))
    assert [r[1] for r in alchemy[1:]] == [e["player"] for e in data["events"]["alchemy"]]


def test_choose_candidate_records_the_sole_winners_choice_only_when_the_rules_leave_it(
    toy_match: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate."""
    m = str(toy_match)
    code, _, err = run(capsys, "choose-candidate", m, "uri")
    assert code == 2 and "only after the last round" in err
    for r in range(1, 7):
        assert run(capsys, "resolve", m, "--from", str(numbers_json(toy_match, r, pick)))[0] == 0
    code, _, err = run(capsys, "choose-candidate", m, "uri")
    assert code == 2 and "leave no choice" in err

    from dataclasses import replace

    import festival.match.service
    from festival.match.standings_view import festival_standings

    def pending(match: Match, states: object, with_choice: bool = True) -> object:
        real = festival_standings(match, states, with_choice)  # type: ignore[arg-type]
        return replace(real, elimination_candidate=None, elimination_choice_pending=("uri", "cam"))

    monkeypatch.setattr(festival.match.service, "festival_standings", pending)
    code, _, err = run(capsys, "choose-candidate", m, "Spadez")
    assert code == 2 and "not among the tied players: uri, cam" in err
    code, out, _ = run(capsys, "choose-candidate", m, "CAM")
    assert code == 0 and "chose cam" in out
    assert Match.open(toy_match).winner_choice() == "cam"
    # a second choice is checked against the tie as it stands, not against the first choice
    code, _, err = run(capsys, "choose-candidate", m, "Spadez")
    assert code == 2 and "not among the tied players" in err


def test_status_says_what_to_run_next(toy_match: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "status", str(toy_match))
    assert code == 0
    assert "round 0 of 6 resolved" in out
    assert "Summoner's Dream: 6 players, rounds 2, 3, 4, 5, 6" in out
    assert f"Next: festival templates {toy_match} --round 1" in out
    # once the workbooks are written, status sends the host on, not back to `templates`
    assert main(["templates", str(toy_match)]) == 0
    code, out, _ = run(capsys, "status", str(toy_match))
    assert code == 0 and "Next: festival templates" not in out
    assert out.rstrip().splitlines()[-1] == (
        f"Next: the round 1 workbooks are in {toy_match / 'templates' / 'round-1'}: send each "
        "player theirs, collect them into one folder (as <player>.xlsx), then: festival "
        f"resolve {toy_match} --from FOLDER --round 1"
    )


def test_the_sole_winners_choice_reaches_the_standings(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """If this is still a tie and there is a sole winner, the sole winner selects the
    Elimination Candidate. (`festival choose-candidate` records it; `festival standings`, in
    words and in JSON, then names that player.) Nobody submits anything, so every event is
    ranked by this Gamewide Tiebreak: Juniper is the sole winner, cam and Larkspur tie on
    average (5) and on worst placement (6th)."""
    order = "Juniper,Quill,Mistral,Tamsin,Wren,Spadez,uri,hedger,cam,Larkspur"
    m = str(tmp_path / "tied")
    new = ["new", m, "--roster", str(roster_csv), "--seed", "7", "--tiebreak", order]
    assert run(capsys, *new, *ENGINE_ARGS)[0] == 0
    assert run(capsys, "allocate", m)[0] == 0
    for r in range(1, 7):
        nothing = tmp_path / f"nothing-{r}.json"
        nothing.write_text(json.dumps({"round": r, "submissions": {}}))
        code, out, err = run(capsys, "resolve", m, "--from", str(nothing))
        assert code == 0, out + err
    code, out, _ = run(capsys, "standings", m, "--json")
    before = json.loads(out)
    assert before["final"] is True and before["sole_winner"] == "Juniper"
    assert before["elimination_candidate"] is None
    assert before["elimination_choice_pending"] == ["cam", "Larkspur"]
    code, out, _ = run(capsys, "standings", m)
    assert "the sole winner chooses among cam, Larkspur" in out

    code, out, _ = run(capsys, "choose-candidate", m, "larkspur")
    assert code == 0 and "chose Larkspur" in out
    code, out, _ = run(capsys, "standings", m, "--json")
    after = json.loads(out)
    assert after["elimination_candidate"] == "Larkspur"
    assert after["elimination_choice_pending"] == []
    assert after["elimination_decided_by"] == "the sole winner's choice (Juniper)"
    flagged = [p["player"] for p in after["players"] if p["elimination_candidate"]]
    assert flagged == ["Larkspur"]
    # "The number of garnets spent on your preference list": spent, shown beside those earned
    spent = {p["player"]: p["garnets_spent"] for p in after["players"]}
    assert spent == {"Spadez": 2, "hedger": 1, "uri": 0, "cam": 3, "Larkspur": 0, "Wren": 1,
                     "Mistral": 0, "Juniper": 2, "Quill": 1, "Tamsin": 0}  # fmt: skip
    juniper = next(p for p in after["players"] if p["player"] == "Juniper")
    placed = sum({1: 2, 2: 1, 3: 1}.get(rank, 0) for rank in juniper["events"].values())
    assert juniper["garnets"] == placed + 1  # earned: never less the 2 spent
    code, out, _ = run(capsys, "standings", m)
    (line,) = [x for x in out.splitlines() if x.strip().startswith("Larkspur: average")]
    assert "ELIMINATION CANDIDATE" in line and "chooses among" not in out
