"""`festival season ...`: a season's players, garnets and Tokens of Life kept as a ledger
(festival/season/), joined to main matches and Death Matches. The command line reads a
match through the match service and a duel through the duel service and hands the season
service what it read, as values (docs/architecture.md, "The season")."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from festival.cli import season_final_commands as finals_cli
from festival.cli.bot_commands import discord_id
from festival.cli.dashboard_launch import port_number
from festival.cli.season_duel_seats import read_result
from festival.cli.season_output import acted_json, entry_line, print_acted, season_json, table
from festival.cli.season_words import season_worded
from festival.core.errors import FestivalError
from festival.season import service
from festival.season.acts import (
    HOST,
    Correct,
    DeathMatchMade,
    DuelResult,
    Eliminate,
    Endgame,
    GiveGarnets,
    GiveToken,
    KeepChannels,
    NewSeason,
    PickOpponent,
    Post,
    RecordResult,
    Refused,
    Reinstate,
    SeasonRefused,
    TakeEpisode,
    Via,
)
from festival.season.announce import counted
from festival.season.deciding import over_kept
from festival.season.finals import finals_reached
from festival.season.roster import parse_season_roster
from festival.season.rules import OPTIONS, SeasonRules, rules_with


def add_arguments(season: argparse.ArgumentParser) -> None:
    """The `festival season` subcommands, in the parser festival/cli/main.py made for them."""
    sub = season.add_subparsers(dest="season_command", metavar="SEASON_COMMAND", required=True)

    def command(name: str, help: str, run: Any, json: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help)
        p.add_argument("season", type=Path)
        if json:  # the dashboard prints no season: it opens a page
            p.add_argument("--json", action="store_true", help="print exact values as JSON")
        p.set_defaults(run=season_worded(run), json=False)
        return p

    p = command(
        "new", "make a season folder from a roster (player, discord, starting garnets)", new
    )
    p.add_argument("--roster", type=Path, required=True, help="a .csv or .xlsx roster")
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a season rule: " + ", ".join(n.replace("_", "-") for n in OPTIONS),
    )
    _channels_arguments(p, required=False)
    p = command("discord", "keep the season's Discord channels (a webhooks file)", discord)
    _channels_arguments(p, required=True)
    p = command("show", "who is in, garnets, Tokens of Life and the episodes", show)
    p.add_argument("--ledger", action="store_true", help="list every entry of the ledger")
    p = command("episode", "take a finished main match into the season", episode)
    p.add_argument("match", type=Path)
    p = command("give", "record a Token of Life (or --garnets N) given away", give)
    p.add_argument("giver")
    p.add_argument("receiver")
    p.add_argument("--garnets", type=int, help="give this many garnets instead of a token")
    p.add_argument("--why", default="", help="a note kept with the entry")
    p = command("opponent", "record the Elimination Candidate's Death Match Opponent", opponent)
    p.add_argument("player")
    p = command("deathmatch", "make the Death Match's duel folder, both players seated", deathmatch)
    p.add_argument("--game", required=True, help="the duel game (as `festival duel new --game`)")
    p.add_argument("--variant", help="the game's variant")
    p.add_argument("--seed", type=int, help="the duel's seed (drawn if not given)")
    p.add_argument(
        "--duel", type=Path, help="the duel folder (default: SEASON/episode-N-death-match)"
    )
    p.add_argument(
        "--discord-channel",
        type=discord_id,
        metavar="ID",
        help="the duel's Discord channel (default: the Death Match channel kept)",
    )
    p = command(
        "result",
        "record the Death Match's result (the loser is eliminated), or the finals' game's",
        result,
    )
    finals_cli.add_arguments(command, final, support)
    p = command("post", "post the season to the game room on Discord (exactly once)", post)
    p.add_argument(
        "--webhooks", type=Path, help="the webhooks file (default: the one the season keeps)"
    )
    p.add_argument("--resend", action="store_true", help="resend a message whose request was cut")
    p.add_argument("--mark-sent", metavar="LINK", help="a cut message is on Discord: its link")
    p = command(
        "dashboard", "open the Season page of the dashboard (Streamlit)", dashboard, json=False
    )
    p.add_argument("--port", type=port_number, help="the local port (Streamlit's default: 8501)")
    p = command("eliminate", "record the loser of an episode played outside festival", eliminate)
    p.add_argument("player")
    p.add_argument("--why", required=True, help="the episode and its game, kept with the entry")
    p = command("reinstate", "bring an eliminated player back (the host's decision)", reinstate)
    p.add_argument("player")
    p.add_argument("--why", required=True, help="why, kept with the entry")
    p = command("correct", "take back a ledger entry with a new entry naming it", correct)
    p.add_argument("entry", type=int, help="the entry's number (`season show --ledger`)")
    p.add_argument("--why", required=True, help="why, kept with the entry")


def _channels_arguments(p: argparse.ArgumentParser, required: bool) -> None:
    p.add_argument(
        "--webhooks",
        type=Path,
        required=required,
        help="the webhooks file: game room (host), host channel, death match, the players' "
        "channels and user ids; kept by path, out of the season folder",
    )
    p.add_argument(
        "--death-match-channel",
        type=discord_id,
        metavar="ID",
        help="the Death Match channel's Discord id (the bot plays the duels there)",
    )


# --- the commands -----------------------------------------------------------------------


def new(args: argparse.Namespace) -> int:
    from sheets.xlsx_reader import read_table_file  # the spreadsheet reader, when used

    rows, problems = parse_season_roster(read_table_file(args.roster))
    if problems:
        raise FestivalError(
            f"{args.roster} has {counted(len(problems), 'problem', 'problems')}:\n"
            + "\n".join(f"  {p}" for p in problems)
        )
    changes: dict[str, str] = {}
    for pair in args.rule:
        name, eq, value = pair.partition("=")
        if not eq:
            raise FestivalError(f"--rule {pair!r}: write NAME=VALUE")
        changes[name.strip()] = value.strip()
    try:
        rules = rules_with(changes) if changes else SeasonRules()
    except ValueError as exc:
        raise FestivalError(f"--rule: {exc}") from None
    kept = None
    if args.webhooks is not None:  # checked before the season is made
        from festival.core.names import normalise_name
        from festival.discord.season_channels import kept_from

        players = [normalise_name(r[0]) for r in rows]
        kept = kept_from(args.webhooks, players, args.season, args.death_match_channel)
    elif args.death_match_channel is not None:
        raise FestivalError("--death-match-channel goes with --webhooks FILE")
    season = service.begin(args.season, NewSeason(args.season.name, tuple(rows), rules))
    if kept is not None:
        season = service.run(args.season, KeepChannels(kept), HOST, Via.CLI).season
    if args.json:
        print(json.dumps(season_json(season), indent=2, ensure_ascii=False))
        return 0
    print(f"Created season {args.season} with {len(rows)} players.")
    table(season)
    if kept is not None:
        _channels_lines(args.webhooks, season)
    print(f"Next: festival season episode {args.season} MATCH (a finished main match)")
    return 0


def discord(args: argparse.Namespace) -> int:
    """Keep the season's channels: its posts and its Death Matches use them from now on."""
    from festival.discord.season_channels import keep

    season = keep(args.season, args.webhooks, args.death_match_channel).season
    if args.json:
        print(json.dumps(season_json(season, ledger=False), indent=2, ensure_ascii=False))
        return 0
    _channels_lines(args.webhooks, season)
    return 0


