"""What the Discord bot says about a duel: the words of the duel service's results, and who
may read them (the channel, or only the sender). Pure: results in, `Reply` values out; the bot
sends them (festival/bot/duel_commands.py).

A refusal (not your turn, not your duel, not the host), a delivery seen before and an input
that was wrong are told to the sender only, in one line (or a line per problem); sealed orders
are confirmed to their player only. What changes the duel is told to the channel, with the
board and a ping of the player to act when a turn ended."""

from __future__ import annotations

from dataclasses import dataclass

from events.duel import Picture
from festival.bot.who import mention
from festival.discord.messages import split_messages
from festival.duels.service import (
    Acted,
    Practice,
    Refusal,
    Refused,
    Seating,
    Situation,
    Status,
)


@dataclass(frozen=True)
class Reply:
    """Words for the sender alone (`private`) or the channel, and whether the board goes
    with them."""

    text: str
    private: bool = False
    board: Picture | None = None
    """the board to show under the text"""
    pings: tuple[int, ...] = ()
    """Discord users the text pings (only they are notified)"""

    def parts(self) -> list[str]:
        """The text cut into Discord-sized messages."""
        return split_messages(self.text) or [""]


def situation_line(now: Situation) -> str:
    return f"The duel is over: {now.over}." if now.over is not None else now.progress


def refusal_words(refusal: Refusal) -> str:
    """A refused command, in the words of the slash commands."""
    waiting = ", ".join(refusal.waiting)
    match refusal.why:
        case Refused.OVER:
            return f"The duel is over: {refusal.detail}."
        case Refused.SPECTATOR:
            return "You do not play in this duel."
        case Refused.NOT_YOUR_TURN:
            return f"It is {waiting}'s turn, not yours."
        case Refused.ORDERS_IN:
            return f"Your orders for this turn are in; waiting for {waiting}."
        case Refused.NOT_HOST:
            return "Only the host may do that."
        case Refused.NOT_YOURS:
            return "The last action is not yours to take back."
        case Refused.NO_FORFEIT:
            return f"{refusal.detail} has no {refusal.what}."
        case Refused.WHICH_PLAYER:
            return f"Say which player acts: {waiting}."
        case Refused.PRACTISING:
            return (
                f"You are playing {refusal.detail} against {refusal.what} here already: "
                "/resign ends it."
            )
        case _:  # asked for at the command line only (a new duel's players, seed, board)
            return refusal.plain()


def to_act_line(acted: Acted, seating: Seating) -> tuple[str, tuple[int, ...]]:
    """Who is to act now, pinged when the duel seats them."""
    if acted.after.over is not None:
        return situation_line(acted.after), ()
    users = [seating.user_of(p) for p in acted.to_act]
    pings = tuple(u for u in users if u is not None)
    names = [mention(u) if u is not None else p for p, u in zip(acted.to_act, users, strict=True)]
    return f"{acted.after.progress} ({', '.join(names)} to act)", pings


def replies(acted: Acted, seating: Seating, who: str, orders: bool = False) -> tuple[Reply, ...]:
    """What to say about a command `who` (a player's or the host's name) sent: the first
    reply answers the command, the others go to the channel after it. `orders`: sealed
    orders (answered privately, whatever came of them)."""
    if acted.refused is not None:
        return (Reply(refusal_words(acted.refused), private=True),)
    if acted.repeated:
        raw = acted.entered.raw_id if acted.entered is not None else "?"
        return (Reply(f"Already handled (input {raw}); nothing was done again.", private=True),)
    entered = acted.entered
    if entered is not None and not entered.ok:
        lines = [f"Nothing recorded; what you sent is kept as input {entered.raw_id}:"]
        lines += [f"- {problem}" for problem in entered.problems]
        return (Reply("\n".join(lines), private=True),)
    if acted.problem is not None:
        return (Reply(f"Nothing done: {acted.problem}", private=True),)
    timed = "Time ran out: recorded first." if acted.timed_out else ""
    if entered is None:
        return (Reply(_lines(timed, acted.said, situation_line(acted.after))),)
    words = ", ".join(entered.words)
    if orders or acted.sealed:
        if acted.sealed:
            private = Reply(f"Your orders are in, sealed until every player's are: {words}", True)
            waiting = f"Waiting for {', '.join(acted.to_act)}."
            return (private, Reply(_lines(timed, f"{who}'s orders are in (sealed).", waiting)))
        private = Reply(f"Your orders are in: {words}", private=True)
        return (private, _turn_reply(acted, seating, _lines(timed, f"{who}'s orders are in.")))
    done = _lines(timed, f"{who}: {words}")
    if acted.turn_ended:
        return (_turn_reply(acted, seating, done),)
    return (Reply(_lines(done, situation_line(acted.after))),)


def _lines(*lines: str) -> str:
    return "\n".join(line for line in lines if line)


def _turn_reply(acted: Acted, seating: Seating, head: str) -> Reply:
    """A turn ended: what it did, the board, and a ping of the player to act."""
    line, pings = to_act_line(acted, seating)
    text = _lines(head, *acted.turn_lines, line)
    return Reply(text, board=acted.picture, pings=pings)


def status_text(now: Status, seating: Seating) -> str:
    sides = now.sides or tuple((p,) for p in now.players)
    versus = " vs ".join(" & ".join(side) for side in sides)
    lines = [f"{now.title} ({now.variant}): {versus}", f"{now.actions} action(s) recorded."]
    lines.append(situation_line(now.after))
    if now.clock is not None:
        lines.append(now.clock)
    if now.timed_out:
        lines.insert(0, "Time ran out: recorded.")
    return "\n".join(lines)


def bot_replies(acted: Acted, seating: Seating, bot: str) -> tuple[Reply, ...]:
    """What the channel is told of the practice bot's turn: its actions (its sealed orders
    only as being in, never what they are), and when its turn ended the board and a ping of
    the player."""
    if acted.entered is None:
        return ()
    if acted.sealed or not acted.entered.words:
        waiting = f"Waiting for {', '.join(acted.to_act)}." if acted.to_act else ""
        return (Reply(_lines(f"{bot}'s orders are in (sealed).", waiting)),)
    done = f"{bot}: {', '.join(acted.entered.words)}"
    if acted.turn_ended:
        return (_turn_reply(acted, seating, done),)
    return (Reply(_lines(done, situation_line(acted.after))),)


def practice_started(started: Practice) -> Reply:
    """A practice duel started: the game, who plays whom, how to end it, the board, and a
    ping of the player when they are to act."""
    user = started.user if started.player in started.to_act else None
    pings = (user,) if user is not None else ()
    names = [mention(user) if p == started.player and user else p for p in started.to_act]
    text = _lines(
        f"Practice duel: {started.title} ({started.variant}), {started.player} against "
        f"{started.bot} ({started.level.value}). /resign ends it.",
        f"{situation_line(started.after)} ({', '.join(names)} to act)",
    )
    return Reply(text, board=started.picture, pings=pings)
