"""Store reads per `festival announce`: how often one round's announcements read the match
store (each call of a Store method that reads: rounds, allocation, raw submissions, parse
errors, host inputs, meta), and the seconds they take. The sample festival, all six rounds
resolved from its workbooks (round 6 carries the final results). Now: a round's announcements
read the rounds table once, whatever the number of players. Before: each part read for itself
(the public post, then each player's report and notes: 2 + 2 x players reads of the rounds),
as `announcements` put them together until issue 37; printed beside for comparison (today's
parts, which each keep their own reads; the code before issue 37 measured, with this script,
30-38 store reads per round, 12-13 of them the rounds table, 20 the parse errors).
Run: `python benchmarks/announce_reads.py`."""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from festival.core.paths import fixture
from festival.discord.messages import discord_messages
from festival.match import service
from festival.match.announce import (
    private_markdown,
    public_markdown,
    round_reports,
    submission_notes,
)
from festival.match.match import Match
from festival.match.rounds import ingest_folder, resolve
from festival.match.store import Store
from festival.sample.play import sample_match

READS = ("rounds", "allocation", "raw", "raws", "parse_errors", "host_input", "meta", "config")
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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "m"
        match = sample_match(folder)
        match.allocate()
        for r in range(1, ROUNDS + 1):
            resolve(match, r, ingest_folder(match, r, fixture("sample", f"round-{r}")), True)
        players = len(match.config.players)
        match.close()
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


if __name__ == "__main__":
    main()
