"""Seconds to resolve one full festival round (10 players, all three events) from .xlsx
workbooks, split into reading, parsing, resolving and storing. Uses the sample festival's
round 3 (every event plays). Run: `python benchmarks/round_speed.py`."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from festival.match import Match
from festival.paths import fixture
from festival.replay import decode_submissions, play_round, states_after
from festival.round_pipeline import check_round, ingest_folder, resolve
from festival.sample import sample_config, sample_settings

ROUND = 3


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.create(Path(tmp) / "m", sample_config(int(sample_settings()["seed"])))
        match.allocate()
        for r in range(1, ROUND):
            resolve(match, r, ingest_folder(match, r, fixture("sample", f"round-{r}")), True)
        folder = fixture("sample", f"round-{ROUND}")

        t0 = time.perf_counter()
        inputs = ingest_folder(match, ROUND, folder)  # store the raw files, read the workbooks
        t1 = time.perf_counter()
        states = states_after(match, ROUND - 1)
        check_round(match, ROUND, inputs, states)  # parse and validate every submission
        t2 = time.perf_counter()
        resolve(match, ROUND, inputs, True)  # parse again, resolve, store
        total = time.perf_counter() - t2
        row = match.store.rounds()[-1]
        start = time.perf_counter()  # the resolution alone, replayed from what was stored
        play_round(match, states, ROUND, row.seed, decode_submissions(match, states, row))
        resolving = time.perf_counter() - start
        print(f"round {ROUND} of the sample festival (10 players, 3 events, 20 submissions):")
        print(f"  reading   {t1 - t0:7.3f} s  (store 10 raw workbooks and read them)")
        print(f"  parsing   {t2 - t1:7.3f} s  (parse and validate 20 submissions)")
        print(f"  resolving {resolving:7.3f} s  (all three events, 6 battles)")
        storing = max(0.0, total - (t2 - t1) - resolving)
        print(f"  storing   {storing:7.3f} s  (canonical JSON, reports, rankings, snapshot)")
        print(f"  total     {t1 - t0 + total:7.3f} s  (as `festival resolve` does it)")


if __name__ == "__main__":
    main()
