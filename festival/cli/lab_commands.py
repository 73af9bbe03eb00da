"""`festival simulate`: play many seeded games with a mix of strategies, write the results
as Parquet, print the reports; `--replay SEED` writes one game as a match folder.

Its flags become a lab study (festival.lab.service.Study); the service checks, plays and
reports; this module words what comes back (festival/cli/lab_words.py words refusals and
next commands)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from festival.bots.registry import STRATEGIES, STRONGEST
from festival.cli import lab_words
from festival.cli.dashboard_launch import LOCAL, port_number, url
from festival.core.errors import MatchError
from festival.core.registry import event_names
from festival.lab import service
from festival.lab.service import FESTIVAL, LabRefused, Report, SweepReport


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
    p.add_argument(
        "--replace",
        action="store_true",
        help="replace the results already in the --out folder (refused without it)",
    )
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
    p.add_argument("--port", type=port_number, help="the dashboard's local port (8501)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=simulate)


def simulate(args: argparse.Namespace) -> int:
    try:
        if args.dashboard is not None:
            return _dashboard(args.dashboard, args.port)
        if args.source is not None:
            return _print(service.report(args.source))
        study = _study(args)
        if args.replay is not None:
            return _replayed(service.replay(study))
        plan = service.plan(study)
        print(
            f"Playing {len(plan.games)} game(s) of {plan.kind} ({study.games} seeds x "
            f"{plan.sets} set(s) x {plan.arms} arm(s)); strategies {', '.join(study.mix)}; "
            f"set A: {plan.set_a}"
            + (f"; set B: {plan.set_b}" if plan.set_b is not None else "")
            + (f"; sweep {plan.sweep}" if plan.sweep else ""),
            file=sys.stderr,
        )
        played = service.play(plan)
    except LabRefused as refused:
        raise MatchError(lab_words.refusal(refused.refusal)) from refused
    print(
        f"{played.games} games in {played.seconds:.1f} s ({played.games / played.seconds:.1f} "
        f"games/s); results in {played.out}/ ({', '.join(played.files)})"
    )
    return _print(played.report)


def _study(args: argparse.Namespace) -> service.Study:
    """The flags as a lab study."""
    where: service.Where
    if args.serial:
        where = service.Serial()
    elif args.scheduler:
        where = service.Scheduler(args.scheduler)
    else:
        where = service.LocalCluster(args.workers)
    return service.Study(
        games=args.games,
        event=args.event,
        mix=tuple(s.strip() for s in args.mix.split(",") if s.strip()),
        seed=args.seed,
        seats=args.seats,
        catalogs=tuple(args.catalog),
        options=tuple(args.option),
        compare_catalogs=tuple(args.compare_catalog),
        compare_options=tuple(args.compare_option),
        forces=tuple(args.force),
        force_all=args.force_all,
        sweep=args.sweep,
        replay=args.replay,
        replay_to=args.to,
        out=args.out or Path("lab-results"),
        replace=args.replace,
        where=where,
        progress=not args.quiet,
    )


def _print(done: Report | SweepReport) -> int:
    if isinstance(done, SweepReport):
        verdict = (
            f"Too small to conclude on {done.subject}: play more games (--games)."
            if done.too_small
            else done.verdict
        )
        print(f"\n{verdict}")
        print(
            f"\n{done.item}'s {done.field} swept ({done.seeds} seeds at every value; worth: "
            "P01's paired score with the item bought at its first chance, 95% intervals "
            "simultaneous over the values; share: of its group's purchases a game):"
        )
        print(done.table.to_string(index=False))
        print(f"\nThe picture: {done.picture}")
        print(f"Next: {lab_words.sweep_next(done.next, done.run, str(done.picture.parent))}")
        return 0
    if done.settings_unread is not None:
        print(
            f"The run's catalogs or options cannot be read now ({done.settings_unread}): the "
            "next command suggests no price sweep.",
            file=sys.stderr,
        )
    print(done.text)
    print(f"\nNext: {lab_words.next_command(done.next, done.run, str(done.folder))}")
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


def _replayed(done: service.Replayed) -> int:
    seats = ", ".join(f"{p} {s}" for p, s in done.seats)
    print(f"Wrote the festival of seed {done.seed} to {done.folder} ({seats}).")
    print(f"Next: festival dashboard {done.folder}")
    return 0


def _dashboard(folder: Path, port: int | None) -> int:
    from festival.cli.match_commands import dashboard_command
    from festival.core.child import run_child

    service.check(folder)  # a missing, damaged or foreign folder is refused here, in words
    print(f"Opening the Balance lab for {folder} at {url(port, LOCAL)} (Ctrl-C).")
    return run_child(dashboard_command(folder, port))
