"""A hosted duel's clock as a source of the bot's timekeeper (festival/bot/keep_time.py): its
warnings and its loss on time announced in the duel's channel when they come due, on the one
timeline the match's deadlines are on. What comes due, and when, is the duel domain's pure
`clock_due` (festival/duels/clock_due.py) on the clock as read through the duel service
(`watch`: reading it records a loss on time that has happened, so the announcement and the
record go together); the words are the bot's.

Each warning and loss on time is recorded in the duel's store before it is sent (`NoteClock`,
through the duel's dispatcher, as the clock bot) and marked sent after (`MarkClockNote`), as
the match's reminders are: a bot started again sends each exactly once (a note recorded and
not sent, its bot stopped in between, is taken over and sent when a bot starts again; a note
another running bot is still sending is left to it), and two bots never both send one (the
second's `NoteClock` is answered `repeated`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from festival.bot.duel_commands import Table
from festival.bot.who import mention
from festival.core.errors import FestivalError, StoreError
from festival.core.timeline import Item
from festival.duels import service
from festival.duels.clock import minutes_seconds
from festival.duels.clock_due import ClockDue, ClockStep, clock_due
from festival.duels.clock_notes import Sending, alive
from festival.duels.service import Watched

log = logging.getLogger(__name__)

Announce = Callable[[int, str, tuple[int, ...]], Awaitable[None]]
"""(channel, text, users pinged)"""


def said(due: ClockDue, watched: Watched, users: dict[str, int]) -> tuple[str, tuple[int, ...]]:
    """What the bot says for a warning or a loss on time (text, users pinged)."""
    if due.step is ClockStep.LOST:
        detail = watched.winner.detail if watched.winner is not None else "time ran out"
        return f"Time ran out: {detail}.", ()
    user = users.get(due.player)
    who = mention(user) if user is not None else due.player
    pings = (user,) if user is not None else ()
    return f"{who}: {minutes_seconds(due.left)} left before you lose on time.", pings


@dataclass
class DuelClock:
    """One hosted duel's clock, a source of the keeper."""

    table: Table
    announce: Announce
    warn_seconds: float
    every: float = 5.0
    """seconds after which the clock is read again (a command line may have moved it)"""
    runs: int = 0
    """runs so far (tests wait on them)"""
    over: bool = False
    """never: a duel that is over may be taken back"""
    started: bool = False
    unsent: set[str] = field(default_factory=set)
    """notes this bot recorded and could not send yet: sent at its next run"""
    unmarked: set[str] = field(default_factory=set)
    """notes this bot sent and could not mark sent yet (the duel busy): marked at its next
    run, never sent again"""
    later: dict[str, float] = field(default_factory=dict)
    """notes that could not be recorded (the duel busy): not tried again before then"""
    sending: Sending | None = None
    """this bot, named while it runs, in the notes it records (made at its first run)"""

    @property
    def name(self) -> str:
        return f"duel {self.table.channel}"

    async def run(self, now: float) -> list[Item]:
        """Read the clock; say what is due (unsent notes first); what comes next."""
        try:
            return await self._run(now)
        finally:
            self.runs += 1

    async def _run(self, now: float) -> list[Item]:
        again = Item(now + self.every, self.name, "read again")
        try:
            async with self.table.lock:
                watched = await asyncio.to_thread(service.watch, self.table.folder)
                seating = await asyncio.to_thread(service.seating, self.table.folder)
        except (FestivalError, StoreError) as exc:  # busy (a command line holds it): next time
            log.info("clock of %s not read: %s", self.table.folder.name, exc)
            return [again]
        folder = self.table.folder
        if self.sending is None:
            self.sending = await asyncio.to_thread(Sending, folder)
        if self.started:  # its own notes, recorded and not sent yet
            resend = {n.key for n in watched.notes if not n.done} & self.unsent
        else:  # at the first run: the notes of a bot stopped between record and send
            unfinished = [n for n in watched.notes if not n.done]
            living = await asyncio.to_thread(
                lambda: {n.sender for n in unfinished if alive(folder, n.sender)}
            )
            resend = {n.key for n in unfinished if n.sender not in living}
        self.started = True
        finishing = set(self.unmarked)  # sent: to be marked, never sent again
        for key in sorted(finishing):
            await self._finish(key)
        for note in watched.notes:
            if note.key in resend - finishing and await self._own(note, watched.steps):
                await self._send(note.key, note.text, note.pings)
        handled: set[str] = set()
        coming = clock_due(watched, self.warn_seconds)
        for due in coming:
            if due.at > watched.at or self.later.get(due.key, due.at) > watched.at:
                continue
            if due.step is not ClockStep.TIME_OUT:
                text, pings = said(due, watched, dict(seating.users))
                await self._say(due.key, text, pings, watched.steps)
                if due.key not in self.later:
                    handled.add(due.key)
        return [again] + [
            Item(max(due.at, self.later.get(due.key, due.at)), self.name, due.key)
            for due in coming
            if due.key not in handled
        ]

    async def _say(self, key: str, text: str, pings: tuple[int, ...], steps: int) -> None:
        """The note recorded before it is sent (`NoteClock`), sent, then marked sent: another
        bot (or this one, before a restart) that recorded it already sends nothing."""
        sender = self.sending.name if self.sending is not None else ""
        command = service.NoteClock(key, text, pings, steps, sender=sender)
        acted = await self._dispatch(command)
        if acted is None:  # busy: tried again after a while
            self.later[key] = service.clock_time() + self.every
            return
        self.later.pop(key, None)
        if not acted.done:  # recorded before (another bot), or the duel moved on
            return
        self.unsent.add(key)
        await self._send(key, text, pings)

    async def _own(self, note: service.ClockNote, steps: int) -> bool:
        """Whether this bot is to send `note`: its own, or a stopped bot's taken over now
        (`NoteClock` taking over: of two bots started at once, one takes it)."""
        me = self.sending.name if self.sending is not None else ""
        if note.sender == me and me:
            return True
        command = service.NoteClock(
            note.key, note.text, note.pings, steps, sender=me, taking_over=note.sender
        )
        acted = await self._dispatch(command)
        return acted is not None and acted.done

    async def _send(self, key: str, text: str, pings: tuple[int, ...]) -> None:
        try:
            await self.announce(self.table.channel, text, pings)
        except Exception as exc:  # Discord refused or is unreachable: sent at the next run
            log.warning("clock note of %s not sent: %s", self.table.folder.name, exc)
            self.unsent.add(key)
            return
        self.unsent.discard(key)
        self.unmarked.add(key)
        await self._finish(key)

    async def _finish(self, key: str) -> None:
        """A note sent: marked sent (`MarkClockNote`), and a loss on time recorded as
        announced (`AnnounceTimeOut`); the duel busy, tried again at the next run (a restart
        meanwhile sends it again, at worst)."""
        if await self._dispatch(service.MarkClockNote(key)) is None:
            return
        kind, _, steps = key.partition(":")
        lost = kind == "lost" and steps.isdigit()
        if lost and await self._dispatch(service.AnnounceTimeOut(int(steps))) is None:
            return
        self.unmarked.discard(key)

    async def _dispatch(self, command: service.Command) -> service.Acted | None:
        """`command` through the duel's dispatcher, as the clock bot (None: not done now)."""
        try:
            async with self.table.lock:
                return await asyncio.to_thread(
                    service.dispatch,
                    self.table.folder,
                    command,
                    service.CLOCK_BOT,
                    service.CLOCK_WATCH,
                )
        except (FestivalError, StoreError) as exc:
            log.info("clock note of %s not recorded: %s", self.table.folder.name, exc)
            return None
