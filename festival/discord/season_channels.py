"""Where a season's Discord channels come from: the host's webhooks file read and checked as a
match's is (festival/discord/webhooks.py: the game room, the host channel, the players'
private channels and their Discord user ids) with one more room, the Death Match channel,
and kept by the season service (`KeepChannels`: the file's path signed with this computer's
key, the channel names, the user ids, never a URL; festival/season/channels.py). The
season's post (season_posting.py) and its Death Match duels (`festival season deathmatch`)
read the file named now or the one kept on this computer."""

from __future__ import annotations

from pathlib import Path

from festival.discord import webhooks
from festival.season import service
from festival.season.acts import KeepChannels
from festival.season.channels import KeptChannels

SEASON = "this season"
"""`of` for a season's webhooks"""


def read_season_webhooks(file: Path, players: list[str], folder: Path) -> webhooks.Webhooks:
    """The season's webhooks file, every row checked (refused inside the season folder)."""
    webhooks.check_place(file, folder)
    if not file.is_file():
        raise webhooks.WebhookError(
            f"{file}: no such webhooks file (the season's Discord channels: a .csv or .xlsx "
            "with the columns player, webhook and user, a row for the game room `host`, one "
            'per player, an optional `death match`; the host guide\'s "Running a season" shows '
            "one): check the path, or make the file"
        )
    return webhooks.read_webhooks(file, players, SEASON, (webhooks.DEATH_MATCH,))


def kept_from(
    file: Path, players: list[str], folder: Path, death_match: int | None, name: str = ""
) -> KeptChannels:
    """What the season keeps of `file` (checked first): no URL."""
    hooks = read_season_webhooks(file, players, folder)
    return KeptChannels(
        name,
        str(file.resolve()),
        tuple(hooks.hooks),
        tuple((p, int(u)) for p, u in hooks.users.items()),
        death_match,
    )


def keep(folder: Path, file: Path, death_match: int | None = None) -> service.Acted:
    """Keep the season's channels (the `KeepChannels` command, as the host); the Death
    Match channel's id kept before stays unless a new one is given."""
    season = service.show(folder)
    if death_match is None and season.channels is not None:
        death_match = season.channels.death_match
    players = [s.player for s in season.state.standings]
    return service.run(folder, KeepChannels(kept_from(file, players, folder, death_match)))


def webhooks_file(where: Path, kept: KeptChannels | None, given: Path | None) -> Path:
    """The webhooks file named now, else the one the season in `where` keeps (`kept`), if
    kept on this computer; WebhookError says what to do otherwise (a season folder from
    another computer names a file that is not read)."""
    if given is not None:
        return given
    if kept is None:
        raise webhooks.WebhookError(
            f"{where} keeps no webhooks file: name it with --webhooks FILE, or keep it with "
            f"`festival season discord {where} --webhooks FILE`"
        )
    here = kept.file_here
    if here is None:
        raise webhooks.WebhookError(
            f"{where} was given its webhooks file on another computer (a season folder is "
            "read as data: the file it names is not read): name yours with --webhooks FILE, "
            f"or keep it with `festival season discord {where} --webhooks FILE`"
        )
    if not here.is_file():
        raise webhooks.WebhookError(
            f"the webhooks file {here} is not there: name it with --webhooks FILE, or keep it "
            f"again with `festival season discord {where} --webhooks FILE`"
        )
    return here
