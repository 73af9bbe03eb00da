"""The lab's values in the command line's words: refusals naming the flags that caused them,
and the next command a run prints (`festival simulate ...`, keeping the run's catalogs,
options, strategies, seats and seeds, so it measures what the run measured)."""

from __future__ import annotations

import re
import shlex
from pathlib import PurePath

from events.errors import close_matches
from festival.bots.registry import STRONGEST
from festival.lab.service import (
    FESTIVAL,
    BadForce,
    BadJob,
    BadResults,
    BadSettings,
    BadSweep,
    Charts,
    ForceAll,
    MoreGames,
    NextStep,
    NoGames,
    NoSweep,
    NotAnEvent,
    NothingToForce,
    NotSold,
    Refusal,
    ReplayFolderNotEmpty,
    ReplayNeedsFolder,
    ResultsFolderHeld,
    RunArgs,
    SweepAgain,
    SweepClash,
    SweepNext,
    SweepPrice,
    catalog_event,
)

CLASH_FLAGS = {
    "compare_catalogs": "--compare-catalog",
    "compare_options": "--compare-option",
    "forces": "--force",
    "force_all": "--force-all",
    "replay": "--replay",
}


def refusal(r: Refusal) -> str:
    """What `festival simulate` says of a refusal, naming the flag to change."""
    match r:
        case NotAnEvent("event", given, events):
            known = (FESTIVAL, *events)
            near = close_matches(given, known)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            return f"--event {given!r}: expected {', '.join(known[:-1])} or {known[-1]}{hint}"
        case NotAnEvent(_, given, _):
            return f"--force-all {given!r}: not an event"
        case SweepClash(parts):
            flags = ", ".join(CLASH_FLAGS[p] for p in parts)
            return f"--sweep plays its own sets and arms: leave out {flags}"
        case BadSweep(words):
            return f"--sweep: {words}"
        case BadForce(given):
            return f"--force {given!r}: expected EVENT:ITEM (alchemy:Bellows)"
        case NothingToForce(event, None, words):
            return f"--force-all {event}: {words}"
        case NothingToForce(event, item, words):
            return f"--force {event}:{item}: {words}"
        case NotSold(event, item, sold):
            return f"--force {event}:{item}: not sold in {event} ({', '.join(sold)})"
        case BadJob(words) | BadSettings(words) | BadResults(words):
            return words
        case ReplayNeedsFolder():
            return "--replay needs --to FOLDER (the match folder to create)"
        case ReplayFolderNotEmpty(folder):
            return f"{folder} is not empty; a replay never overwrites a folder"
        case ResultsFolderHeld(folder):
            return (
                f"{folder} holds the results of an earlier run, which this run would replace: "
                "name another folder with --out, or add --replace to replace them"
            )
        case NoGames(folder):
            return f"{folder} holds no games to report on"
        case NoSweep(folder):
            return f"{folder} holds no sweep"


def setting(
    run: RunArgs, kind: str | None = None, leave_out_catalog: str | None = None
) -> list[str]:
    """--mix, --seed, --seats, --catalog and --option as given (the defaults left out), for
    a next run of `kind` (the run's when None: its seats are kept only for the same kind of
    game); without the catalog of event `leave_out_catalog`, when named."""
    out: list[str] = []
    if run.mix != ",".join(STRONGEST):
        out += ["--mix", run.mix]
    if run.seed != 1:
        out += ["--seed", str(run.seed)]
    if run.seats is not None and kind in (None, run.kind):
        out += ["--seats", str(run.seats)]
    for item in run.catalogs:
        if leave_out_catalog is None or catalog_event(item) != leave_out_catalog:
            out += ["--catalog", item]
    for item in run.options:
        out += ["--option", item]
    return out


def again(run: RunArgs) -> list[str]:
    """The whole run's arguments (without --games, --out and how it is played)."""
    out = [*([] if run.kind == FESTIVAL else ["--event", run.kind]), *setting(run)]
    for flag, values in (
        ("--compare-catalog", run.compare_catalogs),
        ("--compare-option", run.compare_options),
        ("--force", run.forces),
    ):
        for v in values:
            out += [flag, v]
    if run.force_all is not None:
        out += ["--force-all", run.force_all]
    return out


def next_out(folder: str, name: str) -> list[str]:
    """`--out` for the next run, beside `folder`: a run never replaces the results it
    follows (a folder that holds results is refused without --replace). `name` is the new
    folder's; one that starts with "+" is added to `folder`'s own name, whose count of games
    ("-200") it replaces."""
    at = PurePath(folder)
    if name.startswith("+"):
        name = re.sub(r"-\d+$", "", at.name) + "-" + name[1:]
    return ["--out", str(at.parent / name)]


def next_command(step: NextStep, run: RunArgs, folder: str) -> str:
    """The command to run next, for the results in `folder`."""
    match step:
        case MoreGames(games):
            return _command([*again(run), "--games", str(games), *next_out(folder, f"+{games}")])
        case ForceAll(event):
            kept = setting(run, event)
            out = next_out(folder, f"lab-{event}-items")
            return _command(["--event", event, "--force-all", event, "--games", "200", *kept, *out])
        case SweepPrice(event, swept):
            kept = setting(run, event)
            item, _, field = swept.partition("=")[0].split(".", 1)[1].partition(".")
            out = next_out(folder, f"lab-{event}-{item}-{field}".lower().replace(" ", "-"))
            return _command(["--event", event, "--sweep", swept, "--games", "100", *kept, *out])
        case Charts():
            return (
                f"festival simulate --dashboard {shlex.quote(folder)} (the charts of these results)"
            )


def sweep_next(step: SweepNext | SweepAgain, run: RunArgs, folder: str) -> str:
    """After a sweep: set the price in the catalog workbook the sweep measured (a copy of
    the shipped one when none was given), then measure every item again, on the same seeds
    and with everything else the run was given; after a sweep too small to conclude on,
    the same sweep with more games (no price to set yet)."""
    if isinstance(step, SweepAgain):
        again = ["--sweep", step.sweep, "--games", str(step.games), *setting(run)]
        again += next_out(folder, f"+{step.games}")
        return "play more games of the same sweep: " + _command(again)
    event = step.event
    workbook = step.workbook or "my-catalog.xlsx"
    where = (
        f"in {workbook}"
        if step.workbook
        else f"in a copy of the shipped catalog (fixtures/{step.shipped}) saved as {workbook}"
    )
    kept = setting(run, event, leave_out_catalog=event)
    command = ["--event", event, "--force-all", event, "--games", "200", *kept]
    command += ["--catalog", f"{event}={workbook}", *next_out(folder, "+measured")]
    return f"set {step.item}'s {step.field} {where}, then measure every item again: " + _command(
        command
    )


def _command(args: list[str]) -> str:
    return "festival simulate " + " ".join(shlex.quote(a) for a in args)