def _channels_lines(file: Path, season: service.Season) -> None:
    kept = season.channels
    assert kept is not None
    print(
        f"Kept the webhooks file {file} (by its path; the webhook URLs stay in your file): "
        + ", ".join(kept.channels)
        + "."
    )
    if kept.users:
        print("Discord user ids for: " + ", ".join(p for p, _ in kept.users) + ".")
    if not kept.has_death_match:
        print(
            "No death match row: a Death Match duel is posted only once you run "
            "festival duel discord DUEL --webhooks FILE."
        )
    if kept.death_match is None:
        print("No --death-match-channel ID: the bot hosts a Death Match once it is seated.")
    print(f"Keep the file private. `festival season post {season.folder}` posts with it.")


def show(args: argparse.Namespace) -> int:
    season = service.show(args.season)
    if args.json:
        print(json.dumps(season_json(season), indent=2, ensure_ascii=False))
        return 0
    table(season)
    kept = season.channels
    if kept is not None:
        channel = f"channel {kept.death_match}" if kept.death_match else "no channel id"
        where = "" if kept.file_here else " (its webhooks file was named on another computer)"
        print(f"Discord: {', '.join(kept.channels)}; Death Match: {channel}{where}")
    if args.ledger:
        for e in season.entries:
            print(entry_line(e, season.state.void))
    return 0


