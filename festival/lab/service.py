"""The balance lab's one door: a study (a frozen value, no front end's flags) in; results,
reports and tables (values) out.

A front end translates what it was given into a `Study` and words what comes back: the
command line (festival/cli/lab_commands.py) turns its flags into a study and prints the
results; the dashboard's Balance lab page draws `balance(folder)`. Neither imports another
lab module. What cannot be done is a `LabRefused` carrying a typed `Refusal`; each front
end words it in its own terms.

The walk of one study: `plan` checks it (settings, sweep, forced items, the job) and lists
its seeded games; `play` plays them (in this process, on a local Dask cluster or on a
scheduler), writes the tables, the run's own arguments (run.json) and a sweep's record,
and returns the report; `report` reads a results folder back into the same report;
`replay` writes one festival as a match folder.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from festival.bots.registry import STRONGEST
from festival.core.errors import MatchError
from festival.core.options import ItemRefused
from festival.core.registry import event_name, event_names
from festival.lab import findings as found_in
from festival.lab import run_args, tables, text
from festival.lab.findings import (
    Charts,
    Finding,
    ForceAll,
    MoreGames,
    NextStep,
    SweepAgain,
    SweepPrice,
    labelled,
    sweep_again,
)
from festival.lab.game import FESTIVAL, Force, engine
from festival.lab.job import Job, JobError, all_items, specs
from festival.lab.job import Problem as Problem
from festival.lab.job import TooManyGames as TooManyGames
from festival.lab.run_args import RunArgs, catalog_event
from festival.lab.verdict import Verdict

if TYPE_CHECKING:
    import pandas as pd

    from festival.lab.game import GameSpec
    from festival.lab.sweep import Sweep

# Playing, sweeps and catalog sets (festival.lab.sweep, festival.lab.setup: the match's
# catalogs and store) are imported where a study is planned, played or reported: the
# Balance lab page, which only reads results, does not load them.

__all__ = [
    "FESTIVAL",
    "Charts",
    "Finding",
    "ForceAll",
    "MoreGames",
    "NextStep",
    "RunArgs",
    "SweepAgain",
    "SweepPrice",
    "catalog_event",
    "labelled",
]

Options = Mapping[str, Mapping[str, Mapping[str, Any]]]
"""catalog set label -> event -> the event's options"""


# --- the study --------------------------------------------------------------------------


@dataclass(frozen=True)
class Serial:
    """Play in this process."""


@dataclass(frozen=True)
class LocalCluster:
    """A local Dask cluster of `workers` processes (None: one per core)."""

    workers: int | None = None


@dataclass(frozen=True)
class Scheduler:
    """The Dask scheduler at `address` (tcp://host:8786)."""

    address: str


Where = Serial | LocalCluster | Scheduler


@dataclass(frozen=True)
class Study:
    """One lab study, as a designer means it. Catalogs, options, forced items and sweeps are
    in the lab's own notation (EVENT=FILE, EVENT.NAME=VALUE, EVENT:ITEM,
    EVENT.ITEM.FIELD=FROM..TO:STEP), kept as given for the run's record (run.json)."""

    games: int = 100
    event: str | None = None
    """FESTIVAL or an event, as given; None: whole festivals (a sweep's event)"""
    mix: tuple[str, ...] = STRONGEST
    """strategies dealt round the table"""
    seed: int = 1
    """game i plays seed `seed + i`"""
    seats: int | None = None
    catalogs: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    compare_catalogs: tuple[str, ...] = ()
    """set B, played on the same seeds to compare"""
    compare_options: tuple[str, ...] = ()
    forces: tuple[str, ...] = ()
    """paired arms: seat P01 buys the item at its first chance"""
    force_all: str | None = None
    """an event: a paired arm for every item it sells"""
    sweep: str | None = None
    replay: int | None = None
    """a seed: `replay` writes that festival as a match folder"""
    replay_to: Path | None = None
    out: Path = Path("lab-results")
    replace: bool = False
    """`out` may hold an earlier run's results, which this one replaces (else refused)"""
    where: Where = field(default_factory=LocalCluster)
    progress: bool = True


# --- refusals ---------------------------------------------------------------------------


@dataclass(frozen=True)
class NotAnEvent:
    """`given` (the study's event, or its force-all event) names no event."""

    part: Literal["event", "force_all"]
    given: str
    events: tuple[str, ...]


SweepClashPart = Literal["compare_catalogs", "compare_options", "forces", "force_all", "replay"]


