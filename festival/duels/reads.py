"""Reading a duel: what the command line, the dashboard and the bot show (the board, the log,
the status, the duel's id, every position, the clock as the bot keeping it sees it), as values;
a loss on time that has happened is recorded first (`opening.opened`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from events.duel import DuelGame, Picture, Step
from festival.duels import clock_notes
from festival.duels import store as duel_store
from festival.duels.games import duel_game
from festival.duels.opening import opened, situation, winner_of
from festival.duels.results import Logged, LogLine, Shown, Situation, Status, Watched, Winner
from festival.duels.seating import ANNOUNCED_SETTING
from festival.duels.words import board_picture, step_words


@dataclass(frozen=True)
class Desk:
    """What a duel desk (the dashboard's host tab) shows now, as values: whose turn, where the
    duel stands, the clock, the text board and an example of the notation."""

    simultaneous: bool
    """the players send sealed orders each turn (the orders desk)"""
    to_act: tuple[str, ...]
    after: Situation
    clock: str | None
    """the clock's words (None: the host never started it)"""
    rows: tuple[str, ...]
    example: str
    """an example of what a player may type now (`DuelGame.action_example`)"""


@dataclass(frozen=True)
class History:
    """A duel as the dashboard draws it, as values: every position, step and the words of
    each step (sealed orders kept secret), the winner, and what its desk shows now."""

    game: str
    """the game's registry name (its rules draw the board: `picture`)"""
    title: str
    variant: str
    players: tuple[str, ...]
    states: tuple[Any, ...]
    steps: tuple[Step[Any], ...]
    words: tuple[str, ...]
    winner: Winner | None
    desk: Desk
    timed_out: bool = False
    """a player's time had run out: their loss was recorded before the duel was read"""

    def picture(self, shown: int | None = None) -> Picture:
        """The board after `shown` steps (None: now), the last turn's cells marked."""
        shown = len(self.steps) if shown is None else shown
        states = list(self.states[: shown + 1])
        return board_picture(duel_game(self.game), states, list(self.steps[:shown]))


def show(folder: Path) -> Shown:
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        state = states[-1]
        picture = board_picture(duel.game, states, steps)
        view = duel.game.public_view(state)
        rows = tuple(view.get("rows", []))
        after = situation(duel, state)
        key = duel.game.board_key(state)
        return Shown(view, rows, after, picture, duel.timed_out is not None, key)


def log(folder: Path) -> Logged:
    with opened(folder) as duel:
        states, steps, rows = duel.positions()
        said = step_words(duel.game, states, steps)
        lines = tuple(
            LogLine(n, step.player, said[n - 1], row.raw_id)
            for n, (step, row) in enumerate(zip(steps, rows, strict=True), start=1)
        )
        undone: list[tuple[str, str]] = []
        for row in duel.store.steps(include_undone=True):
            if row.undone_at is None:
                continue
            parsed = duel.game.action_from_json(row.action)
            words = (
                duel.game.format_action(parsed.value) if parsed.value is not None else row.action
            )
            if duel.game.simultaneous:  # taken back before the turn resolved: never revealed
                words = "orders taken back before the turn resolved"
            undone.append((row.player, words))
        return Logged(
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            duel.seed,
            tuple(duel.game.public_view(s) for s in states),
            lines,
            tuple(undone),
            winner_of(duel, states[-1]),
            duel.timed_out is not None,
        )


def duel_id(folder: Path) -> str:
    """The duel's id (the one a season records its duels by)."""
    with opened(folder) as duel:
        return duel.duel_id


def status(folder: Path) -> Status:
    with opened(folder) as duel:
        timed_out = duel.timed_out is not None
        states, steps, _ = duel.positions()
        described = duel.clock().describe() if duel.store.clock_events() else None
        return Status(
            timed_out,
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            len(steps),
            situation(duel, states[-1]),
            described,
            _sides(duel.game, states[-1], duel.players),
            duel.game.simultaneous,
        )


def _sides(
    game: DuelGame[Any, Any], state: Any, players: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The players grouped by who wins or loses together (`DuelGame.allies`), in the order
    of play."""
    out: list[tuple[str, ...]] = []
    for player in players:
        if not any(player in side for side in out):
            out.append(tuple(p for p in players if p in game.allies(state, player)))
    return tuple(out)


def history(folder: Path) -> History:
    """Every position of the duel, for a page that steps through it, and its desk now."""
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        game, state = duel.game, states[-1]
        words = step_words(game, states, steps)  # sealed orders stay secret
        over = game.outcome(state) is not None
        desk = Desk(
            game.simultaneous,
            game.to_act(state),
            situation(duel, state),
            duel.clock().describe() if duel.store.clock_events() else None,
            tuple(game.public_view(state).get("rows", [])),
            "" if over else game.action_example(state),
        )
        return History(
            game.name,
            game.title,
            str(duel.config["variant"]),
            duel.players,
            tuple(states),
            tuple(steps),
            tuple(words),
            winner_of(duel, state),
            desk,
            duel.timed_out is not None,
        )


def watch(folder: Path) -> Watched:
    """What the keeper of the duel's clock needs (festival/duels/clock_due.py): a loss on
    time that has happened is recorded first; the reading's time; the clock notes."""
    with opened(folder) as duel:
        states, steps, _ = duel.positions()
        state = states[-1]
        left: tuple[tuple[str, float], ...] = ()
        running = False
        at = duel_store.clock_now()
        if duel.store.clock_events():
            reading = duel.clock(at)
            running = reading.running
            if reading.limited and running:
                left = tuple((p, reading.before_loss.get(p, 0.0)) for p in reading.waiting)
        announced = duel.store.setting(ANNOUNCED_SETTING) == str(len(steps))
        winner = winner_of(duel, state)
        notes = tuple(clock_notes.notes(duel.store))
        return Watched(
            situation(duel, state), winner, running, left, len(steps), announced, at, notes
        )


def clock_time() -> float:
    """The duels' clock now (UTC epoch seconds): what the clock of every duel is read on."""
    return duel_store.clock_now()