def read_endgame(match: Path) -> Endgame:
    """The match's endgame, read through the match service."""
    from festival.match import service as match_service

    view = match_service.standings(match)
    match_id = match_service.match_id(match)
    data = view.data
    players = data["players"]
    return Endgame(
        match_id,
        bool(data["final"]),
        tuple(p["player"] for p in players),
        tuple((p["player"], int(p["garnets_spent"])) for p in players),
        tuple((p["player"], int(p["garnets"])) for p in players),
        tuple((p["player"], int(p["tokens_of_life"])) for p in players),
        tuple(data["winners"]),
        data["elimination_candidate"],
    )


def episode(args: argparse.Namespace) -> int:
    if service.is_season(args.match) and not service.is_season(args.season):
        raise FestivalError(
            f"{args.match} is a season folder and {args.season} is not: did you swap them? "
            f"(festival season episode SEASON MATCH: `festival season episode {args.match} "
            f"{args.season}`)"
        )
    endgame = read_endgame(args.match)
    try:
        acted = service.run(args.season, TakeEpisode(endgame), HOST, Via.CLI)
    except SeasonRefused as exc:
        named = (Refused.MATCH_NOT_FINISHED, Refused.MATCH_TAKEN, Refused.CANDIDATE_NOT_CHOSEN)
        if exc.refusal.why not in named:
            raise
        folder = f"{args.match} ({endgame.match_id})"
        raise SeasonRefused(replace(exc.refusal, detail=folder)) from None
    print_acted(args, acted.season, acted.added)
    if not args.json:
        current = acted.season.state.current
        if current is not None:
            print(
                f"Next: festival season give {args.season} GIVER RECEIVER (extra tokens), then "
                f"festival season opponent {args.season} PLAYER ({current.candidate}'s pick)"
            )
    return 0


