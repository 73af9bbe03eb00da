"""Element's text notation and canonical JSON for actions (docs/formats.md, "Element").

The notation follows the Administration section of the Summary text: stones by coordinate
("fire B3", "F B3"), river paths as U/D/L/R ("W C2 river L path DRD"), moves as directions
or the target square ("UR", "G6"), a whirlwind named by a direction or a square on it
("ride D", "ride F7"), "take N" for the draw, "confirm". Case does not matter; commas,
semicolons or spaces separate.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from events.duel import ConcedeReason, DuelProblem, Parsed
from events.element.actions import Action, Concede, Confirm, Draw, Move, Place, Ride
from events.element.board import Direction, Stone, name, parse_square

_DIRECTION_WORDS = {
    "u": "U", "up": "U", "d": "D", "down": "D",
    "l": "L", "left": "L", "r": "R", "right": "R",
    "ul": "UL", "up-left": "UL", "upleft": "UL", "lu": "UL",
    "ur": "UR", "up-right": "UR", "upright": "UR", "ru": "UR",
    "dl": "DL", "down-left": "DL", "downleft": "DL", "ld": "DL",
    "dr": "DR", "down-right": "DR", "downright": "DR", "rd": "DR",
}  # fmt: skip
_STONE_WORDS = {
    "f": Stone.FIRE, "fire": Stone.FIRE, "w": Stone.WATER, "water": Stone.WATER,
    "e": Stone.EARTH, "earth": Stone.EARTH, "a": Stone.AIR, "air": Stone.AIR,
    "wind": Stone.AIR,
}  # fmt: skip
_TAKE = {"take", "/take", "draw", ".take"}
_RIDE = {"ride", "jump", "whirl", "whirlwind"}
_MOVE = {"move", "m", "go"}
_PLACE = {"place", "put", "p"}
_CONFIRM = {"confirm", "done", "end", "ok"}
_CONCEDE = {"resign", "concede", "forfeit"}
_PATH = re.compile(r"^[udlr]+$")
_STONES = re.compile(r"^[fwea]+$")
_FUSED = re.compile(r"^(fire|water|earth|air|wind|[fwea])[:@]?([a-k](?:1[01]|[1-9]))$")

RULE_NOTATION = "Place stones by saying which stone to place and at which coordinate"
RULE_TAKE = (
    "On your turn, you must first specify a number of stones you will take. This number can "
    "be between 0 and 4."
)


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip().lower()) if t]


def _parts(text: str) -> list[int]:
    """For each word of `text`, the action it belongs to as the player counts them: the
    comma-, semicolon- or line-separated part it stands in (from 0)."""
    out: list[int] = []
    for n, part in enumerate(p for p in re.split(r"[,;\n]+", text) if p.strip()):
        out.extend(n for w in part.split() if w)
    return out


def _error(message: str, token: int, rule: str = RULE_NOTATION) -> DuelProblem:
    return DuelProblem("element.notation", message, None, rule, token)


def parse_actions(text: str) -> Parsed[tuple[Action, ...], DuelProblem]:
    """Actions from what a player typed. Errors quote the word at fault and count actions as
    the player wrote them (separated by commas, semicolons or lines)."""
    tokens = _tokens(text)
    actions: list[Action] = []
    errors: list[DuelProblem] = []
    i = 0

    def at(k: int) -> str:
        return tokens[k] if k < len(tokens) else ""

    while i < len(tokens):
        t = tokens[i]
        start = i
        word = repr(t)
        if t in _TAKE:
            n = at(i + 1)
            stones_text = ""
            if n.isdigit():
                i += 2
                if (
                    _STONES.match(at(i))
                    and len(at(i)) == int(n)
                    and parse_square(at(i + 1)) is None
                ):
                    stones_text = at(i)
                    i += 1
            elif _STONES.match(n):
                stones_text, i = n, i + 2
                n = str(len(n))
            else:
                errors.append(
                    _error(f"{word}: take how many? (take 0 to take 4)", start, RULE_TAKE)
                )
                i += 1
                continue
            count = int(n)
            stones = tuple(Stone.from_letter(c) for c in stones_text.upper())
            if not 0 <= count <= 4:
                errors.append(_error(f"{word}: take 0 to 4 stones, not {count}", start, RULE_TAKE))
            elif stones_text and len(stones) != count:
                errors.append(
                    _error(f"{word}: {count} stones taken but {stones_text!r} given", start)
                )
            else:
                drawn = tuple(s for s in stones if s is not None) if stones_text else None
                actions.append(Draw(count, drawn))
            continue
        if t in _CONFIRM:
            actions.append(Confirm())
            i += 1
            continue
        if t in _CONCEDE or t == "timeout":
            actions.append(Concede(ConcedeReason.TIME if t == "timeout" else ConcedeReason.RESIGN))
            i += 1
            continue
        if t in _RIDE:
            target = at(i + 1)
            square = parse_square(target)
            if square is not None:
                actions.append(Ride(via=square))
            elif target in _DIRECTION_WORDS:
                actions.append(Ride(direction=Direction[_DIRECTION_WORDS[target]]))
            else:
                errors.append(_error(f"{word}: ride which whirlwind (a direction or square)?", i))
            i += 2
            continue
        if t in _MOVE:
            i += 1
            t = at(i)
            word = repr(t)
            if not t:
                errors.append(_error("move where?", i))
                continue
        square = parse_square(t)
        if square is not None:
            actions.append(Move(to=square))
            i += 1
            continue
        if t in _DIRECTION_WORDS:
            actions.append(Move(direction=Direction[_DIRECTION_WORDS[t]]))
            i += 1
            continue
        if t in _PLACE:
            i += 1
            t = at(i)
            word = repr(t)
        fused = _FUSED.match(t)
        if fused:
            stone, square, i = _STONE_WORDS[fused.group(1)], parse_square(fused.group(2)), i + 1
        elif t in _STONE_WORDS:
            stone, square = _STONE_WORDS[t], parse_square(at(i + 1))
            if square is None:
                errors.append(_error(f"{word}: place {t} where? ({at(i + 1)!r} is no square)", i))
                i += 2
                continue
            i += 2
        else:
            errors.append(_error(f"{word} is not a move, stone, ride, take or confirm", i))
            i += 1
            continue
        assert square is not None
        river: Direction | None = None
        path: tuple[Direction, ...] | None = None
        if at(i) == "river":
            d = _DIRECTION_WORDS.get(at(i + 1), "")
            if d not in ("U", "D", "L", "R"):
                errors.append(_error(f"river {at(i + 1)!r}: river U, D, L or R?", i + 1))
            else:
                river = Direction[d]
            i += 2
        if at(i) == "path":
            i += 1
            steps = ""
            if len(at(i)) > 1 and _PATH.match(at(i)):
                steps, i = at(i), i + 1
            else:
                while at(i) in ("u", "d", "l", "r"):
                    steps += at(i)
                    i += 1
            if not steps:
                given = f" {at(i)!r}" if at(i) else ""
                errors.append(_error(f"path{given}: the path is U/D/L/R steps, e.g. DRD", i))
            path = tuple(Direction[c.upper()] for c in steps)
        actions.append(Place(stone, square, river, path))
    if not tokens:
        errors.append(_error("nothing was given", 0))
    parts = _parts(text)
    return Parsed.of(
        tuple(actions),
        [
            replace(e, action=parts[min(e.action, len(parts) - 1)])
            if parts and e.action is not None
            else e
            for e in errors
        ],
    )


def format_action(action: Action) -> str:
    """The canonical notation (`parse_actions` reads it back to the same action)."""
    match action:
        case Draw(count, stones):
            return f"take {count}" + (f" {''.join(s.letter for s in stones)}" if stones else "")
        case Move(direction, to):
            return direction.name if direction is not None else name(to or 0)
        case Ride(direction, via):
            return f"ride {direction.name if direction is not None else name(via or 0)}"
        case Place(stone, square, river, path):
            text = f"{stone.letter} {name(square)}"
            if river is not None:
                text += f" river {river.name}"
            if path:
                text += f" path {''.join(d.name for d in path)}"
            return text
        case Confirm():
            return "confirm"
        case Concede(reason):
            return "resign" if reason is ConcedeReason.RESIGN else "timeout"
    raise AssertionError(action)


def action_to_json(action: Action) -> dict[str, Any]:
    match action:
        case Draw(count, stones):
            out: dict[str, Any] = {"type": "draw", "count": count}
            if stones is not None:
                out["stones"] = [s.letter for s in stones]
            return out
        case Move(direction, to):
            if direction is not None:
                return {"type": "move", "direction": direction.name}
            return {"type": "move", "to": name(to or 0)}
        case Ride(direction, via):
            if direction is not None:
                return {"type": "ride", "direction": direction.name}
            return {"type": "ride", "via": name(via or 0)}
        case Place(stone, square, river, path):
            out = {"type": "place", "stone": stone.letter, "at": name(square)}
            if river is not None:
                out["river"] = river.name
            if path is not None:
                out["path"] = [d.name for d in path]
            return out
        case Confirm():
            return {"type": "confirm"}
        case Concede(reason):
            return {"type": "concede", "reason": reason.value}
    raise AssertionError(action)


def _json_error(message: str) -> Parsed[Action, DuelProblem]:
    return Parsed(None, (DuelProblem("element.json", message),))


def _direction(value: Any, orthogonal: bool = False) -> Direction | None:
    if not isinstance(value, str) or value.upper() not in Direction.__members__:
        return None
    d = Direction[value.upper()]
    return None if orthogonal and d.diagonal else d


def action_from_json(data: Any) -> Parsed[Action, DuelProblem]:
    """An action from its canonical JSON; every problem is reported, nothing raises."""
    if not isinstance(data, dict):
        return _json_error(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == "draw":
        count = data.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 4:
            return _json_error("draw: count must be 0 to 4")
        raw = data.get("stones")
        if raw is None:
            return Parsed(Draw(count))
        if not isinstance(raw, list) or len(raw) != count:
            return _json_error(f"draw: stones must be a list of {count} letters F/W/E/A")
        stones = [Stone.from_letter(x) if isinstance(x, str) else None for x in raw]
        if any(s is None for s in stones):
            return _json_error("draw: stones must be letters F, W, E or A")
        return Parsed(Draw(count, tuple(s for s in stones if s is not None)))
    if kind in ("move", "ride"):
        key = "to" if kind == "move" else "via"
        if "direction" in data:
            d = _direction(data["direction"])
            if d is None:
                return _json_error(f"{kind}: direction must be one of U D L R UL UR DL DR")
            return Parsed(Move(direction=d) if kind == "move" else Ride(direction=d))
        square = parse_square(data[key]) if isinstance(data.get(key), str) else None
        if square is None:
            return _json_error(f"{kind}: give a direction or {key} (a square such as F6)")
        return Parsed(Move(to=square) if kind == "move" else Ride(via=square))
    if kind == "place":
        letter = data.get("stone")
        stone = Stone.from_letter(letter) if isinstance(letter, str) else None
        square = parse_square(data["at"]) if isinstance(data.get("at"), str) else None
        if stone is None or square is None:
            return _json_error("place: stone (F/W/E/A) and at (a square) are required")
        river = None
        if data.get("river") is not None:
            river = _direction(data["river"], orthogonal=True)
            if river is None:
                return _json_error("place: river must be U, D, L or R")
        path = None
        if data.get("path") is not None:
            raw_path = data["path"]
            if not isinstance(raw_path, list):
                return _json_error("place: path must be a list of U/D/L/R")
            steps = [_direction(x, orthogonal=True) for x in raw_path]
            if any(s is None for s in steps):
                return _json_error("place: path must be a list of U/D/L/R")
            path = tuple(s for s in steps if s is not None)
        return Parsed(Place(stone, square, river, path))
    if kind == "confirm":
        return Parsed(Confirm())
    if kind == "concede":
        reason = ConcedeReason.from_json(data.get("reason", "resign"))
        if reason is None:
            return _json_error("concede: reason is resign or time")
        return Parsed(Concede(reason))
    return _json_error(f"unknown action type {kind!r} (draw, move, ride, place, confirm, concede)")
