"""A season's players as a command names them, and the step a decision yields: shared by the
episode's decisions (festival/season/deciding.py) and the finals' (festival/season/finals.py).

Names given by a front end or read from a match are matched as a match's roster matches them
(festival/core/names.py: `name_skeleton`: case, accents, spaces and look-alike letters
ignored)."""

from __future__ import annotations

from festival.core.names import name_skeleton, normalise_name
from festival.season.acts import Refused, refuse
from festival.season.ledger import Kind, Replayed, Source

Step = tuple[Kind, str | None, int, str, Source, str | None, int | None]
"""an entry to add: kind, player, amount, why, source, other, the entry it corrects"""


def season_name(state: Replayed, name: str) -> str | None:
    """The season's player `name` names (None: no player of the season)."""
    given = normalise_name(name)
    for s in state.standings:
        if s.player == given:
            return s.player
    skeleton = name_skeleton(given)
    found = [s.player for s in state.standings if name_skeleton(s.player) == skeleton]
    return found[0] if len(found) == 1 else None


STILL_IN = "still in"
OUT = "eliminated"
MAY_SUPPORT = "may still support"


def season_player(
    state: Replayed,
    name: str,
    alive: bool = True,
    among: tuple[str, ...] | None = None,
    listed: str = STILL_IN,
) -> str:
    """The season's player `name` names, refused if none (or, with `alive`, if eliminated).
    The refusal lists `among` (the players the command may name: by default those still in)
    as `listed`, and every player of the season (`more`) for a front end's did-you-mean."""
    found = season_name(state, name)
    if found is None:
        raise refuse(
            Refused.NO_SUCH_PLAYER,
            player=name,
            names=state.alive if among is None else among,
            more=tuple(s.player for s in state.standings),
            listed=listed,
        )
    standing = state.of(found)
    if alive and standing is not None and not standing.alive:
        raise refuse(Refused.ELIMINATED, player=found)
    return found
