"""The bot's hand-ins for a match (issue #38): `/submit file:<attachment> [event:<event>]` and
`/submission`, for a seated player in their own private channel only, and the host's
`/host seat` for the match's players.

Who sent it comes from the match's seating (festival/match/seating.py, read through the match
service); anyone not seated, or a player anywhere but their own channel, is refused in one
private line and nothing is stored. The attachment is fetched within festival's size limit
(festival/bot/download.py) and handed to the match through `HandIns`
(festival/bot/match_hand_ins.py: the match service's `HandIn` command, the attachment's id as
its apply-once key). The words of the answer are the domain's; this module only sends them,
privately, with their pictures. A delivery seen twice in one run is answered once; after a
restart, the retry is answered from the store.

discord.py is imported here: only the bot imports this module.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import discord
from discord import app_commands

from events.duel import Picture
from festival.bot.download import DownloadRefused, Wanted, fetch
from festival.bot.duel_commands import ANSWERED, Desk
from festival.bot.duel_commands import run as duel_run
from festival.bot.keep_time import Timekeeper
from festival.bot.patience import patiently
from festival.bot.sheet_watch import SheetWatch
from festival.bot.who import holds_role
from festival.core import registry
from festival.core.errors import FestivalError, StoreError
from festival.discord.messages import split_messages
from festival.duels.acts import Seat
from festival.match import service
from festival.match.acts import HOST, NotAllocated, Refused, Via
from festival.match.seating import PlayerSeat, SeatPlayer
from sheets.limits import MAX_FILE_BYTES

log = logging.getLogger(__name__)

NOT_SEATED = "You are not seated in this match: ask the host to seat you (/host seat)."
NOT_HERE = "Hand in in your own private channel only: nothing was kept."
BUSY = "The match cannot take this right now: try again in a minute (the host can see why)."
HOST_ONLY = "Only the host may do that."
NOT_OPEN = "The match has not begun: the events are not allocated yet, so nothing was kept."
MAX_FILES = 10
"""Discord's most attachments on one message"""


@dataclass(frozen=True)
class Answer:
    """What a player is told: Markdown (the domain's words) and pictures to go with it."""

    text: str
    pictures: tuple[tuple[str, Picture], ...] = ()


class HandIns(Protocol):
    """The match's hand-ins as the bot uses them (festival/bot/match_hand_ins.py)."""

    def hand_in(
        self, folder: Path, player: str, name: str, content: bytes, event: str | None, key: str
    ) -> Answer: ...

    def submission(self, folder: Path, player: str) -> Answer: ...


@dataclass
class Hall:
    """The match the bot serves: its folder, the hand-ins, and what this run has seen."""

    folder: Path
    hand_ins: HandIns
    limit: int = MAX_FILE_BYTES
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """one hand-in at a time (the match service holds the match's own lock too)"""
    seen: set[int] = field(default_factory=set)
    """interactions this run has taken up: a delivery seen twice is answered once"""
    session: aiohttp.ClientSession | None = None
    """the downloads' HTTP session (opened when the bot starts)"""
    sheets: SheetWatch | None = None
    """the players' Google spreadsheets watched beside the bot (festival/bot/sheet_watch.py),
    when the match reads Google"""
    keeper: Timekeeper | None = None
    """keeps the match's deadlines in the background (festival/bot/keep_time.py)"""


def _png(picture: Picture) -> bytes:
    from festival.core import picture as drawing  # the imaging library

    return drawing.png(picture)


async def send(
    interaction: discord.Interaction[Any], answer: Answer, acknowledged: bool = False
) -> None:
    """The answer, privately: its text cut into messages, its pictures with the last one.
    `acknowledged`: Discord took an answer to this interaction before (a retry after a
    restart), so it goes as a follow-up."""
    parts = split_messages(answer.text) or [""]
    files = []
    for name, picture in answer.pictures[:MAX_FILES]:
        data = await asyncio.to_thread(_png, picture)
        files.append(discord.File(io.BytesIO(data), filename=f"{name}.png"))
    none = discord.AllowedMentions.none()
    for i, text in enumerate(parts):
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": none}
        if files and i == len(parts) - 1:
            kwargs["files"] = files
        try:
            if not acknowledged and not interaction.response.is_done():
                await interaction.response.send_message(text, **kwargs)
            else:
                await interaction.followup.send(text, **kwargs)
        except discord.HTTPException as exc:
            log.warning("interaction %s: Discord refused the answer (%s)", interaction.id, exc)
            return


async def _defer(interaction: discord.Interaction[Any]) -> bool:
    """Tell Discord an answer is coming (privately). True when Discord had an answer to this
    interaction already (a bot restarted before answering it: the retry follows it up)."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as exc:
        if exc.code == ANSWERED:
            return True
        raise
    return False


async def _seat(interaction: discord.Interaction[Any], hall: Hall) -> PlayerSeat | None:
    """The sender's seat, when they send from their own channel; else refused in one line."""
    try:
        seats = await asyncio.to_thread(service.seats, hall.folder)
    except (FestivalError, StoreError) as exc:
        log.warning("seating of %s not read: %s", hall.folder.name, exc)
        await send(interaction, Answer(BUSY))
        return None
    seat = seats.of_user(interaction.user.id)
    if seat is None:
        await send(interaction, Answer(NOT_SEATED))
        return None
    if seat.channel is None or seat.channel != interaction.channel_id:
        await send(interaction, Answer(NOT_HERE))
        return None
    return seat


