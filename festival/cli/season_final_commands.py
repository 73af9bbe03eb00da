"""`festival season final` and `season support`, and the result of a finals' game: the
season's finals (festival/season/finals.py) on the command line. A game of the finals is a
duel made through the duel service's door, as the Death Match is, both finalists seated."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from festival.cli.bot_commands import discord_id
from festival.season import service
from festival.season.acts import HOST, DuelResult, FinalGameMade, RecordFinal, Support, Via
from festival.season.announce import garnets
from festival.season.finals import FINALISTS, finals_reached, placing
from festival.season.ledger import Entry
from festival.season.rules import SeasonRules


@dataclass(frozen=True)
class Shared:
    """What the finals' commands share with the season's others (festival/cli/
    season_commands.py hands them in: this module imports it not)."""

    print_acted: Callable[[argparse.Namespace, service.Season, tuple[Entry, ...]], None]
    read_result: Callable[[Path], DuelResult]
    acted_json: Callable[[service.Season, tuple[Entry, ...]], dict[str, Any]]


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


def finals_json(season: service.Season) -> dict[str, Any]:
    state, rules = season.state, season.rules
    finals = state.finals
    on = finals_reached(state) or finals.begun
    finalists = list(state.alive) if on and len(state.alive) == FINALISTS else []
    return {
        "reached": on,
        "best_of": rules.finals_best_of,
        "wins_needed": rules.finals_wins,
        "finalists": [{"player": p, "wins": finals.wins(p)} for p in finalists],
        "games": [
            {
                "game": g.number,
                "duel": g.game,
                "duel_id": g.duel_id,
                "duel_folder": g.folder,
                "first": g.players[0],
                "second": g.players[1],
                "winner": g.winner,
                "drawn": g.drawn,
                "over": g.over,
            }
            for g in finals.games
        ],
        "supports": [
            {
                "entry": s.seq,
                "supporter": s.supporter,
                "finalist": s.finalist,
                "garnets": s.garnets,
                "placed": s.placed,
            }
            for s in finals.supports
        ],
        "champion": finals.champion,
    }


def finals_text(season: service.Season) -> list[str]:
    """The finals for `season show`: the score, the games, the supporters and who may still
    support, the champion."""
    state, rules = season.state, season.rules
    finals = state.finals
    if not (finals_reached(state) or finals.begun):
        return []
    score = " - ".join(f"{p} {finals.wins(p)}" for p in state.alive)
    lines = [f"Finals (best of {rules.finals_best_of}, {rules.finals_wins} wins): {score}"]
    for g in finals.games:
        end = f"won by {g.winner}" if g.winner else "drawn" if g.drawn else "in play"
        lines.append(
            f"  game {g.number} ({g.game}, {g.folder}): {g.players[0]} starts against "
            f"{g.players[1]}; {end}"
        )
    for s in finals.supports:
        lines.append(f"  {s.supporter} ({s.placed}) supports {s.finalist}: {garnets(s.garnets)}")
    if finals.champion:
        lines.append(f"Champion of the season: {finals.champion}")
    else:
        given = {s.supporter for s in finals.supports}
        waiting = [p for p in reversed(state.out) if p not in given]
        if waiting:
            lines.append("  may still support a finalist: " + _gifts(state, rules, waiting))
    return lines


def _gifts(state: Any, rules: SeasonRules, players: list[str]) -> str:
    parts = []
    for p in players:
        place = placing(state, p) or 0
        parts.append(f"{p} ({rules.gift(place - len(state.alive))})")
    return ", ".join(parts)


def final(args: argparse.Namespace, sc: Shared) -> int:
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
        data = sc.acted_json(acted.season, acted.added)
        data["final_game"] = {"duel_id": duel_id, **on_discord.to_json(posted)}
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    sc.print_acted(args, acted.season, acted.added)
    print(f"Finals game {seats.number}: {seats.first} starts against {seats.second} in {folder}")
    for line in on_discord.lines(folder):
        print(line)
    print(f"Next: play it (festival duel ... {folder}), then festival season result {args.season}")
    return 0


def record_final(args: argparse.Namespace, season: service.Season, sc: Shared) -> int:
    """`season result` in the finals: the game in play's result read through the duel
    service (or, with none in play, refused by the season in its words)."""
    game = season.state.finals.current
    if game is None:
        nothing = DuelResult("", (), False, None)
        acted = service.run(args.season, RecordFinal(nothing), HOST, Via.CLI)
    else:
        result = sc.read_result(args.season / game.folder)
        acted = service.run(args.season, RecordFinal(result), HOST, Via.CLI)
    sc.print_acted(args, acted.season, acted.added)
    champion = acted.season.state.finals.champion
    if not args.json and champion is None:
        print(f"Next: festival season final {args.season} --game GAME (the next game)")
    return 0


def support(args: argparse.Namespace, sc: Shared) -> int:
    command = Support(args.player, args.finalist, args.why)
    acted = service.run(args.season, command, HOST, Via.CLI)
    sc.print_acted(args, acted.season, acted.added)
    return 0
