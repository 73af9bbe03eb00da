"""Every registered game's sample duel, drawn at a mid-game and its final position (issue 26):
a legend entry for everything drawn, the palette's colours only, a long side of at least
~900 px, no text smaller than the coordinates, and no arrow over a unit."""

from __future__ import annotations

import functools
import io
import json
import math
import re
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from events.duel import DuelGame, Picture, take
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


@pytest.mark.xfail(strict=True, reason="issue 26: an Elementarium arrow still crosses a unit")
def test_no_arrow_crosses_a_unit() -> None:
    entry = next(e for e in ENTRIES if e.name == "elementarium")
    for pic in _pictures(entry):
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
