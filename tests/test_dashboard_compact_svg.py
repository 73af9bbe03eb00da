"""The dashboard's pictures in few SVG elements (issue 37: a switch to the Continuum or the
Summoner's Dream page costs a browser every element of its images): the compact writers draw
what the full ones draw — each square's fill, the crosses, the values; the renderer's polygons
and words, what overlaps in the same order — in a fraction of the elements."""

from __future__ import annotations

import dataclasses
import re

from dashboard.summoners_maps import TOWER_WORDS, defence_svg
from dashboard.svg_board import FILES, Square, draw_board, draw_board_compact
from dashboard.svg_compact import _groups
from festival.core.picture import Shape

ROWS = ("Aaaa.GGGG", "GGGaGGGGG", "GGGaaaGGG", "GGGGGaGGG", "GGGGGcccE", "GGGGGbGGG")
TOWERS = (("Gam1", 2, 6, "N"), ("Yi1", 3, 7, "E"), ("Gan1", 4, 2, "S"))
SQUARES = {
    "A1": Square("#117733", "w1", True, "7", "fire ward"),
    "A2": Square("#117733", "w1", True, "", "fire ward"),
    "C3": Square("#F7F5EF", None, True, "", "broken"),
    "H8": Square("#56B4E9", "w2", False, "2", "water ward"),
}


def _elements(svg: str) -> int:
    return len(re.findall(r"<(?!/)", svg))


def _full_fills(svg: str) -> dict[tuple[int, int], str]:
    cells = re.findall(r'<rect x="(\d+)" y="(\d+)" width="34" height="34" fill="(#\w+)"', svg)
    return {(int(x), int(y)): fill for x, y, fill in cells}


def _compact_fills(svg: str) -> dict[tuple[int, int], str]:
    out = {}
    for fill, d in re.findall(r'<path fill="(#\w+)" d="([^"]+)"', svg):
        for x, y in re.findall(r"M(\d+) (\d+)h34v34h-34z", d):
            out[(int(x), int(y))] = fill
    return out


def test_a_compact_board_draws_every_fill_cross_and_value_in_few_elements() -> None:
    full = draw_board(SQUARES, "Ann's board", colour="#332288")
    compact = draw_board_compact(SQUARES, "Ann's board", colour="#332288")
    assert len(_compact_fills(compact)) == 64
    assert _compact_fills(compact) == _full_fills(full)
    assert compact.count("l22 22m0 -22l-22 22") == 3  # the three crosses
    values = r'paint-order="stroke">(\d)</text>'
    assert re.findall(values, compact) == re.findall(values, full) == ["7", "2"]
    assert f">{FILES}</text>" in compact and ">87654321</text>" in compact
    assert "#332288" in compact and _elements(compact) < _elements(full) / 5
    assert "<title>" not in compact  # an image shows no tooltip: the tiles' table says it


def test_a_compact_defence_draws_the_same_polygons_and_words() -> None:
    from events.summoners.catalog import MapDef
    from events.summoners.geometry import Facing
    from events.summoners.model import Defence, Placement
    from events.summoners.picture import map_picture
    from festival.core.picture import shapes, svg

    compact = defence_svg("Jade Valley", "Blessed Land", ROWS, TOWERS, "Ann: Jade Valley")
    placements = tuple(Placement(t, (r - 1, c - 1), Facing(f)) for t, r, c, f in TOWERS)
    picture = map_picture(Defence("Jade Valley", placements), MapDef("Jade Valley",
                          "Blessed Land", ROWS), "Ann: Jade Valley")  # fmt: skip
    picture = dataclasses.replace(picture, legend={**picture.legend, "tower": TOWER_WORDS})
    drawn = shapes(picture)
    polygons = [s for s in drawn if s.kind == "polygon"]
    assert compact.count("Z") == len(polygons)  # each polygon a closed part of a path
    words = "".join(s.text for s in drawn if s.kind == "text")
    assert sorted(words.replace(" ", "")) == sorted(
        "".join(re.findall(r">([^<]*)</text>", compact)).replace(" ", "")
        .replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")
    )  # fmt: skip
    assert _elements(compact) < _elements(svg(picture)) / 3


def _square(x: float, fill: str) -> Shape:
    return Shape("polygon", ((x, 0), (x + 10, 0), (x + 10, 10), (x, 10)), fill=fill)


def test_what_overlaps_keeps_its_order_and_the_rest_merges() -> None:
    apart = _groups([_square(0, "#111111"), _square(20, "#222222"), _square(40, "#111111")])
    assert [len(g.shapes) for g in apart] == [2, 1]  # the third joins the first
    on_top = _groups([_square(0, "#111111"), _square(5, "#222222"), _square(8, "#111111")])
    assert [len(g.shapes) for g in on_top] == [1, 1, 1]  # the third stays above the second
    touching = _groups([_square(0, "#111111"), _square(10, "#222222"), _square(20, "#111111")])
    assert [len(g.shapes) for g in touching] == [2, 1]  # sharing a side is no overlap
