"""What a season command changes, as new ledger entries, or its typed refusal: pure, on the
season replayed from its ledger (festival/season/ledger.py) and its rules. The finals'
commands are decided in festival/season/finals.py; players are named as
festival/season/naming.py matches them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from festival.season.acts import (
    Actor,
    Command,
    Correct,
    DeathMatchMade,
    Eliminate,
    FinalGameMade,
    GiveGarnets,
    GiveToken,
    PickOpponent,
    RecordFinal,
    RecordResult,
    Refused,
    Reinstate,
    Support,
    TakeEpisode,
    Via,
    refuse,
)
from festival.season.finals import GAME_KINDS, final_steps, finals_reached, taken_back
from festival.season.ledger import Entry, Episode, Kind, Replayed, Source, SourceKind, replay
from festival.season.naming import OUT, Step, season_name, season_player
from festival.season.rules import EliminatedGarnets, Pickable, Receivers, SeasonRules, TokensAfter

CORRECTABLE = frozenset(
    {
        Kind.GRANT,
        Kind.SPEND,
        Kind.GIVE,
        Kind.DISCARD,
        Kind.TOKEN_GIVEN,
        Kind.TOKEN_USED,
        Kind.SUPPORT,
        *GAME_KINDS,
    }
)
"""entries a correction may take back (an episode's steps are taken back by the host's
`reinstate`, never by unwriting them; the finals' games from the last one backwards)"""


def _player(state: Replayed, name: str, alive: bool = True) -> str:
    return season_player(state, name, alive)


def _current(state: Replayed) -> Episode:
    episode = state.current
    if episode is None:
        _no_more_episodes(state)
        raise refuse(Refused.NO_EPISODE)
    return episode


def _no_more_episodes(state: Replayed) -> None:
    """Refused as the season's phase says: the season won, or the finals reached."""
    champion = state.finals.champion
    if champion is not None:
        raise refuse(Refused.SERIES_WON, player=champion, count=state.finals.wins(champion))
    if finals_reached(state):
        raise refuse(Refused.FINALS_REACHED, names=state.alive, count=len(state.finals.games))


def over_kept(state: Replayed, rules: SeasonRules) -> tuple[str, ...]:
    """Players still in who hold more Tokens of Life than they may keep at the Death Match."""
    return tuple(s.player for s in state.standings if s.alive and s.tokens > rules.tokens_kept)


def decide(
    entries: Sequence[Entry],
    state: Replayed,
    rules: SeasonRules,
    command: Command,
    actor: Actor,
    via: Via,
    at: str,
) -> list[Entry]:
    """The entries `command` adds to `entries` (the ledger, replayed as `state`), numbered
    after its last, or SeasonRefused."""
    if not actor.host:
        raise refuse(Refused.NOT_HOST)
    if isinstance(command, Correct):
        steps: Iterator[Step] = iter(_correction(entries, state, command))
    else:
        steps = _steps(entries, state, rules, command)
    first = (entries[-1].seq if entries else 0) + 1
    return [
        Entry(
            first + n, kind, player, amount, why, at, source, other, corrects, actor.name, str(via)
        )
        for n, (kind, player, amount, why, source, other, corrects) in enumerate(steps)
    ]


def _steps(
    entries: Sequence[Entry], state: Replayed, rules: SeasonRules, command: Command
) -> Iterator[Step]:
    host = Source(SourceKind.HOST)
    if isinstance(command, TakeEpisode):
        yield from _episode(state, command)
    elif isinstance(command, GiveToken):
        episode = _current(state)
        if episode.opponent is not None:
            raise refuse(Refused.OPPONENT_PICKED, player=episode.opponent)
        giver = _player(state, command.giver)
        receiver = _player(state, command.receiver)
        if giver == receiver:
            raise refuse(Refused.TO_SELF, player=giver)
        held = state.of(giver)
        if held is None or held.tokens < 1:
            raise refuse(Refused.NO_TOKEN, player=giver)
        if rules.receivers is Receivers.NOT_CANDIDATE and receiver == episode.candidate:
            raise refuse(Refused.TO_CANDIDATE, player=receiver)
        has = state.of(receiver)
        if has is not None and has.tokens + 1 > rules.tokens_kept:
            raise refuse(Refused.WOULD_HOLD_TOO_MANY, player=receiver, count=rules.tokens_kept)
        yield (Kind.TOKEN_GIVEN, receiver, 1, command.why or "given", host, giver, None)
    elif isinstance(command, GiveGarnets):
        giver = _player(state, command.giver)
        receiver = _player(state, command.receiver)
        if giver == receiver:
            raise refuse(Refused.TO_SELF, player=giver)
        if command.amount < 1:
            raise refuse(Refused.BAD_AMOUNT, count=command.amount)
        held = state.of(giver)
        if held is None or held.garnets < command.amount:
            raise refuse(Refused.TOO_FEW_GARNETS, player=giver, count=held.garnets if held else 0)
        yield (Kind.GIVE, receiver, command.amount, command.why or "given", host, giver, None)
    elif isinstance(command, PickOpponent):
        yield _pick(state, rules, command)
    elif isinstance(command, DeathMatchMade):
        episode = _current(state)
        if episode.opponent is None:
            raise refuse(Refused.NO_OPPONENT, player=episode.candidate)
        if episode.duel_id is not None:
            raise refuse(Refused.DUEL_MADE, detail=episode.duel_folder or "")
        unsettled = over_kept(state, rules)
        if unsettled:
            raise refuse(Refused.TOKENS_NOT_GIVEN, names=unsettled, count=rules.tokens_kept)
        source = Source(SourceKind.DUEL, command.duel_id, str(command.folder))
        why = f"{command.game}: {episode.candidate} against {episode.opponent}"
        yield (Kind.DEATH_MATCH, episode.candidate, 0, why, source, episode.opponent, None)
    elif isinstance(command, RecordResult):
        yield from _result(state, rules, command)
    elif isinstance(command, FinalGameMade | RecordFinal | Support):
        yield from final_steps(state, rules, command)
    elif isinstance(command, Eliminate):
        yield from _eliminate(state, rules, command)
    elif isinstance(command, Reinstate):
        player = season_player(state, command.player, False, state.out, OUT)
        standing = state.of(player)
        if standing is None or standing.alive:
            raise refuse(Refused.NOT_ELIMINATED, player=player)
        if state.finals.begun:
            finals = [
                str(e.seq)
                for e in reversed(entries)
                if e.seq not in state.void and e.kind in (*GAME_KINDS, Kind.SUPPORT)
            ]
            raise refuse(Refused.FINALS_BEGUN, player=player, names=tuple(finals))
        yield (Kind.REINSTATED, player, 0, command.why, host, None, None)


def _eliminate(state: Replayed, rules: SeasonRules, command: Eliminate) -> Iterator[Step]:
    """An episode's loser from a game played outside festival: the Death Match of an episode
    taken here decides its own."""
    if state.current is not None:
        raise refuse(Refused.EPISODE_OPEN, count=state.current.number)
    _no_more_episodes(state)
    player = _player(state, command.player)
    host = Source(SourceKind.HOST)
    yield (Kind.ELIMINATED, player, 0, command.why, host, None, None)
    held = state.of(player)
    if rules.eliminated_garnets is EliminatedGarnets.DISCARDED and held and held.garnets:
        yield (Kind.DISCARD, player, held.garnets, "garnets of the eliminated", host, None, None)


def _episode(state: Replayed, command: TakeEpisode) -> Iterator[Step]:
    game = command.endgame
    if not game.final:
        raise refuse(Refused.MATCH_NOT_FINISHED, detail=game.match_id)
    if game.match_id in state.taken:
        number = next(e.number for e in state.episodes if e.match_id == game.match_id)
        raise refuse(Refused.MATCH_TAKEN, detail=game.match_id, count=number)
    if state.current is not None:
        raise refuse(Refused.EPISODE_OPEN, count=state.current.number)
    _no_more_episodes(state)
    if game.candidate is None:
        raise refuse(Refused.CANDIDATE_NOT_CHOSEN, detail=game.match_id)
    names = {p: season_name(state, p) for p in game.players}
    unknown = tuple(p for p, n in names.items() if n is None)
    out = tuple(n for n in names.values() if n is not None and n not in state.alive)
    missing = tuple(p for p in state.alive if p not in names.values())
    if unknown or out or missing:
        raise refuse(Refused.PLAYERS_DIFFER, names=unknown + out, more=missing)
    seat = {p: n for p, n in names.items() if n is not None}
    source = Source(SourceKind.MATCH, game.match_id, "endgame")
    winners = "\n".join(seat[w] for w in game.winners if w in seat)
    candidate = seat.get(game.candidate)
    if candidate is None:
        raise refuse(Refused.PLAYERS_DIFFER, names=(game.candidate,))
    for player, spent in game.spent:
        held = state.of(seat[player])
        if held is not None and spent > held.garnets:
            raise refuse(
                Refused.TOO_FEW_GARNETS, player=seat[player], count=held.garnets, detail=str(spent)
            )
    yield (Kind.EPISODE, candidate, 0, "Elimination Candidate", source, winners, None)
    spending = Source(SourceKind.MATCH, game.match_id, "garnets spent")
    for player, spent in game.spent:
        if spent:
            yield (Kind.SPEND, seat[player], spent, "preference tiebreak", spending, None, None)
    for player, earned in game.earned:
        if earned:
            yield (Kind.GRANT, seat[player], earned, "endgame garnets", source, None, None)
    for player, tokens in game.tokens:
        if tokens:
            yield (Kind.TOKEN_GIVEN, seat[player], tokens, "endgame", source, None, None)


def _pick(state: Replayed, rules: SeasonRules, command: PickOpponent) -> Step:
    episode = _current(state)
    if episode.duel_id is not None:
        raise refuse(Refused.DUEL_MADE, detail=episode.duel_folder or "")
    pick = _player(state, command.opponent)
    if pick == episode.candidate:
        raise refuse(Refused.PICK_IS_CANDIDATE, player=pick)
    unsettled = over_kept(state, rules)
    if unsettled:
        raise refuse(Refused.TOKENS_NOT_GIVEN, names=unsettled, count=rules.tokens_kept)
    held = state.of(pick)
    if rules.pickable is Pickable.WITHOUT_TOKEN and held is not None and held.tokens > 0:
        raise refuse(Refused.PICK_HOLDS_TOKEN, player=pick, count=held.tokens)
    why = f"picked by {episode.candidate}"
    return (Kind.OPPONENT, pick, 0, why, Source(SourceKind.HOST), None, None)


def _result(state: Replayed, rules: SeasonRules, command: RecordResult) -> Iterator[Step]:
    episode = _current(state)
    result = command.result
    if episode.duel_id is None:
        raise refuse(Refused.NO_DUEL, player=episode.candidate)
    if result.duel_id != episode.duel_id:
        got = (result.duel_id, episode.duel_id)
        raise refuse(Refused.WRONG_DUEL, detail=episode.duel_folder or "", more=got)
    if not result.over:
        raise refuse(Refused.DUEL_NOT_OVER, detail=episode.duel_folder or "")
    pair = (episode.candidate, episode.opponent or "")
    winner = season_name(state, result.winner) if result.winner else None
    if winner is None or winner not in pair:
        raise refuse(Refused.DUEL_DRAWN, detail=episode.duel_folder or "", names=pair)
    loser = pair[1] if winner == pair[0] else pair[0]
    source = Source(SourceKind.DUEL, result.duel_id, "result")
    why = f"lost the Death Match to {winner}" + (f" ({result.reason})" if result.reason else "")
    yield (Kind.ELIMINATED, loser, 0, why, source, winner, None)
    held = state.of(loser)
    if rules.eliminated_garnets is EliminatedGarnets.DISCARDED and held and held.garnets:
        yield (Kind.DISCARD, loser, held.garnets, "garnets of the eliminated", source, None, None)
    if rules.tokens_after is TokensAfter.USED:
        for s in state.standings:
            if s.alive and s.tokens > 0:
                yield (
                    Kind.TOKEN_USED,
                    s.player,
                    s.tokens,
                    "held at the Death Match",
                    source,
                    None,
                    None,
                )


def _correction(entries: Sequence[Entry], state: Replayed, command: Correct) -> list[Step]:
    """One correction for the entry named, or for each entry a finals' game entry takes
    back with it (festival/season/finals.py `taken_back`), each naming the one it takes
    back."""
    target = next((e for e in entries if e.seq == command.entry), None)
    if target is None or target.seq in state.void:
        raise refuse(Refused.NO_SUCH_ENTRY, count=command.entry)
    if target.kind not in CORRECTABLE:
        raise refuse(
            Refused.NOT_CORRECTABLE,
            count=command.entry,
            detail=str(target.kind),
            player=target.player or "",
        )
    seqs = taken_back(entries, state, target) if target.kind in GAME_KINDS else (target.seq,)
    by_seq = {e.seq: e for e in entries}
    episode = state.current
    tokens = target.kind in (Kind.TOKEN_GIVEN, Kind.TOKEN_USED)
    if tokens and episode is not None and episode.opponent is not None:
        # who holds a token decided the pick: the tokens stay as they were picked on
        raise refuse(Refused.OPPONENT_PICKED, player=episode.opponent)
    players = [(s.player, s.discord) for s in state.standings]
    markers = [
        Entry(0, Kind.CORRECTION, None, 0, "", "", Source(SourceKind.HOST), corrects=n)
        for n in seqs
    ]
    after = replay(players, [*entries, *markers])
    short = [s for s in after.standings if s.garnets < 0 or s.tokens < 0]
    if short:
        raise refuse(Refused.BAD_AMOUNT, player=short[0].player, count=command.entry)
    return [
        (Kind.CORRECTION, by_seq[n].player, 0, command.why, Source(SourceKind.HOST), None, n)
        for n in seqs
    ]
