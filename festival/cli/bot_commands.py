"""`festival seat` and `festival bot` (and `festival duel bot`, the same bot): one Discord bot
for a match's players (hand-ins in their private channels, festival/bot/hand_ins.py) and its
duels (festival/bot/duel_commands.py). discord.py is imported only when the bot runs, and the
services only when a command runs: building the parser imports nothing but this module."""

from __future__ import annotations

import argparse
import contextlib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from festival.core.errors import DuelHostError, MatchError

if TYPE_CHECKING:
    from festival.match.seating import PlayerSeat, Seats

_MENTION = re.compile(r"<@!?([0-9]+)>|<#([0-9]+)>|([0-9]+)")


def discord_id(text: str) -> int:
    """A Discord id as typed: the number, or a pasted mention (`<@ID>`, `<#ID>`)."""
    found = _MENTION.fullmatch(text.strip())
    if found is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord id (a number)")
    return int(next(g for g in found.groups() if g))


def _seat_line(seat: PlayerSeat) -> str:
    user = f"user {seat.user}" if seat.user is not None else "no user yet"
    channel = f"channel {seat.channel}" if seat.channel is not None else "no channel yet"
    return f"{seat.player} on Discord: {user}, {channel}."


def seat(args: argparse.Namespace) -> int:
    """Record which Discord user plays a player of the match, and their private channel."""
    from festival.match import service
    from festival.match.seating import SeatPlayer

    if args.user is None and args.channel is None:
        raise MatchError("give --user ID, --channel ID or both")
    seats = service.run(args.match, SeatPlayer(args.player, args.user, args.channel))
    wanted = args.player.strip().lower()
    mine = next(s for s in seats.seats if s.player.lower() == wanted)
    print(_seat_line(mine))
    if mine.user is None or mine.channel is None:
        print(_unseated_hint(args.match, mine))
    return 0


def _unseated_hint(match: Path, seat: PlayerSeat) -> str:
    """The command that completes a seat, asking only for what is missing (a user may come
    from the roster or the webhooks file)."""
    missing = " ".join(
        flag
        for flag, given in (("--user ID", seat.user), ("--channel ID", seat.channel))
        if given is None
    )
    return (
        f"Not served by the bot until seated: festival seat {match} --player {seat.player} "
        f"{missing}"
    )


def _match_lines(match: Path, seats: Seats) -> list[str]:
    lines = []
    for seat in seats.seats:
        if seat.user is not None and seat.channel is not None:
            lines.append(f"Hand-ins (/submit) from {seat.player} in channel {seat.channel}")
        else:
            lines.append(_unseated_hint(match, seat))
    return lines


def bot(args: argparse.Namespace) -> int:
    """Run the Discord bot for a match (its players' hand-ins, its duels), a duel folder or a
    folder of duels, until Ctrl-C."""
    from festival.bot import bot as duel_bot  # discord.py, only for this command
    from festival.bot.hand_ins import Hall
    from festival.bot.match_hand_ins import MatchHandIns
    from festival.bot.sheet_watch import for_match
    from festival.bot.stopping import run_until_stopped
    from festival.duels import service as duels
    from festival.match import service
    from festival.match.seating import is_match

    folder: Path = args.folder
    channels = args.practice_channel
    for channel in channels:
        problem = duels.discord_id_problem(channel, "channel")
        if problem:
            raise DuelHostError(f"--practice-channel: {problem}")
    match = folder if is_match(folder) else None
    seats = service.seats(match) if match is not None else None
    token = duel_bot.token_from_environment()
    try:
        folders = duel_bot.duel_folders(folder)
    except DuelHostError as exc:
        if not channels and match is None:
            raise DuelHostError(
                f"{exc}; or offer practice duels with --practice-channel ID"
            ) from exc
        folders = []  # a bot for a match's hand-ins, or practice duels, only
    seated, unseated = duel_bot.tables(folders)
    for duel in unseated:
        print(f"Not hosted: {duel} has no channel (festival duel seat {duel} --channel ID)")
    if not seated and not channels and (seats is None or not seats.seated):
        raise DuelHostError(
            "no player or duel is seated in a Discord channel: run festival seat (a match's "
            "players) or festival duel seat, or offer practice duels with --practice-channel ID"
        )
    if match is not None and seats is not None:
        for line in _match_lines(match, seats):
            print(line)
    for table in seated:
        print(f"Hosting {table.folder} in channel {table.channel}")
    practice_folder = args.practice_folder or folder / "practice"
    if channels:
        try:  # found out now, not when a player first asks for a practice duel
            practice_folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DuelHostError(
                f"cannot keep practice duels in {practice_folder} ({exc.strerror or exc}): "
                "give a folder you can write to with --practice-folder DIR"
            ) from exc
    desk = duel_bot.desk_of(seated, args.host_role, practice_folder, channels)
    if desk.practice is not None:
        where = ", ".join(str(c) for c in sorted(desk.practice.channels))
        going = len(desk.practice.playing)
        print(
            f"Practice duels (/practice) in channel {where}, kept in {practice_folder} "
            f"({going} going on)"
        )
    hall = None
    if match is not None:
        from festival.bot.keep_time import MatchDeadlines, Timekeeper, match_runner

        keeper = Timekeeper([MatchDeadlines(match_runner(match))])  # the duels' clocks join it
        hall = Hall(match, MatchHandIns(), sheets=for_match(match), keeper=keeper)
        print(
            f"Keeping the deadlines of {match} (festival schedule): reminders, each round "
            "resolved and posted on time, through the match's webhooks"
        )
        if hall.sheets is not None:
            print(
                f"Google spreadsheets read every {hall.sheets.every_minutes:g} minutes; each "
                "player told in their channel when their verdict changes"
            )
    print(f"Host role: {args.host_role}. Ctrl-C stops the bot.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C before the bot's handling of it
        run_until_stopped(lambda stop: duel_bot.serve(desk, token, stop, args.warn, hall=hall))
    print("Bot stopped.")
    return 0


def add_bot_arguments(p: argparse.ArgumentParser, folder_help: str) -> None:
    """The bot's arguments (`festival bot`, `festival duel bot`)."""
    p.add_argument("folder", type=Path, help=folder_help)
    p.add_argument("--host-role", required=True, help="the Discord role of the hosts")
    p.add_argument(
        "--warn", type=float, default=60.0, help="warn a player this many seconds before time"
    )
    p.add_argument(
        "--practice-channel",
        type=int,
        action="append",
        default=[],
        metavar="ID",
        help="offer practice duels against the bot (/practice) in this channel",
    )
    p.add_argument(
        "--practice-folder",
        type=Path,
        metavar="DIR",
        help="where practice duels are kept (FOLDER/practice)",
    )


def add_seat_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("match", type=Path)
    p.add_argument("--player", required=True, help="the player, as the roster names them")
    p.add_argument("--user", type=discord_id, metavar="ID", help="their Discord user id")
    p.add_argument("--channel", type=discord_id, metavar="ID", help="their private channel's id")
