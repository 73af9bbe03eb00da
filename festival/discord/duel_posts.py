"""A duel's last turn as a Discord message: the board after it (PNG), the turn's words (sealed
orders kept secret), what the turn did that the board does not say, and whose move it is,
pinging them when their Discord user id is mapped. Turns are counted as the game counts them
(`DuelGame.turn_number`, as its progress line and pictures say them), never in steps.

A message is known by the last action it shows (its step row's id, which an undo never
reuses; 0: the start), so an action taken back and played again is a new position, posted
anew. The message of a position taken back (`duel undo`, `/undo`) is corrected by the next
post: edited once to say so (the post log records it, and a message already corrected is
left alone); an undo stored and not yet posted (a kill between the two) is corrected by
whichever post comes next, as the store says what was taken back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from events.duel import DuelGame
from festival.core import picture
from festival.discord.messages import POST_LIMIT
from festival.discord.post_log import PostKey, PostLog
from festival.discord.posting import Outgoing
from festival.discord.sender import Attachment
from festival.discord.webhooks import GAME_ROOM
from festival.duels.host import Duel
from festival.duels.words import board_picture, last_turn_start, step_words

TURN = "turn"


def duel_posts(duel: Duel, users: Mapping[str, str], log: PostLog) -> list[Outgoing]:
    """The messages a post brings Discord to: a correction of each position posted and taken
    back since (not yet corrected), then the duel as it stands."""
    return [*taken_back(duel, log), turn_post(duel, users)]


def turn_words(game: DuelGame[Any, Any], states: Sequence[Any]) -> tuple[str, str]:
    """The position's words in the game's turns: for the message ("turn 3", "turn 3 so far
    (2 actions)", "the start") and for the host ("the duel after turn 3", ...)."""
    n = len(states) - 1
    if n == 0:
        return "the start", "the duel's start"
    start = last_turn_start(game, list(states))
    turn = game.turn_number(states[start])
    if game.outcome(states[-1]) is None and game.turn_number(states[-1]) == turn:
        done = n - start
        actions = f"{done} action{'' if done == 1 else 's'}"
        return f"turn {turn} so far ({actions})", f"the duel in turn {turn}, {actions} so far"
    return f"turn {turn}", f"the duel after turn {turn}"


def turn_post(duel: Duel, users: Mapping[str, str]) -> Outgoing:
    """The message for the duel as it stands, keyed by its last recorded action."""
    states, steps, rows = duel.positions()
    game, state = duel.game, states[-1]
    n = len(steps)
    start = last_turn_start(game, states)
    said = step_words(game, states, steps)
    head, label = turn_words(game, states)
    lines = [f"**{game.title}**, {duel.folder.resolve().name}: {head}"]
    turn: list[tuple[str, list[str]]] = []  # each player's actions of the turn, in order
    for i in range(start, n):
        if turn and turn[-1][0] == steps[i].player:
            turn[-1][1].append(said[i])
        else:
            turn.append((steps[i].player, [said[i]]))
    lines += [f"- {player}: {', '.join(words)}" for player, words in turn]
    lines += list(game.turn_lines(states[start], state)) if n else []
    outcome = game.outcome(state)
    if outcome is not None:
        lines.append(f"**{outcome.detail}**")
    else:
        lines.append(game.progress(state))
        pings = [f"<@{users[p]}>" for p in game.to_act(state) if p in users]
        if pings:
            lines.append(f"{' '.join(pings)}: your move.")
    board = picture.png(board_picture(game, states, steps))
    last = rows[-1].id if rows else 0
    key = PostKey(GAME_ROOM, last, TURN, 1)
    text = "\n".join(lines)[:POST_LIMIT]
    return Outgoing(key, text, (Attachment(f"board-{n}.png", board),), label)


def taken_back(duel: Duel, log: PostLog) -> list[Outgoing]:
    """For each message showing a position whose last action was taken back, its corrected
    text (the board removed: that position no longer stands), unless it says it already. The
    text names only what was taken back, so later actions never change it again."""
    undone = {r.id: r for r in duel.store.steps(include_undone=True) if r.undone_at is not None}
    name = duel.folder.resolve().name
    out = []
    for row in log.rows():
        key = row.key
        step = undone.get(key.round_no)
        if (key.channel, key.kind) != (GAME_ROOM, TURN) or step is None or not row.message_id:
            continue
        parsed = duel.game.action_from_json(step.action)
        words = "orders" if duel.game.simultaneous or parsed.value is None else None
        what = f"{step.player}'s {words or duel.game.format_action(parsed.value)}"
        text = (
            f"**{duel.game.title}**, {name}: taken back ({what}); this position no longer stands."
        )
        message = Outgoing(key, text, (), f"the message of a position taken back ({what})")
        if row.content_hash != message.digest:
            out.append(message)
    return out
