"""Every change to a match is a typed command through one door (`service.run`): each front
end only translates its input into a command, as the host; the service speaks no front end's
words (its refusals are typed, and the command line words them)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from festival.bot.hand_ins import Hall
from festival.bot.keep_time import MatchDeadlines, Timekeeper, match_runner
from festival.bot.match_hand_ins import MatchHandIns
from festival.cli.main import main
from festival.discord.endpoint import API_VARIABLE
from festival.match import schedule_service, service
from festival.match.acts import (
    HOST,
    Actor,
    Allocate,
    AlreadyApplied,
    ChooseCandidate,
    DiscordSetup,
    FromFolder,
    FromGoogle,
    FromJson,
    GoogleSetup,
    GoogleTabs,
    NotAllowed,
    Post,
    PostNotes,
    Publish,
    Refused,
    Resolve,
    RoundNumberedFromOne,
    RoundResolvedMeanwhile,
    Templates,
    Via,
    Workbooks,
)
from festival.match.handin_acts import HandIn
from festival.match.outcome import RoundRejected
from festival.match.schedule import HOUR
from festival.match.schedule_acts import (
    Close,
    Extend,
    Intend,
    MarkDone,
    Pause,
    ResolveNow,
    Resume,
    SetSchedule,
)
from festival.match.seating import SeatPlayer
from tests.conftest import PLAYERS, numbers_json
from tests.support.discord.both import BotAndWebhooks
from tests.support.discord.run import ASH, running_bot
from tests.support.discord.run import HOST as HOST_USER
from tests.test_deadlines_run import Clock, inbox, mapped, runner

ROOT = Path(__file__).resolve().parent.parent


class Recorded(Exception):
    """Raised by the recording door: the command was reached, nothing was done."""


Seen = list[tuple[Any, Actor, Via, str | None]]


@dataclass
class Door:
    """The match service's door, watched: the commands that reach it, with who gave them,
    through what, and the front end's apply-once key. Recorded and stopped there (nothing
    done), or, `through`, recorded and then done as ever."""

    seen: Seen = field(default_factory=list)
    through: bool = False
    real: Callable[..., Any] = service.run

    def run(
        self,
        folder: Path,
        command: Any,
        actor: Actor = HOST,
        via: Via = Via.CLI,
        key: str | None = None,
        **rest: Any,
    ) -> Any:
        self.seen.append((command, actor, via, key))
        if self.through:
            return self.real(folder, command, actor, via, key, **rest)
        raise Recorded


@pytest.fixture
def watched_door(monkeypatch: pytest.MonkeyPatch) -> Door:
    watched = Door()
    monkeypatch.setattr(service, "run", watched.run)
    return watched


@pytest.fixture
def door(watched_door: Door) -> Seen:
    """The commands that reach the service's door (recorded, nothing done)."""
    return watched_door.seen


def cli(*words: str) -> None:
    with pytest.raises(Recorded):
        main(list(words))


class St:
    """Streamlit as the round desk's button handler meets it (the press's key drawn)."""

    def __init__(self) -> None:
        self.session_state: dict[str, Any] = {}

    def error(self, text: str) -> None:
        raise AssertionError(text)


def desk_resolve(folder: Path, inbox: Path) -> None:
    """The round desk's Resolve button, as the page calls it (the key drawn with the form)."""
    from dashboard import round_desk

    with pytest.raises(Recorded):
        round_desk._resolve(St(), service.desk(folder), FromFolder(inbox), True, "press-1")


D = 2_000_000_000
"""round 1's deadline in the front end table (UTC epoch seconds)"""
ASH_ROOM = 900_020


