"""Every change to a match is a typed command through one door (`service.run`): each front
end only translates its input into a command, as the host; the service speaks no front end's
words (its refusals are typed, and the command line words them)."""

from __future__ import annotations

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
    FromFolder,
    FromGoogle,
    FromJson,
    GoogleTabs,
    NotAllowed,
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


@pytest.fixture
def door(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Actor, Via]]:
    """The commands that reach the service's door, with who gave them and through what."""
    seen: list[tuple[Any, Actor, Via]] = []

    def run(folder: Path, command: Any, actor: Actor = HOST, via: Via = Via.CLI, **_: Any) -> Any:
        seen.append((command, actor, via))
        raise Recorded

    monkeypatch.setattr(service, "run", run)
    return seen


def cli(*words: str) -> None:
    with pytest.raises(Recorded):
        main(list(words))


def desk_resolve(folder: Path, inbox: Path) -> None:
    """The round desk's Resolve button, as the page calls it."""
    from dashboard import round_desk

    class St:
        def __init__(self) -> None:
            self.session_state: dict[str, Any] = {}

        def error(self, text: str) -> None:
            raise AssertionError(text)

    with pytest.raises(Recorded):
        round_desk._resolve(St(), service.desk(folder), FromFolder(inbox), True)


def test_every_front_end_reaches_the_same_command(
    toy_match: Path, door: list[tuple[Any, Actor, Via]], tmp_path: Path
) -> None:
    """Front end x act: the command each one gives, as the host."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    json_file = tmp_path / "r.json"
    json_file.write_text("{}")
    m = str(toy_match)
    table: list[tuple[str, Any, object]] = [
        ("cli", lambda: cli("allocate", m, "--fewest-unmet"), Allocate(True, False)),
        ("cli", lambda: cli("templates", m, "--round", "2"), Templates(2, Workbooks(None))),
        ("cli", lambda: cli("templates", m, "--google", "--force"),
         Templates(None, GoogleTabs(True))),
        ("cli", lambda: cli("resolve", m, "--from", str(inbox)), Resolve(FromFolder(inbox))),
        ("cli", lambda: cli("resolve", m, "--from", str(json_file), "--round", "1"),
         Resolve(FromJson(json_file), 1)),
        ("cli", lambda: cli("resolve", m, "--google", "--default-invalid"),
         Resolve(FromGoogle(), None, True)),
        ("cli", lambda: cli("choose-candidate", m, "Ann"), ChooseCandidate("Ann")),
        ("cli", lambda: cli("publish", m, "--round", "3"), Publish(3)),
        ("dashboard", lambda: desk_resolve(toy_match, inbox),
         Resolve(FromFolder(inbox), 1, True, after_round=0)),
    ]  # fmt: skip
    for front, act, command in table:
        act()
        given, actor, via = door.pop()
        assert (given, actor, via.value) == (command, HOST, front)


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
