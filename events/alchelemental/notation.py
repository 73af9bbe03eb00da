"""Alchelemental's movement notation, as the rule text gives it, and the canonical JSON of
actions (docs/formats.md, "Alchelemental").

Actions are separated by commas, semicolons or new lines; within one, words by spaces; case
does not matter. "select djin" = "djin"; "call meteor air L water DR R4"; "mirror still";
"spin A2", "spin flood C1"; "move UL", "move paralda R", "afrit move L-UL-U" (a chain is one
move per hex; U is whichever of UL and UR the unit can take, D of DL and DR); "impel
crystalize", "impel DL gnome"; "confirm" ends the turn. A call's facings name each direction
once; the text's "meteor air L water DR" reads as the mirrored Meteor it describes (TEXT_ERRATA).

A unit's words are those of the duel's units (`Units`, the game's unit file): the reading
functions take them first, and the game hands them in."""

from __future__ import annotations

import re
from typing import Any

from events.alchelemental.actions import (
    DOWN,
    UP,
    Action,
    Call,
    Concede,
    Confirm,
    Facing,
    Impel,
    Mirror,
    Move,
    Select,
    Spin,
)
from events.alchelemental.board import DIRECTIONS
from events.alchelemental.elements import Elem
from events.alchelemental.units import Units
from events.duel import ConcedeReason, DuelProblem, Parsed

RULE_NOTATION = "Movement notation (for recording a game, PBEM, and online play)"
_DIRS = {d.lower(): i for i, d in enumerate(DIRECTIONS)}
_MOVE_DIRS = {**_DIRS, "u": UP, "d": DOWN}
MOVE_DIRECTIONS = (*DIRECTIONS, "U", "D")
"""a move's direction words by index (board.DIRECTIONS, then UP and DOWN)"""
TEXT_ERRATA: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {
    ("meteor", ("air", "l", "water", "dr")): ("air", "l", "earth", "dr"),
}
"""Facings of the rule text's examples that name a face the unit lacks, read as the sentence
means them: ""meteor air L water DR" meteor must be mirrored to match these facings" (Meteor,
F4E1A1, has no Water face; its mirrored side with Air L shows Earth DR: docs/rulings.md)."""
_ROW = re.compile(r"^r(\d{1,2})([lcr]?)$")
_SPIN = re.compile(r"^(c|a|clock|anti|clockwise|anticlockwise)(\d+)$")
_CONFIRM = {"confirm", "done", "end"}
_CONCEDE = {"resign", "concede", "timeout"}
_VERBS = {"select", "call", "mirror", "spin", "move", "impel"}


class _Bad(Exception):
    pass


def parse_actions(units: Units, text: str) -> Parsed[tuple[Action, ...], DuelProblem]:
    """Actions from what a player typed; every clause with an error is named (from 1)."""
    actions: list[Action] = []
    errors: list[DuelProblem] = []
    clauses = [c.strip() for c in re.split(r"[,;\n]+", text) if c.strip()]
    if not clauses:
        errors.append(DuelProblem("alchelemental.notation", "no actions given", rule=RULE_NOTATION))
    for n, clause in enumerate(clauses):
        try:
            actions.extend(parse_clause(units, clause))
        except _Bad as exc:
            errors.append(
                DuelProblem("alchelemental.notation", f"{clause!r}: {exc}", None, RULE_NOTATION, n)
            )
    return Parsed.of(tuple(actions), errors)


def _unit(units: Units, word: str) -> str:
    if word not in units.words:
        raise _Bad(f"{word!r} is not a unit (units: {', '.join(units.names())})")
    return units.words[word]


def _direction(word: str) -> int:
    if word not in _DIRS:
        raise _Bad(f"{word.upper()!r} is not a direction (UL, UR, L, R, DL, DR)")
    return _DIRS[word]


def _chain(word: str) -> tuple[int, ...]:
    return tuple(_direction(w) for w in word.split("-"))


def _move_direction(word: str) -> int:
    if word not in _MOVE_DIRS:
        raise _Bad(f"{word.upper()!r} is not a direction (UL, UR, L, R, DL, DR; U or D for "
                   "whichever of UL/UR or DL/DR the unit can move to)")  # fmt: skip
    return _MOVE_DIRS[word]


def _move_chain(word: str) -> tuple[int, ...]:
    return tuple(_move_direction(w) for w in word.split("-"))