def test_every_front_end_reaches_the_same_command(
    toy_match: Path, watched_door: Door, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Front end x act: the command each front end gives for an act, who gives it, through
    what, and with its key (the command line none: each run is a new act). Each front end is
    the real one: the command line's `main`, the round desk's button handler, the Discord
    bot's slash commands (through discord.py against the Discord stand-in: `/host
    resolve-now`, `extend`, `pause`, `resume`, `seat`, and a player's `/submit`, the key the
    interaction's id, or the attachment's for a hand-in), and the scheduler (`Runner`, on an
    injected clock, past a reminder's time and the deadline: the reminder, the round closed
    and resolved, posted and the next deadline announced, each keyed by its journal step and
    what it does; the journal's own `Intend` and `MarkDone` name the step in the command and
    carry no key). An act a front end does not offer is absent from its rows (the bot does
    not allocate, write templates, resolve from files or publish; the scheduler only closes,
    posts and reminds; the command line and the desk do not remind)."""
    door = watched_door.seen
    inbox_dir = tmp_path / "inbox"
    inbox_dir.mkdir()
    json_file = tmp_path / "r.json"
    json_file.write_text("{}")
    hooks, sheets = tmp_path / "hooks.csv", tmp_path / "sheets.csv"
    m = str(toy_match)
    acts: list[tuple[str, Any, object]] = [
        ("allocate", lambda: cli("allocate", m, "--fewest-unmet"), Allocate(True, False)),
        ("templates", lambda: cli("templates", m, "--round", "2"), Templates(2, Workbooks(None))),
        ("templates", lambda: cli("templates", m, "--google", "--force"),
         Templates(None, GoogleTabs(True))),
        ("resolve", lambda: cli("resolve", m, "--from", str(inbox_dir)),
         Resolve(FromFolder(inbox_dir))),
        ("resolve", lambda: cli("resolve", m, "--from", str(json_file), "--round", "1"),
         Resolve(FromJson(json_file), 1)),
        ("resolve", lambda: cli("resolve", m, "--google", "--default-invalid"),
         Resolve(FromGoogle(), None, True)),
        ("choose candidate", lambda: cli("choose-candidate", m, "Ann"), ChooseCandidate("Ann")),
        ("publish", lambda: cli("publish", m, "--round", "3"), Publish(3)),
        ("google", lambda: cli("google", m, "--sheets", str(sheets)), GoogleSetup(sheets)),
        ("discord", lambda: cli("discord", m, "--webhooks", str(hooks)), DiscordSetup(hooks)),
        ("post", lambda: cli("post", m), Post()),
        ("post", lambda: cli("post", m, "--round", "2", "--webhooks", str(hooks)),
         Post(2, hooks)),
        ("post", lambda: cli("post", m, "--resend"), Post(resend=True)),
        ("post", lambda: cli("post", m, "--mark-sent", "123"), Post(mark_sent="123")),
        ("seat", lambda: cli("seat", m, "--player", "Spadez", "--user", str(ASH.id),
                             "--channel", str(ASH_ROOM)), SeatPlayer("Spadez", ASH.id, ASH_ROOM)),
        ("resolve now", lambda: cli("schedule", m, "--resolve-now"), ResolveNow(T)),
        ("pause", lambda: cli("schedule", m, "--pause"), Pause(T)),
    ]  # fmt: skip
    Row = tuple[str, str, Callable[[], object], Callable[[Any], bool], Actor, str | None]
    table: list[Row] = [
        ("cli", name, act, same(command), HOST, None) for name, act, command in acts
    ]
    table.append(
        ("dashboard", "resolve", lambda: desk_resolve(toy_match, inbox_dir),
         same(Resolve(FromFolder(inbox_dir), 1, True, after_round=0)), HOST, "press-1")
    )  # fmt: skip
    clock = Clock(T)
    with BotAndWebhooks() as server, fixed_clock(clock):
        watched_door.through = True  # the match as the bot and the scheduler find it
        monkeypatch.setenv(API_VARIABLE, server.api)
        mapped(toy_match, server.webhooks)
        service.run(toy_match, SetSchedule(((1, D), (2, D + 24 * HOUR)), D - 48 * HOUR))
        service.run(toy_match, SeatPlayer("Spadez", ASH.id, ASH_ROOM))
        generation = schedule_service.schedule(toy_match).deadlines[1].generation
        box = inbox(toy_match, 1, [p for p in PLAYERS if p != "Wren"])  # Wren is reminded
        door.clear()
        watched_door.through = False
        for front, name, act, wanted, actor, key in table:
            act()
            given, who, via, given_key = door.pop()
            assert wanted(given), (front, name, given)
            assert (who, via.value, given_key) == (actor, front, key), (front, name)
        bot_rows = _bot_rows(toy_match, server, clock, door)
        watched_door.through = True
        monkeypatch.setenv(API_VARIABLE, server.api)  # the bot's end took it
        scheduler_rows = _scheduler_rows(toy_match, box, clock, generation, door)
    table += [*bot_rows, *scheduler_rows]
    assert {name for _, name, *_ in table} >= {
        "allocate", "templates", "resolve", "choose candidate", "publish", "post", "discord",
        "seat", "resolve now", "pause", "hand in", "remind"
    }  # fmt: skip
    assert {front for front, *_ in table} == {"cli", "dashboard", "bot", "scheduler"}


T = D - 20 * HOUR
"""the front ends' clock when the table begins (before any reminder)"""


@contextmanager
def fixed_clock(clock: Clock) -> Iterator[None]:
    """The command line's clock (`festival schedule`'s now) is `clock`'s."""
    from festival.cli import schedule_commands

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schedule_commands, "system_now", clock)
        yield


def same(command: object) -> Callable[[Any], bool]:
    return lambda given: given == command


def _bot_rows(folder: Path, server: BotAndWebhooks, clock: Clock, door: Seen) -> list[Any]:
    """The bot's rows, each a slash command delivered to the real bot (the door records it
    and stops it: the bot answers that it did not work, which is not what is tested here)."""
    keeper = Timekeeper([MatchDeadlines(match_runner(folder, clock))], clock, _never)
    hall = Hall(folder, MatchHandIns(clock), keeper=keeper)
    rows: list[Any] = []
    data = b"PK\x03\x04 a workbook"
    with running_bot(server, [], "Duel Host", hall=hall):
        attachment = server.upload("Spadez.xlsx", data, channel=ASH_ROOM)
        hosted = [
            ("resolve now", "resolve-now", None, ResolveNow(T)),
            ("extend", "extend", {"by": "12h"}, Extend(D + 12 * HOUR, T)),
            ("pause", "pause", None, Pause(T)),
            ("resume", "resume", {"round": 1}, Resume(T, 1)),
            ("seat", "seat", {"player": "Spadez", "user": ASH},
             SeatPlayer("Spadez", ASH.id, ASH_ROOM)),
        ]  # fmt: skip
        for name, sub, options, command in hosted:
            sent = server.interaction(HOST_USER, sub, options, "host", ASH_ROOM)
            rows.append(("bot", name, _delivered(server, sent), same(command), HOST,
                         f"interaction {sent['id']}"))  # fmt: skip
        sent = server.interaction(ASH, "submit", {"file": attachment}, None, ASH_ROOM)
        handed = HandIn("Spadez", "Spadez.xlsx", data, None, T)
        rows.append(("bot", "hand in", _delivered(server, sent), same(handed),
                     Actor.of_player("Spadez"), f"attachment {attachment['id']}"))  # fmt: skip
        for front, name, act, wanted, actor, key in rows:
            before = len(door)
            act()
            server.wait_for(lambda before=before: len(door) > before)  # type: ignore[misc]
            given, who, via, given_key = door.pop()
            assert wanted(given), (front, name, given)
            assert (who, via.value, given_key) == (actor, front, key), (front, name)
    return rows


async def _never(seconds: float) -> None:
    await asyncio.Event().wait()


def _delivered(server: BotAndWebhooks, sent: dict[str, Any]) -> Callable[[], object]:
    def act() -> object:
        return server.deliver(sent)

    return act


def _scheduler_rows(
    folder: Path, box: Path, clock: Clock, generation: int, door: Seen
) -> list[Any]:
    """The scheduler's rows: the runner driven past a reminder's time and the deadline, the
    commands it gave as they reached the door (and were done)."""
    run = runner(folder, box, clock)
    close = f"close:1:{generation}"
    clock.now = D - 11 * HOUR
    run.once()
    reminders = [(c, a, v, k) for c, a, v, k in door if isinstance(c, PostNotes)]
    assert reminders and all(k is not None and k.endswith(":remind") for *_, k in reminders)
    clock.now = D
    run.once()
    assert service.status(folder).last == 1
    gave = list(door)
    assert all(via is Via.SCHEDULER and actor == HOST for _, actor, via, _ in gave)
    journal = [k for c, _, _, k in gave if isinstance(c, Intend | MarkDone)]
    assert journal and all(k is None for k in journal)  # the journal itself names the step
    wanted: list[tuple[str, Callable[[Any], bool], str]] = [
        ("remind", lambda c: isinstance(c, PostNotes) and c.notes[0].ping
         and c.notes[0].channel == "Wren" and c.notes[0].round_no == 1,
         f"remind:1:{generation}:Wren:{12 * HOUR}:remind"),
        ("resolve", lambda c: isinstance(c, Close) and c.round_no == 1
         and c.generation == generation, f"{close}:close"),
        ("post", same(Post(1)), f"{close}:post"),
        ("announce", lambda c: isinstance(c, PostNotes) and c.notes[0].kind == "closed",
         f"{close}:announce"),
    ]  # fmt: skip
    rows: list[Any] = []
    for name, check, key in wanted:
        found = [(c, k) for c, _, _, k in gave if k == key]
        assert len(found) == 1 and check(found[0][0]), (name, found)
        rows.append(("scheduler", name, lambda: None, check, HOST, key))
    return rows


def test_only_the_host_changes_a_match(toy_match: Path) -> None:
    with pytest.raises(NotAllowed):
        service.run(toy_match, Allocate(), Actor.of_player("Ann"), Via.BOT)


def test_a_front_end_key_is_applied_once(toy_match: Path) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    command = Resolve(FromJson(path), 1, after_round=None)
    done = service.run(toy_match, command, HOST, Via.BOT, key="interaction-1")
    assert done.round_no == 1
    with pytest.raises(AlreadyApplied):  # the same interaction delivered twice
        service.run(toy_match, command, HOST, Via.BOT, key="interaction-1")
    assert service.status(toy_match).last == 1


def test_a_round_resolved_meanwhile_is_a_typed_refusal_each_front_end_words(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    service.run(toy_match, Resolve(FromJson(path), 1))
    with pytest.raises(RoundResolvedMeanwhile) as caught:
        service.run(toy_match, Resolve(FromJson(path), after_round=0), HOST, Via.DASHBOARD)
    assert caught.value.seen == 0
    assert "reload" not in str(caught.value)  # the page's words are the dashboard's
    with pytest.raises(RoundNumberedFromOne) as numbered:
        service.announce(toy_match, 0)
    assert (numbered.value.asked, numbered.value.last) == (0, 1)
    assert "--" not in str(numbered.value)
    assert main(["announce", str(toy_match), "--round", "0"]) == 2
    assert "--round 0: rounds are numbered from 1" in capsys.readouterr().err


def test_a_rejected_round_is_still_a_rejection(toy_match: Path) -> None:
    with pytest.raises(RoundRejected):
        path = numbers_json(toy_match, 1, lambda p, e: 99)
        service.run(toy_match, Resolve(FromJson(path), 1))


FRONT_END_WORDS = (
    "--force is for",
    "reload the page",
    "--seed must",
    "--tiebreak names",
    "pass --round",
    "with --round",
    "--default-invalid",
    "--small-match",
    "FOLDER_OR_JSON",
    "festival allocate",
)


def test_the_match_service_speaks_no_front_ends_words() -> None:
    for path in (ROOT / "festival" / "match").glob("*.py"):
        text = path.read_text()
        for words in FRONT_END_WORDS:
            assert words not in text, f"{path.name} says {words!r}"
    assert issubclass(RoundNumberedFromOne, Refused)
