"""A new host's walk through a season and its finals (issue 40, review findings 2, 4, 5, 6, 8,
9, 10, 14, 16, 17, 20): every refusal names the way that works for the season's phase, a
misspelt player gets a did-you-mean, a finals entry recorded by mistake is taken back with a
new entry naming it, and the words a host or a player reads are whole words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from festival.season import service
from tests.support.season_kit import json_of, refused, run

PLAYERS = ("Juniper", "Wren", "uri", "Spadez")
USERS = {p: 200000000000000000 + i for i, p in enumerate(PLAYERS)}


def _season(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *rules: str, name: str = "s1"
) -> str:
    roster = tmp_path / f"{name}.csv"
    rows = [f"{p},{'' if p == 'Wren' else USERS[p]}," for p in PLAYERS]  # Wren: no id
    roster.write_text("player,discord,starting garnets\n" + "\n".join(rows) + "\n")
    folder = tmp_path / name
    argv = ["season", "new", str(folder), "--roster", str(roster)]
    for rule in rules:
        argv += ["--rule", rule]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    return str(folder)


def _finals(tmp_path: Path, capsys: pytest.CaptureFixture[str], *rules: str) -> str:
    """A season whose Juniper and Wren are the finalists (Spadez out first, uri placed 3rd)."""
    s = _season(tmp_path, capsys, *rules)
    for p in ("Spadez", "uri"):
        assert run(capsys, "season", "eliminate", s, p, "--why", "lost elsewhere")[0] == 0
    return s


def _game(capsys: pytest.CaptureFixture[str], s: str, loser: str, *more: str) -> None:
    """The finals' next game made, lost by `loser` and recorded."""
    code, _, err = run(capsys, "season", "final", s, "--game", "element", "--seed", "3", *more)
    assert code == 0, err
    folder = service.show(Path(s)).state.finals.games[-1].folder
    assert run(capsys, "duel", "play", str(Path(s) / folder), "resign", "--player", loser)[0] == 0
    code, _, err = run(capsys, "season", "result", s)
    assert code == 0, err


# --- 5: the next step for the season's phase ----------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("opponent", "Wren"),
        ("give", "Juniper", "Wren"),
        ("deathmatch", "--game", "element"),
    ],
)
def test_an_episodes_step_at_the_finals_says_the_finals_are_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    s = _finals(tmp_path, capsys)
    err = refused(capsys, "season", argv[0], s, *argv[1:])
    assert "no episode is open" not in err and "season episode" not in err, err
    assert "Juniper, Wren are the two players left" in err, err
    assert f"festival season final {s} --game GAME --first FINALIST" in err, err
    assert f"festival season support {s} PLAYER FINALIST" in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ("eliminate", "Wren", "--why", "x"),
        ("opponent", "Wren"),
        ("give", "Juniper", "Wren"),
        ("deathmatch", "--game", "element"),
        ("final", "--game", "element"),
        ("support", "uri", "Juniper"),
        ("result",),
    ],
)
def test_after_the_champion_every_step_says_the_season_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    s = _finals(tmp_path, capsys, "finals-best-of=1")
    _game(capsys, s, "Wren", "--first", "Juniper")
    err = refused(capsys, "season", argv[0], s, *argv[1:])
    assert "the season is over: Juniper won the finals (1 win) and is the season's" in err, err
    assert "season final" not in err and "season episode" not in err, err


# --- 4: a finals entry taken back ---------------------------------------------------------


