"""The duel clock as the host meets it, through `festival duel ...` with a controllable clock
(issue 24, item 10): every command that reads or changes a duel first records a time-out that
has happened; a duel that is over reads as stopped and its clock cannot start; an open
Elementarium turn runs for every player whose orders are not in.

Element's summary variant: "Players get 3 minutes per turn with 5 minutes reserve time, used
in 30 second intervals. Running out of time forfeits the DM." 180 + 300 seconds: at 481 Ash,
to play since the clock started, has run out."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import festival.duels.host as host
from festival.cli.main import main
from festival.core.paths import fixture
from festival.duels import service
from festival.duels import store as duel_store
from festival.duels.host import Duel
from festival.duels.lock import duel_exclusive
from tests.support.patience import PATIENCE

OUT_OF_TIME = 481.0
LOST = "Ash ran out of time; Birch wins"
TIMED_OUT = "Time ran out: recorded."
APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The duel's clock: tests move it by changing now[0]."""
    at = [1000.0]
    monkeypatch.setattr(duel_store, "clock_now", lambda: at[0])
    monkeypatch.setattr(host, "clock_now", lambda: at[0])
    return at


@pytest.fixture
def running(tmp_path: Path, now: list[float], capsys: pytest.CaptureFixture[str]) -> Path:
    """An Element duel whose clock the host started; Ash has drawn and moved once."""
    folder = tmp_path / "duel"
    assert main(["duel", "new", str(folder), "--players", "Ash,Birch", "--seed", "3"]) == 0
    assert main(["duel", "clock", str(folder), "start"]) == 0
    assert main(["duel", "play", str(folder), "take 0, U"]) == 0
    capsys.readouterr()
    return folder


def time_outs(folder: Path) -> tuple[int, str | None]:
    """How many losses on time are recorded, and the outcome's reason."""
    duel = Duel.open(folder)
    try:
        states, steps, _ = duel.positions()
        said = [duel.game.format_action(s.action) for s in steps]
        outcome = duel.game.outcome(states[-1])
        return said.count("timeout"), outcome.reason if outcome else None
    finally:
        duel.close()


@dataclass(frozen=True)
class Command:
    rule: str
    args: list[str]
    code: int
    says: str


