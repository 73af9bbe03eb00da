"""`festival watch`: read every player's Google spreadsheet of the open round every few
minutes (within Google's read quota), and tell each player, in their own Discord channel,
only when what festival reads there changes (new problems, or ready)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from festival.match import service
from festival.match.acts import WatchSheets
from festival.match.watch import Watched, quota_minutes

Check = Callable[[], Watched]
Tell = Callable[[], tuple[int, tuple[str, ...]]]
"""post what is not posted yet: (messages sent, players without a channel)"""


def watch(args: argparse.Namespace) -> int:
    from festival.google import match_google  # the Google client, when used

    folder: Path = args.match
    players = service.status(folder).players
    every = max(args.every, quota_minutes(players))

    def check() -> Watched:
        command = WatchSheets(args.credentials)
        return service.run(folder, command, sheets=match_google.spreadsheets)

    tell: Tell | None = None
    if service.on_discord(folder):

        def tell() -> tuple[int, tuple[str, ...]]:
            from festival.discord.match_posting import tell_changes
            from festival.discord.posting import Action

            told = tell_changes(folder, args.webhooks)
            return told.result.count(Action.SENT), told.unmapped

    return watch_loop(check, tell, every, time.sleep, 1 if args.once else None)


def watch_loop(
    check: Check,
    tell: Tell | None,
    every_minutes: float,
    sleep: Callable[[float], None],
    passes: int | None = None,
) -> int:
    """Check, tell, wait `every_minutes`; `passes` times (None: until the match is over or
    Ctrl-C). `sleep` is the wait (a test's records it)."""
    done = 0
    try:
        while passes is None or done < passes:
            watched = check()
            done += 1
            if watched.closed:
                print("No round takes submissions: the match is over.")
                return 0
            for line in watched.unread:
                print(f"  not read now (read again next time): {line}")
            for change in watched.changes:
                first = change.text.splitlines()[0]
                print(f"  round {change.round_no}, {change.player}: {first}")
            if tell is not None:
                sent, unmapped = tell()
                if sent:
                    print(f"  told on Discord: {sent} message(s)")
                for player in unmapped:
                    print(f"  {player} has no channel: tell them yourself")
            elif watched.changes:
                print("  (no Discord channels mapped: tell the players yourself)")
            if passes is None or done < passes:
                sleep(every_minutes * 60)
    except KeyboardInterrupt:
        print("Stopped.")
    return 0
