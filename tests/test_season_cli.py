"""A season through the command line (issue 40): a finished Tally match taken as an episode,
tokens given, the Candidate's pick, the Death Match made through the duel service's door with
both players seated, its result eliminating the loser; every refusal in words, with --json's
exact values; a season folder from another machine read as data, never run."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.conftest import PLAYERS, numbers_json
from tests.support.season_kit import json_of, refused, run

USERS = {p: 100000000000000000 + i for i, p in enumerate(PLAYERS)}


def _pick(player: str, event: str) -> int:
    return (PLAYERS.index(player) * 3 + len(event)) % 5 + 1


def _finish(match: Path, capsys: pytest.CaptureFixture[str], rounds: int = 6) -> None:
    for r in range(1, rounds + 1):
        path = numbers_json(match, r, _pick)
        assert run(capsys, "resolve", str(match), "--from", str(path))[0] == 0


@pytest.fixture
def season(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    roster = tmp_path / "season.csv"
    rows = [f"{p},{USERS[p]}," for p in PLAYERS]
    rows[0] = f"{PLAYERS[0]},{USERS[PLAYERS[0]]},5"  # a starting number of one's own
    roster.write_text("player,discord,starting garnets\n" + "\n".join(rows) + "\n")
    folder = tmp_path / "s1"
    code, _, err = run(capsys, "season", "new", str(folder), "--roster", str(roster))
    assert code == 0, err
    return folder


def test_a_whole_episode_from_the_match_to_the_death_matchs_result(
    toy_match: Path, season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = str(season)
    start = json_of(capsys, "season", "show", s)
    assert {p["player"]: p["garnets"] for p in start["players"]} == {
        p: (5 if p == PLAYERS[0] else 3) for p in PLAYERS
    }
    # not finished: refused, nothing recorded
    _finish(toy_match, capsys, rounds=5)
    code, _, err = run(capsys, "season", "episode", s, str(toy_match))
    assert code == 2 and f"{toy_match} (" in err, err  # the folder typed, then the id
    assert "is not finished: resolve its last round" in err, err
    err = refused(capsys, "season", "episode", str(toy_match), s)  # swapped
    assert f"{season} is a season folder and {toy_match} is not: did you swap them?" in err
    _finish_last(toy_match, capsys)
    standings = json_of(capsys, "standings", str(toy_match))
    after = json_of(capsys, "season", "episode", s, str(toy_match))
    by = {p["player"]: p for p in after["players"]}
    for p in standings["players"]:
        before = 5 if p["player"] == PLAYERS[0] else 3
        assert by[p["player"]]["garnets"] == before - p["garnets_spent"] + p["garnets"]
        assert by[p["player"]]["tokens"] == p["tokens_of_life"]
    (ep,) = after["episodes"]
    winner, candidate = standings["sole_winner"], standings["elimination_candidate"]
    assert ep["winners"] == [winner] and ep["elimination_candidate"] == candidate
    kinds = [e["kind"] for e in after["added"]]
    assert kinds[0] == "episode" and {"spend", "grant", "token given"} <= set(kinds)
    assert all(e["source"]["kind"] == "match" for e in after["added"])
    # the same match again: refused by its id
    code, _, err = run(capsys, "season", "episode", s, str(toy_match))
    assert code == 2 and "is taken already: it is episode 1" in err, err

    others = [p for p in PLAYERS if p not in (winner, candidate)]
    code, _, err = run(capsys, "season", "opponent", s, others[0])
    assert code == 2 and f"{winner} still holds more than 1 Token of Life" in err, err
    code, _, err = run(capsys, "season", "give", s, winner, candidate)
    assert code == 2 and "is the Elimination Candidate" in err, err
    code, out, err = run(capsys, "season", "give", s, winner, others[0].upper())  # roster-matched
    assert code == 0 and f"Next: festival season opponent {s} PLAYER ({candidate}'s pick)" in out
    given = json_of(capsys, "season", "show", s)["entries"][-1]
    assert given["other"] == winner and given["player"] == others[0]
    code, _, err = run(capsys, "season", "opponent", s, others[0])
    assert code == 2 and f"{others[0]} holds a Token of Life and may not be picked" in err
    picked = json_of(capsys, "season", "opponent", s, others[1])
    assert picked["episodes"][0]["opponent"] == others[1]

    made = json_of(capsys, "season", "deathmatch", s, "--game", "element", "--seed", "3")
    duel = season / "episode-1-death-match"
    assert made["episodes"][0]["duel_folder"] == "episode-1-death-match"
    code, out, _ = run(capsys, "duel", "status", str(duel))
    assert code == 0 and candidate in out and others[1] in out
    code, out, _ = run(capsys, "duel", "seat", str(duel))
    assert str(USERS[candidate]) in out and str(USERS[others[1]]) in out, out
    code, _, err = run(capsys, "season", "result", s)
    assert code == 2 and "is not over yet" in err, err

    assert run(capsys, "duel", "play", str(duel), "resign", "--player", others[1])[0] == 0
    code, out, err = run(capsys, "season", "result", s)
    assert code == 0 and f"Next: festival season episode {s} MATCH" in out, err
    done = json_of(capsys, "season", "show", s)
    done["added"] = [e for e in done["entries"] if e["source"]["kind"] == "duel"][1:]
    out_player = {p["player"]: p for p in done["players"]}[others[1]]
    assert out_player["alive"] is False and out_player["garnets"] == 0
    assert done["episodes"][0]["eliminated"] == others[1]
    kinds = [e["kind"] for e in done["added"]]
    assert kinds[:2] == ["eliminated", "discard"] and kinds.count("token used") == 2
    assert all(
        e["source"] == {"kind": "duel", "id": e["source"]["id"], "detail": "result"}
        for e in done["added"]
    )
    total = sum(p["garnets"] for p in done["players"])
    g = done["garnets"]
    assert total == g["granted"] - g["spent"] - g["discarded"]
    code, out, _ = run(capsys, "season", "show", s, "--ledger")
    assert code == 0 and f"eliminated {others[1]}" in out and "#1 " in out


def _finish_last(match: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = numbers_json(match, 6, _pick)
    assert run(capsys, "resolve", str(match), "--from", str(path))[0] == 0


def test_a_correction_is_a_new_entry_naming_the_one_it_corrects(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = str(season)
    gave = json_of(capsys, "season", "give", s, PLAYERS[1], PLAYERS[2], "--garnets", "2")
    seq = gave["added"][0]["seq"]
    fixed = json_of(capsys, "season", "correct", s, str(seq), "--why", "typed the wrong player")
    assert fixed["added"][0]["corrects"] == seq and fixed["void"] == [seq]
    assert fixed["entries"][seq - 1] == gave["entries"][seq - 1]  # never edited
    assert {p["player"]: p["garnets"] for p in fixed["players"]}[PLAYERS[2]] == 3
    code, _, err = run(capsys, "season", "correct", s, str(seq), "--why", "again")
    assert code == 2 and f"no entry {seq} that counts" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("give", "Nobody", "uri", "--garnets", "1"), "'Nobody' is no player of the season"),
        (("give", "uri", "cam", "--garnets", "9"), "uri holds 3 garnets"),
        (("give", "uri", "cam"), "no episode is open"),
        (("opponent", "uri"), "no episode is open"),
        (("deathmatch", "--game", "element"), "no episode is open"),
        (("result",), "no episode is open"),
        (("reinstate", "uri", "--why", "x"), "uri is not eliminated"),
        (("correct", "99", "--why", "x"), "no entry 99 that counts"),
    ],
)
def test_refusals_say_what_is_wrong(
    season: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    before = json_of(capsys, "season", "show", str(season))
    code, _, err = run(capsys, "season", argv[0], str(season), *argv[1:])
    assert code == 2 and said in err, err
    assert json_of(capsys, "season", "show", str(season)) == before


@pytest.mark.parametrize(
    ("roster", "said"),
    [
        ("player,garnets\nA,1\nB,2\n", "a season roster's column is 'starting garnets'"),
        ("player,discord\nA,12\nB,\n", "'12' is not a Discord user id"),
        ("player,starting garnets\nA,-1\nB,\n", "must be a whole number >= 0"),
        ("name\nAlice\nalice\n", "alice looks the same as Alice"),
    ],
)
def test_a_bad_roster_is_refused_with_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], roster: str, said: str
) -> None:
    path = tmp_path / "r.csv"
    path.write_text(roster)
    code, _, err = run(capsys, "season", "new", str(tmp_path / "s"), "--roster", str(path))
    assert code == 2 and said in err, err
    assert not (tmp_path / "s" / "season.sqlite").exists()


def test_rules_are_named_options_kept_with_the_season(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.csv"
    path.write_text("player\nA\nB\n")
    made = json_of(
        capsys,
        "season",
        "new",
        str(tmp_path / "s"),
        "--roster",
        str(path),
        "--rule",
        "starting-garnets=5",
        "--rule",
        "tokens_after=kept",
        "--rule",
        "finals-best-of=5",
        "--rule",
        "finals-gift=4,2,0",
    )
    assert made["rules"] == {
        "starting_garnets": 5,
        "tokens_kept": 1,
        "receivers": "anyone-but-the-candidate",
        "pickable": "players-without-a-token",
        "eliminated_garnets": "discarded",
        "tokens_after": "kept",
        "finals_best_of": 5,
        "finals_gift": [4, 2, 0],
    }
    assert [p["garnets"] for p in made["players"]] == [5, 5]
    code, _, err = run(
        capsys,
        "season",
        "new",
        str(tmp_path / "t"),
        "--roster",
        str(path),
        "--rule",
        "pickable=whoever",
    )
    assert code == 2 and "not one of players-without-a-token, anyone-still-in" in err, err


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        (
            'UPDATE entries SET kind = \'__import__("os").system("touch pwned")\' WHERE seq = 1',
            "which festival does not write",
        ),
        ("UPDATE entries SET why = X'80049505' WHERE seq = 1", "something other than text"),
        ("UPDATE entries SET player = 'Mallory' WHERE seq = 1", "no player of the season"),
        (
            "UPDATE meta SET value = 'cos\nsystem\n' WHERE key = 'rules'",
            "meta.rules is not valid JSON",
        ),
        ("UPDATE entries SET amount = -4 WHERE seq = 1", "not a whole number >= 0"),
    ],
)
def test_a_season_folder_from_another_machine_is_read_as_data(
    season: Path,
    capsys: pytest.CaptureFixture[str],
    sql: str,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    conn = sqlite3.connect(season / "season.sqlite")
    conn.execute(sql)
    conn.commit()
    conn.close()
    code, _, err = run(capsys, "season", "show", str(season))
    assert code == 2 and "is damaged" in err and said in err, err
    assert not (tmp_path / "pwned").exists()