def parse_clause(units: Units, clause: str) -> list[Action]:
    t = clause.lower().split()
    if len(t) == 1 and t[0] in _CONFIRM:
        return [Confirm()]
    if len(t) == 1 and t[0] in _CONCEDE:
        return [Concede(ConcedeReason.TIME if t[0] == "timeout" else ConcedeReason.RESIGN)]
    unit: str | None = None
    if t[0] not in _VERBS:
        if len(t) == 1:
            return [Select(_unit(units, t[0]))]
        if t[1] not in {"move", "impel", "mirror", "spin"}:
            raise _Bad("begin with select, call, mirror, spin, move, impel or a unit's name")
        unit = _unit(units, t[0])
        t = t[1:]
    verb, rest = t[0], t[1:]
    if verb in ("move", "mirror", "spin") and rest and rest[0] in units.words:
        named = _unit(units, rest[0])
        if unit is not None and unit != named:
            raise _Bad(f"two units named: {unit} and {named}")
        unit, rest = named, rest[1:]
    if verb == "select":
        if unit is not None or len(rest) != 1:
            raise _Bad("write select UNIT")
        return [Select(_unit(units, rest[0]))]
    if verb == "call":
        return [_call(units, rest)]
    if verb == "mirror":
        if rest:
            raise _Bad("write mirror [UNIT]")
        return [Mirror(unit)]
    if verb == "spin":
        return [_spin(rest, unit)]
    if verb == "move":
        if len(rest) != 1:
            raise _Bad("write move [UNIT] DIRECTIONS, e.g. move L-UL-U")
        path = _move_chain(rest[0])
        return [Move(d, unit, path if len(path) > 1 else (), k) for k, d in enumerate(path)]
    return [_impel(units, rest, unit)]


def parse_spec(units: Units, text: str) -> Parsed[tuple[str, tuple[Facing, ...]], DuelProblem]:
    """A unit and its facings, as a call gives them ("gnome water L", "dissolve fire L-UL")."""
    words = text.lower().split()
    try:
        if not words:
            raise _Bad("name a unit")
        unit = _unit(units, words[0])
        return Parsed((unit, _facings(unit, words[1:])))
    except _Bad as exc:
        return Parsed(None, (DuelProblem("alchelemental.notation", f"{text!r}: {exc}"),))


def _facings(unit: str, body: list[str]) -> tuple[Facing, ...]:
    """A call's facings: ELEMENT DIRECTIONS pairs, each direction named once."""
    body = list(TEXT_ERRATA.get((unit, tuple(body)), body))
    if len(body) % 2:
        raise _Bad("facings come in pairs: ELEMENT DIRECTIONS (e.g. water L, fire L-UL)")
    facings: list[Facing] = []
    seen: dict[int, str] = {}
    for k in range(0, len(body), 2):
        e = Elem.from_letter(body[k])
        if e is None:
            raise _Bad(f"{body[k]!r} is not an element (fire, earth, water, air)")
        ds = _chain(body[k + 1])
        here = f"{body[k]} {body[k + 1].upper()}"
        for d in ds:
            if d in seen:
                where = here if seen[d] == here else f"{seen[d]}, {here}"
                raise _Bad(f"the facing {DIRECTIONS[d]} is given twice ({where}): name each "
                           "direction once")  # fmt: skip
            seen[d] = here
        facings.append((e, ds))
    return tuple(facings)


def _call(units: Units, rest: list[str]) -> Call:
    if len(rest) < 2:
        raise _Bad("write call UNIT FACINGS ROW, e.g. call gnome water L R4")
    unit = _unit(units, rest[0])
    m = _ROW.match(rest[-1])
    if not m:
        raise _Bad(f"{rest[-1]!r} is not a row (R1 ... R16, with L, C or R on the first and "
                   "last rows)")  # fmt: skip
    return Call(unit, _facings(unit, rest[1:-1]), f"R{int(m[1])}{m[2].upper()}")


def _spin(rest: list[str], unit: str | None) -> Spin:
    word = "".join(rest)
    m = _SPIN.match(word)
    if not m or len(rest) > 2:
        raise _Bad("write spin C# (clockwise) or A# (anti-clockwise), e.g. spin A2")
    n = int(m[2])
    if not 1 <= n <= 5:
        raise _Bad("spin by 1 to 5 faces")
    return Spin(m[1].startswith("c"), n, unit)


def _impel(units: Units, rest: list[str], unit: str | None) -> Impel:
    direction: int | None = None
    target: str | None = None
    for w in rest:
        if w in _DIRS and direction is None and target is None:
            direction = _DIRS[w]
        elif target is None and w in units.words:
            target = units.words[w]
        else:
            raise _Bad(f"{w!r}: write impel DIRECTION [TARGET] or impel [DIRECTION] TARGET")
    if direction is None and target is None:
        raise _Bad("impel needs a direction or a target")
    return Impel(direction, target, unit)


def _chain_text(ds: tuple[int, ...]) -> str:
    return "-".join(DIRECTIONS[d] for d in ds)


