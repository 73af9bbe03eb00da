"""Take-away: a tiny duel game that exists only to prove the duel interface and the registry.

Two players take turns; a turn takes 1 to `most` stones from one pile ("B2": two stones from
pile B). Whoever takes the last stone wins. A player may resign; one who runs out of time
loses. There is no chance and nothing secret.

Notation: "B2" (also "b 2", "take 2 from B"), "resign" ("time": lost on time); several
actions are separated by commas. Action JSON: {"pile": "B", "take": 2} and
{"resign": "resign" | "time"}. State JSON: {"players", "piles", "most", "height", "seat",
"moves", "outcome"}. Picture: one column per pile, its stones stacked from the bottom row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from events.duel import (
    ConcedeReason,
    DuelGame,
    DuelProblem,
    Outcome,
    Parsed,
    Picture,
    PictureCell,
    PicturePiece,
)

STANDARD = "standard"
MAX_PILES = 6
MAX_STONES = 9
LETTERS = "ABCDEF"
_TAKE = re.compile(r"^(?:take\s+(\d+)\s+from\s+([a-z])|([a-z])\s*(\d+))$")
RULE = "a turn takes 1 to `most` stones from one pile; whoever takes the last stone wins"


@dataclass(frozen=True)
class Take:
    pile: int
    """0-based: pile A is 0"""
    count: int


@dataclass(frozen=True)
class Resign:
    reason: str = "resign"
    """"resign" or "time\""""


Action = Take | Resign


@dataclass(frozen=True)
class TakeState:
    players: tuple[str, ...]
    piles: tuple[int, ...]
    most: int
    height: int
    """the tallest pile at the start (the picture's rows)"""
    seat: int = 0
    moves: int = 0
    outcome: Outcome | None = None

    @property
    def player(self) -> str:
        return self.players[self.seat]


def _problem(code: str, message: str, square: str | None = None) -> DuelProblem:
    return DuelProblem(f"takeaway.{code}", message, square, RULE)


def format_action(action: Action) -> str:
    if isinstance(action, Resign):
        return "resign" if action.reason == "resign" else "time"
    return f"{LETTERS[action.pile]}{action.count}"


def parse_action(text: str) -> Parsed[Action]:
    word = " ".join(text.lower().split())
    if word in ("resign", "time"):
        return Parsed(Resign(word))
    m = _TAKE.match(word)
    if m is None:
        return Parsed(None, (_problem("notation", f"{text.strip()!r}: write e.g. B2 or resign"),))
    count, letter = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    pile = LETTERS.lower().find(letter)
    if pile < 0:
        return Parsed(None, (_problem("notation", f"{letter.upper()!r} is not a pile"),))
    return Parsed(Take(pile, int(count)))


def action_from_json(data: Any) -> Parsed[Action]:
    if isinstance(data, dict) and set(data) == {"resign"} and data["resign"] in ("resign", "time"):
        return Parsed(Resign(str(data["resign"])))
    if (
        isinstance(data, dict)
        and set(data) == {"pile", "take"}
        and isinstance(data["pile"], str)
        and len(data["pile"]) == 1
        and data["pile"].upper() in LETTERS
        and isinstance(data["take"], int)
        and not isinstance(data["take"], bool)
    ):
        return Parsed(Take(LETTERS.index(data["pile"].upper()), data["take"]))
    return Parsed(None, (_problem("json", 'expected {"pile": "A", "take": 1} or {"resign": ...}'),))


def action_to_json(action: Action) -> Any:
    if isinstance(action, Resign):
        return {"resign": action.reason}
    return {"pile": LETTERS[action.pile], "take": action.count}


