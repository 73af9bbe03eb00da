"""What a duel says to people: whose turn it is and the turn so far, the words of each
recorded step (sealed orders kept secret), the last resolved turn of a game of sealed orders,
and the cells the last turn changed. Every front end (the command line, the dashboard) shows
these words; none writes its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from events.duel import DuelGame, Step

if TYPE_CHECKING:
    from festival.duels.host import Duel

SEALED = "orders in (sealed until the turn resolves)"


def progress_words(duel: Duel, state: Any) -> str:
    """Whose turn it is and the turn so far, in words (the duel is not over)."""
    line = duel.game.progress(state)
    if line is not None:
        return line
    view = duel.game.public_view(state)
    who = ", ".join(duel.game.to_act(state))
    if isinstance(view.get("progress"), str):  # a game that words its own progress
        return f"{who} to play ({view['progress']})."
    turn = view.get("turn") or {}
    if turn.get("drawn") is None:
        return f"{who} to play: take 0-4 stones first."
    hand = " ".join(turn.get("hand", ())) or "none"
    return (
        f"{who} to play (turn {view.get('turn_no')}): drawn {' '.join(turn['drawn']) or 'none'}, "
        f"left to place: {hand}, moves left: {turn.get('moves_left')}."
    )


def step_words(game: DuelGame[Any, Any], states: list[Any], steps: list[Step[Any]]) -> list[str]:
    """What each step may say publicly: its notation, or SEALED for the orders of the turn
    still open (the steps after the last position in which no orders were sealed)."""
    words = [game.format_action(step.action) for step in steps]
    n = len(steps)
    while n > 0 and game.sealed(states[n]):
        words[n - 1] = SEALED
        n -= 1
    return words


def turn_words(view: dict[str, Any]) -> list[str]:
    """The last resolved turn of an Elementarium public view, for people."""
    last = view.get("last_turn") or {}
    names = view.get("players", ["?", "?"])
    lines = []
    for m in last.get("moved", []):
        lines.append(f"{names[m['player']]} moved {m['from']} to {m['to']}")
    for m in last.get("cancelled", []):
        lines.append(
            f"{names[m['player']]}'s {m['from']}-{m['to']} was cancelled by the Source (stays)"
        )
    for c in last.get("clashes", []):
        who = ", ".join(f"{names[u['player']]}'s {u['type']} from {u['from']}" for u in c["units"])
        kept = "both removed" if c["survivor"] is None else f"{names[c['survivor']]} keeps it"
        how = "passing through each other" if c.get("passing") else "on"
        lines.append(f"clash {how} {c['field']}: {who}: {kept}")
    for s in last.get("spawned", []):
        lines.append(f"{names[s['player']]} spawned {s['type']} on {s['field']}")
    return lines


def last_turn_cells(duel: Duel, states: list[Any]) -> frozenset[tuple[int, int]]:
    """The cells changed since the last turn began (the turn under way, or the last one)."""
    if len(states) < 2:
        return frozenset()
    acting = duel.game.to_act
    end = len(states) - 1
    start = end - 1
    while start > 0 and acting(states[start - 1]) == acting(states[start]):
        start -= 1
    return duel.game.changed_cells(states[start], states[end])