def test_a_finals_game_result_is_taken_back_and_recorded_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys)
    _game(capsys, s, "Wren", "--first", "Juniper")
    before = json_of(capsys, "season", "show", s)
    made, won = (e["seq"] for e in before["entries"][-2:])
    assert [e["kind"] for e in before["entries"][-2:]] == ["final game", "final game won"]

    # the game made is not the latest step while its result counts: named
    err = refused(capsys, "season", "correct", s, str(made), "--why", "wrong game")
    assert f"entry {made} (final game) is not the finals' latest step: take back #{won}" in err
    # the result goes back with a new entry naming it; the game is in play again
    fixed = json_of(capsys, "season", "correct", s, str(won), "--why", "recorded too soon")
    assert [(e["kind"], e["corrects"]) for e in fixed["added"]] == [("correction", won)]
    assert fixed["entries"][: len(before["entries"])] == before["entries"]  # never edited
    assert fixed["void"] == [won]
    assert fixed["finals"]["games"][0]["over"] is False
    err = refused(capsys, "season", "final", s, "--game", "element")
    assert "finals game 1 (final-game-1) is not recorded yet" in err, err
    again = json_of(capsys, "season", "result", s)
    assert [e["kind"] for e in again["added"]] == ["final game won"]

    # now the game itself: its result first, then the game; made again in a new folder
    won = again["added"][0]["seq"]
    code, out, err = run(capsys, "season", "correct", s, str(won), "--why", "wrong game played")
    assert code == 0 and f"Next: festival season result {s} (finals game 1 is in play" in out
    code, out, err = run(capsys, "season", "correct", s, str(made), "--why", "the wrong game")
    assert code == 0 and f"Next: festival season final {s} --game GAME --duel FOLDER" in out
    gone = json_of(capsys, "season", "show", s)
    assert gone["finals"]["games"] == []
    code, out, err = run(
        capsys, "season", "final", s, "--game", "element", "--first", "Wren", "--duel",
        str(tmp_path / "game-1-again"),
    )  # fmt: skip
    assert code == 0, err
    assert "Finals game 1: Wren starts against Juniper" in out, out


def test_the_finals_won_are_taken_back_with_the_game_that_won_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys, "finals-best-of=1")
    code, _, err = run(capsys, "season", "support", s, "uri", "Juniper")
    assert code == 0, err
    _game(capsys, s, "Wren", "--first", "Juniper")
    done = json_of(capsys, "season", "show", s)
    support, made, won, champion = (e["seq"] for e in done["entries"][-4:])
    assert done["finals"]["champion"] == "Juniper"

    # reinstating names the finals' entries to take back first, the latest first
    err = refused(capsys, "season", "reinstate", s, "uri", "--why", "a mistake")
    assert f"take back #{champion}, #{won}, #{made}, #{support} first, the latest first" in err
    assert f"(`festival season correct {s} ENTRY --why ...`), then reinstate" in err

    fixed = json_of(capsys, "season", "correct", s, str(champion), "--why", "wrong duel")
    assert [e["corrects"] for e in fixed["added"]] == [champion, won]
    assert fixed["finals"]["champion"] is None
    assert fixed["finals"]["games"][0]["over"] is False
    for n in (made, support):
        json_of(capsys, "season", "correct", s, str(n), "--why", "undo the finals")
    back = json_of(capsys, "season", "reinstate", s, "uri", "--why", "a mistake")
    assert {p["player"]: p["alive"] for p in back["players"]}["uri"] is True


def test_an_episodes_step_names_the_way_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _season(tmp_path, capsys)
    out = json_of(capsys, "season", "eliminate", s, "uri", "--why", "lost elsewhere")
    seq = out["added"][0]["seq"]
    err = refused(capsys, "season", "correct", s, str(seq), "--why", "x")
    assert f"`festival season reinstate {s} uri --why ...` brings them back" in err, err


# --- 2: another duel in the game's folder -------------------------------------------------


def test_another_duel_in_a_finals_games_folder_is_named_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys)
    code, _, err = run(capsys, "season", "final", s, "--game", "element", "--first", "Juniper")
    assert code == 0, err
    game = service.show(Path(s)).state.finals.games[0]
    other = tmp_path / "other-duel"
    made = ("duel", "new", str(other), "--game", "element", "--players", "Juniper,Wren")
    assert run(capsys, *made)[0] == 0
    assert run(capsys, "duel", "play", str(other), "resign", "--player", "Wren")[0] == 0
    shutil.rmtree(Path(s) / game.folder)
    shutil.copytree(other, Path(s) / game.folder)
    before = json_of(capsys, "season", "show", s)
    err = refused(capsys, "season", "result", s)
    assert "no one" not in err, err
    assert f"{game.folder} holds the duel " in err, err
    assert f"not finals game 1's duel {game.duel_id}: put that game's folder back" in err, err
    assert json_of(capsys, "season", "show", s) == before


