"""`festival simulate`: play many seeded games with a mix of strategies, write the results
as Parquet, print the reports; `--replay SEED` writes one game as a match folder."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from festival.bots.registry import STRATEGIES, STRONGEST
from festival.core.registry import event_name, event_names
from festival.lab import tables
from festival.lab.game import FESTIVAL, Force
from festival.lab.job import Job, JobError, all_items, specs
from festival.lab.replay import replay_into
from festival.lab.run import dask_client, run_dask, run_serial
from festival.lab.setup import FIRST, SECOND, describe, option_sets
from festival.match.match import MatchError

if TYPE_CHECKING:
    import pandas as pd


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of `festival simulate`, in the parser festival/cli/main.py made for it."""
    p.description = (
        "Play N seeded games in memory with a mix of bot strategies, on a local "
        "Dask cluster (or --scheduler, or --serial), and write one row per player per game "
        "and per item bought as Parquet (players.parquet, items.parquet)."
    )
    p.add_argument("--games", type=int, default=100, help="games to play (100)")
    p.add_argument(
        "--event",
        default=FESTIVAL,
        help=f"{FESTIVAL} (whole festivals, the default) or one event: {', '.join(event_names())}",
    )
    p.add_argument(
        "--mix",
        default=",".join(STRONGEST),
        help=f"strategies dealt round the table (default {','.join(STRONGEST)}; "
        f"known: {', '.join(STRATEGIES)})",
    )
    p.add_argument("--seed", type=int, default=1, help="game i plays seed SEED+i (1)")
    p.add_argument("--seats", type=int, help="players per game (10 a festival, 7 an event)")
    p.add_argument("--out", type=Path, help="folder for the Parquet files (lab-results)")
    p.add_argument("--catalog", action="append", default=[], metavar="EVENT=FILE")
    p.add_argument("--option", action="append", default=[], metavar="EVENT.NAME=VALUE")
    p.add_argument(
        "--compare-catalog",
        action="append",
        default=[],
        metavar="EVENT=FILE",
        help="also play the same seeds with this catalog (set B) to compare",
    )
    p.add_argument("--compare-option", action="append", default=[], metavar="EVENT.NAME=VALUE")
    p.add_argument(
        "--force",
        action="append",
        default=[],
        metavar="EVENT:ITEM",
        help="a paired arm: seat P01 buys ITEM at its first chance (same seeds as the baseline)",
    )
    p.add_argument("--force-all", metavar="EVENT", help="a paired arm for every item EVENT sells")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a Dask scheduler address (tcp://host:8786)")
    where.add_argument("--serial", action="store_true", help="play in this process, no Dask")
    p.add_argument("--workers", type=int, help="local Dask worker processes (one per core)")
    p.add_argument("--report", action="store_true", help="print the balance reports")
    p.add_argument(
        "--from",
        dest="source",
        type=Path,
        help="report on results already written in this folder (plays nothing)",
    )
    p.add_argument(
        "--replay",
        type=int,
        metavar="SEED",
        help="write the festival of this seed (same --mix, --catalog) as a match folder",
    )
    p.add_argument("--to", type=Path, help="the match folder --replay creates")
    p.add_argument(
        "--dashboard",
        type=Path,
        metavar="FOLDER",
        help="open the Balance lab dashboard page on a results folder (plays nothing)",
    )
    p.add_argument("--port", type=int, help="the dashboard's local port (8501)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=simulate)


def simulate(args: argparse.Namespace) -> int:
    if args.dashboard is not None:
        return _dashboard(args.dashboard, args.port)
    if args.source is not None:
        return _report(*_results(args.source))
    kind = FESTIVAL if args.event == FESTIVAL else event_name(args.event)
    if kind is None:
        raise MatchError(f"--event {args.event!r}: expected {FESTIVAL} or one of {event_names()}")
    mix = tuple(s.strip() for s in args.mix.split(",") if s.strip())
    sets = option_sets(args.catalog, args.option, args.compare_catalog, args.compare_option)
    forces = [_on_sale(_force(f), sets[FIRST]) for f in args.force]
    if args.force_all:
        event = event_name(args.force_all)
        if event is None:
            raise MatchError(f"--force-all {args.force_all!r}: not an event")
        try:
            forces += all_items(event, sets[FIRST])
        except JobError as exc:
            raise MatchError(f"--force-all {args.force_all}: {exc}") from exc
    job = Job(kind, args.games, mix, args.seed, tuple(sets), tuple(forces), args.seats)
    try:
        if args.replay is not None:
            return _replay(job, args, sets)
        games = specs(job)
    except JobError as exc:
        raise MatchError(str(exc)) from exc
    compared = describe(args.compare_catalog, args.compare_option)
    print(
        f"Playing {len(games)} game(s) of {kind} ({args.games} seeds x {len(sets)} set(s) x "
        f"{len(forces) + 1} arm(s)); strategies {', '.join(mix)}; set A: "
        f"{describe(args.catalog, args.option)}"
        + (f"; set B: {compared}" if SECOND in sets else ""),
        file=sys.stderr,
    )
    started = time.perf_counter()
    show = not args.quiet
    if args.serial:
        results = run_serial(games, sets, show)
    else:
        with dask_client(args.scheduler, args.workers) as client:
            results = run_dask(games, sets, client, show)
    seconds = time.perf_counter() - started
    players, items = tables.frames(results)
    out = args.out or Path("lab-results")
    tables.write(out, players, items)
    print(
        f"{len(results)} games in {seconds:.1f} s ({len(results) / seconds:.1f} games/s); "
        f"results in {out / tables.PLAYERS_FILE} and {out / tables.ITEMS_FILE}"
    )
    return _report(players, items) if args.report else 0


def _report(players: Any, items: Any) -> int:
    from festival.lab.report import print_report

    print_report(players, items)
    return 0


def _force(text: str) -> Force:
    name, sep, item = text.partition(":")
    event = event_name(name)
    if not sep or event is None or not item.strip():
        raise MatchError(f"--force {text!r}: expected EVENT:ITEM (alchemy:Bellows)")
    return Force(event, item.strip())


def _on_sale(force: Force, options: Any) -> Force:
    """The forced item as the catalog spells it; an item the event does not sell is refused
    (it could never be bought, so its arm would measure nothing)."""
    try:
        sold = {f.item.lower(): f for f in all_items(force.event, options)}
    except JobError as exc:
        raise MatchError(f"--force {force.event}:{force.item}: {exc}") from exc
    found = sold.get(force.item.lower())
    if found is None:
        names = ", ".join(sorted(f.item for f in sold.values()))
        raise MatchError(f"--force {force.event}:{force.item}: not sold in {force.event} ({names})")
    return found


def _replay(job: Job, args: argparse.Namespace, sets: Any) -> int:
    if args.to is None:
        raise MatchError("--replay needs --to FOLDER (the match folder to create)")
    if args.to.exists() and any(args.to.iterdir()):
        raise MatchError(f"{args.to} is not empty; a replay never overwrites a folder")
    one = Job(job.kind, 1, job.mix, args.replay, (FIRST,), (), job.seats)
    match, result = replay_into(specs(one)[0], sets[FIRST], args.to)
    match.close()
    spec = result.spec
    seats = ", ".join(f"{p} {s}" for p, s in zip(spec.players, spec.strategies, strict=True))
    print(f"Wrote the festival of seed {args.replay} to {args.to} ({seats}).")
    print(f"Next: festival dashboard {args.to}")
    return 0


def _results(folder: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, items) of a results folder that holds at least one game."""
    try:
        players, items = tables.read(folder)
    except tables.ResultsError as exc:
        raise MatchError(str(exc)) from exc
    if not len(players):
        raise MatchError(f"{folder} holds no games to report on")
    return players, items


def _dashboard(folder: Path, port: int | None) -> int:
    from festival.cli.match_commands import dashboard_command
    from festival.core.child import run_child

    _results(folder)  # a missing, damaged or foreign folder is refused here, in words
    print(f"Opening the Balance lab for {folder} at http://127.0.0.1:{port or 8501} (Ctrl-C).")
    return run_child(dashboard_command(folder, port))
