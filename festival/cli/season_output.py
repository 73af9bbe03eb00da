"""What the season's commands print: the season, its entries, episodes, finals and Discord
channels as JSON (`--json`) and as words, shared by festival/cli/season_commands.py and
festival/cli/season_final_commands.py."""

from __future__ import annotations

import argparse
import json
from typing import Any

from festival.season import service
from festival.season.announce import garnets
from festival.season.finals import FINALISTS, finals_reached, placing
from festival.season.ledger import Entry, Episode
from festival.season.rules import SeasonRules


def entry_json(e: Entry) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "kind": str(e.kind),
        "player": e.player,
        "amount": e.amount,
        "other": e.other,
        "why": e.why,
        "at": e.at,
        "source": {"kind": str(e.source.kind), "id": e.source.id, "detail": e.source.detail},
        "corrects": e.corrects,
        "actor": e.actor,
        "via": e.via,
    }


def episode_json(e: Episode) -> dict[str, Any]:
    return {
        "episode": e.number,
        "match_id": e.match_id,
        "winners": list(e.winners),
        "elimination_candidate": e.candidate,
        "opponent": e.opponent,
        "duel_id": e.duel_id,
        "duel_folder": e.duel_folder,
        "eliminated": e.eliminated,
    }


def season_json(season: service.Season, ledger: bool = True) -> dict[str, Any]:
    state = season.state
    out: dict[str, Any] = {
        "season": season.name,
        "rules": season.rules.to_json(),
        "players": [
            {
                "player": s.player,
                "alive": s.alive,
                "garnets": s.garnets,
                "tokens": s.tokens,
                "discord": None if s.discord is None else str(s.discord),
            }
            for s in state.standings
        ],
        "episodes": [episode_json(e) for e in state.episodes],
        "garnets": {"granted": state.granted, "spent": state.spent, "discarded": state.discarded},
        "finals": finals_json(season),
        "discord": channels_json(season),
    }
    if ledger:
        out["entries"] = [entry_json(e) for e in season.entries]
        out["void"] = sorted(state.void)
    return out


def channels_json(season: service.Season) -> dict[str, Any] | None:
    """The season's Discord channels as kept (for the host: no path, no URL; `kept_here`
    false for a folder given its file on another computer)."""
    kept = season.channels
    if kept is None:
        return None
    return {
        "channels": list(kept.channels),
        "users": {p: str(u) for p, u in kept.users},
        "death_match_channel": None if kept.death_match is None else str(kept.death_match),
        "kept_here": kept.file_here is not None,
    }


def entry_line(e: Entry, void: frozenset[int]) -> str:
    who = e.player or ""
    if e.other and e.kind.value in ("give", "token given", "support"):
        who = f"{e.other} -> {who}"
    elif e.other and e.kind.value.startswith("final game"):
        who = f"{who} against {e.other}"
    amount = f" {e.amount}" if e.amount else ""
    source = str(e.source.kind) + (f" {e.source.id}" if e.source.id else "")
    source += f" ({e.source.detail})" if e.source.detail else ""
    fixed = f" corrects #{e.corrects}" if e.corrects else ""
    gone = " [taken back]" if e.seq in void else ""
    return f"#{e.seq} {e.at} {e.kind}{amount} {who}: {e.why}{fixed}; from {source}{gone}"


def acted_json(season: service.Season, added: tuple[Entry, ...]) -> dict[str, Any]:
    data = season_json(season)
    data["added"] = [entry_json(e) for e in added]
    return data


def print_acted(args: argparse.Namespace, season: service.Season, added: tuple[Entry, ...]) -> None:
    if args.json:
        print(json.dumps(acted_json(season, added), indent=2, ensure_ascii=False))
        return
    for e in added:
        print("Recorded " + entry_line(e, frozenset()))
    table(season)


def table(season: service.Season) -> None:
    state = season.state
    width = max(len(s.player) for s in state.standings)
    print(f"Season {season.name}: {len(state.alive)} of {len(state.standings)} players still in")
    print(f"{'player':<{width}}  in   garnets  tokens")
    for s in state.standings:
        print(
            f"{s.player:<{width}}  {'yes' if s.alive else 'no ':<3}  {s.garnets:>7}  {s.tokens:>6}"
        )
    for e in state.episodes:
        won = "winner" if len(e.winners) == 1 else "winners"
        line = f"Episode {e.number}: match {e.match_id}; {won} {', '.join(e.winners) or '-'}; "
        line += f"Elimination Candidate {e.candidate}"
        if e.opponent:
            line += f"; opponent {e.opponent}"
        if e.duel_folder:
            line += f"; Death Match {e.duel_folder}"
        line += f"; eliminated {e.eliminated}" if e.eliminated else "; Death Match not played yet"
        print(line)
    for line in finals_text(season):
        print(line)


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
