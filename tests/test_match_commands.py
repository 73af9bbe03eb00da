"""Every change to a match is a typed command through one door (`service.run`): each front
end only translates its input into a command, as the host; the service speaks no front end's
words (its refusals are typed, and the command line words them)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from festival.cli.main import main
from festival.match import service
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
    Publish,
    Refused,
    Resolve,
    RoundNumberedFromOne,
    RoundResolvedMeanwhile,
    Templates,
    Via,
    Workbooks,
)
from festival.match.outcome import RoundRejected
from tests.conftest import numbers_json

ROOT = Path(__file__).resolve().parent.parent


class Recorded(Exception):
    """Raised by the recording door: the command was reached, nothing was done."""


Seen = list[tuple[Any, Actor, Via, str | None]]


@pytest.fixture
def door(monkeypatch: pytest.MonkeyPatch) -> Seen:
    """The commands that reach the service's door, with who gave them, through what, and the
    front end's apply-once key."""
    seen: Seen = []

    def run(
        folder: Path,
        command: Any,
        actor: Actor = HOST,
        via: Via = Via.CLI,
        key: str | None = None,
        **_: Any,
    ) -> Any:
        seen.append((command, actor, via, key))
        raise Recorded

    monkeypatch.setattr(service, "run", run)
    return seen


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


def stub(via: Via, key: str) -> Callable[[Path, Any], None]:
    """A bot or a scheduler as they are built on the door: each translates its event (an
    interaction, a deadline's tick) into a command and gives it as the host, its id the key."""

    def give(folder: Path, command: Any) -> None:
        with pytest.raises(Recorded):
            service.run(folder, command, HOST, via, key=key)

    return give


def test_every_front_end_reaches_the_same_command(
    toy_match: Path, door: Seen, tmp_path: Path
) -> None:
    """Front end x act: the command each one gives, as the host, through itself, with its
    key (the command line none: each run is a new act)."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    json_file = tmp_path / "r.json"
    json_file.write_text("{}")
    hooks, sheets = tmp_path / "hooks.csv", tmp_path / "sheets.csv"
    m = str(toy_match)
    acts: list[tuple[str, Any, object]] = [
        ("allocate", lambda: cli("allocate", m, "--fewest-unmet"), Allocate(True, False)),
        ("templates", lambda: cli("templates", m, "--round", "2"), Templates(2, Workbooks(None))),
        ("templates", lambda: cli("templates", m, "--google", "--force"),
         Templates(None, GoogleTabs(True))),
        ("resolve", lambda: cli("resolve", m, "--from", str(inbox)), Resolve(FromFolder(inbox))),
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
    ]  # fmt: skip
    table: list[tuple[str, str, Any, object, str | None]] = [
        ("cli", name, act, command, None) for name, act, command in acts
    ]
    table.append(
        ("dashboard", "resolve", lambda: desk_resolve(toy_match, inbox),
         Resolve(FromFolder(inbox), 1, True, after_round=0), "press-1")
    )  # fmt: skip
    for via, key in ((Via.BOT, "interaction-7"), (Via.SCHEDULER, "deadline-round-2")):
        give = stub(via, key)
        for name, _, command in acts:
            table.append((via.value, name, partial(give, toy_match, command), command, key))
    for front, name, act, command, key in table:
        act()
        given, actor, via, given_key = door.pop()
        assert (given, actor, via.value, given_key) == (command, HOST, front, key), (front, name)
    assert {name for _, name, *_ in table} >= {
        "allocate", "templates", "resolve", "choose candidate", "publish", "post", "discord"
    }  # fmt: skip
    assert {front for front, *_ in table} == {"cli", "dashboard", "bot", "scheduler"}


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
