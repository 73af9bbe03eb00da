"""The one door to a duel that does not exist yet (`begin`): the host's new duel (`NewDuel`)
and a player's practice duel against the bot (`StartPractice`). It takes the same `Actor`
and `Origin` as the dispatcher (festival/duels/dispatcher.py) does for a duel that exists,
and refuses in the same typed values: a command the actor may not give (`NOT_HOST`), players,
a seed or a board the game does not take (`HostRefused`, each front end words it), a practice
duel while the player's goes on (`PracticeStarted.refused`)."""

from __future__ import annotations

from pathlib import Path
from typing import overload

from festival.core.names import normalise_name
from festival.duels.acted import Created, PracticeStarted
from festival.duels.acts import Actor, HostRefused, NewDuel, Refusal, Refused, StartPractice
from festival.duels.boards import board_option
from festival.duels.host import Duel
from festival.duels.origin import Origin
from festival.duels.practice_duels import practice_start
from festival.duels.seating import seating_of, seating_settings


@overload
def begin(where: Path, command: NewDuel, actor: Actor, origin: Origin) -> Created: ...
@overload
def begin(where: Path, command: StartPractice, actor: Actor, origin: Origin) -> PracticeStarted: ...
def begin(
    where: Path, command: NewDuel | StartPractice, actor: Actor, origin: Origin
) -> Created | PracticeStarted:
    """Make the duel `command` asks for, sent by `actor` from `origin`: a new duel in the
    folder `where`, or a practice duel kept under the practice folder `where`."""
    if command.host and not actor.host:
        raise HostRefused(Refusal(Refused.NOT_HOST))
    if isinstance(command, StartPractice):
        return practice_start(where, command, origin)
    return _new(where, command)


def _new(folder: Path, command: NewDuel) -> Created:
    """A new duel; seated on Discord when the command says so, the seating checked before the
    duel is made."""
    variant, options = command.variant, dict(command.options)
    if command.board:
        variant, options = board_option(command.game, command.board, variant, options)
    players = list(command.players)
    users = dict(command.users)
    seating = seating_settings([normalise_name(p) for p in players], command.channel, users)
    duel = Duel.create(folder, command.game, variant, options, players, command.seed)
    try:
        for name, value in seating.items():
            duel.store.set_setting(name, value)
        state = duel.state()
        first = "" if duel.game.simultaneous else duel.to_act(state)[0]
        return Created(
            duel.game.title,
            str(duel.config["variant"]),
            duel.players,
            duel.seed,
            duel.game.simultaneous,
            first,
            seating_of(duel),
        )
    finally:
        duel.close()
