"""The units: each a hexagon of six faces (clockwise), derived from the syllabus's pattern,
strength string and the Litany's "opposing elements not adjacent" (docs/rulings.md).

The unit data ship in fixtures/alchelemental/units.json, which festival reads and hands to the
game (its registry entry names it); a host may edit it, and `units_of` validates it with
clear errors. The engine reads no file: a duel's units are the `Units` value it was given.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.alchelemental.elements import Elem, opposite

FAMILIES = ("power", "activity", "process", "lord", "elemental", "force")
RULE_LITANY = (
    "A hexad faceted tridrate or quadrate composed of {solos, duets, trios, quartets} with "
    "opposing elements not adjacent"
)


@dataclass(frozen=True)
class UnitKind:
    """One unit as printed: `faces` is the unmirrored side, clockwise from face 0; `axis` is
    the face the unit mirrors about (its orientation face: "mirrors (flips over) without
    changing the orientation facing")."""

    name: str
    family: str
    pattern: str
    strength: str
    faces: tuple[Elem, ...]
    mirrors: bool
    axis: int
    aliases: tuple[str, ...] = ()

    def __hash__(self) -> int:
        """By name (equal units have equal names): the rules' caches look units up by it."""
        return hash(self.name)

    @property
    def is_power(self) -> bool:
        return self.family == "power"

    def ring(self, mirrored: bool) -> tuple[Elem, ...]:
        if not mirrored:
            return self.faces
        return tuple(self.faces[(2 * self.axis - i) % 6] for i in range(6))

    def count(self, element: Elem) -> int:
        """Basic strength: "the number of sides it has with the reactive element" (power
        units: "strength ... only 1")."""
        if self.is_power:
            return 1 if element in self.faces else 0
        return self.faces.count(element)

    @property
    def action_number(self) -> int:
        """ "The action number equals the strongest element in the unit" (power units: 1)."""
        return 1 if self.is_power else max(self.faces.count(e) for e in Elem)


def parse_strength(text: str) -> dict[Elem, int] | None:
    """ "F2E1W1A2" -> counts; None if it is not a strength string."""
    parts = re.findall(r"([FEWA])(\d)", text.upper())
    if not parts or "".join(a + b for a, b in parts) != text.upper():
        return None
    counts: dict[Elem, int] = {}
    for letter, n in parts:
        e = Elem.from_letter(letter)
        assert e is not None
        if e in counts:
            return None
        counts[e] = int(n)
    return counts


def ring_text(ring: Sequence[Elem]) -> str:
    return "".join(e.letter for e in ring)


def ring_from_text(text: str) -> tuple[Elem, ...] | None:
    out = [Elem.from_letter(c) for c in text]
    if len(out) != 6 or any(e is None for e in out):
        return None
    return tuple(e for e in out if e is not None)


def no_opposites_adjacent(ring: Sequence[Elem]) -> bool:
    return not any(opposite(ring[i], ring[(i + 1) % 6]) for i in range(6))


def derive_rings(pattern: str, strength: Mapping[Elem, int]) -> list[tuple[Elem, ...]]:
    """Every face ring a pattern ("ABCDCD") can make with the strength counts and no opposite
    elements adjacent: each letter a different element, each element as often as its count."""
    letters = sorted(set(pattern))
    out = []
    for elems in itertools.permutations(list(Elem), len(letters)):
        assign = dict(zip(letters, elems, strict=True))
        ring = tuple(assign[c] for c in pattern)
        counts = {e: ring.count(e) for e in Elem if ring.count(e)}
        if counts == dict(strength) and no_opposites_adjacent(ring):
            out.append(ring)
    return out


def rotations(ring: Sequence[Elem]) -> set[tuple[Elem, ...]]:
    return {tuple(ring[(i + k) % 6] for i in range(6)) for k in range(6)}


def is_symmetric(ring: Sequence[Elem]) -> bool:
    """Mirror symmetry: the mirror image is the ring itself, turned."""
    return tuple(reversed(ring)) in rotations(ring)


def _axis(ring: Sequence[Elem], orientation: Elem) -> int | None:
    """The centre face of the orientation element's longest run of faces (the mirror axis)."""
    runs = []
    for i in range(6):
        if ring[i] == orientation and ring[(i - 1) % 6] != orientation:
            n = 0
            while n < 6 and ring[(i + n) % 6] == orientation:
                n += 1
            runs.append((i, n))
    longest = [r for r in runs if r[1] == max((n for _, n in runs), default=0)]
    if len(longest) != 1 or longest[0][1] % 2 == 0:
        return None
    start, n = longest[0]
    return (start + n // 2) % 6


def load_units(data: Any) -> tuple[dict[str, UnitKind], list[str]]:
    """The units of a unit file (JSON: {"units": [...]}) and every problem found."""
    errors: list[str] = []
    units: dict[str, UnitKind] = {}
    rows = data.get("units") if isinstance(data, Mapping) else None
    if not isinstance(rows, list):
        return {}, ['a unit file is {"units": [ ... ]}']
    for n, row in enumerate(rows, start=1):
        where = f"unit {n}"
        if not isinstance(row, Mapping):
            errors.append(f"{where}: not an object")
            continue
        name = str(row.get("name", "")).strip().lower()
        where = f"unit {n} ({name or 'no name'})"
        if not re.fullmatch(r"[a-z]+", name):
            errors.append(f"{where}: a name is one word of letters")
            continue
        family = row.get("family")
        if family not in FAMILIES:
            errors.append(f"{where}: family must be one of {', '.join(FAMILIES)}")
            continue
        faces = ring_from_text(str(row.get("faces", "")).upper())
        if faces is None:
            errors.append(f"{where}: faces must be six letters of F, E, W, A (clockwise)")
            continue
        pattern = str(row.get("pattern", ""))
        strength_text = str(row.get("strength", ""))
        mirrors = bool(row.get("mirrors", False))
        aliases = tuple(str(a).lower() for a in row.get("aliases", ()))
        if family == "power":
            if len(set(faces)) != 1:
                errors.append(f"{where}: a power unit has every face one element")
                continue
            units[name] = UnitKind(name, family, "AAAAAA", "", faces, False, 0, aliases)
            continue
        strength = parse_strength(strength_text)
        if strength is None:
            errors.append(f"{where}: strength {strength_text!r} is not like F2E1W1A2")
            continue
        if {e: faces.count(e) for e in Elem if faces.count(e)} != strength:
            errors.append(f"{where}: faces {ring_text(faces)} do not have strength {strength_text}")
        if not re.fullmatch(r"[A-D]{6}", pattern) or faces not in derive_rings(pattern, strength):
            errors.append(f"{where}: faces {ring_text(faces)} do not follow pattern {pattern!r}")
        if not no_opposites_adjacent(faces):
            errors.append(f"{where}: opposite elements are adjacent [{RULE_LITANY}]")
        if mirrors == is_symmetric(faces):
            word = "symmetrical and cannot mirror" if mirrors else "handed and must mirror"
            errors.append(f"{where}: faces {ring_text(faces)} are {word}")
        axis = 0
        if mirrors:
            orientation = Elem.from_letter(str(row.get("orientation", "")))
            found = None if orientation is None else _axis(faces, orientation)
            if found is None:
                errors.append(
                    f"{where}: orientation must name the element whose centre face it mirrors about"
                )
                continue
            axis = found
        units[name] = UnitKind(
            name, family, pattern, strength_text.upper(), faces, mirrors, axis, aliases
        )
    seen: dict[str, str] = {}
    for unit in units.values():
        for word in (unit.name, *unit.aliases):
            if word in seen and seen[word] != unit.name:
                errors.append(f"{word!r} names both {seen[word]} and {unit.name}")
            seen[word] = unit.name
    return units, errors


def power_name(element: Elem) -> str:
    """The power unit of an element ("firepower")."""
    return f"{element.name.lower()}power"


@dataclass(frozen=True)
class Units:
    """The units a duel is played with (a unit file's, checked, in the file's order): each by
    name, the words that name them (names and aliases), and the named units every roster holds
    (all but the power units)."""

    kinds: tuple[UnitKind, ...]
    by_name: Mapping[str, UnitKind] = field(init=False, repr=False, compare=False)
    words: Mapping[str, str] = field(init=False, repr=False, compare=False)
    """a unit's name or alias -> its name"""
    named: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {u.name: u for u in self.kinds})
        words = {w: u.name for u in self.kinds for w in (u.name, *u.aliases)}
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "named", tuple(u.name for u in self.kinds if not u.is_power))

    def __getitem__(self, name: str) -> UnitKind:
        return self.by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def names(self) -> list[str]:
        """Every unit's name, sorted."""
        return sorted(self.by_name)


def units_of(data: Any) -> tuple[Units | None, list[str]]:
    """The units of a unit file's JSON, or every problem with it (a power unit of each
    element is needed: the power nodes call them)."""
    units, errors = load_units(data)
    for e in Elem:
        unit = units.get(power_name(e))
        if unit is None or not unit.is_power or unit.faces[0] != e:
            errors.append(f"{power_name(e)}: a power unit of every face {e.word} is needed")
    return (None, errors) if errors else (Units(tuple(units.values())), [])
