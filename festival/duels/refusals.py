"""Why a duel command may be refused, as typed values (`Refused`, `Refusal`), and the error a
host's command raises when it is (`HostRefused`): each front end words a `Refusal` in its own
terms. Kept apart from the commands (festival/duels/acts.py, which re-exports them) so the duel
itself (festival/duels/host.py) can refuse without importing the commands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from festival.core.errors import DuelHostError


class Refused(Enum):
    """Why a command is refused."""

    OVER = "over"
    """the duel is over (`Refusal.detail`: the outcome's words)"""
    SPECTATOR = "spectator"
    """the sender does not play in this duel"""
    NOT_YOUR_TURN = "not-your-turn"
    """`Refusal.waiting` are to act"""
    ORDERS_IN = "orders-in"
    """their sealed orders are in; `Refusal.waiting` are still awaited"""
    NOT_HOST = "not-host"
    NOT_YOURS = "not-yours"
    """the last action (to take back) is another player's"""
    NO_FORFEIT = "no-forfeit"
    """the game has no such forfeit (`Refusal.detail`: the game's title, `Refusal.what`)"""
    WHICH_PLAYER = "which-player"
    """the host's command names no player and several (`Refusal.waiting`) are to act"""
    PLAYERS = "players"
    """a new duel's players do not fit the game (`Refusal.detail`: its title; `counts`: how
    many it is played by; `names`: the players given; `what`: a name given twice)"""
    SEED = "seed"
    """a new duel's seed is below 0 (`Refusal.what`: the seed given)"""
    NO_BOARDS = "no-boards"
    """a board is named for a game not played on a choice of boards (`detail`: its title,
    `what`: the board named)"""
    NOT_A_BOARD = "not-a-board"
    """the board named is none of the game's (`names`) nor a board file it could read
    (`what`: the board named, `detail`: why the file could not be read)"""
    PRACTISING = "practising"
    """a practice duel asked for while the player's practice duel there goes on (`detail`:
    its game's title, `what`: the bot's seat)"""


@dataclass(frozen=True)
class Refusal:
    """A command refused: nothing was stored or changed."""

    why: Refused
    detail: str = ""
    waiting: tuple[str, ...] = ()
    what: str = ""
    names: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()

    def plain(self) -> str:
        """The refusal in the service's own plain words, for a front end that has none (each
        front end words it in its own terms)."""
        match self.why:
            case Refused.WHICH_PLAYER:
                return f"say which player acts: {', '.join(self.waiting)}"
            case Refused.PLAYERS:
                return players_wanted(self, "the players named", "")
            case Refused.SEED:
                return "the seed must be a whole number >= 0"
            case Refused.NO_BOARDS:
                return f"{self.what}: {self.detail} is not played on a choice of boards"
            case Refused.NOT_A_BOARD:
                return f"{self.what}: not {', '.join(self.names)} or a board file ({self.detail})"
            case Refused.PRACTISING:
                return f"You are playing {self.detail} against {self.what} here already."
        detail = f": {self.detail}" if self.detail else ""
        return f"refused ({self.why.value}{detail})"


class HostRefused(DuelHostError):
    """A command the host sent that was refused (`refusal`: the facts, which each front end
    words in its own terms; the message is the service's own plain words)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.plain())
        self.refusal = refusal


def players_wanted(refusal: Refusal, named: str, example: str) -> str:
    """Why the players given cannot play the game, in words: how many players it needs,
    whom the front end's `named` (its flag, or its words) named, a name given twice, and how
    to write them (`example`: the front end's way, given the example names)."""
    wanted = " or ".join(str(n) for n in refusal.counts)
    names = refusal.names
    if refusal.what:
        said = f"{refusal.what} is named twice"
    elif names:
        said = f"{named} names {len(names)} ({', '.join(names)})"
    else:
        said = f"{named} names nobody"
    sample = ",".join(["Ash", "Birch", "Cedar", "Dale"][: refusal.counts[0]])
    how = f" (e.g. {example.format(sample)})" if example else ""
    return (
        f"{refusal.detail} needs {wanted} different players, and {said}: give each player "
        f"once, separated by commas, the first starts{how}"
    )
