"""Store reads per `festival announce`: how often one round's announcements read the match
store (each call of a Store method that reads: rounds, allocation, raw submissions, parse
errors, host inputs, meta), and the seconds they take. The sample festival, all six rounds
resolved from its workbooks (round 6 carries the final results). A round's announcements read
each round once: the rounds table once, whatever the number of players.
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
from festival.match import service
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
            with counted() as calls:
                start = time.perf_counter()
                service.announce(folder, r)
                seconds = time.perf_counter() - start
            detail = ", ".join(f"{name} {n}" for name, n in sorted(calls.items()))
            print(
                f"  round {r}: {sum(calls.values()):4d} store reads, rounds table "
                f"{calls['rounds']:3d} time(s), {seconds:6.3f} s  ({detail})"
            )


if __name__ == "__main__":
    main()
