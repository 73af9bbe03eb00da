"""The command line's words for the duel service's typed refusals (festival/duels/acts.py
`Refusal`): the flags a host types at the command line (`--players`, `--seed`, `--board`,
`--player`), which the duel domain does not know. `worded` wraps a `festival duel` command so
a refusal it meets is said in these words."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from festival.core.errors import DuelHostError
from festival.duels.acts import HostRefused, Refusal, Refused, players_wanted


def refusal_words(refusal: Refusal) -> str:
    """A refusal as the command line says it (the service's own words otherwise)."""
    match refusal.why:
        case Refused.WHICH_PLAYER:
            return f"say which player acts (--player): {', '.join(refusal.waiting)}"
        case Refused.PLAYERS:
            return players_wanted(refusal, "--players", '--players "{}"')
        case Refused.SEED:
            return "--seed must be a whole number >= 0"
        case Refused.NO_BOARDS | Refused.NOT_A_BOARD:
            return f"--board {refusal.plain()}"
    return refusal.plain()


Run = Callable[[argparse.Namespace], int]


def worded(run: Run) -> Run:
    """`run`, its duel refusals said in the command line's words (as a DuelHostError, which
    the command line prints as every error of the host's)."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except HostRefused as exc:
            raise DuelHostError(refusal_words(exc.refusal)) from exc

    return wrapped