def _first_seen(interaction: discord.Interaction[Any], hall: Hall) -> bool:
    if interaction.id in hall.seen:
        log.info("interaction %s delivered again: answered once", interaction.id)
        return False
    hall.seen.add(interaction.id)
    return True


async def submit(
    interaction: discord.Interaction[Any],
    hall: Hall,
    file: discord.Attachment,
    event: str | None,
) -> None:
    """/submit: the file fetched and handed in for the sender's player, answered privately."""
    if not _first_seen(interaction, hall):
        return
    seat = await _seat(interaction, hall)
    if seat is None:
        return
    acknowledged = await _defer(interaction)
    if hall.session is None:  # pragma: no cover - opened by the bot's setup_hook
        hall.session = aiohttp.ClientSession()
    try:
        content = await fetch(hall.session, Wanted(file.filename, file.url, file.size), hall.limit)
    except DownloadRefused as refused:
        await send(interaction, Answer(refused.line), acknowledged)
        return
    key = f"attachment {file.id}"
    async with hall.lock:
        answer = await _asked(
            hall.hand_ins.hand_in, hall.folder, seat.player, file.filename, content, event, key
        )
    await send(interaction, answer, acknowledged)


async def submission(interaction: discord.Interaction[Any], hall: Hall) -> None:
    """/submission: what counts now for each of the sender's events, privately."""
    seat = await _seat(interaction, hall)
    if seat is None:
        return
    acknowledged = await _defer(interaction)
    answer = await _asked(hall.hand_ins.submission, hall.folder, seat.player)
    await send(interaction, answer, acknowledged)


async def _asked(call: Any, *args: Any) -> Answer:
    """A call of the match's hand-ins off the event loop; a refusal in its own plain words,
    anything else (busy, a damaged store) in one line that shows nothing of the host's."""
    try:
        answer: Answer = await patiently(call, *args)  # the match's lock, waited for
        return answer
    except NotAllocated:  # the service's words are the host's ("allocate them first")
        return Answer(NOT_OPEN)
    except Refused as exc:
        return Answer(str(exc).splitlines()[0])
    except (FestivalError, StoreError) as exc:
        log.warning("hand-in not taken: %s", exc)
        return Answer(BUSY)


async def seat_here(
    interaction: discord.Interaction[Any], hall: Hall, host_role: str, player: str, user: int
) -> None:
    """/host seat for the match: `player` is played by `user`, in the channel the host typed
    it in (the player's private channel)."""
    roles = [(role.id, role.name) for role in getattr(interaction.user, "roles", [])]
    if not holds_role(roles, host_role):
        await send(interaction, Answer(HOST_ONLY))
        return
    command = SeatPlayer(player, user, interaction.channel_id)
    try:
        seats = await asyncio.to_thread(
            service.run, hall.folder, command, HOST, Via.BOT, f"interaction {interaction.id}"
        )
    except Refused as exc:
        await send(interaction, Answer(str(exc).splitlines()[0]))
        return
    except (FestivalError, StoreError) as exc:
        log.warning("seat not recorded: %s", exc)
        await send(interaction, Answer(BUSY))
        return
    seat = next((s for s in seats.seats if s.player.lower() == player.strip().lower()), None)
    name = seat.player if seat is not None else player
    await send(
        interaction, Answer(f"{name} is seated: <@{user}> hands in here (/submit, /submission).")
    )


def host_seat(
    desk: Desk, hall: Hall, host: app_commands.Group
) -> app_commands.Command[Any, Any, Any]:
    """`/host seat` for a bot that serves a match and duels: in a duel's channel it seats
    the duel's player (as before); anywhere else the match's player, in that channel."""
    host.remove_command("seat")

    @host.command(name="seat", description="seat a player as a Discord user (here: their channel)")
    @app_commands.describe(player="the player, as the match or duel names them", user="who")
    async def seat(interaction: discord.Interaction[Any], player: str, user: discord.User) -> None:
        if desk.tables.get(interaction.channel_id or 0) is not None:
            await duel_run(interaction, desk, Seat(((player, user.id),)), host=True)
            return
        await seat_here(interaction, hall, desk.host_role, player, user.id)

    return seat


def match_commands(hall: Hall) -> Sequence[app_commands.Command[Any, Any, Any]]:
    """/submit and /submission, with the festival's events offered as choices."""
    events = [app_commands.Choice(name=e.title, value=e.name) for e in registry.events()]

    @app_commands.command(name="submit", description="hand in your round's workbook (or JSON)")
    @app_commands.describe(
        file="your .xlsx workbook for the round, or a JSON submission",
        event="only for this event (default: every event of yours it holds)",
    )
    @app_commands.choices(event=events)
    async def submit_command(
        interaction: discord.Interaction[Any], file: discord.Attachment, event: str | None = None
    ) -> None:
        await submit(interaction, hall, file, event)

    @app_commands.command(name="submission", description="what counts now for your events")
    async def submission_command(interaction: discord.Interaction[Any]) -> None:
        await submission(interaction, hall)

    return (submit_command, submission_command)
