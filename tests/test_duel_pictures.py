"""Every registered game's sample duel, drawn at a mid-game and its final position (issue 26):
a legend entry for everything drawn, the palette's colours only, a long side of at least
~900 px, no text smaller than the coordinates, and no arrow over a unit."""

from __future__ import annotations

import importlib.util
import io
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from events.duel import Confirm, Picture, PicturePiece, Step
from festival.core import palette, registry
from festival.core import picture as duel_picture
from festival.duels import samples
from festival.duels.words import board_picture, caption, last_turn

ENTRIES = [e for e in registry.duels() if e.sample is not None]
DOCS = Path(__file__).resolve().parent.parent / "docs"


_positions = samples.replayed


def _shown(name: str) -> list[tuple[list[Any], list[Step[Any]]]]:
    """The positions and steps up to a mid-game position and up to the final one."""
    return list(samples.shown(name).values())


def _pictures(entry: registry.DuelEntry) -> list[Picture]:
    return list(samples.pictures(entry.name).values())


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_sample_picture_is_readable(entry: registry.DuelEntry) -> None:
    from PIL import Image

    for pic in _pictures(entry):
        svg = duel_picture.svg(pic)
        drawn = {k.split(":")[0] if k.startswith("cross") else k
                 for k in re.findall(r'data-key="([^"]+)"', svg)}  # fmt: skip
        swatches = {k for k in drawn if k.startswith("legend:")}
        legend = {part for k in swatches for part in k.removeprefix("legend:").split("|")}
        board = drawn - swatches - {"coord"}
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


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_caption_names_game_turn_who_acts_and_the_last_turn(
    entry: registry.DuelEntry,
) -> None:
    game = _positions(entry.name)[0]
    for states, steps in _shown(entry.name):
        said = caption(game, states, steps)
        head, last, *_ = said.split("\n")
        assert head.startswith(f"{game.title} · ")
        state = states[-1]
        outcome = game.outcome(state)
        if outcome is None:
            assert f"turn {game.turn_number(state)}" in head.lower()
            assert all(player in head for player in game.to_act(state))
        else:
            assert outcome.detail in head and "over after turn" in head
        # the last turn played to its end, in the game's own words
        end = len(states) - 1
        while outcome is None and game.turn_number(states[end - 1]) == game.turn_number(state):
            end -= 1
        number = game.turn_number(states[end - 1])
        assert last.startswith(f"Last turn ({number}): ")
        start = min(i for i in range(end) if game.turn_number(states[i]) == number)
        lines = game.turn_lines(states[start], states[end])
        words = [game.format_action(s.action) for s in steps[start:end]]
        expected = lines or [w for w, s in zip(words, steps[start:end], strict=True)
                             if not isinstance(s.action, Confirm)]  # fmt: skip
        assert all(line in last for line in expected), (expected, last)
        assert duel_picture.layout(board_picture(game, states, steps)).caption


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_outline_marks_what_the_caption_names(entry: registry.DuelEntry) -> None:
    """The caption names the last turn played to its end and, while a turn is under way, what
    it has done so far; the outline marks every cell either changed (the mid-game Element
    picture once outlined only the turn under way while its caption named the turn before)."""
    game, states_all, steps_all = samples.replayed(entry.name)
    for n in range(2, len(steps_all) + 1, 3):
        states, steps = list(states_all[: n + 1]), list(steps_all[:n])
        said = caption(game, states, steps).split("\n")
        turn = last_turn(game, states)
        if turn is None:
            continue
        start, end = turn
        marked = board_picture(game, states, steps).highlight

        def drawn(cells: frozenset[tuple[int, int]], at: Any = states[-1]) -> Any:
            return game.picture(at, cells).highlight  # the cells as the picture places them

        assert drawn(game.changed_cells(states[start], states[end])) <= marked, said
        assert drawn(game.changed_cells(states[end], states[-1])) <= marked, said
        under_way = [i for i in range(end, n) if not isinstance(steps[i].action, Confirm)]
        if game.outcome(states[-1]) is None and under_way and not game.sealed(states[-1]):
            assert said[-1].startswith("This turn so far: "), said


def test_a_caption_keeps_sealed_orders_secret() -> None:
    """Elementarium after one player's orders: the caption names the last resolved turn and
    who is still to act, never the orders in."""
    game, states, steps = _positions("elementarium")
    n = next(i for i in range(1, len(states)) if game.sealed(states[i]) and i > 2)
    said = caption(game, list(states[: n + 1]), list(steps[:n]))
    assert game.format_action(steps[n - 1].action) not in said
    assert said.split("\n")[1].startswith(f"Last turn ({game.turn_number(states[n]) - 1}): ")


GAME_WORDS = {
    "element": ("stone", "sage", "stack's height", "last turn"),
    "halma": ("elemental plane", "point of power", "team Earth/Fire", "team Water/Air",
              "can be captured", "last move"),
    "alchelemental": ("Fire hex or unit face", "mirrored", "power node", "edge"),
    "elementarium": ("Source", "clash", "move in the last turn", "neutral zone", "obstacle",
                     "upper case", "lower case"),
}  # fmt: skip


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_legend_entry_is_in_the_games_words(entry: registry.DuelEntry) -> None:
    """Each entry is named by the game (its `Picture.legend`), never a plain default."""
    said = []
    for pic in _pictures(entry):
        for item in duel_picture.legend_entries(pic):
            colour_key = item.key.partition(":")[2]
            assert item.key in pic.legend or colour_key in pic.legend, item
            said.append(item.text)
    text = " | ".join(said)
    for words in GAME_WORDS[entry.name]:
        assert words in text, words


def test_elements_mountain_ranges_are_named() -> None:
    """A mountain range (drawn as a triangle) is named in Element's words."""
    game, states, _ = _positions("element")
    assert "mountain range" in game.picture(states[0]).legend["marked"]


def test_the_guides_pictures_are_the_ones_drawn_now() -> None:
    """docs/pictures/ holds every sample game's mid-game and final picture exactly as
    `python docs/pictures.py` draws them now, and the duels guide shows each one."""
    spec = importlib.util.spec_from_file_location("docs_pictures", DOCS / "pictures.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    drawn = script.drawn()
    assert set(drawn) == {f"{e.name}-{m}.png" for e in ENTRIES for m in samples.MOMENTS}
    guide = (DOCS / "duels-guide.md").read_text()
    stale = [
        name for name, data in drawn.items() if (DOCS / "pictures" / name).read_bytes() != data
    ]
    assert not stale, f"run `python docs/pictures.py`: {stale} differ from what it draws now"
    assert all(f"(pictures/{name})" in guide for name in drawn)
    assert {p.name for p in (DOCS / "pictures").iterdir()} == set(drawn)  # nothing left over


def test_a_board_is_encoded_at_zlibs_fastest_level() -> None:
    """The bot encodes a board after every turn: zlib's fastest level, as its stream's header
    says (what is drawn is held by the committed pictures, compared byte for byte above)."""
    (pic, *_) = _pictures(ENTRIES[0])
    data = duel_picture.png(pic)
    idat = data.index(b"IDAT") + 4
    assert data[idat : idat + 2] == b"\x78\x01"  # CMF 0x78, FLEVEL 0: the fastest
