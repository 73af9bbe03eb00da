"""The public Elemental Continuum boards as pictures (for the public post): what everyone
knows of each board, from the public view only: the broken tiles, and the wards that broke
down, revealed with their element and worth. Nothing else of a board is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.continuum.squares import FILES, SIZE
from events.duel import Picture, PictureCell

KINDS = {"fire": "F", "water": "W", "earth": "E", "wind": "A", "neutral": "neutral"}
LEGEND = {
    "F": "fire ward (broke down)",
    "W": "water ward (broke down)",
    "E": "earth ward (broke down)",
    "A": "wind ward (broke down)",
    "neutral": "neutral ward (broke down)",
    "broken": "broken tile, its ward not known",
    "marked": "broken tile",
}


def board_picture(owner: str, board: Mapping[str, Any], round_no: int) -> Picture:
    """One player's board as the public view shows it (`public_view()["boards"][owner]`)."""
    cols = tuple(FILES[:SIZE])
    rows = tuple(str(r) for r in range(SIZE, 0, -1))  # rank 8 at the top

    def at(name: str) -> tuple[int, int]:
        return FILES.index(name[0]), SIZE - int(name[1:])

    kinds: dict[tuple[int, int], str] = {}
    symbols: dict[tuple[int, int], str] = {}
    for ward in board["broken_down"]:
        places = [at(name) for name in ward["squares"]]
        for place in places:
            kinds[place] = KINDS.get(str(ward["element"]), "neutral")
        symbols[min(places, key=lambda p: (p[1], p[0]))] = str(ward["value"])
    broken = {at(name) for name in board["broken"]}
    cells = [
        PictureCell(c, r, kinds.get((c, r), "broken"), symbols.get((c, r), ""), 0, (c, r) in broken)
        for (c, r) in sorted(set(kinds) | broken, key=lambda p: (p[1], p[0]))
    ]
    return Picture(
        "square",
        cols,
        rows,
        tuple(cells),
        (),
        caption=f"{owner}'s board after round {round_no}",
        legend=LEGEND,
    )


def public_pictures(view: Mapping[str, Any]) -> dict[str, Picture]:
    """Every board of the public view, by "<owner>'s board"."""
    return {
        f"{owner}'s board": board_picture(owner, board, int(view["round"]))
        for owner, board in view["boards"].items()
    }
