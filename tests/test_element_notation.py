"""Element's notation as players type it (Administration: "Place stones by saying which stone
to place and at which coordinate", "Specify which path the river takes using UDLR moves",
"Move using U, D, L, R, UL, UR, DL, DR, space or comma separated so that UR isn't read as a
U and then a R", "For trivial moves you can just specify the coordinate you move to")."""

from __future__ import annotations

import pytest

from events.duel import ConcedeReason
from events.element.actions import Concede, Confirm, Draw, Move, Place, Ride
from events.element.board import Direction, Stone, parse_square
from tests.support.element_kit import GAME


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


D = Direction
CASES = [
    ("/take 2", (Draw(2),)),
    ("take 0", (Draw(0, ()),)),
    ("take 3 FFA", (Draw(3, (Stone.FIRE, Stone.FIRE, Stone.AIR)),)),
    ("take fw", (Draw(2, (Stone.FIRE, Stone.WATER)),)),
    ("UR", (Move(D.UR),)),
    ("U R", (Move(D.U), Move(D.R))),
    ("u,r", (Move(D.U), Move(D.R))),
    ("down-left; move up", (Move(D.DL), Move(D.U))),
    ("g6", (Move(to=sq("G6")),)),
    ("Fire b3", (Place(Stone.FIRE, sq("B3")),)),
    ("FB3", (Place(Stone.FIRE, sq("B3")),)),
    ("place wind C4", (Place(Stone.AIR, sq("C4")),)),
    ("w c2 river left path drd", (Place(Stone.WATER, sq("C2"), D.L, (D.D, D.R, D.D)),)),
    ("W C2 path D R D", (Place(Stone.WATER, sq("C2"), None, (D.D, D.R, D.D)),)),
    ("W C2 path DRD DR", (Place(Stone.WATER, sq("C2"), None, (D.D, D.R, D.D)), Move(D.DR))),
    ("ride e4", (Ride(via=sq("E4")),)),
    ("jump DR", (Ride(D.DR),)),
    ("take 1 a b3", (Draw(1), Place(Stone.AIR, sq("B3")))),
    ("confirm", (Confirm(),)),
    ("resign", (Concede(ConcedeReason.RESIGN),)),
    ("take 2, R, fire B3, ride D, W C2 river L path DRD, confirm", (
        Draw(2), Move(D.R), Place(Stone.FIRE, sq("B3")), Ride(D.D),
        Place(Stone.WATER, sq("C2"), D.L, (D.D, D.R, D.D)), Confirm())),
]  # fmt: skip


@pytest.mark.parametrize(("text", "actions"), CASES)
def test_what_players_type(text: str, actions: tuple[object, ...]) -> None:
    parsed = GAME.parse_actions(text)
    assert parsed.value == actions, parsed.errors


@pytest.mark.parametrize(
    ("text", "word"),
    [("take 9", 1), ("fire Z9", 1), ("hop", 1), ("U, X, confirm", 2), ("ride", 1), ("", 0)],
)
def test_mistakes_name_the_word(text: str, word: int) -> None:
    parsed = GAME.parse_actions(text)
    assert parsed.value is None and parsed.errors
    assert parsed.errors[0].action == max(word - 1, 0)
