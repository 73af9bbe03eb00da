"""A picture as JSON and back (issue #38): `festival watch` records, with a change worth telling,
the pictures of the player's own view (Continuum board, Summoner's map) so the Discord adapter
sends them with the words, as `/submit` does, however long after the check it posts them.
Pure: a `Picture` in, plain JSON values out, and back; a record that is not a picture reads as
none (a store edited by hand loses the picture, never the words)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from events.duel import Picture  # numpy: imported only where a picture is read back


def picture_json(picture: Picture) -> dict[str, Any]:
    """The picture as JSON values (sets as sorted lists, so one picture is one text)."""
    return {
        "shape": picture.shape,
        "cols": list(picture.cols),
        "rows": list(picture.rows),
        "cells": [[c.col, c.row, c.kind, c.symbol, c.count, c.marked] for c in picture.cells],
        "pieces": [
            [p.col, p.row, p.owner, p.label, p.colour, p.marked, list(p.faces), p.mirrored]
            for p in picture.pieces
        ],
        "highlight": sorted([list(x) for x in picture.highlight]),
        "caption": picture.caption,
        "legend": dict(picture.legend),
        "arrows": [list(a) for a in picture.arrows],
        "marks": sorted([list(x) for x in picture.marks]),
        "colours": dict(picture.colours),
        "inks": dict(picture.inks),
    }


def picture_from_json(data: object) -> Picture | None:
    """The picture `picture_json` wrote (None: not one)."""
    if not isinstance(data, Mapping):
        return None
    from events.duel import Picture, PictureCell, PicturePiece

    try:
        return Picture(
            shape=str(data["shape"]),
            cols=tuple(str(x) for x in data["cols"]),
            rows=tuple(str(x) for x in data["rows"]),
            cells=tuple(
                PictureCell(int(c), int(r), str(k), str(s), int(n), bool(m))
                for c, r, k, s, n, m in data["cells"]
            ),
            pieces=tuple(
                PicturePiece(
                    int(c), int(r), int(o), str(lb), str(cl), bool(m), tuple(map(str, f)), bool(mi)
                )
                for c, r, o, lb, cl, m, f, mi in data["pieces"]
            ),
            highlight=frozenset(_pair(x) for x in data["highlight"]),
            caption=str(data["caption"]),
            legend=_words(data["legend"]),
            arrows=tuple(
                (int(a), int(b), int(c), int(d), int(e)) for a, b, c, d, e in data["arrows"]
            ),
            marks=frozenset(_pair(x) for x in data["marks"]),
            colours=_words(data["colours"]),
            inks=_words(data["inks"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def pictures_json(pictures: Sequence[tuple[str, Picture]]) -> list[list[Any]]:
    return [[name, picture_json(picture)] for name, picture in pictures]


def pictures_from_json(data: object) -> tuple[tuple[str, Picture], ...]:
    """The (name, picture) pairs `pictures_json` wrote; anything else is left out."""
    out: list[tuple[str, Picture]] = []
    if isinstance(data, list):
        for item in data:
            if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str):
                picture = picture_from_json(item[1])
                if picture is not None:
                    out.append((item[0], picture))
    return tuple(out)


def _pair(value: Sequence[object]) -> tuple[int, int]:
    a, b = value
    return int(str(a)), int(str(b))


def _words(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise TypeError("not a mapping")
    return {str(k): str(v) for k, v in value.items()}
