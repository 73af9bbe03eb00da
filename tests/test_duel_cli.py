"""Hosting a duel end to end through `festival duel ...`: the folder's store keeps raw input
first, records all-or-nothing, replays positions, undoes, draws, shows, logs, keeps time and
lets a bot answer."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from events.duel import replay
from festival.cli.main import main
from festival.core.paths import fixture
from festival.duels import store as duel_store
from festival.duels.host import Duel


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    folder = tmp_path / "duel"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "3"]) == 0
    return folder


def positions(folder: Path) -> tuple[list[object], list[object]]:
    d = Duel.open(folder)
    try:
        states, steps, _ = d.positions()
        return states, steps
    finally:
        d.close()


def test_new_draw_play_confirm(duel: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "draw", str(duel), "2"]) == 0
    assert "Recorded: take 2 " in capsys.readouterr().out
    assert main(["duel", "play", str(duel), "ur, dl, ul"]) == 0
    states, steps = positions(duel)
    assert len(steps) == 4
    state = states[-1]
    assert state.turn.moves_left == 0 and len(state.turn.hand) == 2  # type: ignore[attr-defined]
    hand = " ".join(f"{s.letter} K{n + 1}" for n, s in enumerate(state.turn.hand))  # type: ignore[attr-defined]
    assert main(["duel", "play", str(duel), f"{hand}, confirm"]) == 0
    assert main(["duel", "status", str(duel)]) == 0
    assert "Birch to play" in capsys.readouterr().out


def test_stones_drawn_elsewhere_are_recorded(duel: Path) -> None:
    assert main(["duel", "draw", str(duel), "3", "--stones", "fwa"]) == 0
    states, _ = positions(duel)
    assert "".join(s.letter for s in states[-1].turn.hand) == "FWA"  # type: ignore[attr-defined]


def test_a_bad_turn_records_nothing_but_keeps_the_input(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "play", str(duel), "take 1 F, UR, F F7"]) == 1
    err = capsys.readouterr().err
    assert "action 3" in err and "F7" in err
    _, steps = positions(duel)
    assert steps == []
    conn = sqlite3.connect(duel / duel_store.DUEL_FILE)
    raws = conn.execute("SELECT content FROM raw_inputs").fetchall()
    errors = conn.execute("SELECT code FROM input_errors").fetchall()
    assert raws == [("take 1 F, UR, F F7",)] and errors


def test_undo_takes_back_unconfirmed_actions_only(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Players may undo any of their actions until they confirm them": the draw (seen) and a
    confirmed turn cannot be taken back; undone actions stay in the log."""
    assert main(["duel", "play", str(duel), "take 0, U, U"]) == 0
    assert main(["duel", "undo", str(duel)]) == 0
    _, steps = positions(duel)
    assert len(steps) == 2
    assert main(["duel", "log", str(duel)]) == 0
    assert "undone: Ash: U" in capsys.readouterr().out
    assert main(["duel", "undo", str(duel)]) == 0
    assert main(["duel", "undo", str(duel)]) == 2
    assert "cannot be taken back" in capsys.readouterr().err
    assert main(["duel", "play", str(duel), "U U U D D confirm"]) == 0
    assert main(["duel", "undo", str(duel)]) == 2


def test_json_turn_and_log_json_replays(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    turn = {"player": "Ash", "actions": [
        {"type": "draw", "count": 1, "stones": ["F"]},
        {"type": "place", "stone": "F", "at": "B3"},
        {"type": "move", "direction": "UR"}, {"type": "move", "to": "F4"},
        {"type": "move", "direction": "D"}, {"type": "move", "direction": "U"},
        {"type": "confirm"}]}  # fmt: skip
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(turn))
    assert main(["duel", "play", str(duel), "--from", str(path)]) == 0
    capsys.readouterr()
    assert main(["duel", "log", str(duel), "--json"]) == 0
    views = json.loads(capsys.readouterr().out)
    assert len(views) == 8
    assert views[-1]["squares"]["B3"] == {"stone": "F", "height": 1}
    assert views[-1]["to_move"] == "Birch" and views[-1]["sages"]["Ash"] == "F4"


