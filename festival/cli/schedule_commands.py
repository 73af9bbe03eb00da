"""`festival schedule MATCH`: the deadline of each round, the reminders, early close and the
misses-in-a-row threshold; extend, pause, resume or resolve now. Times are read and shown in
the host's zone (`--tz`, else the one given before, else this computer's); the store keeps UTC.
The schedule's refusals in the command line's words."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from festival.core.registry import event_title as title
from festival.match import schedule_service, service
from festival.match.acts import Refused
from festival.match.schedule import (
    Schedule,
    UnknownZone,
    UnreadableTime,
    duration_words,
    host_time,
    local_zone_name,
    read_duration,
    read_time,
    system_now,
)
from festival.match.schedule_acts import (
    AlreadyPaused,
    BadSetting,
    Configure,
    Extend,
    HostCommand,
    NoDeadline,
    NoSuchRound,
    NotPaused,
    PastTime,
    Pause,
    Paused,
    ResolveNow,
    Resume,
    RoundResolvedAlready,
    SetSchedule,
)
from festival.match.schedule_words import ready_sentence


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Set or show the match's deadlines (`festival run MATCH` keeps them: reminders, "
        "resolving, posting). Times are in --tz (else the zone given before, else this "
        "computer's)."
    )
    p.add_argument("match", type=Path)
    p.add_argument("--round", type=int, help="the round (default: the next to resolve)")
    p.add_argument("--at", metavar="TIME", help='the round\'s deadline, "YYYY-MM-DD HH:MM"')
    p.add_argument(
        "--every", metavar="DURATION", help="a deadline every DURATION (24h, 1d...) from --from"
    )
    p.add_argument(
        "--from",
        dest="start",
        metavar="TIME",
        help="with --every: the first deadline (of --round, default the next round)",
    )
    p.add_argument("--tz", metavar="ZONE", help="the host's time zone, e.g. Europe/Berlin")
    p.add_argument(
        "--inbox",
        type=Path,
        help="where the players' hand-ins are: INBOX/round-N/ (a workbook each) or "
        "INBOX/round-N.json (kept for `festival run`)",
    )
    p.add_argument(
        "--reminders",
        metavar="LIST",
        help="when players who have not handed in are reminded, before the deadline "
        "(default 12h,2h,30m)",
    )
    p.add_argument(
        "--early-close", choices=("on", "off"), help="close a round once every player is ready"
    )
    p.add_argument(
        "--misses", type=int, metavar="N", help="tell the host after N misses in a row (2)"
    )
    change = p.add_mutually_exclusive_group()
    change.add_argument("--extend-to", metavar="TIME", help="move the deadline to TIME")
    change.add_argument("--extend-by", metavar="DURATION", help="move the deadline later")
    change.add_argument("--pause", action="store_true", help="stop the round's clock")
    change.add_argument("--resume", action="store_true", help="restart it with what was left")
    change.add_argument(
        "--resolve-now", action="store_true", help="the deadline is now: `festival run` closes it"
    )
    # a duration or time given with a minus ("--every -5h") is the option's value, refused in
    # festival's words, not taken by argparse for an option it does not know
    p._negative_number_matcher = re.compile(r"^-\d")
    p.set_defaults(run=schedule_command)


def schedule_command(args: argparse.Namespace) -> int:
    folder: Path = args.match
    now = system_now()
    try:
        before = schedule_service.schedule(folder)
        zone = args.tz or before.settings.zone
        for command in _commands(args, before, zone, now):
            service.run(folder, command)
    except (UnreadableTime, UnknownZone) as exc:
        print(f"festival: error: {_read_words(exc)}", file=sys.stderr)
        return 2
    except Refused as exc:
        print(f"festival: error: {refusal_words(exc, zone)}", file=sys.stderr)
        return 2
    show(folder, schedule_service.schedule(folder), now)
    return 0


def _commands(
    args: argparse.Namespace, before: Schedule, zone: str | None, now: int
) -> list[HostCommand]:
    commands: list[HostCommand] = []
    if args.tz is not None:
        from festival.match.schedule import zone_of

        zone_of(args.tz)  # refused here if unknown
    reminders = None
    if args.reminders is not None:
        reminders = tuple(read_duration(r) for r in args.reminders.split(",") if r.strip())
    early = None if args.early_close is None else args.early_close == "on"
    given = (args.tz, reminders, early, args.misses, args.inbox)
    if any(g is not None for g in given):
        commands.append(Configure(now, reminders, early, args.misses, args.tz, args.inbox))
    # `--round 0` is a round, refused as --round -1 is: never read as "not given"
    first = before.resolved + 1 if args.round is None else args.round
    if args.at is not None:
        commands.append(SetSchedule(((first, read_time(args.at, zone)),), now))
    elif args.every is not None or args.start is not None:
        if args.every is None or args.start is None:
            raise UnreadableTime("--every and --from go together", "schedule")
        step, start = read_duration(args.every), read_time(args.start, zone)
        rounds = range(first, before.rounds + 1)
        commands.append(SetSchedule(tuple((r, start + (r - first) * step) for r in rounds), now))
    if args.extend_to is not None:
        commands.append(Extend(read_time(args.extend_to, zone), now, args.round))
    elif args.extend_by is not None:
        round_no = first
        old = before.deadlines.get(round_no)
        base = old.at if old is not None else now
        commands.append(Extend(base + read_duration(args.extend_by), now, args.round))
    elif args.pause:
        commands.append(Pause(now, args.round))
    elif args.resume:
        commands.append(Resume(now, args.round))
    elif args.resolve_now:
        commands.append(ResolveNow(now, args.round))
    return commands


def show(folder: Path, schedule: Schedule, now: int) -> None:
    zone = schedule.settings.zone
    where = zone or f"this computer’s time zone, {local_zone_name()}; --tz ZONE names another"
    print(f"Deadlines of {folder} (times in {where}):")
    for round_no in range(1, schedule.rounds + 1):
        d = schedule.deadlines.get(round_no)
        when = "no deadline" if d is None else host_time(d.at, zone)
        if round_no <= schedule.resolved:
            note = "  (resolved)"
        elif d is not None and d.paused_left is not None:
            note = f"  paused, {duration_words(d.paused_left)} left"
        elif d is not None and round_no == schedule.resolved + 1:
            note = "  next: " + (f"in {duration_words(d.at - now)}" if d.at > now else "due now")
        else:
            note = ""
        print(f"  round {round_no}: {when}{note}")
    s = schedule.settings
    reminders = ", ".join(duration_words(r) for r in s.reminders) or "none"
    print(
        f"Reminders {reminders} before; early close {'on' if s.early_close else 'off'}; "
        f"the host is told after {s.misses} misses in a row."
    )
    if s.inbox is not None:
        print(f"Files you collect are read from {s.inbox} (round-N/ or round-N.json).")
    for line in ready_lines(folder):
        print(line)
    if schedule.current is not None:
        print(f"Next: festival run {folder} (keeps the deadlines), or festival bot {folder}")
    elif schedule.resolved < schedule.rounds:
        print(f'Next: festival schedule {folder} --at "YYYY-MM-DD HH:MM"')


def next_deadline_lines(folder: Path, now: int) -> list[str]:
    """`festival status`'s lines: the next deadline in the host's zone, and who is ready
    (none: no deadline set)."""
    schedule = schedule_service.schedule(folder)
    d = schedule.current
    if d is None:
        return []
    zone = schedule.settings.zone
    if d.paused_left is not None:
        left = duration_words(d.paused_left)
        return [f"Round {d.round_no}'s deadline is paused ({left} left).", *ready_lines(folder)]
    when = f"in {duration_words(d.at - now)}" if d.at > now else "due now"
    first = f"Next deadline: round {d.round_no}, {host_time(d.at, zone)} ({when})."
    return [first, *ready_lines(folder)]


def ready_lines(folder: Path) -> list[str]:
    """Who is ready for the next round: the hand-ins stored, with the inbox the host named
    (none: no deadline set)."""
    found = schedule_service.next_deadline(folder)
    return [] if found is None else [ready_sentence(found.readiness, title)]


def _read_words(exc: UnreadableTime | UnknownZone) -> str:
    if isinstance(exc, UnknownZone):
        return f"--tz {exc.zone}: not a time zone; write one like Europe/Berlin or UTC"
    if exc.kind == "schedule":
        return '--every and --from go together: --every 24h --from "YYYY-MM-DD HH:MM"'
    if exc.kind.startswith("duration") and exc.what.strip().startswith("-"):
        return f"{exc.what!r} is not a duration: a duration has no minus (like 24h, 1d, 90m)"
    return f"{exc.what!r} is not a {exc.kind}"


def refusal_words(exc: Refused, zone: str | None) -> str:
    """The schedule's refusals with the flags to pass."""
    if isinstance(exc, PastTime):
        return (
            f"round {exc.round_no}: {host_time(exc.at, zone)} is past (now: "
            f"{host_time(exc.now, zone)}); give a later time"
        )
    if isinstance(exc, RoundResolvedAlready):
        return f"round {exc.round_no} is already resolved: its deadline cannot change"
    if isinstance(exc, NoSuchRound):
        return f"--round {exc.round_no}: the match has rounds 1 to {exc.rounds}"
    if isinstance(exc, NoDeadline):
        return f'round {exc.round_no} has no deadline yet: --round {exc.round_no} --at "TIME"'
    if isinstance(exc, AlreadyPaused):
        return f"round {exc.round_no}'s deadline is paused already: --resume restarts it"
    if isinstance(exc, NotPaused):
        return f"round {exc.round_no}'s deadline is not paused"
    if isinstance(exc, Paused):
        return f"round {exc.round_no}'s deadline is paused: --resume it first, then extend"
    if isinstance(exc, BadSetting):
        return f"{exc.what}"
    return str(exc)
