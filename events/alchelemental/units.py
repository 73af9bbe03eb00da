"""The units: each a hexagon of six faces (clockwise), derived from the syllabus's pattern,
strength string and the Litany's "opposing elements not adjacent" (docs/rulings.md).

The unit data ship in fixtures/alchelemental/units.json (the same as `UNITS_DATA`); a host may
edit it, and `load_units` validates it with clear errors.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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


def _unit(name: str, family: str, pattern: str, strength: str, faces: str, **kw: Any) -> Any:
    return {"name": name, "family": family, "pattern": pattern, "strength": strength,
            "faces": faces, "mirrors": family in ("activity", "lord", "force"), **kw}  # fmt: skip


UNITS_DATA: dict[str, Any] = {
    "units": [
        _unit("firepower", "power", "", "", "FFFFFF"),
        _unit("earthpower", "power", "", "", "EEEEEE"),
        _unit("waterpower", "power", "", "", "WWWWWW"),
        _unit("airpower", "power", "", "", "AAAAAA"),
        _unit("agitate", "activity", "ABCDCD", "F2E1W1A2", "EWAFAF", orientation="E"),
        _unit("still", "activity", "ABCDCD", "F1E2W2A1", "AFEWEW", orientation="A"),
        _unit("crystallize", "process", "AABCCB", "F2E2W2", "FFEWWE", aliases=["crystalize"]),
        _unit("dissolve", "process", "AABCCB", "F2W2A2", "FFAWWA"),
        _unit("condense", "process", "AABCCB", "E2W2A2", "EEWAAW"),
        _unit("vaporize", "process", "AABCCB", "F2E2A2", "EEFAAF"),
        _unit("djin", "lord", "ADCBAA", "F3E1W1A1", "FEWAFF", orientation="F", aliases=["djinn"]),
        _unit("volmar", "lord", "AAABCD", "F1E3W1A1", "EEEWAF", orientation="E"),
        _unit("neksa", "lord", "AAABCD", "F1E1W3A1", "WWWAFE", orientation="W"),
        _unit("paralda", "lord", "ADCBAA", "F1E1W1A3", "AWEFAA", orientation="A"),
        _unit("afrit", "elemental", "ABACAB", "F3E1A2", "FAFEFA"),
        _unit("vulcani", "elemental", "ABACAB", "F3E2A1", "FEFAFE"),
        _unit("gnome", "elemental", "ABACAB", "F2E3W1", "EFEWEF"),
        _unit("sylvestri", "elemental", "ABACAB", "F1E3W2", "EWEFEW"),
        _unit("nymph", "elemental", "ABACAB", "E1W3A2", "WAWEWA"),
        _unit("naga", "elemental", "ABACAB", "E2W3A1", "WEWAWE"),
        _unit("venti", "elemental", "ABACAB", "F1W2A3", "AWAFAW"),
        _unit("sylph", "elemental", "ABACAB", "F2W1A3", "AFAWAF"),
        _unit("meteor", "force", "AABACA", "F4E1A1", "FFAFEF", orientation="F"),
        _unit("quake", "force", "AABACA", "F1E4W1", "EEWEFE", orientation="E"),
        _unit("flood", "force", "AABACA", "E1W4A1", "WWAWEW", orientation="W"),
        _unit("cyclone", "force", "AABACA", "F1W1A4", "AAWAFA", orientation="A"),
    ]
}


def _builtin() -> dict[str, UnitKind]:
    units, errors = load_units(UNITS_DATA)
    if errors:
        raise ValueError("; ".join(errors))
    return units


UNITS = _builtin()
