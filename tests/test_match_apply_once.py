"""Apply once, from every front end: a front end's key (a button press on the round desk, a
bot's interaction id) is applied once, recorded in the same transaction as the change; posting
is a command through the same door, with the channels handed in as a port; and a round's
announcements are worked out once per round version, never stale after a correction."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from festival.core.posted import PostResult
from festival.match import announced, service
from festival.match.acts import (
    HOST,
    AlreadyApplied,
    DiscordSetup,
    FromJson,
    Post,
    Resolve,
    RoundNotResolved,
    Via,
)
from festival.match.announce import Announcements, announcements
from festival.match.match import Match
from festival.match.outcome import RoundRejected
from festival.match.results import ChannelsMapped, Posted
from festival.match.store import Store
from tests.conftest import numbers_json


class Channels:
    """The channels port as a test fills it: what each post was handed."""

    def __init__(self) -> None:
        self.posted: dict[int, Announcements] = {}
        self.posts = 0

    def record(self, match: Match, webhooks_file: Path) -> ChannelsMapped:
        return ChannelsMapped(("game room",), (), ())

    def posted_rounds(self, match: Match) -> set[int]:
        return set(self.posted)

    def post(
        self,
        match: Match,
        command: Post,
        round_no: int,
        rounds: tuple[int, ...],
        announced: Callable[[int], Announcements],
    ) -> Posted:
        self.posts += 1
        self.posted.update({r: announced(r) for r in rounds})
        return Posted(rounds, PostResult(()), ())


def rounds_of(folder: Path) -> list[int]:
    match = Match.open(folder)
    try:
        return [r.id for r in match.store.rounds(include_superseded=True)]
    finally:
        match.close()


def applied(folder: Path) -> list[str]:
    match = Match.open(folder)
    try:
        rows = match.store.conn.execute("SELECT key FROM host_inputs WHERE key LIKE 'applied:%'")
        return [r[0] for r in rows]
    finally:
        match.close()


def test_the_same_key_twice_is_applied_once_for_each_command(toy_match: Path) -> None:
    """Each command given twice with one key (a bot's interaction delivered twice, a press
    sent again) is applied once; a new key is a new act."""
    channels = Channels()
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    commands: list[tuple[Any, Callable[[], object]]] = [
        (Resolve(FromJson(path), 1), lambda: rounds_of(toy_match)),
        (DiscordSetup(toy_match.parent / "hooks.csv"), lambda: applied(toy_match)),
        (Post(), lambda: channels.posts),
    ]
    for command, seen in commands:
        once, other = f"{type(command).__name__}-1", f"{type(command).__name__}-2"
        service.run(toy_match, command, HOST, Via.BOT, once, channels=channels)
        before = seen()
        with pytest.raises(AlreadyApplied) as again:
            service.run(toy_match, command, HOST, Via.BOT, once, channels=channels)
        assert (again.value.via, again.value.key) == (Via.BOT, once)
        assert seen() == before, type(command).__name__
        # the same key from another front end is another act
        service.run(toy_match, command, HOST, Via.DASHBOARD, once, channels=channels)
        # a fresh key is applied once more (the command line's runs carry none)
        service.run(toy_match, command, HOST, Via.BOT, other, channels=channels)
        service.run(toy_match, command, channels=channels)
    assert channels.posts == 4
    assert applied(toy_match).count("applied:bot:Resolve-1") == 1


def test_the_key_is_recorded_with_the_change_or_neither_is(
    toy_match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key that cannot be recorded takes the change back with it: the press can be given
    again, and is applied then, once."""
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    write = Store.set_host_input

    def failing(self: Store, key: str, value: str) -> None:
        if key.startswith("applied:"):
            raise OSError("disk full")
        write(self, key, value)

    monkeypatch.setattr(Store, "set_host_input", failing)
    with pytest.raises(OSError):
        service.run(toy_match, Resolve(FromJson(path), 1), HOST, Via.DASHBOARD, "press-1")
    assert rounds_of(toy_match) == [] and applied(toy_match) == []
    assert service.status(toy_match).last == 0
    monkeypatch.setattr(Store, "set_host_input", write)
    service.run(toy_match, Resolve(FromJson(path), 1), HOST, Via.DASHBOARD, "press-1")
    assert service.status(toy_match).last == 1
    assert applied(toy_match) == ["applied:dashboard:press-1"]