def give(args: argparse.Namespace) -> int:
    command: GiveToken | GiveGarnets = (
        GiveToken(args.giver, args.receiver, args.why)
        if args.garnets is None
        else GiveGarnets(args.giver, args.receiver, args.garnets, args.why)
    )
    acted = service.run(args.season, command, HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    current = acted.season.state.current
    if not args.json and isinstance(command, GiveToken) and current is not None:
        if over_kept(acted.season.state, acted.season.rules):
            print(f"Next: festival season give {args.season} GIVER RECEIVER (extra tokens)")
        else:
            print(
                f"Next: festival season opponent {args.season} PLAYER ({current.candidate}'s pick)"
            )
    return 0


def _next_episode(args: argparse.Namespace, season: service.Season) -> None:
    """The step after an episode's loser is out: the next episode, or the finals."""
    if args.json:
        return
    if finals_reached(season.state):
        print(
            f"Next: the finals ({' and '.join(season.state.alive)}): each eliminated player "
            f"supports a finalist (festival season support {args.season} PLAYER FINALIST), and "
            f"festival season final {args.season} --game GAME --first FINALIST makes game 1"
        )
    else:
        print(f"Next: festival season episode {args.season} MATCH (the next finished main match)")


def opponent(args: argparse.Namespace) -> int:
    acted = service.run(args.season, PickOpponent(args.player), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    if not args.json:
        print(f"Next: festival season deathmatch {args.season} --game GAME")
    return 0


def deathmatch(args: argparse.Namespace) -> int:
    """The Death Match's duel, made through the duel service's door with both players seated
    (their Discord ids, the Death Match channel), then recorded in the season, and mapped to
    the season's Death Match channel (festival/cli/season_duel_seats.py)."""
    from festival.cli.season_duel_seats import make_duel, map_duel

    pair = service.death_match_pair(args.season)
    season = service.show(args.season)
    current = season.state.current
    number = current.number if current is not None else 0
    folder: Path = args.duel or args.season / f"episode-{number}-death-match"
    made = make_duel(args, season, folder, (pair.candidate, pair.opponent), pair.users)
    seats, duel_id = made.seats, made.duel_id
    made_ = DeathMatchMade(duel_id, made.kept, args.game)
    acted = service.run(args.season, made_, HOST, Via.CLI)
    posted = map_duel(folder, seats, season)
    if args.json:
        data = acted_json(acted.season, acted.added)
        data["death_match"] = {"duel_id": duel_id, **seats.to_json(posted)}
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print_acted(args, acted.season, acted.added)
    print(f"Death Match: {pair.candidate} against {pair.opponent} in {folder}")
    for line in seats.lines(folder):
        print(line)
    print(f"Next: play it (festival duel ... {folder}), then festival season result {args.season}")
    return 0


def result(args: argparse.Namespace) -> int:
    season = service.show(args.season)
    if season.state.current is None and (finals_reached(season.state) or season.state.finals.begun):
        return finals_cli.record_final(args, season)
    current = season.state.current
    if current is None or current.duel_folder is None:
        # refused by the season in its words (no episode, or no duel yet)
        acted = service.run(args.season, RecordResult(DuelResult("", (), False, None)))
    else:
        folder = args.season / current.duel_folder  # a kept absolute path stays itself
        acted = service.run(args.season, RecordResult(read_result(folder)), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    _next_episode(args, acted.season)
    return 0


def eliminate(args: argparse.Namespace) -> int:
    acted = service.run(args.season, Eliminate(args.player, args.why), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    _next_episode(args, acted.season)
    return 0


def reinstate(args: argparse.Namespace) -> int:
    acted = service.run(args.season, Reinstate(args.player, args.why), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    return 0


def correct(args: argparse.Namespace) -> int:
    before = {e.seq: e for e in service.show(args.season).entries}
    acted = service.run(args.season, Correct(args.entry, args.why), HOST, Via.CLI)
    print_acted(args, acted.season, acted.added)
    kinds = {str(before[e.corrects].kind) for e in acted.added if e.corrects in before}
    game = acted.season.state.finals.current
    if args.json:
        return 0
    if kinds & {"final game won", "final game drawn"} and game is not None:
        print(
            f"Next: festival season result {args.season} (finals game {game.number} is in play "
            f"again: its duel, {game.folder}, is read again)"
        )
    elif "final game" in kinds:
        print(
            f"Next: festival season final {args.season} --game GAME --duel FOLDER (a new "
            "folder: the old one holds the game taken back)"
        )
    return 0


def post(args: argparse.Namespace) -> int:
    """The season to the game room: the `Post` command, through the season's door with the
    Discord adapter of the game room (its post log: a message is sent once; a changed season
    edits it)."""
    from festival.core.posted import Action
    from festival.discord.season_posting import DiscordGameRoom

    command = Post(args.webhooks, bool(args.resend), args.mark_sent)  # None: the kept file
    done = service.run(args.season, command, HOST, Via.CLI, room=DiscordGameRoom())
    result = done.result
    if args.json:
        data = {
            "episode": done.episode,
            "done": [{"label": d.label, "action": str(d.action)} for d in result.done],
            "held": [h.question for h in result.held],
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        sent, kept = result.count(Action.SENT), result.count(Action.KEPT)
        fixed = result.count(Action.CORRECTED) + result.count(Action.RETRACTED)
        print(
            f"Season {args.season}: {counted(sent, 'message', 'messages')} sent, {fixed} "
            f"corrected, {kept} already "
            "on Discord as they should be."
        )
    question = result.question()
    if question:
        print(f"festival: error: {question}", file=sys.stderr)
        return 2
    return 0


def dashboard(args: argparse.Namespace) -> int:
    """The dashboard on the season folder: its Season page (localhost only)."""
    from festival.cli.dashboard_launch import LOCAL, streamlit_command, url
    from festival.core.child import run_child

    service.show(args.season)  # a clear error now rather than in the browser
    print(f"Opening the Season page for {args.season} at {url(args.port, LOCAL)} (Ctrl-C to stop).")
    return run_child([*streamlit_command(args.port, LOCAL), "--", str(args.season.resolve())])


# --- the finals (festival/cli/season_final_commands.py) ---------------------------------


def final(args: argparse.Namespace) -> int:
    return finals_cli.final(args)


def support(args: argparse.Namespace) -> int:
    return finals_cli.support(args)
