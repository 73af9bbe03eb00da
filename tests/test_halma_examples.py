"""Both worked examples of the Elemental Halma rule text ("Examples of winning"), as
written, on the reconstructed board (fixtures/halma/board.txt). Each test says where the
pieces were put so that every sentence of the example holds.

Points of power on the board: F1, A6, D6, H6, K6, F4, F8, F11. Fire's plane A1-C3, Air's
I1-K3, Water's A9-C11, Earth's I9-K11; the void is the rest but for the material plane
(E5-G7).

Each example is checked for two players and for four, under both readings of when movement
rule (3) starts (option `capturable`, docs/rulings.md "Capturability"), just after the first
four turns and long after them."""

from __future__ import annotations

import pytest

from events.halma.state import CAPTURABLE, HalmaState
from tests.support.halma_kit import FOUR, TWO, act, codes, position, seat_of, winners

SETTINGS = [
    (players, capturable, moves)
    for players in (TWO, FOUR)
    for capturable in CAPTURABLE
    for moves in (4, 20)
]
EACH = pytest.mark.parametrize(
    ("players", "capturable", "moves"),
    SETTINGS,
    ids=[f"{len(p)}p-{c}-after-{m}" for p, c, m in SETTINGS],
)


def at_move(
    pieces: dict[str, str], players: tuple[str, ...], mover: str, capturable: str, moves: int
) -> HalmaState:
    """The example's position, `mover` (a colour letter) to move, `moves` turns played."""
    return position(pieces, players, seat_of(players, mover), moves=moves, capturable=capturable)


EXAMPLE_1 = {
    # Earth/Fire: four Earth on points of power, one Earth in the void
    "F1": "E", "A6": "E", "D6": "E", "H6": "E", "E3": "E",
    # one Fire on the Fire plane, three Fire on points of power, one Fire in the void next to
    # the last point of power (K6)
    "B2": "F", "F4": "F", "F8": "F", "F11": "F", "J6": "F",
    # Water/Air: an Air in the void
    "C8": "A",
}  # fmt: skip


def example_1(
    water_next_to_fire: bool, mover: str, players: tuple[str, ...], capturable: str, moves: int
) -> HalmaState:
    water = {"J5": "W"} if water_next_to_fire else {"D10": "W", "D9": "W"}
    return at_move(EXAMPLE_1 | water, players, mover, capturable, moves)


@EACH
def test_example_1_water_captures_the_last_capturable_fire_and_wins_by_condition_3(
    players: tuple[str, ...], capturable: str, moves: int
) -> None:
    """ "If Water/Air can move a Water elemental onto the Fire elemental in the void, then they
    will win the game by condition (3) as no remaining Fire elemental is in a position where
    it can be captured." (A Water elemental on J5, next to the Fire on J6.)"""
    after = act(example_1(True, "W", players, capturable, moves), "J5-J6, confirm")
    assert after.outcome is not None
    assert (after.outcome.reason, after.outcome.winner) == ("uncapturable", winners(players, 1))
    assert "Fire" in after.outcome.detail


@EACH
def test_example_1_otherwise_fire_takes_the_last_point_and_wins_by_condition_1(
    players: tuple[str, ...], capturable: str, moves: int
) -> None:
    """ "However, if that capture is not possible, Fire/Earth can move the Fire elemental onto
    the last point of power and they will win the game by condition (1)." The move leaves no
    Fire elemental capturable, and is legal because it wins by condition (1). (Water far off,
    on D9 and D10.)"""
    state = example_1(False, "F", players, capturable, moves)
    assert codes(state, "J6-K6") == set()
    after = act(state, "J6-K6, confirm")
    assert after.outcome is not None
    assert (after.outcome.reason, after.outcome.winner) == ("power", winners(players, 0))


EXAMPLE_2 = {
    # Water/Air: one Water in the void (D8), one Air within the Water plane (B10), six Air on
    # the Air plane
    "D8": "W", "B10": "A",
    "I1": "A", "J1": "A", "K1": "A", "I2": "A", "J2": "A", "K2": "A",
    # Earth/Fire: one Fire on the Water plane (C9, next to both), nine Earth in the void
    "C9": "F",
    "A4": "E", "B4": "E", "C4": "E", "D4": "E", "E4": "E", "G4": "E", "H4": "E", "I4": "E",
    "J4": "E",
}  # fmt: skip


@EACH
def test_example_2_fire_captures_the_air_and_earth_fire_wins_by_condition_3(
    players: tuple[str, ...], capturable: str, moves: int
) -> None:
    """ "If the Fire elemental captures the Air elemental, then by condition (3) Earth/Fire wins
    as no Air elementals can be captured." """
    after = act(at_move(EXAMPLE_2, players, "F", capturable, moves), "C9-B10, confirm")
    assert after.outcome is not None
    assert (after.outcome.reason, after.outcome.winner) == ("uncapturable", winners(players, 0))
    assert "Air" in after.outcome.detail


@EACH
def test_example_2_water_captures_into_its_own_plane_and_wins_by_condition_2(
    players: tuple[str, ...], capturable: str, moves: int
) -> None:
    """ "If the Water elemental can move onto the Water elemental plane in the same move as it
    captures the Fire elemental, then the Water/Air wins by condition (2)". The move is judged
    after the capture: Fire is eliminated, so the move is legal although no Water elemental
    can be captured afterwards."""
    state = at_move(EXAMPLE_2, players, "W", capturable, moves)
    assert codes(state, "D8-C9") == set()
    after = act(state, "D8-C9, confirm")
    assert after.outcome is not None
    assert (after.outcome.reason, after.outcome.winner) == ("eliminated", winners(players, 1))


@EACH
def test_example_2_otherwise_water_cannot_enter_its_own_plane(
    players: tuple[str, ...], capturable: str, moves: int
) -> None:
    """ "but otherwise the Water elemental cannot enter the Water elemental plane as at least
    one Water elemental must be able to be captured by condition (3)." (The Fire stands on A9
    instead, so C9 is empty.)"""
    pieces = {k: v for k, v in EXAMPLE_2.items() if k != "C9"} | {"A9": "F"}
    state = at_move(pieces, players, "W", capturable, moves)
    assert codes(state, "D8-C9") == {"halma.move.capturable"}
    assert codes(state, "D8-D9") == set()
