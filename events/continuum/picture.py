"""The public Elemental Continuum boards as pictures (for the public post): what everyone
knows of each board, from the public view only: the broken tiles (those broken this round
outlined), and the wards that broke down, revealed with their element and worth. Nothing
else of a board is drawn, and a board with nothing broken on it is not drawn at all: its
picture would be an empty grid (so round 1, when the boards are only set, posts none)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from events import palette
from events.continuum.squares import FILES, SIZE
from events.duel import Picture, PictureCell

KINDS = {"fire": "F", "water": "W", "earth": "E", "wind": "A", "neutral": "power"}
"""a ward's element -> the colour it is drawn in: the palette's element colours, and its
neutral mid grey (key "power", its colour given in the picture's `colours`)"""
LEGEND = {
    "F": "fire ward that broke down",
    "W": "water ward that broke down",
    "E": "earth ward that broke down",
    "A": "wind ward that broke down",
    "power": "neutral ward that broke down",
    "cross": "broken tile (its ward not revealed yet)",
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
            kinds[place] = KINDS.get(str(ward["element"]), "power")
        symbols[min(places, key=lambda p: (p[1], p[0]))] = str(ward["value"])
    broken = {at(name) for name in board["broken"]}
    now = frozenset(at(name) for name in board.get("broken_now", ()))
    cells = [
        PictureCell(c, r, kinds[(c, r)], symbols.get((c, r), ""))
        for (c, r) in sorted(kinds, key=lambda p: (p[1], p[0]))
    ]
    legend = dict(LEGEND)
    for worth in set(symbols.values()):
        legend[f"symbol:{worth}"] = f"{worth}: the ward is worth {_points(worth)}"
    legend["highlight"] = f"thick black outline: broke in round {round_no}"
    return Picture(
        "square",
        cols,
        rows,
        tuple(cells),
        (),
        highlight=now,
        marks=frozenset(broken - set(kinds)),  # a cross, as the dashboard draws a broken tile
        caption=f"{owner}'s board after round {round_no}: {_news(len(now))}",
        legend=legend,
        colours={"power": palette.NEUTRAL},
    )


def _points(worth: str) -> str:
    return f"{worth} point" if worth == "1" else f"{worth} points"


def _news(broke: int) -> str:
    if not broke:
        return "no tile broke this round"
    return f"{broke} tile{'s' if broke != 1 else ''} broke this round (outlined)"


def public_pictures(view: Mapping[str, Any]) -> dict[str, Picture]:
    """The boards of the public view that have something on them (a broken tile), by
    "<owner>'s board"."""
    return {
        f"{owner}'s board": board_picture(owner, board, int(view["round"]))
        for owner, board in view["boards"].items()
        if board["broken"]
    }


OWN_LEGEND = {
    "F": "fire ward",
    "W": "water ward",
    "E": "earth ward",
    "A": "wind ward",
    "power": "neutral ward",
}


def own_board_picture(
    wards: Mapping[str, Sequence[str]], values: Mapping[str, int], caption: str
) -> Picture:
    """A player's own board, for their eyes only: each ward (label -> its squares' names) in
    its element's colour, its worth on its first square (the private view, or the
    board they hand in in round 1)."""
    cols = tuple(FILES[:SIZE])
    rows = tuple(str(r) for r in range(SIZE, 0, -1))

    def at(name: str) -> tuple[int, int]:
        return FILES.index(name[0]), SIZE - int(name[1:])

    cells: list[PictureCell] = []
    legend: dict[str, str] = {}
    for label, names in sorted(wards.items()):
        places = sorted((at(str(n)) for n in names), key=lambda p: (p[1], p[0]))
        kind = label[0] if label[0] in "FWEA" else "power"
        legend[kind] = OWN_LEGEND[kind]
        worth = values.get(label)
        mark = "" if worth is None else str(worth)
        if mark:
            legend[f"symbol:{mark}"] = f"{mark}: the ward is worth {_points(mark)}"
        cells += [
            PictureCell(c, r, kind, mark if i == 0 else "") for i, (c, r) in enumerate(places)
        ]
    return Picture(
        "square",
        cols,
        rows,
        tuple(sorted(cells, key=lambda x: (x.row, x.col))),
        (),
        caption=caption,
        legend=legend,
        colours={"power": palette.NEUTRAL},
    )
