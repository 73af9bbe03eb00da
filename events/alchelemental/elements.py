"""The four elements on the elemental circle, and the two rules that use the circle:
reaction adjustments and reactive spin directions."""

from __future__ import annotations

from enum import IntEnum


class Elem(IntEnum):
    """The elemental circle, clockwise: Fire, Earth, Water, Air (Fire–Water and Earth–Air
    opposite). The value is the place on the circle."""

    FIRE = 0
    EARTH = 1
    WATER = 2
    AIR = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @staticmethod
    def from_letter(text: str) -> Elem | None:
        return _BY_WORD.get(text.strip().lower())


_BY_WORD = {e.name.lower(): e for e in Elem} | {e.name[0].lower(): e for e in Elem}


def opposite(a: Elem, b: Elem) -> bool:
    return (a - b) % 4 == 2


def adjust(x: Elem, y: Elem) -> int:
    """Reaction adjustment of element `x` against `y`: "Same/opposite = 0 adjust. Adjacent =
    +1 or -1 adjust", the sign fixed by the worked example ("Earth vs Fire = -1"): -1 when `y`
    is the anti-clockwise neighbour of `x` on the circle, +1 when it is the clockwise one."""
    d = (y - x) % 4
    return 0 if d in (0, 2) else (1 if d == 1 else -1)


def reactive_spin(x: Elem, y: Elem) -> int:
    """The spin (+1 clockwise, -1 anti-clockwise) of a unit reacting with element `x` against
    the opposing element `y`: same -> clockwise, opposite -> anti-clockwise, adjacent -> away
    from `y` on the circle ("Earth vs Fire = Earth clockwise, Fire anti-clockwise")."""
    if x == y:
        return 1
    if opposite(x, y):
        return -1
    return -adjust(x, y)
