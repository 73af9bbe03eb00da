"""The match's standings now: each event's ranking and the festival's final standings."""

from __future__ import annotations

from typing import Any

from events.ranking import Ranking
from festival.core.registry import event_title as title
from festival.match.match import Match
from festival.match.replay import States, current_states
from festival.match.standings import Standings, festival_gold, final_standings


def event_rankings(match: Match, states: States) -> dict[str, Ranking]:
    return {
        event: match.engine(event).ranking(state, match.config.gamewide)
        for event, state in states.items()
    }


def festival_standings(match: Match, states: States, with_choice: bool = True) -> Standings:
    """The Endgame applied to the current event rankings (and the sole winner's recorded
    choice of Elimination Candidate, unless `with_choice` is false)."""
    rankings = event_rankings(match, states)
    ranks = {event: {e.player: e.rank for e in r} for event, r in rankings.items()}
    gold = festival_gold(match.engine(e).holdings(state, "gold") for e, state in states.items())
    choice = match.winner_choice() if with_choice else None
    return final_standings(ranks, match.config.gamewide, gold, choice)


def standings_json(match: Match, states: States | None = None) -> dict[str, Any]:
    """The machine-readable standings (`festival standings --json`, docs/formats.md)."""
    states = current_states(match) if states is None else states
    result = festival_standings(match, states)
    # "The number of garnets spent on your preference list": spent, not earned back
    # (docs/rulings.md, "Event allocation")
    spent = {p.player: p.garnets for p in match.config.preferences}
    return {
        "audience": "host",
        "round": match.last_resolved_round(),
        "final": match.finished,
        "winners": list(result.winners),
        "sole_winner": result.sole_winner,
        "winner_decided_by": result.winner_decided_by,
        "elimination_candidate": result.elimination_candidate,
        "elimination_decided_by": result.elimination_decided_by,
        "elimination_choice_pending": list(result.elimination_choice_pending),
        "elimination_choice_ignored": result.elimination_choice_ignored,
        "players": [
            {
                "player": s.player,
                "events": dict(s.events),
                "average_rank": str(s.average_rank),
                "garnets": s.garnets,
                "garnet_reasons": list(s.garnet_reasons),
                "garnets_spent": spent.get(s.player, 0),
                "tokens_of_life": s.tokens_of_life,
                "winner": s.winner,
                "elimination_candidate": s.elimination_candidate,
            }
            for s in result.players
        ],
        "events": {
            event: [e.to_json() for e in ranking]
            for event, ranking in event_rankings(match, states).items()
        },
    }


def standings_tables(data: dict[str, Any]) -> dict[str, list[list[Any]]]:
    """The standings JSON as plain tables (tab -> rows), for a results workbook."""
    festival: list[list[Any]] = [
        [
            "player",
            "average rank",
            *(title(e) for e in data["events"]),
            "garnets",
            "tokens of life",
            "winner",
            "elimination candidate",
        ]
    ]
    for p in data["players"]:
        festival.append(
            [
                p["player"],
                p["average_rank"],
                *(p["events"].get(e) for e in data["events"]),
                p["garnets"],
                p["tokens_of_life"],
                p["winner"],
                p["elimination_candidate"],
            ]
        )
    tables = {"Standings": festival}
    for event, ranking in data["events"].items():
        names = list(ranking[0]["tiebreaks"]) if ranking else []
        rows: list[list[Any]] = [["rank", "player", "score", *names]]
        rows += [[e["rank"], e["player"], e["score"], *e["tiebreaks"].values()] for e in ranking]
        tables[title(event)] = rows
    return tables
