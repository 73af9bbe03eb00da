"""A duel's last turn as a Discord message: the board after it (PNG), the turn's words (sealed
orders kept secret), what the turn did that the board does not say, and whose move it is,
pinging them when their Discord user id is mapped."""

from __future__ import annotations

from collections.abc import Mapping

from festival.discord.messages import POST_LIMIT
from festival.discord.post_log import PostKey
from festival.discord.posting import Outgoing
from festival.discord.sender import Attachment
from festival.discord.webhooks import GAME_ROOM
from festival.duels import picture
from festival.duels.host import Duel
from festival.duels.words import board_picture, last_turn_start, step_words

TURN = "turn"


def turn_post(duel: Duel, users: Mapping[str, str]) -> Outgoing:
    """The message for the duel as it stands, keyed by the number of steps recorded."""
    states, steps, _ = duel.positions()
    game, state = duel.game, states[-1]
    n = len(steps)
    start = last_turn_start(game, states)
    said = step_words(game, states, steps)
    lines = [
        f"**{game.title}**, {duel.folder.resolve().name}: " + (f"step {n}" if n else "the start")
    ]
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
    key = PostKey(GAME_ROOM, n, TURN, 1)
    label = f"the duel at step {n}" if n else "the duel's start"
    text = "\n".join(lines)[:POST_LIMIT]
    return Outgoing(key, text, (Attachment(f"board-{n}.png", board),), label)
