"""The command line's words for the match service's typed refusals (festival/match/
commands.py): the flags a host types at the command line, which the service does not know."""

from __future__ import annotations

from festival.match.commands import (
    BadSeed,
    NoRoundResolved,
    Refused,
    RoundNumberedFromOne,
    RoundResolvedMeanwhile,
    TiebreakNamesStrangers,
)


def refusal_words(refused: Refused) -> str:
    """The refusal as the command line says it (the service's own words otherwise)."""
    if isinstance(refused, NoRoundResolved):
        return (
            "no round is resolved yet: resolve round 1 first (`festival resolve MATCH --from "
            "FOLDER`), then run this again"
        )
    if isinstance(refused, RoundNumberedFromOne):
        return (
            f"--round {refused.asked}: rounds are numbered from 1 (resolved: 1 to {refused.last})"
        )
    if isinstance(refused, BadSeed):
        return "--seed must be a whole number >= 0"
    if isinstance(refused, TiebreakNamesStrangers):
        return (
            f"--tiebreak names players not in the roster: {', '.join(refused.hints)}; write "
            "the roster's names, comma-separated"
        )
    if isinstance(refused, RoundResolvedMeanwhile):
        return (
            f"round {refused.seen + 1} was resolved meanwhile (another command?); "
            "run the command again"
        )
    return str(refused)
