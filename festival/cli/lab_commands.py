"""`festival simulate`: play many seeded games with a mix of strategies, write the results
as Parquet, print the reports; `--replay SEED` writes one game as a match folder."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from festival.bots.registry import STRATEGIES, STRONGEST
from festival.core.errors import MatchError
from festival.core.registry import event_name, event_names
from festival.lab import run_args, sweep, tables
from festival.lab.game import FESTIVAL, Force
from festival.lab.job import Job, JobError, all_items, specs
from festival.lab.replay import replay_into
from festival.lab.run import dask_client, frozen_heap, run_dask, run_serial
from festival.lab.run_args import RunArgs, sweep_next
from festival.lab.setup import FIRST, SECOND, describe, option_sets

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
        help=f"{FESTIVAL} (whole festivals, the default; a sweep's event with --sweep) or one "
        f"event: {', '.join(event_names())}",
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
    p.add_argument(
        "--sweep",
        metavar="EVENT.ITEM.FIELD=FROM..TO:STEP",
        help="play the same seeds at every value of one catalog number (alchemy.Bellows."
        "cost=20..120:20), with P01 made to buy the item, and draw its value against it",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a Dask scheduler address (tcp://host:8786)")
    where.add_argument("--serial", action="store_true", help="play in this process, no Dask")
    p.add_argument(
        "--workers",
        type=_workers,
        help="local Dask worker processes, at least 1 (one per core when not said)",
    )
    p.add_argument(
        "--report",
        action="store_true",
        help="print the balance report (every run prints it now; kept for older scripts)",
    )
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
        return _report_folder(args.source)
    sets = option_sets(args.catalog, args.option, args.compare_catalog, args.compare_option)
    swept = _sweep(args, sets) if args.sweep else None
    kind = _kind(args.event or (swept.event if swept else FESTIVAL))
    mix = tuple(s.strip() for s in args.mix.split(",") if s.strip())
    forces = [_on_sale(_force(f), sets[FIRST]) for f in args.force]
    if args.force_all:
        event = event_name(args.force_all)
        if event is None:
            raise MatchError(f"--force-all {args.force_all!r}: not an event")
        try:
            forces += all_items(event, sets[FIRST])
        except JobError as exc:
            raise MatchError(f"--force-all {args.force_all}: {exc}") from exc
    played_sets = sweep.option_sets(sets[FIRST], swept) if swept else sets
    if swept:
        forces = [swept.force]
    job = Job(kind, args.games, mix, args.seed, tuple(played_sets), tuple(forces), args.seats)
    try:
        if args.replay is not None:
            return _replay(job, args, sets)
        games = specs(job)
    except JobError as exc:
        raise MatchError(str(exc)) from exc
    compared = describe(args.compare_catalog, args.compare_option)
    print(
        f"Playing {len(games)} game(s) of {kind} ({args.games} seeds x {len(played_sets)} "
        f"set(s) x {len(forces) + 1} arm(s)); strategies {', '.join(mix)}; set A: "
        f"{describe(args.catalog, args.option)}"
        + (f"; set B: {compared}" if SECOND in sets else "")
        + (f"; sweep {swept.text}" if swept else ""),
        file=sys.stderr,
    )
    started = time.perf_counter()
    show = not args.quiet
    if args.serial:
        results = run_serial(games, played_sets, show)
    else:
        with dask_client(args.scheduler, args.workers) as client:
            results = run_dask(games, played_sets, client, show)
    seconds = time.perf_counter() - started
    with frozen_heap():
        players, items = tables.frames(results)
        on_sale = tables.sold(played_sets, kind)
        out = args.out or Path("lab-results")
        tables.write(out, players, items, on_sale)
        run = _run_args(args, kind)
        run_args.save(out, run)
        print(
            f"{len(results)} games in {seconds:.1f} s ({len(results) / seconds:.1f} games/s); "
            f"results in {out}/ ({tables.PLAYERS_FILE}, {tables.ITEMS_FILE})"
        )
        if swept:
            sweep.save(out, swept, sweep.current_value(swept, sets[FIRST]))
            return _sweep_report(out, players, items, on_sale, run)
        return _report(players, items, on_sale, run, sets[FIRST], out)


def _kind(name: str) -> str:
    kind = FESTIVAL if name == FESTIVAL else event_name(name)
    if kind is None:
        raise MatchError(f"--event {name!r}: expected {FESTIVAL} or one of {event_names()}")
    return kind


def _sweep(args: argparse.Namespace, sets: Any) -> sweep.Sweep:
    clash = [
        flag
        for flag, given in (
            ("--compare-catalog", args.compare_catalog),
            ("--compare-option", args.compare_option),
            ("--force", args.force),
            ("--force-all", args.force_all),
            ("--replay", args.replay is not None),
        )
        if given
    ]
    if clash:
        raise MatchError(f"--sweep plays its own sets and arms: leave out {', '.join(clash)}")
    try:
        return sweep.parse(args.sweep, sets[FIRST])
    except sweep.SweepError as exc:
        raise MatchError(f"--sweep: {exc}") from exc


def _run_args(args: argparse.Namespace, kind: str) -> RunArgs:
    """The run's own arguments, for the next command (without --games and --out)."""
    return RunArgs(
        kind,
        args.mix,
        args.seed,
        args.seats,
        tuple(args.catalog),
        tuple(args.option),
        tuple(args.compare_catalog),
        tuple(args.compare_option),
        tuple(args.force),
        args.force_all,
    )


