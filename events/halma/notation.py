"""Elemental Halma's notation (what players type) and action JSON (docs/formats.md).

A turn is comma- or semicolon-separated actions:
  "C3-D4"   move the elemental on C3 to D4 (also "C3 D4", "C3xD4" for a capture)
  "C3 DR"   move the elemental on C3 one square in a direction: U D L R UL UR DL DR
            (U is toward row 1)
  "D5-M", "M-H8"   onto and off the material plane (M; off it, name the square)
  "confirm" (or "ok")   end the turn;   "resign"   concede
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from events.duel import ConcedeReason, DuelProblem, Parsed
from events.halma.actions import Action, Concede, Confirm, Move
from events.halma.board import DIRECTIONS, MATERIAL, Spot, parse_spot, spot_name

_SPLIT = re.compile(r"[,;\n]+")
_MOVE = re.compile(r"^\s*(\S+?)\s*(?:-|x|X|\s)\s*(\S+)\s*$")
CONFIRM_WORDS = ("confirm", "ok", "done", "end")
CONCEDE_WORDS = ("resign", "concede")


def _bad(text: str, why: str) -> DuelProblem:
    return DuelProblem(
        "halma.notation",
        f"{text.strip()!r}: {why} (write e.g. C3-D4, C3 DR, D5-M, confirm)",
        rule="A move: one elemental, one square",
    )


def parse_action(text: str) -> Parsed[Action, DuelProblem]:
    word = text.strip()
    low = word.lower()
    if low in CONFIRM_WORDS:
        return Parsed(Confirm())
    if low in CONCEDE_WORDS:
        return Parsed(Concede(ConcedeReason.RESIGN))
    m = _MOVE.match(word)
    if not m:
        return Parsed(None, (_bad(word, "not a move"),))
    frm = parse_spot(m.group(1))
    if frm is None:
        return Parsed(None, (_bad(word, f"{m.group(1)!r} is not a square"),))
    target = m.group(2).upper()
    if target in DIRECTIONS:
        if frm == MATERIAL:
            return Parsed(
                None,
                (_bad(word, "from the material plane, name the square it moves to"),),
            )
        dc, dr = DIRECTIONS[target]
        if frm[0] + dc < 0 or frm[1] + dr < 0:
            return Parsed(None, (_bad(word, "that direction leaves the board"),))
        return Parsed(Move(frm, (frm[0] + dc, frm[1] + dr)))
    to = parse_spot(target)
    if to is None:
        chain = [m.group(1).upper(), *target.split("-")]
        if all(parse_spot(part) is not None for part in chain[1:]):
            # a chain of squares (H8-H9-H10): a move names where it starts and ends only
            each = ", ".join(f"{a}-{b}" for a, b in pairwise(chain))
            return Parsed(None, (_bad(word, f"one square per move: write {each}"),))
        return Parsed(None, (_bad(word, f"{m.group(2)!r} is neither a square nor a direction"),))
    return Parsed(Move(frm, to))


def parse_actions(text: str) -> Parsed[tuple[Action, ...], DuelProblem]:
    """Every action of a typed turn, or every error found (each naming its action)."""
    actions: list[Action] = []
    errors: list[DuelProblem] = []
    parts = [p for p in _SPLIT.split(text) if p.strip()]
    if not parts:
        return Parsed(None, (_bad(text, "no action given"),))
    for i, part in enumerate(parts):
        parsed = parse_action(part)
        if parsed.value is None:
            errors.extend(e.at_action(i) for e in parsed.errors)
        else:
            actions.append(parsed.value)
    return Parsed.of(tuple(actions), errors)


def format_action(action: Action) -> str:
    if isinstance(action, Move):
        return f"{spot_name(action.frm)}-{spot_name(action.to)}"
    if isinstance(action, Confirm):
        return "confirm"
    return "resign" if action.reason is not ConcedeReason.TIME else "time"


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"type": "move", "from": spot_name(action.frm), "to": spot_name(action.to)}
    if isinstance(action, Confirm):
        return {"type": "confirm"}
    return {"type": "concede", "reason": action.reason.value}


def _spot(data: dict[str, Any], key: str, errors: list[DuelProblem]) -> Spot | None:
    value = data.get(key)
    spot = parse_spot(value) if isinstance(value, str) else None
    if spot is None:
        errors.append(
            DuelProblem("halma.json", f'{key!r} must name a square (like "C4" or "M"): {value!r}')
        )
    return spot


def action_from_json(data: Any) -> Parsed[Action, DuelProblem]:
    if isinstance(data, str):
        return parse_action(data)
    if not isinstance(data, dict):
        return Parsed(None, (DuelProblem("halma.json", f"an action is an object: {data!r}"),))
    kind = data.get("type")
    if kind == "confirm":
        return Parsed(Confirm())
    if kind == "concede":
        reason = ConcedeReason.from_json(data.get("reason", "resign"))
        if reason is None:
            said = data.get("reason")
            return Parsed(None, (DuelProblem("halma.json", f"concede reason {said!r}"),))
        return Parsed(Concede(reason))
    if kind == "move":
        errors: list[DuelProblem] = []
        frm, to = _spot(data, "from", errors), _spot(data, "to", errors)
        if frm is None or to is None:
            return Parsed(None, tuple(errors))
        return Parsed(Move(frm, to))
    return Parsed(
        None,
        (DuelProblem("halma.json", f"action type {kind!r}: move, confirm or concede"),),
    )
