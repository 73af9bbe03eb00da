"""The host's deadline commands on Discord (issue #39): `/host extend`, `/host pause`, `/host
resume` and `/host resolve-now`, for members with the host's role only (anyone else is refused
in one private line, nothing changed). Each is the schedule's typed command
(festival/match/schedule_acts.py) given to the match service's `run` as the host, through the
bot (`Via.BOT`), with the interaction's id as the key applied once, and the time it was given
from the bot's clock. The answer, private: the round's deadline as Discord timestamps (each
reader's app shows them in their own zone). The bot's timekeeper is woken at once, so a
`resolve-now` closes the round without waiting for its next run.

discord.py is imported here: only the bot imports this module.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from festival.bot.hand_ins import BUSY, HOST_ONLY, Answer, Hall, send
from festival.bot.patience import patiently
from festival.bot.who import holds_role
from festival.core.errors import FestivalError, StoreError
from festival.match import service
from festival.match.acts import HOST, AlreadyApplied, Refused, Via
from festival.match.schedule import (
    Schedule,
    UnknownZone,
    UnreadableTime,
    discord_time,
    duration_words,
    read_duration,
    read_time,
    system_now,
)
from festival.match.schedule_acts import Extend, Pause, ResolveNow, Resume
from festival.match.schedule_service import schedule

log = logging.getLogger(__name__)

Change = Extend | Pause | Resume | ResolveNow

WHICH = "give how much later (by: 12h) or the new time (to: YYYY-MM-DD HH:MM), not both"


def deadline_words(now: Schedule, round_no: int, resolving: bool = False) -> str:
    """The round's deadline as its players read it, for the host's private answer."""
    d = now.deadlines.get(round_no)
    if d is None:
        return f"Round {round_no} has no deadline."
    if d.paused_left is not None:
        left = duration_words(d.paused_left)
        return f"Round {round_no}'s deadline is paused ({left} left): /host resume restarts it."
    if resolving:
        return f"Round {round_no} closes now: it is resolved and posted in a moment."
    return f"Round {round_no}'s deadline is {discord_time(d.at)}."


def _clock(hall: Hall) -> Callable[[], int]:
    runner = hall.keeper.runner if hall.keeper is not None else None
    return runner.clock if runner is not None else system_now


def extend_command(
    now: int, current: Schedule, by: str | None, to: str | None, round_no: int | None
) -> Extend:
    """/host extend's options as the typed command (UnreadableTime for words it cannot read;
    `to` is read in the zone the schedule's times are shown in, `festival schedule --tz`)."""
    if (by is None) == (to is None):
        raise UnreadableTime(WHICH, "deadline change")
    if to is not None:
        return Extend(read_time(to, current.settings.zone), now, round_no)
    wanted = current.resolved + 1 if round_no is None else round_no
    d = current.deadlines.get(wanted)
    base = now if d is None else d.at
    return Extend(base + read_duration(str(by)), now, round_no)


async def change(
    interaction: discord.Interaction[Any],
    hall: Hall,
    host_role: str,
    make: Callable[[int, Schedule], Change],
) -> None:
    """A host's change of the deadline: refused to a non-host; else the command through the
    match service, the answer the round's deadline, privately."""
    roles = [(role.id, role.name) for role in getattr(interaction.user, "roles", [])]
    if not holds_role(roles, host_role):
        await send(interaction, Answer(HOST_ONLY))
        return
    key = f"interaction {interaction.id}"

    def go() -> str:
        current = schedule(hall.folder)
        try:
            command = make(_clock(hall)(), current)
        except (UnreadableTime, UnknownZone) as exc:
            return _unreadable(exc)
        try:
            done = service.run(hall.folder, command, HOST, Via.BOT, key)
        except AlreadyApplied:  # Discord's retry of one the bot did: what stands now
            done = schedule(hall.folder)
        assert isinstance(done, Schedule)
        round_no = current.resolved + 1 if command.round_no is None else command.round_no
        return deadline_words(done, round_no, isinstance(command, ResolveNow))

    try:
        said = await patiently(go)
    except Refused as exc:
        said = str(exc).splitlines()[0]
    except (FestivalError, StoreError) as exc:
        log.warning("deadline not changed: %s", exc)
        said = BUSY
    else:
        match = hall.keeper.match if hall.keeper is not None else None
        if hall.keeper is not None and match is not None:
            hall.keeper.wake(match)
    await send(interaction, Answer(said))


def _unreadable(exc: UnreadableTime | UnknownZone) -> str:
    if isinstance(exc, UnknownZone):
        return f"The schedule's zone {exc.zone!r} is not a time zone: festival schedule --tz."
    if exc.kind == "deadline change":
        return exc.what[0].upper() + exc.what[1:] + "."
    return f"{exc.what!r} is not a {exc.kind}."


def host_deadlines(hall: Hall, host_role: str, host: app_commands.Group) -> None:
    """/host extend, pause, resume and resolve-now, on the bot's `/host` group."""

    @host.command(name="extend", description="move the round's deadline later")
    @app_commands.describe(
        by="how much later than the deadline now, like 12h, 1d or 2h30m",
        to="or the new time, YYYY-MM-DD HH:MM, in the schedule's zone",
        round="the round (default: the next to resolve)",
    )
    async def extend(
        interaction: discord.Interaction[Any],
        by: str | None = None,
        to: str | None = None,
        round: int | None = None,
    ) -> None:
        await change(
            interaction, hall, host_role, lambda now, s: extend_command(now, s, by, to, round)
        )

    @host.command(name="pause", description="stop the round's clock (no reminder, no close)")
    @app_commands.describe(round="the round (default: the next to resolve)")
    async def pause(interaction: discord.Interaction[Any], round: int | None = None) -> None:
        await change(interaction, hall, host_role, lambda now, _: Pause(now, round))

    @host.command(name="resume", description="restart the round's clock with what was left")
    @app_commands.describe(round="the round (default: the next to resolve)")
    async def resume(interaction: discord.Interaction[Any], round: int | None = None) -> None:
        await change(interaction, hall, host_role, lambda now, _: Resume(now, round))

    @host.command(name="resolve-now", description="close the round now: resolve and post it")
    @app_commands.describe(round="the round (default: the next to resolve)")
    async def resolve_now(
        interaction: discord.Interaction[Any],
        round: int | None = None,
    ) -> None:
        await change(interaction, hall, host_role, lambda now, _: ResolveNow(now, round))