@dataclass(frozen=True)
class SweepClash:
    """A sweep plays its own catalog sets and arms: these parts of the study were given too."""

    parts: tuple[SweepClashPart, ...]


@dataclass(frozen=True)
class BadSweep:
    words: str


@dataclass(frozen=True)
class BadForce:
    """A forced item not written EVENT:ITEM."""

    given: str


@dataclass(frozen=True)
class NothingToForce:
    """`event` sells nothing; `item` is the forced item named (None: every item)."""

    event: str
    item: str | None
    words: str


@dataclass(frozen=True)
class NotSold:
    """The forced item is not on sale in its event (its arm would measure nothing)."""

    event: str
    item: str
    sold: tuple[str, ...]


@dataclass(frozen=True)
class BadJob:
    """The job cannot be played (unknown strategies, too many games, a bad seed...):
    `problems`, each as found (festival/lab/job.py: words, or a value to word)."""

    words: str
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class BadSettings:
    """The catalogs or options cannot be read (`item`: the kind of item refused, "catalog"
    or "option", whose words start `words`: a front end names its own way of giving it)."""

    words: str
    item: str | None = None


@dataclass(frozen=True)
class ReplayNeedsFolder:
    """A replay names no match folder to create."""


@dataclass(frozen=True)
class ReplayFolderNotEmpty:
    folder: Path


@dataclass(frozen=True)
class ResultsFolderHeld:
    """The results folder holds an earlier run's results (a long study a rerun would lose),
    and the study does not say to replace them."""

    folder: Path


@dataclass(frozen=True)
class BadResults:
    """A results folder missing, damaged or foreign."""

    words: str


@dataclass(frozen=True)
class NoGames:
    folder: Path


@dataclass(frozen=True)
class NoSweep:
    folder: Path


Refusal = (
    NotAnEvent
    | SweepClash
    | BadSweep
    | BadForce
    | NothingToForce
    | NotSold
    | BadJob
    | BadSettings
    | ReplayNeedsFolder
    | ReplayFolderNotEmpty
    | ResultsFolderHeld
    | BadResults
    | NoGames
    | NoSweep
)


class LabRefused(Exception):
    """What the lab cannot do, as a typed `Refusal`; each front end words it."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal


# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    """The balance report of one run: the findings and the tables as printed (`text`), the
    findings themselves, what to run next, and the run it keeps."""

    text: str
    findings: tuple[Finding, ...]
    next: NextStep
    run: RunArgs
    folder: Path
    settings_unread: str | None = None
    """why the run's catalogs or options cannot be read now (then no price sweep is
    suggested)"""


@dataclass(frozen=True)
class SweepNext:
    """After a sweep: set the price in the catalog workbook the sweep measured (`workbook`;
    None: a copy of the shipped catalog, `shipped`), then measure every item again."""

    event: str
    item: str
    field: str
    workbook: str | None
    shipped: str | None


@dataclass(frozen=True)
class SweepReport:
    """The report of a price sweep: its answer, the item at every value (a table people
    read), the picture written beside the results, and what to do next."""

    verdict: str
    """the sweep's answer in one sentence"""
    too_small: bool
    """every value too small to conclude on: the answer is more games"""
    subject: str
    """what the sweep measured, in words ("Alchemy's Bellows cost")"""
    item: str
    field: str
    seeds: int
    table: pd.DataFrame
    picture: Path
    next: SweepNext | SweepAgain
    """what to do next: set the price found, or (too small to conclude) play more games"""
    run: RunArgs


@dataclass(frozen=True)
class Plan:
    """A checked study: its seeded games and what it measures, before anything plays."""

    study: Study
    kind: str
    games: tuple[GameSpec, ...]
    sets: int
    arms: int
    set_a: str
    """the catalogs and options of set A, in words"""
    set_b: str | None
    sweep: str | None
    run: RunArgs
    played_sets: Options
    options: Mapping[str, Mapping[str, Any]]
    """set A's options (event -> options)"""
    swept: Sweep | None
    current: float | int | None
    """the swept field's value in set A's catalog"""


@dataclass(frozen=True)
class Played:
    games: int
    seconds: float
    out: Path
    files: tuple[str, ...]
    report: Report | SweepReport


@dataclass(frozen=True)
class Replayed:
    seed: int
    folder: Path
    seats: tuple[tuple[str, str], ...]
    """(player, strategy) of each seat"""


# --- the door ---------------------------------------------------------------------------


