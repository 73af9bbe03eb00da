"""The season's finals through the command line (issue 40): episodes played elsewhere recorded
with `season eliminate`, the eliminated players' support by placing, the finals' games made
through the duel service's door with both finalists seated, their results read from the duels,
the champion; every refusal in the command line's words, and --json's exact values."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.season_kit import json_of, refused, run

PLAYERS = ("Juniper", "Wren", "uri", "Spadez")
USERS = {p: 200000000000000000 + i for i, p in enumerate(PLAYERS)}


@pytest.fixture
def season(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    roster = tmp_path / "season.csv"
    rows = [f"{p},{USERS[p]}," for p in PLAYERS]
    roster.write_text("player,discord,starting garnets\n" + "\n".join(rows) + "\n")
    folder = tmp_path / "s1"
    code, _, err = run(capsys, "season", "new", str(folder), "--roster", str(roster))
    assert code == 0, err
    return folder


def test_the_finals_from_the_last_eliminations_to_the_champion(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = str(season)
    # the finals are the last two's: not before
    err = refused(capsys, "season", "final", s, "--game", "element", "--first", "Juniper")
    assert "the finals are not reached: 4 players are still in" in err, err
    err = refused(capsys, "season", "support", s, "Spadez", "Juniper")
    assert "the finals are not reached" in err, err
    out = json_of(capsys, "season", "eliminate", s, "Spadez", "--why", "episode 2: lost its DM")
    assert [e["kind"] for e in out["added"]] == ["eliminated", "discard"]
    json_of(capsys, "season", "eliminate", s, "uri", "--why", "episode 3: lost its DM")
    err = refused(capsys, "season", "eliminate", s, "Wren", "--why", "no")
    assert "Juniper, Wren are the two players left: no more episodes" in err, err

    # the eliminated support a finalist, by placing: uri 3rd gives 3, Spadez 4th gives 2
    err = refused(capsys, "season", "support", s, "Wren", "Juniper")
    assert "Wren is still in: only an eliminated player supports a finalist" in err, err
    err = refused(capsys, "season", "support", s, "uri", "Spadez")
    assert "Spadez is not a finalist (the finalists: Juniper, Wren)" in err, err
    given = json_of(capsys, "season", "support", s, "URI", "juniper")
    (entry,) = given["added"]
    assert entry["kind"] == "support" and entry["other"] == "uri"
    assert entry["player"] == "Juniper" and entry["amount"] == 3
    assert entry["source"]["detail"] == "placed 3rd"
    err = refused(capsys, "season", "support", s, "uri", "Wren")
    assert "uri supported Juniper already (3 garnets): an eliminated player gives once" in err
    code, out, err = run(capsys, "season", "support", s, "Spadez", "Wren")
    assert code == 0, err
    assert "support 2 Spadez -> Wren" in out and "Spadez (placed 4th) supports Wren: 2" in out

    # game 1: who starts is named, both finalists seated with their Discord ids
    err = refused(capsys, "season", "final", s, "--game", "element")
    assert "name the finalist who starts game 1 with --first (Juniper or Wren)" in err, err
    made = json_of(
        capsys, "season", "final", s, "--game", "element", "--seed", "3", "--first", "Wren"
    )
    (game,) = made["finals"]["games"]
    assert game["first"] == "Wren" and game["second"] == "Juniper"
    assert game["duel_folder"] == "final-game-1" and game["over"] is False
    duel = season / "final-game-1"
    code, out, _ = run(capsys, "duel", "seat", str(duel))
    assert str(USERS["Wren"]) in out and str(USERS["Juniper"]) in out, out
    err = refused(capsys, "season", "final", s, "--game", "element")
    assert "finals game 1 (final-game-1) is not recorded yet" in err, err
    err = refused(capsys, "season", "result", s)
    assert "finals game 1 (final-game-1) is not over yet" in err, err
    assert run(capsys, "duel", "play", str(duel), "resign", "--player", "Juniper")[0] == 0
    one = json_of(capsys, "season", "result", s)
    assert [e["kind"] for e in one["added"]] == ["final game won"]
    assert one["finals"]["finalists"] == [
        {"player": "Juniper", "wins": 0},
        {"player": "Wren", "wins": 1},
    ]
    assert one["finals"]["champion"] is None

    # game 2: the other finalist starts; the second win takes the best of 3
    code, out, err = run(capsys, "season", "final", s, "--game", "element", "--seed", "4")
    assert code == 0, err
    assert "Finals game 2: Juniper starts against Wren" in out, out
    duel = season / "final-game-2"
    assert run(capsys, "duel", "play", str(duel), "resign", "--player", "Juniper")[0] == 0
    code, out, err = run(capsys, "season", "result", s)
    assert code == 0, err
    assert "Finals (best of 3, 2 wins): Juniper 0 - Wren 2" in out, out
    assert "Champion of the season: Wren" in out, out
    assert "final game won Wren against Juniper: game 2 (resigned" in out, out
    done = json_of(capsys, "season", "show", s)
    assert done["finals"]["champion"] == "Wren"
    assert [e["kind"] for e in done["entries"][-2:]] == ["final game won", "season won"]
    garnets = {p["player"]: p["garnets"] for p in done["players"]}
    assert garnets == {"Juniper": 6, "Wren": 5, "uri": 0, "Spadez": 0}
    g = done["garnets"]
    assert sum(garnets.values()) == g["granted"] - g["spent"] - g["discarded"]

    # the series is won: nothing more
    err = refused(capsys, "season", "final", s, "--game", "element")
    said = "the season is over: Wren won the finals (2 wins) and is the season's champion"
    assert said in err, err
    err = refused(capsys, "season", "result", s)
    assert "the season is over" in err, err
    err = refused(capsys, "season", "reinstate", s, "uri", "--why", "x")
    assert "the finals have begun: uri cannot come back while the finals' entries count" in err, err


def test_the_post_and_the_show_say_the_finals_as_players_may_know_them(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from festival.season import service

    s = str(season)
    for p in ("Spadez", "uri"):
        assert run(capsys, "season", "eliminate", s, p, "--why", "a secret note")[0] == 0
    assert run(capsys, "season", "support", s, "uri", "Wren", "--why", "host-only note")[0] == 0
    code, out, _ = run(capsys, "season", "show", s)
    assert code == 0
    assert "may still support a finalist: Spadez (2)" in out, out
    post = service.public_markdown(service.show(season))
    assert "**Finals** (best of 3): Juniper 0 - Wren 0." in post
    assert "- uri (placed 3rd) supports Wren: 3 garnets." in post
    assert "note" not in post and str(USERS["Wren"]) not in post
