"""`festival season final` and `season support`, and the result of a finals' game: the
season's finals (festival/season/finals.py) on the command line. A game of the finals is a
duel made through the duel service's door, as the Death Match is, both finalists seated."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from festival.cli.bot_commands import discord_id
from festival.cli.season_duel_seats import read_result
from festival.cli.season_output import acted_json, print_acted
from festival.season import service
from festival.season.acts import HOST, DuelResult, FinalGameMade, RecordFinal, Support, Via


def add_arguments(command: Any, final: Any, support: Any) -> None:
    """The finals' subcommands, made by season_commands' `command(name, help, run)`."""
    p = command("final", "make the finals' next game: a duel, both finalists seated", final)
    p.add_argument("--game", required=True, help="the duel game (as `festival duel new --game`)")
    p.add_argument("--variant", help="the game's variant")
    p.add_argument("--seed", type=int, help="the duel's seed (drawn if not given)")
    p.add_argument(
        "--first",
        metavar="FINALIST",
        help="the finalist who starts (game 1: required; later: the other of the last game's)",
    )
    p.add_argument("--duel", type=Path, help="the duel folder (default: SEASON/final-game-N)")
    p.add_argument(
        "--discord-channel", type=discord_id, metavar="ID", help="the duel's Discord channel"
    )
    p = command(
        "support", "record an eliminated player's garnets to a finalist (by placing)", support
    )
    p.add_argument("player", help="the eliminated player who gives")
    p.add_argument("finalist", help="the finalist they support")
    p.add_argument("--why", default="", help="a note kept with the entry")


def final(args: argparse.Namespace) -> int:
    """The finals' next game: the duel made through the duel service's door with both
    finalists seated and posted as a Death Match is (festival/cli/season_duel_seats.py),
    then recorded."""
    from festival.cli.season_duel_seats import make_duel, map_duel

    seats = service.final_seats(args.season, args.first)
    folder: Path = args.duel or args.season / f"final-game-{seats.number}"
    season = service.show(args.season)
    made = make_duel(args, season, folder, (seats.first, seats.second), seats.users)
    on_discord, duel_id = made.seats, made.duel_id
    acted = service.run(
        args.season, FinalGameMade(duel_id, made.kept, args.game, seats.first), HOST, Via.CLI
    )
    posted = map_duel(folder, on_discord, season)
    if args.json:
        data = acted_json(acted.season, acted.added)
        data["final_game"] = {"duel_id": duel_id, **on_discord.to_json(posted)}
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print_acted(args, acted.season, acted.added)
    print(f"Finals game {seats.number}: {seats.first} starts against {seats.second} in {folder}")
    for line in on_discord.lines(folder):
        print(line)
    print(f"Next: play it (festival duel ... {folder}), then festival season result {args.season}")
    return 0


def record_final(args: argparse.Namespace, season: service.Season) -> int:
    """`season result` in the finals: the game in play's result read through the duel
    service (or, with none in play, refused by the season in its words)."""
    game = season.state.finals.current
    if game is None:
        nothing = DuelResult("", (), False, None)
        acted = service.run(args.season, RecordFinal(nothing), HOST, Via.CLI)
    else:
        result = read_result(args.season / game.folder)
        acted = service.run(args.season, RecordFinal(result), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    champion = acted.season.state.finals.champion
    if not args.json and champion is None:
        print(f"Next: festival season final {args.season} --game GAME (the next game)")
    return 0


def support(args: argparse.Namespace) -> int:
    command = Support(args.player, args.finalist, args.why)
    acted = service.run(args.season, command, HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    return 0