class TakeAway(DuelGame[TakeState, Action]):
    name = "takeaway"
    title = "Take-away"
    default_variant = STANDARD

    # --- variants and setup -------------------------------------------------------------

    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        return {STANDARD: {"piles": [3, 4, 5], "most": 3}, "quick": {"piles": [1, 2], "most": 2}}

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        piles, most = options.get("piles"), options.get("most")
        problems = []
        if (
            not isinstance(piles, list)
            or not 1 <= len(piles) <= MAX_PILES
            or not all(isinstance(n, int) and 1 <= n <= MAX_STONES for n in piles)
        ):
            problems.append(
                _problem("option", f"piles: 1 to {MAX_PILES} piles of 1 to {MAX_STONES} stones")
            )
        if not isinstance(most, int) or isinstance(most, bool) or most < 1:
            problems.append(_problem("option", "most: the stones a turn may take, at least 1"))
        return problems

    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> TakeState:
        piles = tuple(int(n) for n in options["piles"])
        return TakeState(tuple(players), piles, int(options["most"]), max(piles))

    # --- whose turn ---------------------------------------------------------------------

    def players(self, state: TakeState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: TakeState) -> tuple[str, ...]:
        return () if state.outcome is not None else (state.player,)

    def progress(self, state: TakeState) -> str:
        if state.outcome is not None:
            return f"The duel is over: {state.outcome.detail}."
        return (
            f"{state.player} to take 1-{state.most} stones from one pile (turn {state.moves + 1})."
        )

    def turn_number(self, state: TakeState) -> int:
        return state.moves + 1

    # --- actions ------------------------------------------------------------------------

    def parse_actions(self, text: str) -> Parsed[tuple[Action, ...]]:
        parts = [p for p in re.split(r"[,;\n]+", text) if p.strip()]
        if not parts:
            return Parsed(None, (_problem("notation", "no action given"),))
        actions: list[Action] = []
        errors: list[DuelProblem] = []
        for i, part in enumerate(parts):
            parsed = parse_action(part)
            if parsed.value is None:
                errors.extend(e.at_action(i) for e in parsed.errors)
            else:
                actions.append(parsed.value)
        return Parsed.of(tuple(actions), errors)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_json(self, data: Any) -> Parsed[Action]:
        return action_from_json(data)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def problems(self, state: TakeState, player: str, action: Action) -> Sequence[DuelProblem]:
        problem = self._check(state, player, action)
        return () if problem is None else (problem,)

    def _check(self, state: TakeState, player: str, action: Action) -> DuelProblem | None:
        if state.outcome is not None:
            return _problem("over", f"the duel is over: {state.outcome.detail}")
        if player != state.player:
            return _problem("turn", f"it is {state.player}'s turn, not {player}'s")
        if isinstance(action, Resign):
            return None
        if not isinstance(action, Take):
            return _problem("bad-action", f"not a Take-away action: {action!r}")
        if not 0 <= action.pile < len(state.piles):
            return _problem(
                "pile", f"there are {len(state.piles)} piles: no pile {action.pile + 1}"
            )
        pile = LETTERS[action.pile]
        if not 1 <= action.count <= state.most:
            return _problem("count", f"take 1 to {state.most} stones, not {action.count}", pile)
        if action.count > state.piles[action.pile]:
            return _problem("count", f"pile {pile} has {state.piles[action.pile]} stones", pile)
        return None

    def apply(self, state: TakeState, player: str, action: Action) -> TakeState:
        if isinstance(action, Resign):
            how = "ran out of time" if action.reason == "time" else "resigned"
            return self._won(state, 1 - state.seat, action.reason, f"{player} {how}")
        piles = list(state.piles)
        piles[action.pile] -= action.count
        after = replace(state, piles=tuple(piles), moves=state.moves + 1)
        if not any(piles):
            return self._won(after, state.seat, "last-stone", f"{player} took the last stone")
        return replace(after, seat=1 - state.seat)

    @staticmethod
    def _won(state: TakeState, seat: int, reason: str, detail: str) -> TakeState:
        winner = state.players[seat]
        return replace(state, outcome=Outcome(winner, reason, f"{detail}; {winner} wins"))

    def legal_actions(self, state: TakeState, player: str) -> Sequence[Action]:
        if state.outcome is not None or player != state.player:
            return []
        return [
            Take(p, k) for p, n in enumerate(state.piles) for k in range(1, min(n, state.most) + 1)
        ]

    def forfeit_action(self, player: str, reason: ConcedeReason) -> Action | None:
        return Resign(reason.value)

    def undo_refusal(self, before: TakeState, action: Action) -> str | None:
        return "the duel was conceded" if isinstance(action, Resign) else None

    # --- the end, views and pictures ----------------------------------------------------

    def outcome(self, state: TakeState) -> Outcome | None:
        return state.outcome

    def public_view(self, state: TakeState) -> dict[str, Any]:
        rows = [f"{LETTERS[i]}: {'o' * n or '-'}" for i, n in enumerate(state.piles)]
        return {**self.state_to_json(state), "rows": rows}

    def picture(self, state: TakeState, highlight: Iterable[tuple[int, int]] = ()) -> Picture:
        cells = tuple(
            PictureCell(c, r, "pile") for c in range(len(state.piles)) for r in range(state.height)
        )
        stones = tuple(
            PicturePiece(c, state.height - 1 - k, 0, "o")
            for c, n in enumerate(state.piles)
            for k in range(n)
        )
        caption = state.outcome.detail if state.outcome else self.progress(state) or ""
        return Picture(
            "square",
            tuple(LETTERS[: len(state.piles)]),
            tuple(str(state.height - r) for r in range(state.height)),
            cells,
            stones,
            frozenset(highlight),
            caption,
            {"pile": "a pile of stones"},
        )

    def changed_cells(self, before: TakeState, after: TakeState) -> frozenset[tuple[int, int]]:
        return frozenset(
            (c, after.height - 1 - k)
            for c, (old, new) in enumerate(zip(before.piles, after.piles, strict=True))
            for k in range(new, old)
        )

    # --- JSON ---------------------------------------------------------------------------

    def state_to_json(self, state: TakeState) -> dict[str, Any]:
        return {
            "players": list(state.players),
            "piles": list(state.piles),
            "most": state.most,
            "height": state.height,
            "seat": state.seat,
            "moves": state.moves,
            "outcome": None if state.outcome is None else state.outcome.to_json(),
        }

    def state_from_json(self, data: Mapping[str, Any]) -> TakeState:
        outcome = data.get("outcome")
        return TakeState(
            tuple(str(p) for p in data["players"]),
            tuple(int(n) for n in data["piles"]),
            int(data["most"]),
            int(data["height"]),
            int(data["seat"]),
            int(data["moves"]),
            None if outcome is None else Outcome.from_json(outcome),
        )
