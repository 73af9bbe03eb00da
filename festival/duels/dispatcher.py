"""The one door every change to a duel goes through: `dispatch` takes the duel's lock (a
time-out that has happened recorded first), loads the duel once, answers a delivery seen
before as it was answered (once per origin), checks who may act, applies the command, and
returns what came of it (`Acted`). Every front end calls it with a command
(festival/duels/acts.py): the command line and the dashboard's desks as the host, the
Discord bot as the player who sent the slash command (or the host, for /host commands).

A delivery (`Origin.delivered`: a Discord interaction) is stored before it is done, so the
same delivery is never done twice and a command that could not be done is kept with its
problem; a command typed by the host (the command line, a desk) is done or raises
`DuelHostError`, as a host command always has, through the functions of the service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from events.duel import ConcedeReason, DuelProblem
from festival.core.errors import DuelHostError
from festival.duels import clock_notes, offers
from festival.duels.acted import Acted, BotPlayed
from festival.duels.acting import acted, bot_steps
from festival.duels.acts import (
    Actor,
    AnnounceTimeOut,
    BotMove,
    Command,
    DiscordSetup,
    GoogleSetup,
    HoldAll,
    HostRefused,
    MarkClockNote,
    NoteClock,
    OrderSheets,
    Play,
    PlayFile,
    Post,
    PracticeAnswer,
    Refusal,
    Refused,
    Resign,
    ResolveOrders,
    Seat,
    SetClock,
    Undo,
    Verb,
)
from festival.duels.host import Duel, Played
from festival.duels.opening import changing, entered_of, situation
from festival.duels.origin import Origin
from festival.duels.practice_duels import practice_answer
from festival.duels.results import Entered
from festival.duels.sealed import google_setup, order_sheets, resolve_orders
from festival.duels.seating import seat_players
from festival.duels.turn_files import play_file


def dispatch(folder: Path, command: Command, actor: Actor, origin: Origin) -> Acted:
    """Do `command`, sent by `actor` from `origin`, to the duel in `folder`."""
    with changing(folder) as duel:
        if origin.delivered:
            earlier = repeated(duel, origin)
            if earlier is not None:
                return earlier
        state = duel.state()
        if command.host and not actor.host:
            return acted(duel, state, refused=Refusal(Refused.NOT_HOST))
        try:
            return _apply(duel, state, command, actor, origin)
        except HostRefused as exc:  # found refused on the way (which player?): nothing stored
            return acted(duel, state, refused=exc.refusal)


def _apply(duel: Duel, state: Any, command: Command, actor: Actor, origin: Origin) -> Acted:
    match command:
        case Play() | Verb():
            return _play(duel, state, command, actor, origin)
        case PlayFile():
            played = play_file(duel, command.path, command.player)
            return acted(duel, state, entered=entered_of(duel, played))
        case Undo():
            return _undo(duel, state, command, actor, origin)
        case Resign():
            return _resign(duel, state, command, actor, origin)
        case SetClock():
            return _clock(duel, state, command, origin)
        case Seat():
            return _seat(duel, state, command, origin)
        case BotMove():
            if origin.delivered:  # a press of a desk: stored, so it is done once
                duel.store.add_raw("host", origin, f"bot {command.player or ''}".strip())
            return acted(duel, state, bot=_bot_move(duel, command))
        case HoldAll():
            return _hold_all(duel, state, origin)
        case ResolveOrders():
            return acted(duel, state, orders=resolve_orders(duel, command))
        case OrderSheets():
            return acted(duel, state, sheets=order_sheets(duel, command))
        case GoogleSetup():
            return acted(duel, state, spreadsheets=google_setup(duel, command))
        case DiscordSetup():  # the adapter records the channel: the duel is not changed
            pinged = command.channel.record(duel, command.webhooks_file)
            return acted(duel, state, pinged=pinged)
        case Post():  # the adapter posts; its post log is the duel store's
            file, resend, mark_sent = command.webhooks_file, command.resend, command.mark_sent
            return acted(duel, state, posted=command.channel.post(duel, file, resend, mark_sent))
        case AnnounceTimeOut() | NoteClock() | MarkClockNote():
            if not (actor.bot or actor.host):
                return acted(duel, state, refused=Refusal(Refused.NOT_HOST))
            return _clock_note(duel, state, command)
        case PracticeAnswer():
            return practice_answer(duel, state)


# --- who may act --------------------------------------------------------------------------


def refusal(duel: Duel, state: Any, actor: Actor, any_time: bool = False) -> Refusal | None:
    """Why `actor` may not act for themselves now (None: they may)."""
    outcome = duel.game.outcome(state)
    if outcome is not None:
        return Refusal(Refused.OVER, outcome.detail)
    if actor.player is None:
        return Refusal(Refused.SPECTATOR)
    acting = duel.game.to_act(state)
    if any_time or actor.player in acting:
        return None
    if duel.game.simultaneous:
        return Refusal(Refused.ORDERS_IN, waiting=acting)
    return Refusal(Refused.NOT_YOUR_TURN, waiting=acting)


def repeated(duel: Duel, origin: Origin) -> Acted | None:
    """The answer to a delivery already handled (its origin is stored): nothing is redone."""
    earlier = duel.store.raw_from(origin)
    if earlier is None:
        return None
    state = duel.state()
    problems = tuple(DuelProblem(code, text) for code, text in duel.store.errors(earlier.id))
    entered = Entered(earlier.id, (), problems)
    return Acted(situation(duel, state), duel.game.to_act(state), repeated=True, entered=entered)


def _stored_problem(duel: Duel, raw_id: int | None, code: str, exc: DuelHostError) -> None:
    """A command that could not be done: a delivery keeps its problem; the host's command
    raises it (nothing was stored)."""
    if raw_id is None:
        raise exc
    duel.store.add_errors(raw_id, [(code, str(exc))])


# --- the commands -------------------------------------------------------------------------


def _play(duel: Duel, state: Any, command: Play | Verb, actor: Actor, origin: Origin) -> Acted:
    if isinstance(command, Verb):  # a shortcut the game declares (events/offers.py)
        shortcut = offers.find_shortcut(duel.game.name, command.verb)
        if shortcut is None:
            return acted(
                duel,
                state,
                problem=f"{duel.game.title} has no shortcut '{command.verb or 'verb'}': type "
                f"the turn as the game writes it (e.g. {duel.game.action_example(state)})",
            )
        text = command.text(shortcut.verb)
    else:
        text = command.text
    if command.host:
        who = duel.resolve_player(command.player, state)
        played = play_own(duel, text, who, origin, host=True)
        return acted(duel, state, entered=entered_of(duel, played))
    refused = refusal(duel, state, actor)
    if refused is not None:
        return acted(duel, state, refused=refused)
    assert actor.player is not None
    played = play_own(duel, text, actor.player, origin, actor.host)
    return acted(duel, state, entered=entered_of(duel, played))


def play_own(duel: Duel, text: str, player: str, origin: Origin, host: bool) -> Played:
    """`player`'s input, stored, then parsed once and recorded all or nothing; a player who
    is not the host may not name a draw's outcome (`DuelGame.chance_named`): the duel's seed
    draws it."""
    raw_id = duel.store.add_raw(player, origin, text)
    parsed = duel.game.parse_actions(text)
    if not host and parsed.value is not None and any(map(duel.game.chance_named, parsed.value)):
        shortcut = offers.find_shortcut(duel.game.name, None)
        how = f" ({shortcut.verb} N)" if shortcut else ""
        problem = DuelProblem(
            "duel.chance", f"the draw is made with the duel's seed: give only how many{how}"
        )
        return duel.reject(raw_id, (problem,))
    return duel.play_parsed(raw_id, parsed, player)


def _undo(duel: Duel, state: Any, command: Undo, actor: Actor, origin: Origin) -> Acted:
    if not command.host:  # sealed orders are taken back after they are in, before the turn ends
        steps = duel.positions()[1]
        refused = refusal(duel, state, actor, any_time=duel.game.simultaneous)
        if refused is None and (not steps or steps[-1].player != actor.player):
            refused = Refusal(Refused.NOT_YOURS)
        if refused is not None:
            return acted(duel, state, refused=refused)
    raw_id = (
        duel.store.add_raw(actor.player or "host", origin, "undo") if origin.delivered else None
    )
    try:
        step = duel.undo()
    except DuelHostError as exc:
        _stored_problem(duel, raw_id, "duel.undo", exc)
        return acted(duel, state, problem=str(exc))
    words = duel.game.format_action(step.action)
    said = "orders" if duel.game.simultaneous else words
    return acted(
        duel,
        state,
        said=f"Took back {step.player}'s {said} (kept in the log).",
        took_back=(step.player, words),
    )


def _resign(duel: Duel, state: Any, command: Resign, actor: Actor, origin: Origin) -> Acted:
    if command.host:
        who = duel.resolve_player(command.player or actor.player, state)
    else:
        refused = refusal(duel, state, actor, any_time=True)
        if refused is not None:
            return acted(duel, state, refused=refused)
        assert actor.player is not None
        who = actor.player
    reason = ConcedeReason.TIME if command.time else ConcedeReason.RESIGN
    action = duel.game.forfeit_action(who, reason)
    if action is None:
        no = Refusal(Refused.NO_FORFEIT, duel.game.title, what=reason.value)
        return acted(duel, state, refused=no)
    played = play_own(duel, duel.game.format_action(action), who, origin, host=True)
    return acted(duel, state, entered=entered_of(duel, played))


def _clock(duel: Duel, state: Any, command: SetClock, origin: Origin) -> Acted:
    text = f"clock {'start' if command.running else 'stop'}"
    raw_id = duel.store.add_raw("host", origin, text) if origin.delivered else None
    try:
        duel.set_clock(command.running)
    except DuelHostError as exc:
        _stored_problem(duel, raw_id, "duel.clock", exc)
        return acted(duel, state, problem=str(exc))
    return acted(duel, state, said=duel.clock().describe())


def _seat(duel: Duel, state: Any, command: Seat, origin: Origin) -> Acted:
    text = "seat " + ", ".join(f"{player} {user}" for player, user in command.users)
    raw_id = duel.store.add_raw("host", origin, text) if origin.delivered else None
    try:
        names = seat_players(duel, command.channel, dict(command.users))
    except DuelHostError as exc:
        _stored_problem(duel, raw_id, "duel.seat", exc)
        return acted(duel, state, problem=str(exc))
    users = dict(command.users)
    said = " ".join(
        f"{name} is now played by Discord user {user}."
        for name, user in zip(names, users.values(), strict=True)
    )
    return acted(duel, state, said=said)


def _clock_note(
    duel: Duel, state: Any, command: AnnounceTimeOut | NoteClock | MarkClockNote
) -> Acted:
    """The bot keeping the duel's clock: a note's intent recorded before it is sent (once per
    key), marked sent after; a loss on time recorded as announced."""
    if isinstance(command, AnnounceTimeOut):
        clock_notes.time_out_announced(duel, command.steps)
    elif isinstance(command, MarkClockNote):
        clock_notes.mark_sent(duel, command.key)
    elif len(duel.positions()[1]) != command.steps:  # a time-out recorded on opening, a move
        return acted(duel, state, problem="the duel moved on since the note was planned")
    elif command.taking_over is not None:
        if not clock_notes.take_over(duel, command.key, command.taking_over, command.sender):
            return acted(duel, state, repeated=True)
    elif not clock_notes.note(duel, command.key, command.text, command.pings, command.sender):
        return acted(duel, state, repeated=True)
    return acted(duel, state)


def _bot_move(duel: Duel, command: BotMove) -> BotPlayed:
    player = duel.resolve_player(command.player, duel.state())
    state = duel.state()
    kind, level = command.kind, command.level
    if player not in duel.game.to_act(state):
        return BotPlayed(player, kind, None, level)
    recorded = bot_steps(duel, player, kind, level, command.seconds)
    words = ", ".join(duel.game.format_action(s.action) for s in recorded)
    if duel.game.simultaneous and duel.game.sealed(duel.state()):
        words = "orders in (sealed until the turn resolves)"
    lines = duel.game.turn_lines(state, duel.state())
    return BotPlayed(player, kind, words, level, lines, len(recorded))


def _hold_all(duel: Duel, before: Any, origin: Origin) -> Acted:
    held = tuple(
        (player, entered_of(duel, duel.play_text("hold", player, source=origin)))
        for player in duel.game.to_act(before)
    )
    lines = tuple(duel.game.turn_lines(before, duel.state()))
    return acted(duel, before, lines, held=held)
