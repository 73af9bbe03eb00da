"""What every duel command shares: its result read off the duel after it (`acted`: whether it
ended the turn, the board then), and a bot's turn recorded (`bot_steps`)."""

from __future__ import annotations

from typing import Any

from events.duel import Step
from festival.duels.acted import Acted
from festival.duels.bots import bot_turn, make_bot
from festival.duels.host import Duel
from festival.duels.opening import situation
from festival.duels.words import board_picture, last_turn_start


def acted(duel: Duel, before: Any, lines: tuple[str, ...] | None = None, **fields: Any) -> Acted:
    """The result of a command, and whether it ended the turn that `before` was in (`lines`:
    what the turn did, when the command says it)."""
    states, steps, _ = duel.positions()
    after = states[-1]
    acting, now = duel.game.to_act(before), duel.game.to_act(after)
    ended = not now or not set(now) <= set(acting)
    if lines is None:
        lines = ()
        if ended and fields.get("entered") is not None:
            lines = duel.game.turn_lines(states[last_turn_start(duel.game, states)], after)
    ended = ended and before is not after
    picture = board_picture(duel.game, states, steps) if ended else None
    return Acted(
        situation(duel, after),
        now,
        timed_out=duel.timed_out is not None,
        turn_ended=ended,
        turn_lines=lines,
        sealed=duel.game.sealed(after),
        picture=picture,
        **fields,
    )


def bot_steps(
    duel: Duel, player: str, kind: str, level: Any, seconds: float | None
) -> list[Step[Any]]:
    """A bot's turn for `player` (seeded by the duel's seed and the steps so far): the
    steps it recorded."""
    bot = make_bot(kind, duel.game, duel.seed + duel.store.step_count(), level, seconds)
    done = bot_turn(duel, bot, player)
    return duel.positions()[1][-done:] if done else []