def test_a_refused_command_records_no_key_and_keeps_what_it_stored(toy_match: Path) -> None:
    """A refusal applies nothing, so its key stays free; the raw submissions it read are kept
    as they are without a key."""
    bad = numbers_json(toy_match, 1, lambda p, e: 99)
    with pytest.raises(RoundRejected):
        service.run(toy_match, Resolve(FromJson(bad), 1), HOST, Via.DASHBOARD, "press-1")
    match = Match.open(toy_match)
    kept = len(match.store.raws(1))
    match.close()
    assert kept == 1 and applied(toy_match) == []
    done = service.run(toy_match, Resolve(FromJson(bad), 1, True), HOST, Via.DASHBOARD, "press-1")
    assert done.round_no == 1 and applied(toy_match) == ["applied:dashboard:press-1"]


def test_posting_a_round_not_resolved_is_a_typed_refusal(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from festival.cli.main import main

    service.run(toy_match, Resolve(FromJson(numbers_json(toy_match, 1, lambda p, e: 3)), 1))
    with pytest.raises(RoundNotResolved) as caught:
        service.run(toy_match, Post(3), channels=Channels())
    refused = caught.value
    assert (refused.asked, refused.resolved, refused.next_round) == (3, (1,), 2)
    assert "--" not in str(refused) and "festival" not in str(refused)
    assert main(["post", str(toy_match), "--round", "3"]) == 2
    assert capsys.readouterr().err == (
        "festival: error: --round 3: that round is not resolved, so there is nothing to post "
        f"(resolved: 1); rounds resolve in order, next round 2: `festival resolve {toy_match} "
        "--from FOLDER`\n"
    )


def test_a_correction_works_its_announcements_out_once_and_posts_no_stale_words(
    toy_match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resolve, post, correct, post: the correction works the round's announcements out once
    (the words posted before are found, not worked out again), the post after it finds them,
    and what is posted is what the store says after the correction."""
    worked: list[int] = []

    def counted(match: Match, round_no: int, current: Any = None) -> Announcements:
        worked.append(round_no)
        return announcements(match, round_no, current)

    monkeypatch.setattr(announced, "announcements", counted)
    channels = Channels()
    first = numbers_json(toy_match, 1, lambda p, e: len(p) % 5 + 1)
    service.run(toy_match, Resolve(FromJson(first), 1))
    service.run(toy_match, Post(), channels=channels)
    posted_first = channels.posted[1]
    assert worked == [1]
    second = numbers_json(toy_match, 1, lambda p, e: (len(p) + 2) % 5 + 1)
    done = service.run(toy_match, Resolve(FromJson(second), 1))
    assert worked == [1, 1]  # after the commit only: the words before were kept
    assert done.outcome.changed_posts[1].any
    service.run(toy_match, Post(), channels=channels)
    assert worked == [1, 1]  # the post found what the correction worked out
    match = Match.open(toy_match)
    try:
        fresh = announcements(match, 1)
    finally:
        match.close()
    assert channels.posted[1] == fresh == done.outcome.announced[1] != posted_first


def test_words_kept_for_a_round_go_stale_with_the_store(toy_match: Path) -> None:
    """Another change to what a round's announcements read (here a host input written behind
    the service's back) is a new version: worked out again, not the kept words."""
    service.run(toy_match, Resolve(FromJson(numbers_json(toy_match, 1, lambda p, e: 3)), 1))
    match = Match.open(toy_match)
    try:
        one = announced.worked_out(match, 1)
        assert announced.worked_out(match, 1) is one
        match.store.set_host_input(Match.WINNER_CHOICE, "nobody")
        assert announced.worked_out(match, 1) is not one
    finally:
        match.close()


@pytest.mark.slow
def test_a_press_on_the_round_desk_is_applied_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round desk's Resolve button carries a key drawn with the form: the same press
    given again (a double click, a rerun of it) resolves nothing more; the next press,
    drawn with the next round's form, resolves that round."""
    from dashboard.round_desk import _PRESS
    from festival.core.paths import fixture
    from tests.test_dashboard_desk import app, sample_before

    folder = sample_before(tmp_path, 5)
    shutil.copytree(fixture("sample", "round-6"), folder / "inbox" / "round-6")
    at = app(monkeypatch, folder, host=True, page="Round desk")
    press = at.session_state[_PRESS]
    at.button[0].click().run()
    assert not at.exception and "Round 5 resolved" in at.success[0].value
    assert at.session_state[_PRESS] != press  # a new key, drawn with round 6's form
    at.session_state[_PRESS] = press  # the same press, delivered again
    at.button[0].click().run()
    assert not at.exception
    assert "done already" in at.success[0].value
    assert service.status(folder).last == 5
    assert applied(folder) == [f"applied:dashboard:{press}"]
    at.button[0].click().run()  # a new press
    assert "Round 6 resolved" in at.success[0].value
    assert service.status(folder).last == 6 and len(applied(folder)) == 2
