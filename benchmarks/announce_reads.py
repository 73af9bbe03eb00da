"""Store reads per `festival announce`: how often one round's announcements read the match
store (each call of a Store method that reads: rounds, allocation, raw submissions, parse
errors, host inputs, meta), and the seconds they take. The sample festival, all six rounds
resolved from its workbooks (round 6 carries the final results). Now: a round's announcements
read the rounds table once, whatever the number of players. Before: each part read for itself
(the public post, then each player's report and notes: 2 + 2 x players reads of the rounds),
as `announcements` put them together until issue 37; printed beside for comparison (today's
parts, which each keep their own reads; the code before issue 37 measured, with this script,
30-38 store reads per round, 12-13 of them the rounds table, 20 the parse errors).

Then a correction posted, in one process (the round desk, a bot): round 3 resolved again
(rounds 3 to 6 recomputed), then every round posted (to a stand-in of the channels): how many
times round announcements are worked out, and the store reads. Now: once per round changed
(the words before were kept from the post before; the post finds the words after). Without
the kept words (as before issue 37): before and after the commit, and again to post.
Run: `python benchmarks/announce_reads.py`."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from festival.core.paths import fixture
from festival.core.posted import PostResult
from festival.discord.messages import discord_messages
from festival.match import announced, service
from festival.match.acts import FromFolder, Post, Resolve
from festival.match.announce import (
    private_markdown,
    public_markdown,
    round_reports,
    submission_notes,
)
from festival.match.match import Match
from festival.match.store import Store
from festival.sample.play import sample_match

READS = (
    "rounds", "allocation", "raw", "raws", "parse_errors", "host_input", "meta", "config", "marks"
)  # fmt: skip
ROUNDS = 6


@contextmanager
def counted() -> Iterator[Counter[str]]:
    """Every read of any match store while the block runs, by Store method."""
    calls: Counter[str] = Counter()
    saved = {name: getattr(Store, name) for name in READS}

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def read(self: Store, *args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return method(self, *args, **kwargs)

        return read

    for name, method in saved.items():
        setattr(Store, name, wrap(name, method))
    try:
        yield calls
    finally:
        for name, method in saved.items():
            setattr(Store, name, method)


def before(folder: Path, round_no: int) -> None:
    """The announcements as they were put together before: each part reading the store for
    itself."""
    match = Match.open(folder)
    try:
        discord_messages(public_markdown(match, round_no))
        reports = round_reports(match, round_no)
        for p in match.config.players:
            if any(p in r.private for r in reports) or submission_notes(match, round_no, p):
                discord_messages(private_markdown(match, round_no, p))
    finally:
        match.close()


def measured(action: Callable[[], object]) -> tuple[Counter[str], float]:
    with counted() as calls:
        start = time.perf_counter()
        action()
        seconds = time.perf_counter() - start
    return calls, seconds


class Channels:
    """A stand-in of the match's channels: every round posted before, each post reads the
    words it is handed."""

    def record(self, match: Match, webhooks_file: Path) -> Any:
        raise NotImplementedError

    def posted_rounds(self, match: Match) -> set[int]:
        return set(range(1, ROUNDS + 1))

    def post(self, match: Match, command: Post, round_no: int, rounds: tuple[int, ...],
             said: Callable[[int], Any]) -> service.Posted:  # fmt: skip
        for r in rounds:
            said(r)
        return service.Posted(rounds, PostResult(()), ())


def correction(folder: Path, kept: bool) -> tuple[int, Counter[str], float]:
    """Post every round, then correct round 3 and post again, in one process: how often the
    correction and the post after it work announcements out, and what they read."""
    worked: list[int] = []
    work = announced.announcements

    def counting(match: Match, round_no: int, current: Any = None) -> Any:
        worked.append(round_no)
        return work(match, round_no, current)

    announced.announcements = counting  # type: ignore[assignment]
    keep, announced.KEEP = announced.KEEP, announced.KEEP if kept else 0
    try:
        service.run(folder, Post(), channels=Channels())  # the words posted before
        worked.clear()
        again = Resolve(FromFolder(fixture("sample", "round-3")), 3, True)
        calls, seconds = measured(
            lambda: (service.run(folder, again), service.run(folder, Post(), channels=Channels()))
        )
    finally:
        announced.announcements, announced.KEEP = work, keep  # type: ignore[assignment]
    return len(worked), calls, seconds


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "m"
        sample_match(folder, resolved=ROUNDS)
        players = service.status(folder).players
        print(f"`festival announce` on the sample festival ({players} players), per round:")
        for r in range(1, ROUNDS + 1):
            calls, seconds = measured(lambda r=r: service.announce(folder, r))
            old, old_seconds = measured(lambda r=r: before(folder, r))
            detail = ", ".join(f"{name} {n}" for name, n in sorted(calls.items()))
            print(
                f"  round {r}: {sum(calls.values()):4d} store reads, rounds table "
                f"{calls['rounds']:3d} time(s), {seconds:6.3f} s  ({detail}); before: "
                f"{sum(old.values())} reads, rounds table {old['rounds']} times, "
                f"{old_seconds:.3f} s"
            )
        print("Round 3 corrected (rounds 3-6 resolved again), then every round posted, in one "
              "process:")  # fmt: skip
        for kept in (True, False):
            copy = Path(tmp) / f"c{kept}"
            shutil.copytree(folder, copy)
            times, calls, seconds = correction(copy, kept)
            print(
                f"  {'now' if kept else 'without the kept words'}: announcements worked out "
                f"{times:2d} time(s), {sum(calls.values())} store reads (rounds table "
                f"{calls['rounds']}), {seconds:.2f} s"
            )


if __name__ == "__main__":
    main()
