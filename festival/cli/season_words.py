"""The season's typed refusals (festival/season/acts.py) in the command line's words: each
says what is wrong, with the facts, and what to do."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from festival.core.errors import FestivalError
from festival.season.acts import Refusal, Refused, SeasonRefused

Run = Callable[[argparse.Namespace], int]


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names) if names else "no one"


def season_words(r: Refusal, season: str) -> str:
    w = r.why
    if w is Refused.NOT_HOST:
        return "only the host may change a season"
    if w is Refused.SEASON_EXISTS:
        return f"{r.detail} already holds a season; name a new folder"
    if w is Refused.BAD_ROSTER:
        return "the roster has problems:\n" + "\n".join(f"  {m}" for m in r.more)
    if w is Refused.NO_SUCH_PLAYER:
        return f"{r.player!r} is no player of the season (still in: {_names(r.names)})"
    if w is Refused.ELIMINATED:
        return (
            f"{r.player} is eliminated; `festival season reinstate {season} {r.player!r} "
            "--why ...` brings them back"
        )
    if w is Refused.MATCH_NOT_FINISHED:
        return f"the match {r.detail} is not finished: resolve its last round, then run this again"
    if w is Refused.CANDIDATE_NOT_CHOSEN:
        return (
            f"the match {r.detail} has no Elimination Candidate yet: the sole winner chooses "
            "among the tied players first (`festival choose-candidate`)"
        )
    if w is Refused.MATCH_TAKEN:
        return f"the match {r.detail} is taken already: it is episode {r.count}"
    if w is Refused.PLAYERS_DIFFER:
        parts = []
        if r.names:
            parts.append(f"not players still in the season: {_names(r.names)}")
        if r.more:
            parts.append(f"season players missing from the match: {_names(r.more)}")
        return (
            "the match's players are not the season's players still in it ("
            + "; ".join(parts)
            + ")"
        )
    if w is Refused.EPISODE_OPEN:
        return (
            f"episode {r.count}'s Death Match is not played yet: record it first "
            f"(`festival season result {season}`)"
        )
    if w is Refused.NO_EPISODE:
        return (
            "no episode is open: take a finished match first "
            f"(`festival season episode {season} MATCH`)"
        )
    if w is Refused.TOO_FEW_GARNETS:
        spent = f", not {r.detail}" if r.detail else ""
        return f"{r.player} holds {r.count} garnet(s){spent}"
    if w is Refused.NO_TOKEN:
        return f"{r.player} holds no Token of Life to give"
    if w is Refused.TO_CANDIDATE:
        return f"{r.player} is the Elimination Candidate: a Token of Life may not be given to them"
    if w is Refused.TO_SELF:
        return f"{r.player} cannot give to themselves"
    if w is Refused.WOULD_HOLD_TOO_MANY:
        return (
            f"{r.player} would hold more than {r.count} Token(s) of Life at the Death Match; "
            "give it to another player"
        )
    if w is Refused.TOKENS_NOT_GIVEN:
        return (
            f"{_names(r.names)} still hold(s) more than {r.count} Token(s) of Life: give the "
            f"extras first (`festival season give {season} GIVER RECEIVER`)"
        )
    if w is Refused.PICK_HOLDS_TOKEN:
        return f"{r.player} holds a Token of Life and may not be picked"
    if w is Refused.PICK_IS_CANDIDATE:
        return f"{r.player} is the Elimination Candidate: pick another player"
    if w is Refused.NO_OPPONENT:
        return (
            f"{r.player} has not picked a Death Match Opponent yet "
            f"(`festival season opponent {season} PLAYER`)"
        )
    if w is Refused.OPPONENT_PICKED:
        return (
            f"the Death Match Opponent ({r.player}) is picked: tokens can no longer be given "
            "or taken back in this episode"
        )
    if w is Refused.DUEL_MADE:
        return f"the Death Match is made already: {r.detail}"
    if w is Refused.NO_DUEL:
        return (
            f"the Death Match is not made yet (`festival season deathmatch {season} --game GAME`)"
        )
    if w is Refused.WRONG_DUEL and r.count:
        return (
            f"that duel is not finals game {r.count} ({r.detail}), or its winner is none of "
            f"{_names(r.names)}"
        )
    if w is Refused.WRONG_DUEL:
        return f"that duel is not this episode's Death Match ({r.detail})"
    if w is Refused.DUEL_NOT_OVER and r.count:
        return f"finals game {r.count} ({r.detail}) is not over yet: run this when it ends"
    if w is Refused.DUEL_NOT_OVER:
        return f"the Death Match {r.detail} is not over yet: run this when it ends"
    if w is Refused.DUEL_DRAWN:
        return (
            f"the Death Match {r.detail} has no winner among {_names(r.names)}: the host "
            "decides (a new duel, or `festival season correct`)"
        )
    if w is Refused.NOT_ELIMINATED:
        return f"{r.player} is not eliminated"
    if w is Refused.NO_SUCH_ENTRY:
        return (
            f"the ledger has no entry {r.count} that counts "
            f"(`festival season show {season} --ledger`)"
        )
    if w is Refused.NOT_CORRECTABLE:
        return (
            f"entry {r.count} ({r.detail}) is an episode's step: it is not taken back by a "
            "correction (`festival season reinstate` brings a player back)"
        )
    if w is Refused.BAD_AMOUNT:
        if r.player:
            return f"taking back entry {r.count} would leave {r.player} with less than nothing"
        return f"{r.count} is not a number of garnets to give (1 or more)"
    return _finals_words(r, season) or str(w)


def _finals_words(r: Refusal, season: str) -> str:
    w = r.why
    if w is Refused.FINALS_REACHED:
        return (
            f"{_names(r.names)} are the two players left: no more episodes are taken, the "
            f"finals are played (`festival season final {season} --game GAME --first FINALIST`)"
        )
    if w is Refused.FINALS_NOT_REACHED:
        if r.detail:
            return (
                f"the finals are not reached: episode {r.detail}'s Death Match is not recorded "
                f"yet (`festival season result {season}`)"
            )
        return (
            f"the finals are not reached: {r.count} players are still in, and the finals are "
            "played by the last two"
        )
    if w is Refused.FINALS_BEGUN:
        return (
            f"the finals have begun: {r.player} cannot come back now (a ledger entry taken "
            f"back with `festival season correct {season}` is the way to fix a mistake)"
        )
    if w is Refused.NOT_A_FINALIST:
        return f"{r.player} is not a finalist (the finalists: {_names(r.names)})"
    if w is Refused.STILL_IN:
        return f"{r.player} is still in: only an eliminated player supports a finalist"
    if w is Refused.SUPPORTED:
        return (
            f"{r.player} supported {_names(r.names)} already ({r.count} garnet(s)): an "
            "eliminated player gives once"
        )
    if w is Refused.SERIES_WON:
        return f"the finals are won: {r.player} is the season's champion ({r.count} wins)"
    if w is Refused.FINAL_OPEN:
        return (
            f"finals game {r.count} ({r.detail}) is not recorded yet: "
            f"`festival season result {season}` when it ends"
        )
    if w is Refused.NO_FINAL:
        return (
            f"no finals game is in play: make the next one first "
            f"(`festival season final {season} --game GAME`)"
        )
    if w is Refused.FIRST_NOT_NAMED:
        return (
            f"name the finalist who starts game 1 with --first ({' or '.join(r.names)}); "
            "later games alternate"
        )
    return ""


def season_worded(run: Run) -> Run:
    """`run`, its season refusals said in the command line's words."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except SeasonRefused as exc:
            raise FestivalError(season_words(exc.refusal, str(args.season))) from exc

    return wrapped
