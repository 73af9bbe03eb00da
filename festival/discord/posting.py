"""Posting a set of messages exactly once: what is recorded is skipped, what changed is
edited (marked corrected), what is missing is sent, and a request that was cut is never
silently sent again.

For each message: an intent is recorded (committed), the request is made, Discord's message
id is recorded (committed). The only window in which a message can reach Discord without
festival knowing is between Discord accepting it and that last commit. SIGTERM and SIGINT
(Ctrl-C) are held while posting: the message in flight is finished and recorded, then
posting stops and says so. A SIGKILL (or a dropped connection) inside the window leaves the
intent without a message id: that message is *held back*, and only it (with the later
messages of the same post, which must not come before it): every run posts everything else
and asks the host about it, naming the message and the command that settles it: `--resend`
(it never arrived) or `--mark-sent LINK` (it is there: festival fetches it through the
webhook, checks it says what it should, and records it). Held messages are settled oldest
first, one a run.

A request Discord refused (a 429 it kept answering, a 4xx, a 5xx) holds no message: its
intent is dropped, the run stops in one line, and the next run sends it.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from types import FrameType

from festival.core.posted import Action as Action  # what posting did: values of core's
from festival.core.posted import Done as Done
from festival.core.posted import Held as Held
from festival.core.posted import PostResult as PostResult
from festival.discord.messages import CORRECTION_ROOM, DISCORD_LIMIT
from festival.discord.post_log import PostKey, PostLog, PostRow
from festival.discord.sender import Attachment, DiscordFailure, MessageGone, Sender, Uncertain
from festival.discord.webhooks import GAME_ROOM

RETRACTED = "*(Corrected: this message is no longer part of the post; the messages above say it.)*"
LINK = re.compile(r"(?:https://(?:\w+\.)?discord(?:app)?\.com/channels/[\d@me]+/\d+/)?(\d{17,20})")


@dataclass(frozen=True)
class Outgoing:
    """One message to be posted: where, which, what."""

    key: PostKey
    content: str
    files: tuple[Attachment, ...] = ()
    label: str = ""
    """how the host is told which message this is ("Wren's private report, message 1 of 2")"""

    @property
    def digest(self) -> str:
        h = hashlib.sha256(self.content.encode())
        for f in self.files:
            h.update(b"\0" + f.filename.encode() + b"\0" + hashlib.sha256(f.data).digest())
        return h.hexdigest()


class Resolution(StrEnum):
    """What the host says of a message whose request was cut."""

    RESEND = "resend"
    MARK_SENT = "mark-sent"


@dataclass(frozen=True)
class Decision:
    resolution: Resolution
    link: str = ""
    """with MARK_SENT: the message's link (Copy Message Link) or id"""

    @classmethod
    def of(cls, resend: bool, mark_sent: str | None) -> Decision | None:
        """The host's word on a cut message (`--resend`, `--mark-sent LINK`); None: neither."""
        if resend:
            return cls(Resolution.RESEND)
        if mark_sent:
            return cls(Resolution.MARK_SENT, mark_sent)
        return None


def corrected(content: str, note: str) -> str:
    """A message's content as edited, with the line that marks it corrected."""
    mark = f"\n\n*Corrected: {note}.*"
    if len(mark) > CORRECTION_ROOM:
        mark = "\n\n*Corrected.*"
    return (content + mark)[:DISCORD_LIMIT]


@dataclass
class _Signals:
    caught: str | None = None
    previous: dict[signal.Signals, object] = field(default_factory=dict)


@contextmanager
def held_signals() -> Iterator[_Signals]:
    """SIGTERM and SIGINT only set a flag while posting: the message in flight finishes."""
    state = _Signals()

    def note(signum: int, frame: FrameType | None) -> None:
        state.caught = signal.Signals(signum).name

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(ValueError):  # not the main thread: nothing to hold
            state.previous[sig] = signal.signal(sig, note)
    try:
        yield state
    finally:
        for sig, handler in state.previous.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]


Rerun = str | Callable[[int], str]
"""the command that posts the messages, or, given a round, the one that posts that round"""


