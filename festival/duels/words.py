"""What a hosted duel says to people beyond the game's own words (`progress`, `turn_lines`):
the words of each recorded step (sealed orders kept secret), the cells the last turn
changed and a picture's caption. Every front end (the command line, the dashboard) shows
these; none writes its own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from events.duel import Confirm, DuelGame, Picture, Step

SEALED = "orders in (sealed until the turn resolves)"


def step_words(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> list[str]:
    """What each step may say publicly: its notation, or SEALED for the orders of the turn
    still open (the steps after the last position in which no orders were sealed)."""
    words = [game.format_action(step.action) for step in steps]
    n = len(steps)
    while n > 0 and game.sealed(states[n]):
        words[n - 1] = SEALED
        n -= 1
    return words


def last_turn_start(game: DuelGame[Any, Any], states: list[Any]) -> int:
    """The position the last turn began from (the turn under way, or the last one): the
    steps after it are that turn's. Within a turn the players awaited only ever narrow (a
    player's several actions; sealed orders coming in one by one); a new turn awaits someone
    who was not awaited."""
    acting = game.to_act
    start = max(0, len(states) - 2)
    while start > 0 and set(acting(states[start])) <= set(acting(states[start - 1])):
        start -= 1
    return start


def last_turn_cells(game: DuelGame[Any, Any], states: list[Any]) -> frozenset[tuple[int, int]]:
    """The cells changed since the last turn began (the turn under way, or the last one)."""
    if len(states) < 2:
        return frozenset()
    return game.changed_cells(states[last_turn_start(game, states)], states[-1])


def last_turn(game: DuelGame[Any, Any], states: list[Any]) -> tuple[int, int] | None:
    """The positions that begin and end the last turn played to its end (indices into
    `states`; a turn ends where the game's turn number moves on, or where the duel ended),
    None before the first turn is over."""
    end = len(states) - 1
    if game.outcome(states[end]) is None:
        number = game.turn_number
        while end > 0 and number(states[end]) == number(states[end - 1]):
            end -= 1
    if end == 0:
        return None
    start = end - 1
    while start > 0 and game.turn_number(states[start - 1]) == game.turn_number(states[end - 1]):
        start -= 1
    return start, end


def _turn_said(
    game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]], start: int, end: int
) -> tuple[str, ...]:
    """What the steps from position `start` to `end` did, for people: the game's `turn_lines`,
    else each player's actions in public words (sealed orders kept secret), confirms left out."""
    lines = game.turn_lines(states[start], states[end])
    if lines:
        return lines
    words = step_words(game, states[: end + 1], steps[:end])
    said_by: dict[str, list[str]] = {}
    for step, word in zip(steps[start:end], words[start:end], strict=True):
        if not isinstance(step.action, Confirm):
            said_by.setdefault(step.player, []).append(word)
    return tuple(f"{who}: {', '.join(said)}" for who, said in said_by.items())


def caption(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> str:
    """A picture's caption for people: the game, the turn as the players count it, who is to
    act (the game's `progress`, or how the duel ended), what the last turn did (the game's
    `turn_lines`, else the public words of its actions) and what the turn under way has done
    so far."""
    state = states[-1]
    outcome = game.outcome(state)
    turn = last_turn(game, states)
    if outcome is not None:
        played = game.turn_number(states[turn[1] - 1]) if turn else 1
        head = f"{game.title} · over after turn {played} · {outcome.detail}"
    else:
        said = game.progress(state)
        number = game.turn_number(state)
        head = f"{game.title} · {said}"
        if f"turn {number}" not in said.lower():
            head = f"{game.title} · turn {number} · {said}"
    rows = [head]
    end = 0
    if turn is not None:
        start, end = turn
        lines = _turn_said(game, states, steps, start, end)
        rows.append(f"Last turn ({game.turn_number(states[end - 1])}): " + "; ".join(lines))
    if outcome is None and end < len(states) - 1:
        lines = _turn_said(game, states, steps, end, len(states) - 1)
        if lines:
            rows.append("This turn so far: " + "; ".join(lines))
    return "\n".join(rows)


def board_picture(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> Picture:
    """The board after `steps` (`states`: every position from the start) as a picture: the
    cells changed since the last turn the caption names began (that turn's, and the turn
    under way's so far) marked, the caption of `caption`."""
    start = last_turn_start(game, states)
    turn = last_turn(game, states)
    if turn is not None:
        start = min(start, turn[0])
    marked = game.changed_cells(states[start], states[-1]) if len(states) > 1 else frozenset()
    picture = game.picture(states[-1], marked)
    return replace(picture, caption=caption(game, states, steps))