# --- 6: did you mean, and the players a command may name ----------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("support", "Spadz", "Juniper"), "'Spadz' is no player of the season; did you mean "
         "Spadez? (may still support: uri, Spadez)"),
        (("support", "uri", "Junipr"), "Junipr is not a finalist; did you mean Juniper? "
         "(the finalists: Juniper, Wren)"),
        (("reinstate", "Spadz", "--why", "x"), "'Spadz' is no player of the season; did you "
         "mean Spadez? (eliminated: Spadez, uri)"),
        (("final", "--game", "element", "--first", "Wrn"), "Wrn is not a finalist; did you "
         "mean Wren?"),
        (("give", "Junipr", "Wren", "--garnets", "1"), "'Junipr' is no player of the season; "
         "did you mean Juniper? (still in: Juniper, Wren)"),
        (("give", "Zed", "Wren", "--garnets", "1"), "'Zed' is no player of the season "
         "(still in: Juniper, Wren)"),
    ],
)  # fmt: skip
def test_a_misspelt_player_gets_a_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    s = _finals(tmp_path, capsys)
    err = refused(capsys, "season", argv[0], s, *argv[1:])
    assert said in err, err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("eliminate", "Wrenn", "--why", "x"), "did you mean Wren?"),
        (("opponent", "urі"), "no episode is open"),  # the episode first: there is none
        (("give", "Spadze", "uri", "--garnets", "1"), "did you mean Spadez?"),
    ],
)
def test_a_misspelt_player_before_the_finals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    s = _season(tmp_path, capsys)
    err = refused(capsys, "season", argv[0], s, *argv[1:])
    assert said in err, err


# --- 8, 9: the rules as the host types them -----------------------------------------------


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("finals-best-of=-1", "the season rule finals-best-of is -1: an odd number of games"),
        ("finals-best-of=0", "the season rule finals-best-of is 0: an odd number of games"),
        ("finals-best-of=2", "the season rule finals-best-of is 2: an odd number of games"),
        ("finals-best-of=x", "the season rule finals-best-of is 'x': an odd number of games"),
        ("finals-gift=3,-2,1", "the season rule finals-gift is '3,-2,1': 1 to 64 whole numbers"),
        ("finals-gift=a,b", "the season rule finals-gift is 'a,b': 1 to 64 whole numbers"),
        ("finals-gift=", "the season rule finals-gift is '': 1 to 64 whole numbers"),
        ("starting-garnets=-1", "the season rule starting-garnets is -1: a whole number, 0 or"),
        ("starting-garnets=x", "the season rule starting-garnets is 'x': a whole number, 0 or"),
        ("Finals-Best-Of=3", "Finals-Best-Of is no season rule (the rules: starting-garnets, "),
        ("finals-bestof=3", "finals-bestof is no season rule (the rules: starting-garnets, "),
    ],
)
def test_a_bad_rule_is_refused_in_the_hosts_spelling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, said: str
) -> None:
    roster = tmp_path / "season.csv"
    roster.write_text("player\nA\nB\n")
    folder = tmp_path / "r"
    err = refused(capsys, "season", "new", str(folder), "--roster", str(roster), "--rule", rule)
    assert said in err and "_" not in err.replace(str(tmp_path), ""), err
    assert not folder.exists()


def test_the_finals_rules_are_set_as_the_guide_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    guide = (Path(__file__).parent.parent / "docs" / "host-guide.md").read_text()
    assert "--rule\nfinals-best-of=5 --rule finals-gift=4,2,1" in guide
    s = _season(tmp_path, capsys, "finals-best-of=5", "finals-gift=4,2,1")
    rules = json_of(capsys, "season", "show", s)["rules"]
    assert rules["finals_best_of"] == 5 and rules["finals_gift"] == [4, 2, 1]


