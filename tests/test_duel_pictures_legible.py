"""Duel pictures a player can read at a glance (issue 36, item 12): a one-square move's arrow
long enough to see, Air units unlike Elementarium's neutral zone, a clash's cross and the
arrows into it never over the letter of the unit that kept the field, a legend that takes
at most a third of the picture and says each thing once, and Alchelemental's power nodes
seen under the units standing on them. Measured on the shapes and the pixels drawn (the
sample pictures are what `festival duel show --png` draws), never against a stored image."""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from events.duel import Picture, PicturePiece
from festival.core import palette
from festival.core import picture as duel_picture
from festival.duels import samples

SAMPLES = [(name, moment) for name in samples.names() for moment in samples.MOMENTS]


def _sample(name: str, moment: str) -> Picture:
    return samples.pictures(name)[moment]


def _pixels(pic: Picture) -> Any:
    from PIL import Image

    return Image.open(io.BytesIO(duel_picture.png(pic))).convert("RGB")


def _board(
    units: str, arrows: tuple[tuple[int, int, int, int, int], ...], marks: str = ""
) -> Picture:
    """A 6 x 6 square board (a6 top left) with a unit on each cell of `units` ("b2 c3"), the
    last turn's `arrows` and a clash on each cell of `marks`."""

    def at(name: str) -> tuple[int, int]:
        return "abcdef".index(name[0]), 6 - int(name[1])

    pieces = tuple(
        PicturePiece(*at(u), owner=i % 2, label="F") for i, u in enumerate(units.split())
    )
    cols, rows = tuple("abcdef"), tuple(str(r) for r in range(6, 0, -1))
    return Picture(
        "square", cols, rows, (), pieces, arrows=arrows,
        marks=frozenset(at(m) for m in marks.split()),
    )  # fmt: skip


def _arrow_lengths(pic: Picture) -> list[float]:
    """Each drawn arrow's length in pixels, from its line's tail to its head's tip."""
    out = []
    drawn = duel_picture.shapes(pic)
    for line, head in itertools.pairwise(drawn):
        if line.key.startswith("arrow:") and line.kind == "line" and head.kind == "polygon":
            points = (*line.points, head.points[0])
            out.append(sum(math.dist(a, b) for a, b in itertools.pairwise(points)))
    return out


SEEN = 0.4
"""an arrow's least length, in cells, to be seen at a glance"""


@pytest.mark.parametrize(
    ("units", "arrow"),
    [
        ("c3 e5", (2, 3, 2, 2, 0)),  # c3-c4, up one: c3 is empty now
        ("d4 a1", (2, 3, 3, 2, 1)),  # c3-d4, one diagonal step
        ("c4 c3", (2, 3, 2, 2, 0)),  # c3-c4 while another unit moved into c3
        ("c4 b4 d4 c5", (2, 3, 2, 2, 0)),  # c3-c4 among units on every side
    ],
)
def test_a_one_square_move_draws_an_arrow_you_can_see(
    units: str, arrow: tuple[int, int, int, int, int]
) -> None:
    pic = _board(units, (arrow,))
    (length,) = _arrow_lengths(pic)
    assert length >= SEEN * duel_picture.layout(pic).cell, length


@pytest.mark.parametrize(("name", "moment"), SAMPLES)
def test_every_arrow_of_the_samples_can_be_seen(name: str, moment: str) -> None:
    pic = _sample(name, moment)
    lengths = _arrow_lengths(pic)
    assert len(lengths) == len(pic.arrows)
    assert all(n >= SEEN * duel_picture.layout(pic).cell for n in lengths), lengths


def _luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1: the same; 21: black on white)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_air_units_stand_out_from_the_neutral_zone() -> None:
    """Elementarium: an Air unit's field, the neutral zone and an obstacle are three greys
    that tell apart (the zone was tinted to within a shade of Air's pale grey)."""
    pic = _sample("elementarium", "mid")
    entries = {e.text: e.colour for e in duel_picture.legend_entries(pic)}
    zone = next(c for t, c in entries.items() if "neutral zone" in t)
    air = next(c for t, c in entries.items() if t.startswith("Air unit"))
    obstacle = entries["obstacle"]
    assert contrast(air, zone) >= 2, (air, zone)
    assert contrast(zone, obstacle) >= 2, (zone, obstacle)
    assert air == palette.AIR


def _clash_pictures() -> list[Picture]:
    made = _board("c4 b4 e6", ((2, 3, 2, 2, 0), (1, 2, 2, 2, 1), (3, 1, 2, 2, 1)), "c4")
    return [_sample("elementarium", m) for m in samples.MOMENTS] + [made]


@pytest.mark.parametrize("pic", _clash_pictures(), ids=["mid", "final", "made"])
def test_a_clash_leaves_the_letter_of_the_unit_that_kept_the_field_whole(pic: Picture) -> None:
    """On a clash's field the unit that kept it (mid-game sample: Birch's f on h4, whose
    letter the cross hid) is drawn exactly as without the cross and the arrows into it, its
    disc's middle and letter untouched; the cross still shows round it (or alone, when the
    clash left the field empty: the final sample's j2)."""
    bare = _pixels(replace(pic, marks=frozenset(), arrows=()))
    drawn = _pixels(pic)
    lay = duel_picture.layout(pic)
    kept = {(p.col, p.row) for p in pic.pieces}
    assert pic.marks
    for col, row in pic.marks:
        cx, cy = (round(v) for v in duel_picture._centre(lay, pic, col, row))
        letter = round(lay.piece_radius * 0.65)  # the square inside the disc
        field = lay.cell // 2 - 4
        if (col, row) in kept:
            assert _seen(drawn, cx, cy, letter) == _seen(bare, cx, cy, letter), (col, row)
        assert _seen(drawn, cx, cy, field) != _seen(bare, cx, cy, field), (col, row)


