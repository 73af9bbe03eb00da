"""The season's typed refusals (festival/season/acts.py) in the command line's words: each
says what is wrong, with the facts, and what to do."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from festival.core.errors import FestivalError
from festival.season.acts import Refusal, Refused, SeasonRefused
from festival.season.announce import counted, garnets, tokens

Run = Callable[[argparse.Namespace], int]


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names) if names else "no one"


def _did_you_mean(name: str, players: tuple[str, ...]) -> str:
    from events.errors import close_matches

    near = close_matches(name, list(players))
    return f"; did you mean {near[0]}?" if near else ""


def _entries(numbers: tuple[str, ...]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def season_words(r: Refusal, season: str) -> str:
    w = r.why
    if w is Refused.NOT_HOST:
        return "only the host may change a season"
    if w is Refused.SEASON_EXISTS:
        return f"{r.detail} already holds a season; name a new folder"
    if w is Refused.BAD_ROSTER:
        return "the roster has problems:\n" + "\n".join(f"  {m}" for m in r.more)
    if w is Refused.NO_SUCH_PLAYER:
        return (
            f"{r.player!r} is no player of the season{_did_you_mean(r.player, r.more)} "
            f"({r.listed or 'still in'}: {_names(r.names)})"
        )
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
        return f"{r.player} holds {garnets(r.count)}{spent}"
    if w is Refused.NO_TOKEN:
        return f"{r.player} holds no Token of Life to give"
    if w is Refused.TO_CANDIDATE:
        return f"{r.player} is the Elimination Candidate: a Token of Life may not be given to them"
    if w is Refused.TO_SELF:
        return f"{r.player} cannot give to themselves"
    if w is Refused.WOULD_HOLD_TOO_MANY:
        return (
            f"{r.player} would hold more than {tokens(r.count)} at the Death Match; "
            "give it to another player"
        )
    if w is Refused.TOKENS_NOT_GIVEN:
        verb = "holds" if len(r.names) == 1 else "hold"
        return (
            f"{_names(r.names)} still {verb} more than {tokens(r.count)}: give the "
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
    if w is Refused.WRONG_DUEL:
        return _wrong_duel(r, season)
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
        return _not_correctable(r, season)
    if w is Refused.BAD_AMOUNT:
        if r.player:
            return f"taking back entry {r.count} would leave {r.player} with less than nothing"
        return f"{r.count} is not a number of garnets to give (1 or more)"
    return _finals_words(r, season) or str(w)


def _finals_words(r: Refusal, season: str) -> str:
    w = r.why
    if w is Refused.FINALS_REACHED:
        first = "" if r.count else " --first FINALIST"
        return (
            f"{_names(r.names)} are the two players left: no more episodes are taken, the "
            f"finals are played (`festival season final {season} --game GAME{first}`; the "
            f"eliminated players support a finalist with `festival season support {season} "
            "PLAYER FINALIST`)"
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
            f"the finals have begun: {r.player} cannot come back while the finals' entries "
            f"count; take back {_entries(r.names)} first, the latest first (`festival season "
            f"correct {season} ENTRY --why ...`), then reinstate"
        )
    if w is Refused.NOT_A_FINALIST:
        hint = _did_you_mean(r.player, r.more) if r.more else ""
        return f"{r.player} is not a finalist{hint} (the finalists: {_names(r.names)})"
    if w is Refused.STILL_IN:
        return f"{r.player} is still in: only an eliminated player supports a finalist"
    if w is Refused.SUPPORTED:
        return (
            f"{r.player} supported {_names(r.names)} already ({garnets(r.count)}): an "
            "eliminated player gives once"
        )
    if w is Refused.SERIES_WON:
        return (
            f"the season is over: {r.player} won the finals ({counted(r.count, 'win', 'wins')}) "
            f"and is the season's champion (`festival season show {season}`)"
        )
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
    if w is Refused.TAKE_BACK_FIRST:
        return (
            f"entry {r.count} ({r.detail}) is not the finals' latest step: take back "
            f"{_entries(r.names)} first, the latest first (`festival season correct {season} "
            "ENTRY --why ...`)"
        )
    return ""


def _wrong_duel(r: Refusal, season: str) -> str:
    what = f"finals game {r.count}" if r.count else "this episode's Death Match"
    if r.more:
        got, wanted = r.more
        return (
            f"{r.detail} holds the duel {got}, not {what}'s duel {wanted}: put that game's "
            f"folder back in {r.detail}, then run this again"
        )
    return (
        f"the winner of {r.detail} is none of {_names(r.names)}: put {what}'s folder back in "
        f"{r.detail}, then run this again"
    )


def _not_correctable(r: Refusal, season: str) -> str:
    said = f"entry {r.count} ({r.detail}) is an episode's step, not taken back by a correction"
    if r.detail == "eliminated":
        return f"{said}: `festival season reinstate {season} {r.player} --why ...` brings them back"
    if r.detail == "reinstated":
        return f"{said}: `festival season eliminate {season} {r.player} --why ...` takes them out"
    if r.detail == "correction":
        return f"entry {r.count} is a correction: a correction is not taken back"
    return f"{said}; the episode stands as recorded (`festival season show {season} --ledger`)"


def season_worded(run: Run) -> Run:
    """`run`, its season refusals said in the command line's words."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except SeasonRefused as exc:
            raise FestivalError(season_words(exc.refusal, str(args.season))) from exc

    return wrapped
