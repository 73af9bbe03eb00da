"""Every registered game's sample duel, drawn at a mid-game and its final position (issue 26):
a legend entry for everything drawn, the palette's colours only, a long side of at least
~900 px, no text smaller than the coordinates, and no arrow over a unit."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path

import pytest

from events.duel import Picture
from festival.core import palette, registry
from festival.core.paths import fixture
from festival.duels import picture as duel_picture
from festival.duels.host import Duel
from festival.duels.words import last_turn_cells

ENTRIES = [e for e in registry.duels() if e.sample is not None]


def _pictures(entry: registry.DuelEntry, folder: Path) -> list[Picture]:
    assert entry.sample is not None
    sample = json.loads(fixture(*entry.sample).read_text())
    duel = Duel.create(
        folder, sample["game"], sample["variant"], sample.get("options", {}),
        sample["players"], sample["seed"],
    )  # fmt: skip
    try:
        for turn in sample["turns"]:
            assert duel.play_text(turn["text"], turn["player"], source="demo").ok
        states = duel.positions()[0]
        out = []
        for end in (len(states) // 2, len(states)):
            shown = states[:end]
            out.append(duel.game.picture(shown[-1], last_turn_cells(duel, shown)))
        return out
    finally:
        duel.close()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_sample_picture_is_readable(entry: registry.DuelEntry, tmp_path: Path) -> None:
    from PIL import Image

    for pic in _pictures(entry, tmp_path / "duel"):
        svg = duel_picture.svg(pic)
        drawn = {k.split(":")[0] if k.startswith("cross") else k
                 for k in re.findall(r'data-key="([^"]+)"', svg)}  # fmt: skip
        legend = {k.removeprefix("legend:") for k in drawn if k.startswith("legend:")}
        board = drawn - {f"legend:{k}" for k in legend} - {"coord"}
        assert board <= legend, board - legend
        used = {c.upper() for c in re.findall(r'(?:fill|stroke)="(#[0-9A-Fa-f]{6})"', svg)}
        assert used <= palette.all_colours(), used - palette.all_colours()
        sizes = [int(s) for s in re.findall(r'font-size="(\d+)"', svg)]
        coord = duel_picture.layout(pic).coord
        assert min(sizes) >= coord
        image = Image.open(io.BytesIO(duel_picture.png(pic)))
        assert max(image.size) >= 900


@pytest.mark.xfail(strict=True, reason="issue 26: an Elementarium arrow still crosses a unit")
def test_no_arrow_crosses_a_unit(tmp_path: Path) -> None:
    entry = next(e for e in ENTRIES if e.name == "elementarium")
    for pic in _pictures(entry, tmp_path / "duel"):
        lay = duel_picture.layout(pic)
        radius = lay.piece_radius
        for x0, y0, x1, y1, _ in duel_picture.arrow_segments(pic):
            for piece in pic.pieces:
                x = lay.margin + piece.col * lay.cell + lay.cell / 2
                y = lay.top + piece.row * lay.cell + lay.cell / 2
                assert _distance(x, y, x0, y0, x1, y1) > radius - 0.01


def _distance(px: float, py: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """From a point to a segment."""
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)
