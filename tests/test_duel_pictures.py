"""Every registered game's sample duel, drawn at a mid-game and its final position (issue 26):
a legend entry for everything drawn, the palette's colours only, a long side of at least
~900 px, no text smaller than the coordinates, and no arrow over a unit."""

from __future__ import annotations

import functools
import io
import json
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from events.duel import DuelGame, Picture, PicturePiece, take
from festival.core import palette, registry
from festival.core.paths import fixture
from festival.duels import picture as duel_picture
from festival.duels.words import last_turn_cells

ENTRIES = [e for e in registry.duels() if e.sample is not None]


@functools.cache
def _positions(name: str) -> tuple[DuelGame[Any, Any], tuple[Any, ...]]:
    """The sample duel of game `name` replayed in memory, every position (as the duel host
    replays it: the same setup and chance streams), once per test run."""
    entry = registry.duel(name)
    assert entry.sample is not None
    sample = json.loads(fixture(*entry.sample).read_text())
    game: DuelGame[Any, Any] = registry.load(entry.game)()
    options = game.options(sample["variant"], sample.get("options", {})).value
    assert options is not None
    seed = int(sample["seed"])
    setup = np.random.default_rng(np.random.SeedSequence([seed, 0]))
    states = [game.initial_state(sample["players"], options, setup)]
    index = 0
    for turn in sample["turns"]:
        parsed = game.parse_actions(turn["text"])
        assert parsed.value is not None, parsed.errors
        for action in parsed.value:
            after, steps, errors = take(game, states[-1], turn["player"], [action], seed, index)
            assert not errors, errors
            states.append(after)
            index += len(steps)
    return game, tuple(states)


def _pictures(entry: registry.DuelEntry) -> list[Picture]:
    game, states = _positions(entry.name)
    hosted = SimpleNamespace(game=game)  # what last_turn_cells reads of a duel
    out = []
    for end in (len(states) // 2, len(states)):
        shown = list(states[:end])
        out.append(game.picture(shown[-1], last_turn_cells(hosted, shown)))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_sample_picture_is_readable(entry: registry.DuelEntry) -> None:
    from PIL import Image

    for pic in _pictures(entry):
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


def _covered(pic: Picture) -> list[tuple[str, Any]]:
    """Every (arrow, unit) pair where a drawn arrow's line (its width included) or head
    touches a unit's disc, measured on the shapes the picture draws."""
    lay = duel_picture.layout(pic)
    radius = lay.piece_radius
    discs = [(p, duel_picture._centre(lay, pic, p.col, p.row)) for p in pic.pieces]
    out = []
    for shape in duel_picture.shapes(pic):
        if not shape.key.startswith("arrow:"):
            continue
        for piece, centre in discs:
            if shape.kind == "line":
                pairs = zip(shape.points, shape.points[1:], strict=False)
                near = min(duel_picture.segment_distance(centre, a, b) for a, b in pairs)
                touching = near < radius + shape.width / 2
            else:
                touching = duel_picture.triangle_distance(centre, shape.points) < radius
            if touching:
                out.append((shape.kind, piece))
    return out


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_no_arrow_crosses_a_unit(entry: registry.DuelEntry) -> None:
    for pic in _pictures(entry):
        assert _covered(pic) == []
        assert len(duel_picture.arrow_paths(pic)) == len(pic.arrows)


def _board(units: str, arrows: tuple[tuple[int, int, int, int, int], ...]) -> Picture:
    """A 6 x 6 square board with a unit on each cell named in `units` ("b2 c3") and arrows
    (the first two units are never in an arrow's way)."""
    pieces = tuple(PicturePiece("abcdef".index(u[0]), 6 - int(u[1]), 0, "W") for u in units.split())
    cols, rows = tuple("abcdef"), tuple(str(r) for r in range(6, 0, -1))
    return Picture("square", cols, rows, (), pieces, arrows=arrows)


@pytest.mark.parametrize(
    ("units", "arrow"),
    [
        ("a1 a3 a2", (0, 5, 0, 3, 0)),  # a unit on the straight way: bend round it
        ("c4 b4 c3", (2, 2, 1, 3, 0)),  # a diagonal step beside a unit (the sample's case)
        ("b2 d3 c2 c3", (1, 4, 3, 3, 1)),  # a knight's jump past two units
        ("a1 f6 b2 c3 d4 e5", (0, 5, 5, 0, 0)),  # a long diagonal through four units
        ("a6 c6 b6 a5 b5", (0, 0, 2, 0, 1)),  # over a unit, with units all round
    ],
)
def test_arrows_bend_round_units(units: str, arrow: tuple[int, int, int, int, int]) -> None:
    pic = _board(units, (arrow,))
    assert _covered(pic) == []
    straight = duel_picture.arrow_paths(replace(pic, pieces=pic.pieces[:2]))
    assert len(straight[0].line) == 2  # with nothing in the way, the arrow is straight
