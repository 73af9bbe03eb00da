"""The command line's words for the match service's typed refusals (festival/match/
acts.py): the flags a host types at the command line, which the service does not know."""

from __future__ import annotations

from festival.core.options import ItemRefused
from festival.match.acts import (
    BadSeed,
    InvalidSubmissions,
    JsonOfResolvedRound,
    MatchOver,
    NoRoundResolved,
    NotAllocated,
    Refused,
    RoundNotResolved,
    RoundNumberedFromOne,
    RoundOutOfOrder,
    RoundResolvedMeanwhile,
    SmallMatch,
    TemplatesFolderGiven,
    TiebreakNamesStrangers,
    WorkbooksOfAnotherRound,
)
from festival.match.handin_acts import HandInAndFile, NotAPlayer, NotTheirEvent, UnknownEvent

SMALL_OPTION = "--small-match"
"""How the host confirms a match smaller than the rules plan for (docs/rulings.md)."""


def refusal_words(refused: Refused) -> str:
    """The refusal as the command line says it (the service's own words otherwise)."""
    if isinstance(refused, TemplatesFolderGiven):
        return (
            f"{refused.folder} is where `festival templates` wrote the blank workbooks to send "
            f"out, not {refused.collect}"
        )
    if isinstance(refused, NoRoundResolved):
        return (
            "no round is resolved yet: resolve round 1 first (`festival resolve MATCH --from "
            "FOLDER`), then run this again"
        )
    if isinstance(refused, RoundNumberedFromOne):
        return f"--round {refused.asked}: rounds are numbered from 1 (resolved: {refused.done})"
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
    if isinstance(refused, MatchOver):
        return (
            f"the match is over: all {refused.rounds} rounds are resolved. "
            "`festival standings` gives the final standings; to correct a round, pass "
            "--round N to resolve round N again"
        )
    if isinstance(refused, RoundOutOfOrder):
        due = refused.due
        return (
            f"round {due} must be resolved before round {refused.asked}: resolve round "
            f"{due} first (`festival resolve` with --round {due}, or without --round)"
        )
    if isinstance(refused, WorkbooksOfAnotherRound):
        again = f", or pass --round {refused.old} to resolve round {refused.old} again"
        return refused.plain() + (again if refused.resolved else "")
    if isinstance(refused, JsonOfResolvedRound):
        return (
            refused.plain() + f". Round {refused.given} is already resolved: pass --round "
            f"{refused.given} to resolve it again"
        )
    if isinstance(refused, InvalidSubmissions):
        return (
            f"round {refused.round_no}: {refused.invalid} invalid submission(s); fix them and "
            "resolve again, or pass --default-invalid to play the rules' default for them"
        )
    if isinstance(refused, NotAllocated):
        return (
            f"events are not allocated yet; run `festival allocate {refused.folder or 'MATCH'}` "
            "first"
        )
    if isinstance(refused, RoundNotResolved):
        why = refused.why
        if refused.asked <= refused.rounds:
            why += f": `festival resolve {refused.folder} --from FOLDER`"
        return (
            f"--round {refused.asked}: that round is not resolved, so there is nothing to post "
            f"(resolved: {refused.done}); {why}"
        )
    if isinstance(refused, NotAPlayer):
        return f"--player {refused.name}: not a player of this match{refused.hint}"
    if isinstance(refused, UnknownEvent):
        return f"--event {refused.event}: not an event ({', '.join(refused.titles)})"
    if isinstance(refused, NotTheirEvent):
        return (
            f"--event {refused.event}: {refused.player} does not play it in round "
            f"{refused.round_no} (plays: {', '.join(refused.events)}); leave --event out to "
            "hand in for every event the file holds"
        )
    if isinstance(refused, HandInAndFile):
        said = "; ".join(f"{p}: hand-in {h} and {f}" for p, h, f in refused.both)
        return (
            f"round {refused.round_no}: two submissions for one player ({said}); festival does "
            "not guess which one counts: take the file out of the --from folder (or the "
            "player out of the JSON file) and resolve again"
        )
    if isinstance(refused, SmallMatch):
        return f"{refused.plain}: pass {SMALL_OPTION} to {refused.act} anyway"
    return str(refused)


def item_words(refused: ItemRefused) -> str:
    """An engine, catalog or option item refused, naming the flag that gave it."""
    return f"--{refused.kind} {refused.said}"