def _seen(image: Any, cx: int, cy: int, half: int) -> bytes:
    """The pixels of the square of half-side `half` round (cx, cy)."""
    return bytes(image.crop((cx - half, cy - half, cx + half, cy + half)).tobytes())


@pytest.mark.parametrize(("name", "moment"), SAMPLES)
def test_the_legend_takes_at_most_a_third_of_the_picture(name: str, moment: str) -> None:
    """Alchelemental's legend took 40% of its tall picture: entries in two columns where
    that is shorter, one colour one entry."""
    lay = duel_picture.layout(_sample(name, moment))
    below = lay.height - lay.top - lay.board_height
    assert below / lay.height <= 1 / 3, (below, lay.height)


def _explained(pic: Picture, key: str) -> frozenset[tuple[int, int]]:
    """The cells a legend entry about cells stands for."""
    group, _, what = key.partition(":")
    found = {
        "cell": [c for c in pic.cells if c.kind == what],
        "symbol": [c for c in pic.cells if c.symbol == what],
        "marked": [c for c in pic.cells if c.marked],
        "count": [c for c in pic.cells if c.count > 1],
    }.get(group, [])
    return frozenset((c.col, c.row) for c in found)


@pytest.mark.parametrize(("name", "moment"), SAMPLES)
def test_no_legend_entry_says_the_same_twice(name: str, moment: str) -> None:
    """Alchelemental named its power node twice ("N" and "triangle"): each entry has words
    of its own and no two explain the same cells."""
    pic = _sample(name, moment)
    entries = duel_picture.legend_entries(pic)
    texts = [e.text for e in entries]
    assert len(set(texts)) == len(texts), texts
    cells = [(e.key, _explained(pic, e.key)) for e in entries]
    cells = [(k, c) for k, c in cells if c]
    same = [(a, b) for i, (a, x) in enumerate(cells) for b, y in cells[i + 1 :] if x == y]
    assert not same, same
    nodes = [t for t in texts if "power node" in t]
    assert len(nodes) <= 1, nodes


@pytest.mark.parametrize("moment", samples.MOMENTS)
def test_a_power_node_shows_under_the_unit_on_it(moment: str) -> None:
    """Alchelemental: a unit on a power node hid the node's triangle. The triangle is drawn
    after the unit, clear of its disc, and its sides show black on the picture."""
    pic = _sample("alchelemental", moment)
    lay = duel_picture.layout(pic)
    drawn = duel_picture.shapes(pic)
    image = _pixels(pic)
    nodes = {(c.col, c.row) for c in pic.cells if c.marked}
    on_nodes = [p for p in pic.pieces if (p.col, p.row) in nodes]
    assert on_nodes, "the sample has a unit on a power node"
    for piece in on_nodes:
        centre = duel_picture._centre(lay, pic, piece.col, piece.row)
        discs = [
            (i, s) for i, s in enumerate(drawn) if s.kind == "circle" and s.points[0] == centre
        ]
        disc = max(i for i, _ in discs)
        radius = max(s.radius + s.width / 2 for _, s in discs)
        triangles = [
            (i, s) for i, s in enumerate(drawn)
            if s.key == "marked" and duel_picture.triangle_distance(centre, s.points) == 0
        ]  # fmt: skip
        assert triangles and all(i > disc for i, _ in triangles), piece
        for _, tri in triangles:
            sides = list(zip(tri.points, (*tri.points[1:], tri.points[0]), strict=True))
            assert (
                min(duel_picture.segment_distance(centre, a, b) for a, b in sides)
                > radius + tri.width
            )
            for a, b in sides:
                x, y = round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)
                near = [image.getpixel((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                assert any(max(p) < 60 for p in near), (piece.label, (x, y), near)


def test_the_host_sees_a_one_square_moves_arrow(tmp_path: Path) -> None:
    """Through the CLI: an Elementarium turn of one-square moves (b2-b3, b8-b7), then
    `festival duel show --svg`: every arrow drawn is at least `SEEN` of a square long."""
    import contextlib
    import re

    from festival.cli.main import main

    folder = tmp_path / "duel"
    steps = [
        ["duel", "new", str(folder), "--game", "elementarium", "--players", "Ash,Birch"],
        ["duel", "play", str(folder), "b2-b3", "--player", "Ash"],
        ["duel", "play", str(folder), "b8-b7", "--player", "Birch"],
        ["duel", "show", str(folder), "--svg", str(tmp_path / "b.svg")],
    ]
    for args in steps:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(args) == 0, args
    svg = (tmp_path / "b.svg").read_text()

    def numbers(text: str) -> list[float]:
        return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", text)]

    first_cell = re.search(r'<polygon points="([^"]+)"', svg)
    assert first_cell is not None
    xs = numbers(first_cell.group(1))[0::2]
    cell = max(xs) - min(xs)
    lines = re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"[^>]*'
                       r'data-key="arrow:\d"', svg)  # fmt: skip
    heads = re.findall(r'<polygon points="([^"]+)"[^>]*data-key="arrow:\d"/>', svg)
    assert len(lines) == len(heads) == 2, svg.count("arrow:")
    for (x0, y0, x1, y1), head in zip(lines, heads, strict=True):
        tip = numbers(head)[:2]
        start, end = (float(x0), float(y0)), (float(x1), float(y1))
        length = math.dist(start, end) + math.dist(end, (tip[0], tip[1]))
        assert length >= SEEN * cell, (length, cell)