def plan(study: Study) -> Plan:
    """The study checked and its games listed; every refusal before anything plays."""
    from festival.lab import sweep
    from festival.lab.setup import FIRST, SECOND, describe

    sets, swept, kind, played_sets, forces = _checked(study)
    if not study.replace and tables.held(study.out):
        raise LabRefused(ResultsFolderHeld(study.out))
    job = Job(kind, study.games, study.mix, study.seed, tuple(played_sets), tuple(forces),
              study.seats)  # fmt: skip
    try:
        games = specs(job)
    except JobError as exc:
        raise LabRefused(BadJob(str(exc), exc.problems)) from exc
    return Plan(
        study,
        kind,
        tuple(games),
        len(played_sets),
        len(forces) + 1,
        describe(list(study.catalogs), list(study.options)),
        describe(list(study.compare_catalogs), list(study.compare_options))
        if SECOND in sets
        else None,
        swept.text if swept else None,
        _run_args(study, kind),
        played_sets,
        sets[FIRST],
        swept,
        sweep.current_value(swept, sets[FIRST]) if swept else None,
    )


def play(checked: Plan) -> Played:
    """Play the plan's games, write the results to its folder, and report on them."""
    from festival.lab import sweep
    from festival.lab.run import dask_client, frozen_heap, run_dask, run_serial

    study = checked.study
    games = list(checked.games)
    started = time.perf_counter()
    where = study.where
    if isinstance(where, Serial):
        results = run_serial(games, checked.played_sets, study.progress)
    else:
        address = where.address if isinstance(where, Scheduler) else None
        workers = where.workers if isinstance(where, LocalCluster) else None
        with dask_client(address, workers) as client:
            results = run_dask(games, checked.played_sets, client, study.progress)
    seconds = time.perf_counter() - started
    with frozen_heap():
        players, items = tables.frames(results)
        on_sale = tables.sold(checked.played_sets, checked.kind)
        out = study.out
        tables.write(out, players, items, on_sale)
        run_args.save(out, checked.run)
        swept = checked.swept
        done: Report | SweepReport
        if swept:
            sweep.save(out, swept, checked.current)
            done = _sweep_report(out, players, items, on_sale, checked.run)
        else:
            sweep.forget(out)  # a sweep replaced by another run is no longer reported
            done = _report(players, items, on_sale, checked.run, checked.options, out)
    return Played(len(results), seconds, out, (tables.PLAYERS_FILE, tables.ITEMS_FILE), done)


def replay(study: Study) -> Replayed:
    """Write the festival of seed `study.replay` (the study's strategies, seats and set A)
    as a match folder at `study.replay_to`, every round resolved."""
    from festival.lab.replay import replay_into
    from festival.lab.setup import FIRST

    sets, _, kind, _, _ = _checked(study)
    folder = study.replay_to
    if folder is None:
        raise LabRefused(ReplayNeedsFolder())
    if folder.exists() and any(folder.iterdir()):
        raise LabRefused(ReplayFolderNotEmpty(folder))
    seed = study.seed if study.replay is None else study.replay
    one = Job(kind, 1, study.mix, seed, (FIRST,), (), study.seats)
    try:
        spec = specs(one)[0]
    except JobError as exc:
        raise LabRefused(BadJob(str(exc), exc.problems)) from exc
    played = replay_into(spec, sets[FIRST], folder).spec
    return Replayed(seed, folder, tuple(zip(played.players, played.strategies, strict=True)))


def check(folder: Path) -> None:
    """Refuse a results folder that is missing, damaged, foreign or empty."""
    _results(folder)


def is_results(folder: Path) -> bool:
    """Whether `folder` holds the lab's results (its players table)."""
    return (folder / tables.PLAYERS_FILE).is_file()


def results_version(folder: Path) -> str:
    """What changes whenever the results in `folder` do: a digest of its tables' bytes (the
    tables are rewritten in place, so their sizes and times alone could stay the same). A
    front end keeps what it read from them until this changes."""
    digest = hashlib.blake2b(digest_size=16)
    for name in (tables.PLAYERS_FILE, tables.ITEMS_FILE, tables.SOLD_FILE):
        digest.update(name.encode() + b"\0")
        try:
            digest.update((folder / name).read_bytes())
        except OSError as exc:  # missing or unreadable: `balance` says which
            digest.update(f"unread: {type(exc).__name__}".encode())
        digest.update(b"\0")
    return digest.hexdigest()