def _report(
    players: Any, items: Any, on_sale: Any, run: RunArgs, options: Any, folder: Path
) -> int:
    from festival.lab.findings import next_command, sweep_target
    from festival.lab.text import print_report

    def next_step(r: Any, found: Any) -> str:
        target = sweep_target(r) if options is not None else None
        swept = _sweep_text(target, options) if target else None
        return next_command(r, found, run, swept, str(folder))

    print_report(players, items, on_sale, next_step)
    return 0


def _sweep_text(target: tuple[str, str], options: Any) -> str | None:
    """A sweep of the item's price around its value in the catalog (half to one and a half
    times, in about eight steps), or None when it has no price."""
    event, item = target
    try:
        probe = sweep.parse(f"{event}.{item}.cost=0..1:1", options)
    except sweep.SweepError:
        return None
    now = sweep.current_value(probe, options)
    if now is None or now <= 0:
        return None
    step = next(x for x in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9) if x >= now / 8)
    lo, hi = max(0, round(now / 2 / step) * step), round(now * 1.5 / step) * step
    return f"{event}.{item}.cost={lo}..{hi}:{step}"


def _report_folder(folder: Path) -> int:
    players, items = _results(folder)
    on_sale = tables.read_sold(folder)
    run = run_args.load(folder) or _run_seen(players)
    if sweep.load(folder) is not None:
        return _sweep_report(folder, players, items, on_sale, run)
    try:
        options: Any = option_sets(list(run.catalogs), list(run.options), [], [])[FIRST]
    except MatchError as exc:
        print(
            f"The run's catalogs or options cannot be read now ({exc}): the next command "
            "suggests no price sweep.",
            file=sys.stderr,
        )
        options = None
    return _report(players, items, on_sale, run, options, folder)


def _run_seen(players: Any) -> RunArgs:
    """What a results folder written before run.json was kept shows of its run: the kind of
    game, the strategies and the first seed (its catalogs were not recorded)."""
    mix = sorted(str(x) for x in players["strategy"].unique())
    return RunArgs(
        str(players["kind"].iloc[0]),
        ",".join(STRONGEST) if tuple(mix) == tuple(sorted(STRONGEST)) else ",".join(mix),
        int(players["seed"].min()),
    )


def _sweep_report(folder: Path, players: Any, items: Any, on_sale: Any, run: RunArgs) -> int:
    from festival.lab.sweep_picture import png

    saved = sweep.load(folder)
    if saved is None:
        raise MatchError(f"{folder} holds no sweep")
    swept, current = saved
    found = sweep.points(swept, players, items, on_sale)
    picture = folder / sweep.PICTURE
    picture.write_bytes(png(swept, found))
    print(f"\n{sweep.verdict_words(swept, found, current)}")
    print(
        f"\n{swept.item}'s {swept.field} swept ({players['seed'].nunique()} seeds at every "
        "value; worth: P01's paired score with the item bought at its first chance, 95% "
        "intervals simultaneous over the values; share: of its group's purchases a game):"
    )
    print(sweep.table(found).to_string(index=False))
    print(f"\nThe picture: {picture}")
    print(f"Next: {sweep_next(swept, run)}")
    return 0


def _workers(text: str) -> int:
    """`--workers N`: a whole number of at least 1 (a local cluster of none would wait for
    ever; `--serial` plays in this process)."""
    try:
        workers = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if workers < 1:
        raise argparse.ArgumentTypeError(
            f"{workers}: at least 1 worker (--serial plays in this process, no Dask)"
        )
    return workers


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
