"""A lab run's own arguments, for the next command it prints: kept in the results folder
(`run.json`) so that `festival simulate --from FOLDER` prints the same next command as the
run did, with the same catalogs, options, strategies, seats and seeds (issue #36, item 11).

A value: the command line words it as flags (festival/cli/lab_words.py).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.bots.registry import STRONGEST

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