def test_show_writes_png_and_svg(duel: Path, tmp_path: Path) -> None:
    assert main(["duel", "play", str(duel), "take 2 AE, A B2, A B2"]) == 1  # one air only
    assert main(["duel", "play", str(duel), "take 2 AE, A B2, E C3"]) == 0
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert main(["duel", "show", str(duel), "--png", str(png), "--svg", str(svg)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = svg.read_text()
    assert text.count('data-kind="A"') == 1 and text.count('data-kind="E"') == 1
    assert text.count('class="last-turn"') == 2  # B2 and C3 changed this turn


def test_the_clock_charges_reserve_in_30_second_intervals(
    duel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Summary: "Players get 3 minutes per turn with 5 minutes reserve time, used in 30 second
    intervals. Running out of time forfeits the DM." """
    now = [1000.0]
    monkeypatch.setattr(duel_store, "clock_now", lambda: now[0])
    import festival.duels.host as host

    monkeypatch.setattr(host, "clock_now", lambda: now[0])
    assert main(["duel", "clock", str(duel), "start"]) == 0
    now[0] += 181  # 1 second into the reserve: one interval charged
    d = Duel.open(duel)
    reading = d.clock()
    assert reading.reserve_left == {"Ash": 270, "Birch": 300} and reading.out_of_time == ()
    now[0] += 300  # 301 s over the turn time: more than the 300 s reserve
    assert d.enforce_time() == "Ash"
    outcome = d.game.outcome(d.state())
    assert outcome is not None and outcome.reason == "time" and outcome.winner == "Birch"
    d.close()


def test_stopped_clock_does_not_run(duel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    import festival.duels.host as host

    monkeypatch.setattr(host, "clock_now", lambda: now[0])
    d = Duel.open(duel)
    d.set_clock(True)
    now[0] = 100.0
    d.set_clock(False)
    now[0] = 10_000.0
    assert d.clock().turn_used == 100.0 and d.enforce_time() is None
    d.close()


def test_a_bot_answers_after_the_turn(duel: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "play", str(duel), "take 0, U, U, D, D, U, confirm", "--bot", "Birch",
                 "--bot-kind", "random"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "Birch (random bot)" in out
    states, _ = positions(duel)
    assert states[-1].player == "Ash" or states[-1].outcome is not None  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_demo_plays_the_sample_duel_to_its_winner(tmp_path: Path) -> None:
    """The fixture holds a complete sample duel; `festival duel demo` replays it."""
    sample = json.loads(fixture("element", "sample-duel.json").read_text())
    assert main(["duel", "demo", str(tmp_path / "demo")]) == 0
    states, steps = positions(tmp_path / "demo")
    outcome = states[-1].outcome  # type: ignore[attr-defined]
    assert outcome is not None and outcome.winner in sample["players"]
    d = Duel.open(tmp_path / "demo")
    assert replay(d.game, d.start(), steps)[-1] == states[-1]  # type: ignore[arg-type]
    d.close()


def test_new_refuses_bad_players_and_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duel", "new", str(tmp_path / "a"), "--players", "Ash"]) == 2
    assert main(["duel", "new", str(tmp_path / "b"), "--players", "A,B", "--variant", "x"]) == 2
    assert (
        main(["duel", "new", str(tmp_path / "c"), "--players", "A,B", "--option", "moves=few"]) == 2
    )
    assert main(["duel", "status", str(tmp_path / "none")]) == 2
    assert "no variant" in capsys.readouterr().err


def test_a_duel_option_given_twice_is_refused_since_the_last_would_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Order never decides: `--option move_limit=5 --option move_limit=6` is refused; the
    same value twice is one setting."""
    args = ["duel", "new", "--game", "halma", "--players", "A,B", "--option", "move_limit=5"]
    assert main([*args, "--option", "move_limit=6", str(tmp_path / "a")]) == 2
    assert "--option move_limit is given twice" in capsys.readouterr().err
    assert main([*args, "--option", "move_limit=5", str(tmp_path / "b")]) == 0


@pytest.mark.parametrize(
    "players",
    ["../../escape,Birch", "Ash,A/B", "Ash," + "x" * 33, "Ash,con", "Ash,-dash"],
)
def test_a_duel_player_name_must_be_a_safe_file_name(
    players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name names the player's order workbook (NAME-turnN.xlsx): '../../escape' wrote it
    outside the --out folder, 'A/B' crashed. The match's name rule (festival/core/names.py)."""
    folder = tmp_path / "deep" / "duel"
    code = main(["duel", "new", str(folder), "--game", "elementarium", "--players", players])
    assert code == 2
    assert "is not a usable player name" in capsys.readouterr().err
    assert not (folder / "duel.sqlite").exists()


def test_a_turn_from_a_workbook_a_player_filled_in(duel: Path, tmp_path: Path) -> None:
    """`--from` reads a workbook: the first sheet's cells, row by row, as notation."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["take 1 F"], ["fire B3"], ["U", "D"], ["U", "D"], ["confirm"]):
        sheet.append(row)
    path = tmp_path / "turn.xlsx"
    book.save(path)
    assert main(["duel", "play", str(duel), "--from", str(path)]) == 0
    states, steps = positions(duel)
    assert len(steps) == 7 and states[-1].player == "Birch"  # type: ignore[attr-defined]


def test_a_broken_json_file_is_kept_and_refused(duel: Path, tmp_path: Path) -> None:
    path = tmp_path / "turn.json"
    path.write_text("{not json")
    assert main(["duel", "play", str(duel), "--from", str(path)]) == 2
    conn = sqlite3.connect(duel / duel_store.DUEL_FILE)
    assert conn.execute("SELECT content FROM raw_inputs").fetchall() == [("{not json",)]


@pytest.mark.parametrize(
    ("name", "content", "said", "kept"),
    [
        ("turn.json", b"\xff\xfe{", "turn.json: not UTF-8 text", 1),
        ("turn.txt", b"\x95 take 2", "turn.txt: not UTF-8 text", 1),
        ("turn.json", b"[" * 100_000, "turn.json: nested deeper than 32 levels", 1),
        ("turn.txt", b"confirm\n" * 800_000, "the file is 6.1 MB; festival reads at most 5 MB", 0),
    ],
)
def test_a_turn_file_that_cannot_be_read_is_one_clear_line(
    name: str, content: bytes, said: str, kept: int, duel: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Bad input never crashes: a turn file that is not text or breaks the limits of
    docs/formats.md is refused in one line, exit 2, nothing recorded (what was read is kept)."""
    path = tmp_path / name
    path.write_bytes(content)
    assert main(["duel", "play", str(duel), "--from", str(path), "--player", "Ash"]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    conn = sqlite3.connect(duel / duel_store.DUEL_FILE)
    assert len(conn.execute("SELECT content FROM raw_inputs").fetchall()) == kept
    assert positions(duel)[1] == []


def test_a_concurrent_change_records_nothing(duel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commits are atomic: if another command recorded actions while this input was being
    checked, nothing of it is written (the raw input is kept) and the command says so."""
    from festival.core.errors import StoreError
    from festival.duels.store import DuelStore

    d = Duel.open(duel)
    real = DuelStore.step_count
    monkeypatch.setattr(DuelStore, "step_count", lambda self: real(self) + 1)
    with pytest.raises(StoreError, match="nothing was recorded"):
        d.play_text("take 1 F")
    monkeypatch.setattr(DuelStore, "step_count", real)
    assert d.store.steps(include_undone=True) == [] and len(d.store.raws()) == 1
    d.close()


def test_a_duel_file_edited_by_hand_is_one_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input never crashes: a duel.sqlite whose JSON was edited by hand is named."""
    folder = tmp_path / "d"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "5"]) == 0
    assert main(["duel", "play", str(folder), "take 1 F"]) == 0
    with sqlite3.connect(folder / "duel.sqlite") as conn:
        conn.execute("UPDATE steps SET action = '{broken'")
    capsys.readouterr()
    assert main(["duel", "show", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "is damaged: steps.action of row 1 is not valid JSON" in err
    assert "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("UPDATE meta SET value = '{}' WHERE key = 'config'", "meta.config lacks a proper game"),
        (
            "UPDATE meta SET value = json_set(value, '$.options', json('[]')) WHERE key = 'config'",
            "meta.config lacks a proper options",
        ),
        ("INSERT INTO clock (at, running) VALUES ('abc', 1)", "clock.at of row 1 is not a time"),
    ],
)
def test_a_duel_config_or_clock_edited_by_hand_is_one_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sql: str, message: str
) -> None:
    folder = tmp_path / "d"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "5"]) == 0
    with sqlite3.connect(folder / "duel.sqlite") as conn:
        conn.execute(sql)
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "soon"])
def test_a_bot_time_that_is_no_time_is_refused_by_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    folder = tmp_path / "d"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "5"]) == 0
    with pytest.raises(SystemExit) as caught:
        main(["duel", "play", str(folder), "--bot", "Ash", "--seconds", seconds])
    assert caught.value.code == 2
    assert "give a number of seconds above 0" in capsys.readouterr().err


def test_the_search_bot_takes_one_step_even_with_almost_no_time() -> None:
    import numpy as np

    from festival.duels.bots import MctsBot
    from tests.support.element_kit import GAME

    state = GAME.initial_state(("Ash", "Birch"), GAME.variants()["dm5"], np.random.default_rng(0))
    bot = MctsBot(GAME, seed=1, seconds=1e-12)
    assert bot.choose(state, "Ash") in GAME.legal_actions(state, "Ash")