def report(folder: Path) -> Report | SweepReport:
    """The report of the results already in `folder` (plays nothing), with the next step
    its run would have printed."""
    from festival.lab import sweep
    from festival.lab.setup import FIRST, option_sets

    players, items = _results(folder)
    on_sale = tables.read_sold(folder)
    run = run_args.load(folder) or _run_seen(players)
    if sweep.load(folder) is not None:
        return _sweep_report(folder, players, items, on_sale, run)
    unread = None
    try:
        options: Any = option_sets(list(run.catalogs), list(run.options), [], [])[FIRST]
    except MatchError as exc:
        options, unread = None, str(exc)
    return _report(players, items, on_sale, run, options, folder, unread)


# --- the dashboard's read model ---------------------------------------------------------


@dataclass(frozen=True)
class Balance:
    """Everything the Balance lab page draws, computed: findings, chart rows (each marked
    flagged by its verdict alone) and tables people read."""

    folder: str
    seeds: int
    kind: str
    catalog_sets: tuple[str, ...]
    headline: str
    findings: tuple[Finding, ...]
    strategy_rows: tuple[dict[str, Any], ...]
    fair_share: float | None
    strategies: pd.DataFrame
    value_rows: tuple[tuple[str, tuple[dict[str, Any], ...]], ...]
    """(event, chart rows) for each event with paired values"""
    values: pd.DataFrame
    purchases: pd.DataFrame
    behaviour: tuple[tuple[str, pd.DataFrame], ...]
    catalogs: pd.DataFrame | None
    """sets A and B side by side, a row a measure (None: one set)"""


def balance(folder: Path) -> Balance | None:
    """The Balance lab page's values for `folder` (None: the results hold no games)."""
    from festival.lab.report import compare_catalogs

    try:
        players, items = tables.read(folder)
    except tables.ResultsError as exc:
        raise LabRefused(BadResults(str(exc))) from exc
    if not len(players):
        return None
    r = text.reports(players, items, tables.read_sold(folder))
    found = found_in.findings(r)
    fair = float(r.strategies["fair share"].iloc[0]) if len(r.strategies) else None
    values = (
        tuple((str(event), _charted(group)) for event, group in r.values.groupby("event"))
        if len(r.values)
        else ()
    )
    behaviour = tuple(text.behaviour_by_event(text.display_behaviour(r.behaviour)))
    return Balance(
        folder.resolve().name,
        int(players["seed"].nunique()),
        str(players["kind"].iloc[0]),
        tuple(sorted(str(c) for c in players["catalog"].unique())),
        found_in.headline(r, found),
        tuple(found),
        _charted(r.strategies),
        fair,
        text.display_strategies(r.strategies),
        values,
        text.display_values(r.values),
        text.display_purchases(r.purchases),
        behaviour if len(r.behaviour) else (),
        (
            text.display_side_by_side(compare_catalogs(players))
            if players["catalog"].nunique() > 1
            else None
        ),
    )


# --- inside -----------------------------------------------------------------------------


def _checked(
    study: Study,
) -> tuple[dict[str, Mapping[str, Mapping[str, Any]]], Sweep | None, str, Options, list[Force]]:
    """(catalog sets, sweep, kind, the sets played, forced arms), in the order a designer
    meets the problems."""
    from festival.lab import sweep
    from festival.lab.setup import FIRST, option_sets

    try:
        sets = option_sets(list(study.catalogs), list(study.options),
                           list(study.compare_catalogs), list(study.compare_options))  # fmt: skip
    except MatchError as exc:
        item = exc.kind if isinstance(exc, ItemRefused) else None
        raise LabRefused(BadSettings(str(exc), item)) from exc
    swept = _sweep(study, sets[FIRST]) if study.sweep is not None else None
    kind = _kind(study.event or (swept.event if swept else FESTIVAL))
    forces = [_on_sale(_force(f), sets[FIRST]) for f in study.forces]
    if study.force_all is not None:
        event = event_name(study.force_all)
        if event is None:
            raise LabRefused(NotAnEvent("force_all", study.force_all, tuple(event_names())))
        try:
            forces += all_items(event, sets[FIRST])
        except JobError as exc:
            raise LabRefused(NothingToForce(event, None, str(exc))) from exc
    played: Options = sweep.option_sets(sets[FIRST], swept) if swept else sets
    if swept:
        forces = [swept.force]
    return sets, swept, kind, played, forces


def _kind(name: str) -> str:
    kind = FESTIVAL if name == FESTIVAL else event_name(name)
    if kind is None:
        raise LabRefused(NotAnEvent("event", name, tuple(event_names())))
    return kind


