"""A season's duel (its Death Match, a game of its finals) seated and posted on Discord as the
season keeps its channels: both players' Discord ids (the webhooks file's `user` column over
the season's roster, as a match takes them), the Death Match channel's id for the bot, and,
with a `death match` row in the season's webhooks file kept on this computer, the duel mapped
to that row through its own door (`DiscordSetup` with the Discord adapter's `DuelWebhooks`),
so `festival duel post` and the bot post there with no setup of the host's."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.discord.webhooks import DEATH_MATCH as DEATH_MATCH_ROOM
from festival.season import service
from festival.season.acts import DuelResult


@dataclass(frozen=True)
class DuelSeats:
    players: tuple[str, str]
    users: tuple[tuple[str, int], ...]
    channel: int | None
    hooks: Path | None
    """the season's webhooks file, kept here, with a death match row (None: not mapped)"""

    def to_json(self, posted: bool) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "discord_channel": None if self.channel is None else str(self.channel),
            "users": {p: str(u) for p, u in self.users},
            "posts_to": DEATH_MATCH_ROOM if posted else None,
        }

    def lines(self, folder: Path) -> list[str]:
        seated = ", ".join(f"{p} (user {u})" for p, u in self.users) or "nobody (no ids)"
        out = [f"Seated on Discord: {seated}; channel {self.channel or 'not given'}."]
        ids = dict(self.users)
        unseated = [p for p in self.players if p not in ids]
        if unseated:
            who = " and ".join(unseated)
            verb = "has" if len(unseated) == 1 else "have"
            out.append(
                f"{who} {verb} no Discord id (the season's roster, nor its webhooks file's "
                f"`user` column): not seated; seat them with festival duel seat {folder} "
                "--user PLAYER=ID"
            )
        if self.hooks is not None:
            out.append(
                f"Its posts go to the season's Death Match channel: festival duel post {folder}"
            )
        return out


def seats_for(
    season: service.Season,
    players: tuple[str, str],
    roster_users: tuple[tuple[str, int], ...],
    channel: int | None,
) -> DuelSeats:
    """The seats of a season's duel, checked before it is made (a webhooks file kept on
    another computer, or gone, is refused: festival/discord/season_channels.py)."""
    kept = season.channels
    users = dict(roster_users)
    if kept is not None:
        users |= {p: u for p, u in kept.users if p in players}
        if channel is None:
            channel = kept.death_match
    return DuelSeats(players, tuple(users.items()), channel, _hooks(season))


@dataclass(frozen=True)
class MadeDuel:
    duel_id: str
    kept: Path
    """the duel folder as the season keeps it (`kept_path`)"""
    seats: DuelSeats


def make_duel(
    args: argparse.Namespace,
    season: service.Season,
    folder: Path,
    players: tuple[str, str],
    roster_users: tuple[tuple[str, int], ...],
) -> MadeDuel:
    """A season's duel (`args`: game, variant, seed, discord_channel) made through the duel
    service's door with both players seated, before the season records it; a refusal is
    worded as the duel commands word it."""
    from festival.cli.duel_words import worded
    from festival.duels import service as duel_service
    from festival.duels.acts import NewDuel

    seats = seats_for(season, players, roster_users, args.discord_channel)
    command = NewDuel(
        args.game, players, args.variant, (), args.seed, None, seats.channel, seats.users
    )

    def make(_: argparse.Namespace) -> int:
        duel_service.begin(folder, command, duel_service.HOST, duel_service.TEXT_ORIGIN)
        return 0

    worded(make)(args)
    return MadeDuel(duel_service.duel_id(folder), kept_path(season.folder, folder), seats)


def kept_path(season: Path, folder: Path) -> Path:
    """The duel folder as the season keeps it: relative to the season folder when inside it
    (the season folder moves with it), else absolute."""
    try:
        return folder.resolve().relative_to(season.resolve())
    except ValueError:
        return folder.resolve()


def _hooks(season: service.Season) -> Path | None:
    from festival.discord.season_channels import read_season_webhooks, webhooks_file

    kept = season.channels
    if kept is None or not kept.has_death_match:
        return None
    file = webhooks_file(season.folder, kept, None)
    players = [s.player for s in season.state.standings]
    if DEATH_MATCH_ROOM not in read_season_webhooks(file, players, season.folder).hooks:
        return None
    return file


def map_duel(folder: Path, seats: DuelSeats, season: service.Season) -> bool:
    """The duel's `DiscordSetup` through its door: the season's file, its death match row the
    duel's channel, the season's other players' rows passed over; whether it was mapped."""
    if seats.hooks is None:
        return False
    from festival.cli.duel_words import worded
    from festival.discord import duel_posting
    from festival.duels import service as duel_service
    from festival.duels.acts import DiscordSetup

    others = tuple(s.player for s in season.state.standings if s.player not in seats.players)
    port = duel_posting.DuelWebhooks(room=DEATH_MATCH_ROOM, others=others)
    setup = DiscordSetup(seats.hooks, port)

    def run(_: argparse.Namespace) -> int:
        duel_service.as_host(folder, setup)
        return 0

    worded(run)(argparse.Namespace())
    return True


def read_result(folder: Path) -> DuelResult:
    """The duel's result, read through the duel service."""
    from festival.duels import service as duel_service

    logged = duel_service.log(folder)
    duel_id = duel_service.duel_id(folder)
    winner = logged.winner
    return DuelResult(
        duel_id,
        logged.players,
        winner is not None,
        None if winner is None else winner.player,
        "" if winner is None else winner.reason,
    )
