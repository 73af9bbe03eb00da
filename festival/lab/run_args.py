"""A lab run's own arguments, for the next command it prints: kept in the results folder
(`run.json`) so that `festival simulate --from FOLDER` prints the same next command as the
run did, with the same catalogs, options, strategies, seats and seeds (issue #36, item 11).

`setting` is what every next command keeps (what is measured, and on which seeds); `again`
repeats the whole run (for more games of it).
"""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from festival.bots.registry import STRONGEST
from festival.lab.game import FESTIVAL

if TYPE_CHECKING:
    from festival.lab.sweep import Sweep

RUN_FILE = "run.json"


@dataclass(frozen=True)
class RunArgs:
    """The arguments of one `festival simulate` run, as given (catalog files as paths)."""

    kind: str
    mix: str = ",".join(STRONGEST)
    seed: int = 1
    seats: int | None = None
    catalogs: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    compare_catalogs: tuple[str, ...] = ()
    compare_options: tuple[str, ...] = ()
    forces: tuple[str, ...] = ()
    force_all: str | None = None

    def setting(self, kind: str | None = None, leave_out_catalog: str | None = None) -> list[str]:
        """--mix, --seed, --seats, --catalog and --option as given (the defaults left out),
        for a next run of `kind` (this run's when None: its seats are kept only for the same
        kind of game); without the catalog of event `leave_out_catalog`, when named."""
        out: list[str] = []
        if self.mix != ",".join(STRONGEST):
            out += ["--mix", self.mix]
        if self.seed != 1:
            out += ["--seed", str(self.seed)]
        if self.seats is not None and kind in (None, self.kind):
            out += ["--seats", str(self.seats)]
        for item in self.catalogs:
            if leave_out_catalog is None or catalog_event(item) != leave_out_catalog:
                out += ["--catalog", item]
        for item in self.options:
            out += ["--option", item]
        return out

    def event(self) -> list[str]:
        return [] if self.kind == FESTIVAL else ["--event", self.kind]

    def again(self) -> list[str]:
        """The whole run's arguments (without --games, --out and how it is played)."""
        out = [*self.event(), *self.setting()]
        for flag, values in (
            ("--compare-catalog", self.compare_catalogs),
            ("--compare-option", self.compare_options),
            ("--force", self.forces),
        ):
            for v in values:
                out += [flag, v]
        if self.force_all is not None:
            out += ["--force-all", self.force_all]
        return out

    def catalog_of(self, event: str) -> str | None:
        """The catalog file given for `event` (None: the shipped one)."""
        return next((c.partition("=")[2] for c in self.catalogs if catalog_event(c) == event), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "mix": self.mix,
            "seed": self.seed,
            "seats": self.seats,
            "catalogs": [_absolute(c) for c in self.catalogs],
            "options": list(self.options),
            "compare_catalogs": [_absolute(c) for c in self.compare_catalogs],
            "compare_options": list(self.compare_options),
            "forces": list(self.forces),
            "force_all": self.force_all,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> RunArgs:
        seats = data.get("seats")
        force_all = data.get("force_all")
        return RunArgs(
            kind=str(data["kind"]),
            mix=str(data["mix"]),
            seed=int(data["seed"]),
            seats=None if seats is None else int(seats),
            catalogs=tuple(_here(str(c)) for c in data.get("catalogs", ())),
            options=tuple(str(o) for o in data.get("options", ())),
            compare_catalogs=tuple(_here(str(c)) for c in data.get("compare_catalogs", ())),
            compare_options=tuple(str(o) for o in data.get("compare_options", ())),
            forces=tuple(str(f) for f in data.get("forces", ())),
            force_all=None if force_all is None else str(force_all),
        )


def catalog_event(item: str) -> str:
    """The event an --catalog EVENT=FILE item names, as the lab names it."""
    from festival.core.registry import event_name

    name = item.partition("=")[0]
    return event_name(name) or name


def save(folder: Path, run: RunArgs) -> None:
    (folder / RUN_FILE).write_text(json.dumps(run.to_json(), indent=1) + "\n", encoding="utf-8")


def load(folder: Path) -> RunArgs | None:
    """The run `save` left in `folder` (None: a folder written before it was kept, or not
    readable as one)."""
    try:
        data = json.loads((folder / RUN_FILE).read_text(encoding="utf-8"))
        return RunArgs.from_json(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _absolute(item: str) -> str:
    """EVENT=FILE with FILE made absolute, so `--from` finds it from any folder."""
    event, _, path = item.partition("=")
    return f"{event}={os.path.abspath(path)}"


def _here(item: str) -> str:
    """EVENT=FILE with FILE relative to this folder when it lies below it (as a designer
    types it), else absolute."""
    event, _, path = item.partition("=")
    relative = os.path.relpath(path)
    return f"{event}={path if relative.startswith('..') else relative}"


def sweep_next(swept: Sweep, run: RunArgs) -> str:
    """After a sweep: set the price in the catalog workbook the sweep measured (a copy of
    the shipped one when none was given), then measure every item again, on the same seeds
    and with everything else the run was given."""
    from festival.lab.game import engine

    event = swept.event
    given = run.catalog_of(event)
    shipped = engine(event).catalog_fixture
    workbook = given or "my-catalog.xlsx"
    where = (
        f"in {workbook}"
        if given
        else f"in a copy of the shipped catalog (fixtures/{shipped}) saved as {workbook}"
    )
    kept = run.setting(event, leave_out_catalog=event)
    command = ["--event", event, "--force-all", event, "--games", "200", *kept]
    command += ["--catalog", f"{event}={workbook}"]
    return (
        f"set {swept.item}'s {swept.field} {where}, then measure every item again: "
        "festival simulate " + " ".join(shlex.quote(a) for a in command)
    )