def _sweep(study: Study, options: Mapping[str, Mapping[str, Any]]) -> Sweep:
    from festival.lab import sweep

    given: tuple[tuple[SweepClashPart, object], ...] = (
        ("compare_catalogs", study.compare_catalogs),
        ("compare_options", study.compare_options),
        ("forces", study.forces),
        ("force_all", study.force_all),
        ("replay", study.replay is not None),
    )
    clash = tuple(part for part, value in given if value)
    if clash:
        raise LabRefused(SweepClash(clash))
    try:
        return sweep.parse(study.sweep or "", options)
    except sweep.SweepError as exc:
        raise LabRefused(BadSweep(str(exc))) from exc


def _force(given: str) -> Force:
    name, sep, item = given.partition(":")
    event = event_name(name)
    if not sep or event is None or not item.strip():
        raise LabRefused(BadForce(given))
    return Force(event, item.strip())


def _on_sale(force: Force, options: Mapping[str, Mapping[str, Any]]) -> Force:
    """The forced item as the catalog spells it; an item the event does not sell is refused
    (it could never be bought, so its arm would measure nothing)."""
    try:
        sold = {f.item.lower(): f for f in all_items(force.event, options)}
    except JobError as exc:
        raise LabRefused(NothingToForce(force.event, force.item, str(exc))) from exc
    found = sold.get(force.item.lower())
    if found is None:
        names = tuple(sorted(f.item for f in sold.values()))
        raise LabRefused(NotSold(force.event, force.item, names))
    return found


def _run_args(study: Study, kind: str) -> RunArgs:
    """The run's own arguments, for the next step (without its games and folder)."""
    return RunArgs(
        kind,
        ",".join(study.mix),
        study.seed,
        study.seats,
        study.catalogs,
        study.options,
        study.compare_catalogs,
        study.compare_options,
        study.forces,
        study.force_all,
    )


def _run_seen(players: pd.DataFrame) -> RunArgs:
    """What a results folder written before run.json was kept shows of its run: the kind of
    game, the strategies and the first seed (its catalogs were not recorded)."""
    mix = sorted(str(x) for x in players["strategy"].unique())
    return RunArgs(
        str(players["kind"].iloc[0]),
        ",".join(STRONGEST) if tuple(mix) == tuple(sorted(STRONGEST)) else ",".join(mix),
        int(players["seed"].min()),
    )


def _results(folder: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, items) of a results folder that holds at least one game."""
    try:
        players, items = tables.read(folder)
    except tables.ResultsError as exc:
        raise LabRefused(BadResults(str(exc))) from exc
    if not len(players):
        raise LabRefused(NoGames(folder))
    return players, items


def _report(
    players: pd.DataFrame,
    items: pd.DataFrame,
    on_sale: pd.DataFrame | None,
    run: RunArgs,
    options: Mapping[str, Mapping[str, Any]] | None,
    folder: Path,
    unread: str | None = None,
) -> Report:
    from festival.lab import sweep

    r = text.reports(players, items, on_sale)
    found = found_in.findings(r)
    target = found_in.sweep_target(r) if options is not None else None
    around = sweep.around(*target, options) if target and options is not None else None
    return Report(
        text.report_text(r, found, players),
        tuple(found),
        found_in.next_step(r, found, around),
        run,
        folder,
        unread,
    )


def _sweep_report(
    folder: Path,
    players: pd.DataFrame,
    items: pd.DataFrame,
    on_sale: pd.DataFrame | None,
    run: RunArgs,
) -> SweepReport:
    from festival.lab import sweep
    from festival.lab.sweep_picture import png

    saved = sweep.load(folder)
    if saved is None:
        raise LabRefused(NoSweep(folder))
    swept, current = saved
    points = sweep.points(swept, players, items, on_sale)
    picture = folder / sweep.PICTURE
    picture.write_bytes(png(swept, points))
    seeds, small = int(players["seed"].nunique()), sweep.too_small(points)
    after: SweepNext | SweepAgain = (
        sweep_again(swept.text, seeds)
        if small
        else SweepNext(
            swept.event,
            swept.item,
            swept.field,
            run.catalog_of(swept.event),
            engine(swept.event).catalog_fixture,
        )
    )
    return SweepReport(
        sweep.verdict_words(swept, points, current),
        small,
        sweep.subject(swept),
        swept.item,
        swept.field,
        seeds,
        sweep.table(points),
        picture,
        after,
        run,
    )


def _charted(table: pd.DataFrame) -> tuple[dict[str, Any], ...]:
    """The table's rows for a chart, each marked flagged by its verdict alone."""
    return tuple(
        {**{str(k): v for k, v in row.items()}, "flagged": Verdict[str(row["verdict"])].flagged}
        for row in table.to_dict("records")
    )
