"""The season's finals, decided pure on the season replayed from its ledger and its rules
(docs/rulings.md, "The finals"): when the two last players are left, no more episodes are
taken; the two play a series of duels, best of `finals_best_of`, the first to win more than
half of them the season's champion; each eliminated player supports one finalist with the
garnets their placing gives (`finals_gift`), once."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from festival.season.acts import FinalGameMade, RecordFinal, Refused, Support, refuse
from festival.season.ledger import Entry, Kind, Replayed, Source, SourceKind
from festival.season.naming import MAY_SUPPORT, Step, season_name, season_player
from festival.season.rules import SeasonRules

FINALISTS = 2
"""the finals are played when this many players are still in (the duel games are 1-on-1)"""

FinalCommand = FinalGameMade | RecordFinal | Support


def finals_reached(state: Replayed) -> bool:
    """Two players are left and no episode is open: the finals, not another episode."""
    return state.current is None and len(state.alive) == FINALISTS


def placing(state: Replayed, player: str) -> int | None:
    """The place an eliminated player reached (the last out is placed just after the players
    still in); None for a player still in."""
    if player not in state.out:
        return None
    return len(state.standings) - state.out.index(player)


def gift(state: Replayed, rules: SeasonRules, player: str) -> int:
    """The garnets `player` (eliminated) gives the finalist they support, by their placing."""
    place = placing(state, player)
    return 0 if place is None else rules.gift(place - len(state.alive))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _finals(state: Replayed) -> None:
    if not finals_reached(state):
        episode = state.current
        raise refuse(
            Refused.FINALS_NOT_REACHED,
            count=len(state.alive),
            detail="" if episode is None else str(episode.number),
        )


def _finalist(state: Replayed, name: str) -> str:
    found = season_name(state, name)
    if found is None or found not in state.alive:
        everyone = tuple(s.player for s in state.standings)
        raise refuse(
            Refused.NOT_A_FINALIST,
            player=found or name,
            names=state.alive,
            more=() if found else everyone,
        )
    return found


def _not_won(state: Replayed) -> None:
    champion = state.finals.champion
    if champion is not None:
        raise refuse(Refused.SERIES_WON, player=champion, count=state.finals.wins(champion))


def final_pair(state: Replayed, rules: SeasonRules, first: str | None) -> tuple[str, str]:
    """The next game's two finalists, the one who starts first: named, or the one who did not
    start the game before; refused as making the game is."""
    _finals(state)
    _not_won(state)
    finals = state.finals
    if finals.current is not None:
        raise refuse(Refused.FINAL_OPEN, count=finals.current.number, detail=finals.current.folder)
    a, b = state.alive
    if first is not None:
        starts = _finalist(state, first)
    elif finals.games:
        starts = finals.games[-1].players[1]
    else:
        raise refuse(Refused.FIRST_NOT_NAMED, names=(a, b))
    return (starts, b if starts == a else a)


def final_steps(state: Replayed, rules: SeasonRules, command: FinalCommand) -> Iterator[Step]:
    if isinstance(command, FinalGameMade):
        first, second = final_pair(state, rules, command.first)
        source = Source(SourceKind.DUEL, command.duel_id, str(command.folder))
        yield (Kind.FINAL_GAME, first, 0, command.game, source, second, None)
    elif isinstance(command, RecordFinal):
        yield from _final_result(state, rules, command)
    else:
        yield _support(state, rules, command)


def _final_result(state: Replayed, rules: SeasonRules, command: RecordFinal) -> Iterator[Step]:
    _not_won(state)
    game = state.finals.current
    if game is None:
        raise refuse(Refused.NO_FINAL)
    result = command.result
    if result.duel_id != game.duel_id:
        raise refuse(
            Refused.WRONG_DUEL,
            detail=game.folder,
            count=game.number,
            more=(result.duel_id, game.duel_id),
        )
    if not result.over:
        raise refuse(Refused.DUEL_NOT_OVER, detail=game.folder, count=game.number)
    source = Source(SourceKind.DUEL, result.duel_id, "result")
    first, second = game.players
    if result.winner is None:
        why = f"game {game.number} drawn: it counts for neither, the next game is played"
        yield (Kind.FINAL_DRAWN, first, 0, why, source, second, None)
        return
    winner = season_name(state, result.winner)
    if winner not in game.players:
        raise refuse(Refused.WRONG_DUEL, detail=game.folder, names=game.players, count=game.number)
    loser = second if winner == first else first
    why = f"game {game.number}" + (f" ({result.reason})" if result.reason else "")
    yield (Kind.FINAL_WON, winner, 0, why, source, loser, None)
    wins = state.finals.wins(winner) + 1
    if wins >= rules.finals_wins:
        why = f"won the finals {wins}-{state.finals.wins(loser)} (best of {rules.finals_best_of})"
        yield (Kind.SEASON_WON, winner, 0, why, source, loser, None)


def _support(state: Replayed, rules: SeasonRules, command: Support) -> Step:
    _finals(state)
    _not_won(state)
    gave = {s.supporter for s in state.finals.supports}
    may = tuple(p for p in reversed(state.out) if p not in gave)
    supporter = season_player(state, command.supporter, False, may, MAY_SUPPORT)
    if supporter in state.alive:
        raise refuse(Refused.STILL_IN, player=supporter)
    given = next((s for s in state.finals.supports if s.supporter == supporter), None)
    if given is not None:
        raise refuse(
            Refused.SUPPORTED, player=supporter, names=(given.finalist,), count=given.garnets
        )
    finalist = _finalist(state, command.finalist)
    place = placing(state, supporter) or 0
    amount = gift(state, rules, supporter)
    source = Source(SourceKind.HOST, "", f"placed {ordinal(place)}")
    return (Kind.SUPPORT, finalist, amount, command.why or "supports", source, supporter, None)


GAME_KINDS = frozenset({Kind.FINAL_GAME, Kind.FINAL_WON, Kind.FINAL_DRAWN, Kind.SEASON_WON})
"""the finals' series in the ledger: taken back from the last game's latest step backwards"""


def taken_back(entries: Sequence[Entry], state: Replayed, target: Entry) -> tuple[int, ...]:
    """The entries a correction of the finals' game entry `target` takes back, each with a
    correction of its own: the series stays a series (the last game first, its result before
    the game; a game won that won the finals goes with the finals won), or TAKE_BACK_FIRST
    naming the later entries to take back first (the latest first)."""
    counted = [e for e in entries if e.seq not in state.void and e.kind in GAME_KINDS]
    later = [e.seq for e in counted if e.seq > target.seq]
    if target.kind is Kind.SEASON_WON:
        won = [e.seq for e in counted if e.seq < target.seq and e.kind is Kind.FINAL_WON]
        return (target.seq, won[-1]) if won else (target.seq,)
    if target.kind in (Kind.FINAL_WON, Kind.FINAL_DRAWN):
        after = [e for e in counted if e.seq > target.seq]
        if all(e.kind is Kind.SEASON_WON for e in after):
            return (*(e.seq for e in after), target.seq)
    elif not later:
        return (target.seq,)
    raise refuse(
        Refused.TAKE_BACK_FIRST,
        count=target.seq,
        detail=str(target.kind),
        names=tuple(str(n) for n in reversed(later)),
    )