def post_all(
    log: PostLog,
    sender: Sender,
    messages: Sequence[Outgoing],
    note: str,
    decision: Decision | None = None,
    rerun: Rerun = "",
) -> PostResult:
    """Bring Discord to `messages`: send what is missing, edit what changed (marked with
    `note`), retract parts a post no longer has. A message whose request was cut (now or in
    an earlier run) is held back with the later parts of its post; everything else is
    posted, and the result asks the host about it. `rerun` is the command that posts them
    (for the host's instructions)."""
    rows = {r.key: r for r in log.rows()}
    wanted = {m.key: m for m in messages}
    rounds = {m.key.round_no for m in messages}
    cut = [r for r in rows.values() if r.message_id is None]
    labels = {m.key: m.label for m in messages}
    done: list[Done] = []
    fresh: dict[PostKey, Held] = {}
    """messages whose request was cut in this run"""
    if decision is not None:
        if not cut:
            raise DiscordFailure(
                f"no message is waiting for --{decision.resolution.value}: every message "
                "festival sent is recorded"
            )
        row = cut[0]
        label = labels.get(row.key) or describe(row.key)
        try:
            done.append(_resolve(log, sender, row, wanted.get(row.key), decision, label))
        except Uncertain as exc:
            fresh[row.key] = Held(label, _unsure(label, row.key, exc, rerun))
        rows = {r.key: r for r in log.rows()}
    held = [
        fresh.get(r.key)
        or Held(labels.get(r.key) or describe(r.key), _cut_message(labels.get(r.key), r, rerun))
        for r in rows.values()
        if r.message_id is None
    ]
    with held_signals() as signals:
        try:
            for message in messages:
                if signals.caught:
                    return PostResult(tuple(done), signals.caught, held=tuple(held))
                if _waits_for(message.key, rows):
                    continue
                try:
                    done.append(_bring(log, sender, message, rows.get(message.key), note))
                except Uncertain as exc:
                    rows = {r.key: r for r in log.rows()}
                    held.append(
                        Held(message.label, _unsure(message.label, message.key, exc, rerun))
                    )
            for key, old in rows.items():
                if signals.caught:
                    return PostResult(tuple(done), signals.caught, held=tuple(held))
                stale = (
                    key not in wanted and key.kind in _kinds(messages) and key.round_no in rounds
                )
                if not stale or old.message_id is None or key.channel not in sender.webhooks.hooks:
                    continue
                gone = Outgoing(key, RETRACTED, (), describe(key))
                if old.content_hash != gone.digest:
                    sender.edit(key.channel, old.message_id, RETRACTED)
                    log.sent(key, old.message_id, gone.digest, True)
                    done.append(Done(gone.label, Action.RETRACTED))
        except DiscordFailure as exc:
            if not held:
                raise
            raise DiscordFailure(f"{exc}. Held back besides: {held[0].question}") from None
        return PostResult(tuple(done), signals.caught, held=tuple(held))


def _waits_for(key: PostKey, rows: dict[PostKey, PostRow]) -> bool:
    """Whether a message is held back: its own request was cut, or an earlier part of its
    post's was (a post's messages are read in order)."""
    return any(
        r.message_id is None
        and (r.key.channel, r.key.round_no, r.key.kind) == (key.channel, key.round_no, key.kind)
        and r.key.part <= key.part
        for r in rows.values()
    )


def _kinds(messages: Sequence[Outgoing]) -> set[str]:
    return {m.key.kind for m in messages}


def _bring(log: PostLog, sender: Sender, message: Outgoing, row: PostRow | None, note: str) -> Done:
    key, digest = message.key, message.digest
    if row is None:
        log.intend(key, digest)
        try:
            message_id = sender.send(key.channel, message.content, message.files)
        except Uncertain:
            raise  # the intent stays: the host says whether it arrived
        except DiscordFailure:
            log.forget(key)  # Discord refused it: nothing arrived
            raise
        log.sent(key, message_id, digest, False)
        return Done(message.label, Action.SENT)
    assert row.message_id is not None
    if row.content_hash == digest:
        return Done(message.label, Action.KEPT)
    sender.edit(key.channel, row.message_id, corrected(message.content, note), message.files)
    log.sent(key, row.message_id, digest, True)
    return Done(message.label, Action.CORRECTED)


def _resolve(
    log: PostLog,
    sender: Sender,
    row: PostRow,
    message: Outgoing | None,
    decision: Decision,
    label: str,
) -> Done:
    if decision.resolution is Resolution.RESEND:
        log.forget(row.key)
        return Done(label, Action.KEPT) if message is None else _resend(log, sender, message)
    found = LINK.fullmatch(decision.link.strip())
    if found is None:
        raise DiscordFailure(
            "--mark-sent takes the message's link (in Discord: the message's menu, Copy Message "
            "Link) or its id"
        )
    try:
        fetched = sender.fetch(row.key.channel, found.group(1))
    except MessageGone:
        raise DiscordFailure(
            f"{row.key.channel if row.key.channel != GAME_ROOM else 'the game room'} has no "
            f"message {found.group(1)} from festival (404 Unknown Message): check the link "
            "(nothing was recorded)"
        ) from None
    if message is not None and fetched.content != message.content:
        raise DiscordFailure(
            f"the message {found.group(1)} in {row.key.channel}'s channel does not say what "
            f"{label} says: check the link (nothing was recorded)"
        )
    log.sent(row.key, fetched.message_id, row.content_hash, False)
    return Done(label, Action.RECORDED)


def _resend(log: PostLog, sender: Sender, message: Outgoing) -> Done:
    done = _bring(log, sender, message, None, "")
    return Done(done.label, done.action)


def describe(key: PostKey) -> str:
    what = {"public": "the public post", "private": f"{key.channel}'s private report"}.get(
        key.kind, f"the {key.kind} post"
    )
    return f"round {key.round_no}, {what}, message {key.part}"


def _command(rerun: Rerun, round_no: int) -> str:
    return rerun(round_no) if callable(rerun) else rerun


def _settle(label: str, key: PostKey, rerun: Rerun) -> str:
    where = "the game room" if key.channel == GAME_ROOM else f"{key.channel}'s channel"
    command = _command(rerun, key.round_no)
    return (
        f"festival held {label} back and posted the rest. Look in {where}: if it is there, "
        f"run `{command} --mark-sent LINK` (the message's menu, Copy Message Link); if not, "
        f"run `{command} --resend`"
    )


def _cut_message(label: str | None, row: PostRow, rerun: Rerun) -> str:
    label = label or describe(row.key)
    return (
        f"an earlier run was cut while sending {label} (at {row.asked_at}): Discord may or may "
        f"not hold it, so {_settle(label, row.key, rerun)}"
    )


def _unsure(label: str, key: PostKey, exc: Uncertain, rerun: Rerun) -> str:
    return f"{exc.fact} ({label}), so {_settle(label, key, rerun)}"