COMMANDS = [
    Command("show: the board after the loss", ["show"], 0, f"The duel is over: {LOST}."),
    Command("show --json: the words beside the JSON", ["show", "--json"], 0, '"outcome"'),
    Command("log: the loss is the last line", ["log"], 0, "3. Ash: timeout"),
    Command("log --json", ["log", "--json"], 0, '"outcome"'),
    Command("status", ["status"], 0, f"The duel is over: {LOST}."),
    Command("clock show", ["clock", "show"], 0,
            "clock stopped: the duel is over; Ash ran out of time"),
    Command("clock stop", ["clock", "stop"], 0,
            "clock stopped: the duel is over; Ash ran out of time"),
    Command("undo: nothing is taken back after the loss", ["undo"], 2,
            f"the duel is over ({LOST}): its last action cannot be taken back"),
    Command("play: Ash's late move is not recorded", ["play", "D"], 2,
            f"the duel is over: {LOST}"),
    Command("draw", ["draw", "1"], 2, f"the duel is over: {LOST}"),
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=[c.rule for c in COMMANDS])
def test_every_command_records_a_time_out_that_happened_first(
    command: Command, running: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    """What anyone sees is never a position where a player whose time ran out is still to
    play: the loss is recorded (once) before the command reads or changes the duel."""
    now[0] += OUT_OF_TIME
    verb, *rest = command.args
    assert main(["duel", verb, str(running), *rest]) == command.code
    out, err = capsys.readouterr()
    assert command.says in out + err
    if command.code == 0:
        assert TIMED_OUT in (err if "--json" in rest else out)
    assert time_outs(running) == (1, "time")
    assert main(["duel", "status", str(running)]) == 0  # recorded once
    assert TIMED_OUT not in "".join(capsys.readouterr())
    assert time_outs(running) == (1, "time")


def test_in_time_nothing_is_recorded_and_a_read_takes_no_lock(
    running: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    now[0] += OUT_OF_TIME - 2
    with duel_exclusive(running):  # another command is at work: reading still works
        assert main(["duel", "show", str(running)]) == 0
        assert main(["duel", "status", str(running)]) == 0
    out = capsys.readouterr().out
    assert "Ash to play" in out and TIMED_OUT not in out
    assert time_outs(running) == (0, None)


def test_a_read_that_must_record_a_time_out_waits_for_no_other_command(
    running: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    """Recording the loss is a change: it takes the duel's lock. While another command holds
    it, the read says so instead of showing Ash still to play."""
    now[0] += OUT_OF_TIME
    with duel_exclusive(running):
        assert main(["duel", "show", str(running)]) == 2
        assert main(["duel", "log", str(running)]) == 2
    err = capsys.readouterr().err
    assert "another festival command is using the duel" in err
    assert time_outs(running) == (0, None)
    assert main(["duel", "show", str(running)]) == 0
    assert f"The duel is over: {LOST}." in capsys.readouterr().out


def test_the_dashboard_pages_record_a_time_out_first(
    running: Path, now: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Duels page reads through the duel service's history: the public board shows the
    winner on time, never Ash still to play."""
    now[0] += OUT_OF_TIME
    monkeypatch.delenv("FESTIVAL_MATCH", raising=False)
    monkeypatch.setenv("FESTIVAL_DUELS", str(running))
    at = AppTest.from_file(APP, default_timeout=PATIENCE).run()
    assert not at.exception, at.exception
    assert any(LOST in s.value for s in at.success)
    assert time_outs(running) == (1, "time")
    history = service.history(running)  # and again: nothing more recorded
    assert not history.timed_out
    assert history.winner is not None
    assert time_outs(running) == (1, "time")


# --- a duel that is over ------------------------------------------------------------------


def play_sample(folder: Path) -> None:
    sample = json.loads(fixture("element", "sample-duel.json").read_text())
    for turn in sample["turns"]:
        assert main(["duel", "play", str(folder), turn["text"], "--player", turn["player"]]) == 0


def test_a_finished_duel_reads_as_stopped_and_its_clock_cannot_start(
    tmp_path: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    sample = json.loads(fixture("element", "sample-duel.json").read_text())
    folder = tmp_path / "duel"
    players = ",".join(sample["players"])
    assert main(["duel", "new", str(folder), "--players", players, "--seed", "18"]) == 0
    assert main(["duel", "clock", str(folder), "start"]) == 0
    play_sample(folder)
    now[0] += 10_000
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "The duel is over" in out
    assert "clock stopped: the duel is over (reserve: Ash 5:00, Birch 5:00)" in out
    assert "clock running" not in out and TIMED_OUT not in out
    assert main(["duel", "clock", str(folder), "start"]) == 2
    said = (
        "the duel is over (Ash starts the turn trapped on A4; Birch wins): its clock cannot start"
    )
    assert said in capsys.readouterr().err
    assert main(["duel", "clock", str(folder), "stop"]) == 0
    assert "clock stopped: the duel is over" in capsys.readouterr().out
    assert main(["duel", "clock", str(folder), "start"]) == 2
    assert said in capsys.readouterr().err


def test_the_clock_of_a_duel_lost_on_time_cannot_be_started_again(
    running: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    now[0] += OUT_OF_TIME
    assert main(["duel", "clock", str(running), "stop"]) == 0
    capsys.readouterr()
    assert main(["duel", "clock", str(running), "start"]) == 2
    assert f"the duel is over ({LOST}): its clock cannot start" in capsys.readouterr().err
    assert main(["duel", "status", str(running)]) == 0
    assert "clock stopped: the duel is over; Ash ran out of time" in capsys.readouterr().out


def test_a_demo_duel_has_no_clock_to_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "demo"
    assert main(["duel", "demo", str(folder)]) == 0
    capsys.readouterr()
    assert main(["duel", "clock", str(folder), "start"]) == 2
    assert "its clock cannot start" in capsys.readouterr().err
    assert main(["duel", "status", str(folder)]) == 0
    assert "clock" not in capsys.readouterr().out.splitlines()[-1]


# --- a loss the clock cannot record ---------------------------------------------------------


def test_status_never_claims_a_loss_it_did_not_record(
    running: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    """Ash's turn was recorded after Ash's time ran out by something that applied no time
    rule (a duel store from before this rule, or a program using the Duel directly): Birch is
    to play and a loss for Ash can no longer be recorded. The clock says Ash ran out; nothing
    claims a loss was recorded, and nothing is stored."""
    now[0] += OUT_OF_TIME
    duel = Duel.open(running)
    try:
        assert duel.play_text("U, D, D, U, confirm", "Ash").ok
        inputs = len(duel.store.raws())
    finally:
        duel.close()
    for _ in range(2):
        assert main(["duel", "status", str(running)]) == 0
        out = capsys.readouterr().out
        assert TIMED_OUT not in out
        assert "Birch to play" in out and "Ash is out of time" in out
    assert time_outs(running) == (0, None)
    duel = Duel.open(running)
    try:
        assert len(duel.store.raws()) == inputs
    finally:
        duel.close()


# --- an open simultaneous turn ------------------------------------------------------------


def test_an_open_elementarium_turn_runs_for_every_player_whose_orders_are_not_in(
    tmp_path: Path, now: list[float], capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/rulings.md, "The clock in a simultaneous turn": each awaited player's time runs
    from the turn's start until their own orders are in; sending early stops only theirs."""
    folder = tmp_path / "sealed"
    args = ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"]
    assert main([*args, "--seed", "3"]) == 0
    assert main(["duel", "clock", str(folder), "start"]) == 0
    now[0] += 40
    capsys.readouterr()
    assert main(["duel", "clock", str(folder), "show"]) == 0
    assert capsys.readouterr().out.startswith("clock running for Ash and Birch: 0:40 used")
    assert main(["duel", "play", str(folder), "hold", "--player", "Birch"]) == 0
    now[0] += 60
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "orders awaited from Ash." in out
    assert "clock running for Ash: 1:40 used" in out  # from the turn's start, not Birch's orders
    assert main(["duel", "play", str(folder), "hold", "--player", "Ash"]) == 0
    now[0] += 5
    capsys.readouterr()
    assert main(["duel", "status", str(folder)]) == 0
    assert "clock running for Ash and Birch: 0:05 used" in capsys.readouterr().out
