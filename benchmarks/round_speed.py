"""Seconds to resolve one full festival round (10 players, all three events) from .xlsx
workbooks, split into reading, parsing, resolving and storing. Uses the sample festival's
round 3 (every event plays), and the reading of its 10 workbooks alone, before (openpyxl in
read-only mode, as festival read them until the limits of issue 10) and now (the package
check of sheets/xlsx_package.py, then python-calamine). Run: `python benchmarks/round_speed.py`."""

from __future__ import annotations

import io
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import openpyxl

from festival.core.paths import fixture
from festival.match.match import Match
from festival.match.replay import decode_submissions, play_round, states_after
from festival.match.rounds import check_round, ingest_folder, resolve
from festival.sample.play import sample_match
from sheets.xlsx_package import inspect_package
from sheets.xlsx_reader import read_workbook

ROUND = 3
REPEATS = 5


def _openpyxl_read(data: bytes) -> int:
    """The reading festival did before: openpyxl, read-only, values only, every tab."""
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    cells = 0
    for ws in book.worksheets:
        ws.reset_dimensions()  # type: ignore[union-attr]
        for row in ws.iter_rows(values_only=True):
            cells += sum(v is not None for v in row)
    book.close()
    return cells


def _best(read: Callable[[bytes], object], files: list[bytes]) -> float:
    """The best of REPEATS timings of reading every file once, in seconds."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for data in files:
            read(data)
        best = min(best, time.perf_counter() - start)
    return best


def reading_split(folder: Path) -> None:
    files = [p.read_bytes() for p in sorted(folder.glob("*.xlsx"))]
    before = _best(_openpyxl_read, files)
    check = _best(lambda d: inspect_package(d, "x"), files)
    now = _best(read_workbook, files)
    print(f"reading the {len(files)} workbooks alone (best of {REPEATS}):")
    print(f"  before    {before * 1000:7.1f} ms  (openpyxl, read-only)")
    print(f"  now       {now * 1000:7.1f} ms  (package check and limits, then python-calamine)")
    print(f"    check   {check * 1000:7.1f} ms  (of which: sizes, cells, formulas)")
    print(f"  speed-up  {before / now:7.1f} x")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.open(sample_match(Path(tmp) / "m", resolved=ROUND - 1))
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
        reading_split(folder)


if __name__ == "__main__":
    main()
