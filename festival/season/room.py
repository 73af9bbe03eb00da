"""The season's game room as the season service reaches it: a port an adapter fills
(festival/discord/season_posting.py: Discord's channel webhooks, the sender and the post log
kept in the season's own file). The service calls it inside the season's lock, on the open
store, for the `Post` command (festival/season/acts.py); the season imports no Discord
module: it hands over the season as players may know it, in Markdown
(festival/season/announce.py), and gets back what posting did, as the core's values."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from festival.core.posted import PostResult

if TYPE_CHECKING:
    from festival.core.sqlite_file import SqliteFile
    from festival.season.acts import Post
    from festival.season.channels import KeptChannels


@dataclass(frozen=True)
class Said:
    """What the season says to the game room now."""

    folder: Path
    number: int
    """the post's number: the episodes taken so far (0 before the first)"""
    players: tuple[str, ...]
    """the season's players (the webhooks file may name their channels too)"""
    markdown: str
    """the season as players may know it: no Discord ids, no notes, no ledger"""
    channels: KeptChannels | None = None
    """the season's Discord channels as kept (`Post` without a webhooks file uses them)"""


@dataclass(frozen=True)
class Posted:
    """What `Post` did: the post's number and each message sent, corrected or kept."""

    episode: int
    result: PostResult


class GameRoom(Protocol):
    """Where the season is told: the game room."""

    def post(self, store: SqliteFile, command: Post, said: Said) -> PostResult:
        """Bring the game room to `said`, each message exactly once (recorded in `store`'s
        post log as it goes), correcting what changed."""
        ...
