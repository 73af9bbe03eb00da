"""Where duels are: a duel folder holds its store file (`DUEL_FILE`). Front ends find the duels
under a few roots with this module alone, without loading the duel service and every game
behind it (the dashboard's first page draws no duel)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from festival.duels.store import DUEL_FILE


def is_duel(folder: Path) -> bool:
    return (folder / DUEL_FILE).is_file()


def duels_under(roots: Iterable[Path]) -> list[Path]:
    """Each root that is a duel folder, else every duel folder just inside it (in name order)."""
    found: list[Path] = []
    for root in roots:
        if is_duel(root):
            found.append(root)
        elif root.is_dir():
            found.extend(sorted(p for p in root.iterdir() if is_duel(p)))
    return found