def format_action(a: Action) -> str:
    """The canonical notation of one action."""
    named = f" {a.unit}" if isinstance(a, Mirror | Spin | Move | Impel) and a.unit else ""
    if isinstance(a, Select):
        return f"select {a.unit}"
    if isinstance(a, Call):
        facings = "".join(f" {e.name.lower()} {_chain_text(ds)}" for e, ds in a.facings)
        return f"call {a.unit}{facings} {a.at}"
    if isinstance(a, Mirror):
        return f"mirror{named}"
    if isinstance(a, Spin):
        return f"spin{named} {'C' if a.clockwise else 'A'}{a.faces}"
    if isinstance(a, Move):
        return f"move{named} {MOVE_DIRECTIONS[a.direction]}"
    if isinstance(a, Impel):
        parts = [DIRECTIONS[a.direction]] if a.direction is not None else []
        parts += [a.target] if a.target else []
        return f"{a.unit + ' ' if a.unit else ''}impel {' '.join(parts)}"
    if isinstance(a, Confirm):
        return "confirm"
    return "timeout" if a.reason is ConcedeReason.TIME else "resign"


def action_to_json(a: Action) -> dict[str, Any]:
    if isinstance(a, Select):
        return {"type": "select", "unit": a.unit}
    if isinstance(a, Call):
        return {
            "type": "call",
            "unit": a.unit,
            "facings": [[e.letter, [DIRECTIONS[d] for d in ds]] for e, ds in a.facings],
            "at": a.at,
        }
    if isinstance(a, Mirror):
        return {"type": "mirror", "unit": a.unit}
    if isinstance(a, Spin):
        return {"type": "spin", "clockwise": a.clockwise, "faces": a.faces, "unit": a.unit}
    if isinstance(a, Move):
        return {"type": "move", "direction": MOVE_DIRECTIONS[a.direction], "unit": a.unit}
    if isinstance(a, Impel):
        return {
            "type": "impel",
            "direction": None if a.direction is None else DIRECTIONS[a.direction],
            "target": a.target,
            "unit": a.unit,
        }
    if isinstance(a, Confirm):
        return {"type": "confirm"}
    return {"type": "concede", "reason": a.reason.value}


def action_from_json(units: Units, data: Any) -> Parsed[Action, DuelProblem]:
    try:
        return Parsed(_from_json(units, data))
    except (KeyError, TypeError, ValueError, _Bad) as exc:
        return Parsed(
            None, (DuelProblem("alchelemental.json", f"not an action: {data!r} ({exc})"),)
        )


def _opt_unit(units: Units, x: Any) -> str | None:
    return None if x is None else _unit(units, str(x).lower())


def _from_json(units: Units, d: Any) -> Action:
    kind = d["type"]
    if kind == "select":
        return Select(_unit(units, str(d["unit"]).lower()))
    if kind == "call":
        facings: list[Facing] = []
        for e, ds in d.get("facings", []):
            elem = Elem.from_letter(str(e))
            if elem is None:
                raise _Bad(f"{e!r} is not an element")
            # a direction repeated in one facing (accepted from "water L-L" before the notation
            # refused it) is kept once: stored duels replay and read back as notation
            dirs = tuple(dict.fromkeys(_direction(str(x).lower()) for x in ds))
            facings.append((elem, dirs))
        at = str(d["at"]).upper()
        if not _ROW.match(at.lower()):
            raise _Bad(f"{at!r} is not a row")
        return Call(_unit(units, str(d["unit"]).lower()), tuple(facings), at)
    if kind == "mirror":
        return Mirror(_opt_unit(units, d.get("unit")))
    if kind == "spin":
        n = d["faces"]
        if not isinstance(n, int) or not 1 <= n <= 5 or not isinstance(d["clockwise"], bool):
            raise _Bad("spin: clockwise true/false and faces 1 to 5")
        return Spin(d["clockwise"], n, _opt_unit(units, d.get("unit")))
    if kind == "move":
        direction = _move_direction(str(d["direction"]).lower())
        return Move(direction, _opt_unit(units, d.get("unit")))
    if kind == "impel":
        direction = d.get("direction")
        target = d.get("target")
        if direction is None and target is None:
            raise _Bad("impel needs a direction or a target")
        return Impel(
            None if direction is None else _direction(str(direction).lower()),
            _opt_unit(units, target),
            _opt_unit(units, d.get("unit")),
        )
    if kind == "confirm":
        return Confirm()
    if kind == "concede":
        return Concede(ConcedeReason.TIME if d.get("reason") == "time" else ConcedeReason.RESIGN)
    raise _Bad(f"unknown type {kind!r}")