# --- 10: --json on a refusal, and the dashboard ------------------------------------------


def test_a_refusal_with_json_prints_nothing_on_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys)
    code, out, err = run(capsys, "season", "support", s, "Wren", "Juniper", "--json")
    assert code == 2 and out == "" and err.startswith("festival: error: "), (out, err)
    formats = (Path(__file__).parent.parent / "docs" / "formats.md").read_text()
    assert "A refused command prints nothing on\nstdout, with `--json` or without" in formats


def test_the_season_dashboard_takes_no_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = _season(tmp_path, capsys)
    monkeypatch.setattr("festival.core.child.run_child", lambda *_: 0)  # no server started
    with pytest.raises(SystemExit) as exc:
        run(capsys, "season", "dashboard", s, "--json")
    assert exc.value.code == 2
    assert "unrecognized arguments: --json" in capsys.readouterr().err


# --- 14: a webhooks file that is not there -----------------------------------------------


def test_a_missing_webhooks_file_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _season(tmp_path, capsys)
    for command in ("post", "discord"):
        err = refused(capsys, "season", command, s, "--webhooks", str(tmp_path / "nothing.csv"))
        assert "nothing.csv: no such webhooks file (the season's Discord channels" in err, err


# --- 16: Next lines -----------------------------------------------------------------------


def test_the_eliminations_say_what_comes_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _season(tmp_path, capsys)
    code, out, _ = run(capsys, "season", "eliminate", s, "Spadez", "--why", "x")
    assert code == 0 and f"Next: festival season episode {s} MATCH" in out, out
    code, out, _ = run(capsys, "season", "eliminate", s, "uri", "--why", "x")
    assert code == 0 and "Next: the finals (Juniper and Wren)" in out, out
    assert f"festival season support {s} PLAYER FINALIST" in out, out
    assert f"festival season final {s} --game GAME --first FINALIST" in out, out


# --- 17, 20: whole words; a player not seated is named ------------------------------------


def test_one_garnet_is_said_as_one_in_the_show_and_the_post(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys, "finals-gift=1")
    code, out, err = run(capsys, "season", "support", s, "uri", "Juniper")
    assert code == 0 and "uri (placed 3rd) supports Juniper: 1 garnet\n" in out, out
    post = service.public_markdown(service.show(Path(s)))
    assert "supports Juniper: 1 garnet." in post and "(s)" not in post, post
    err = refused(capsys, "season", "support", s, "uri", "Wren")
    assert "uri supported Juniper already (1 garnet)" in err, err
    err = refused(capsys, "season", "give", s, "Juniper", "Wren", "--garnets", "9")
    assert "Juniper holds 4 garnets" in err, err
    code, out, _ = run(capsys, "season", "show", s)
    assert "(s)" not in out, out


def test_a_finalist_without_a_discord_id_is_named_not_seated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _finals(tmp_path, capsys)
    code, out, err = run(capsys, "season", "final", s, "--game", "element", "--first", "Juniper")
    assert code == 0, err
    assert f"Seated on Discord: Juniper (user {USERS['Juniper']})" in out, out
    assert "Wren has no Discord id" in out and "not seated" in out, out
    assert f"festival duel seat {Path(s) / 'final-game-1'} --user PLAYER=ID" in out, out


@pytest.mark.parametrize(
    ("what", "count", "said"),
    [
        ("episode-1-death-match", 0, "episode-1-death-match holds the duel b3, not this "
         "episode's Death Match's duel a2: put that game's folder back in episode-1-death-match"),
        ("final-game-2", 2, "final-game-2 holds the duel b3, not finals game 2's duel a2: put "
         "that game's folder back in final-game-2"),
    ],
)  # fmt: skip
def test_another_duel_in_a_season_duels_folder_says_what_to_do(
    what: str, count: int, said: str
) -> None:
    from festival.cli.season_words import season_words
    from festival.season.acts import Refusal, Refused

    words = season_words(
        Refusal(Refused.WRONG_DUEL, count=count, detail=what, more=("b3", "a2")), "s"
    )
    assert said in words and "then run this again" in words, words
