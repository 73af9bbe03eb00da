"""Which duels the dashboard can show, found without loading the duel service or any game
(the Duels page, festival/duels_page.py, loads them when it is drawn)."""

from __future__ import annotations

import os
from pathlib import Path

from festival.duels.folders import duels_under

ENV_DUELS = "FESTIVAL_DUELS"


def duel_folders(match_folder: Path | None) -> list[Path]:
    """Every duel folder the dashboard can show: FESTIVAL_DUELS (a duel folder, or a folder of
    them), then the match folder's `duels/`."""
    roots = [Path(value)] if (value := os.environ.get(ENV_DUELS)) else []
    if match_folder is not None:
        roots.append(match_folder / "duels")
    return duels_under(roots)
