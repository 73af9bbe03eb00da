"""The season's ledger, checked not trusted (issue 40): random seasons of episodes, gives,
picks, Death Matches, reinstatements and corrections, through the season service's door
(refusals included), hold the invariants after every command."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from festival.season import service
from festival.season.acts import (
    Correct,
    DeathMatchMade,
    DuelResult,
    Endgame,
    GiveGarnets,
    GiveToken,
    NewSeason,
    PickOpponent,
    RecordResult,
    Refused,
    Reinstate,
    SeasonRefused,
    TakeEpisode,
)
from festival.season.ledger import Kind, replay
from festival.season.rules import SeasonRules
from tests.support.season_kit import StepClock

PLAYERS = ("Ash", "Bea", "Cy", "Dov", "Eun", "Fay")


names = st.sampled_from(PLAYERS)


step = st.one_of(
    st.tuples(
        st.just("episode"),
        st.integers(0, 10**6),
        st.permutations(PLAYERS),
        st.lists(st.integers(0, 3), min_size=6, max_size=6),
        st.lists(st.integers(0, 4), min_size=6, max_size=6),
        st.booleans(),
    ),
    st.tuples(st.just("give"), names, names),
    st.tuples(st.just("garnets"), names, names, st.integers(-1, 4)),
    st.tuples(st.just("pick"), names),
    st.tuples(st.just("give*"), st.integers(0, 5)),
    st.tuples(st.just("pick*"), st.integers(0, 5)),
    st.tuples(st.just("duel"), st.integers(0, 3)),
    st.tuples(st.just("result"), st.integers(0, 2)),
    st.tuples(st.just("reinstate"), names),
    st.tuples(st.just("correct"), st.integers(1, 60)),
)


def _command(folder: Path, s: tuple, taken: list[str]) -> object:  # type: ignore[type-arg]
    season = service.show(folder)
    state = season.state
    kind = s[0]
    if kind == "episode":
        _, mid, order, spent, earned, sole = s
        match_id = taken[mid % len(taken)] if taken and mid % 4 == 0 else f"m{mid:06d}"
        alive = [p for p in order if p in state.alive]
        winners = tuple(alive[:1] if sole else alive[:2])
        tokens = {w: (2 if sole else 1) for w in winners}
        return TakeEpisode(
            Endgame(
                match_id,
                True,
                tuple(alive),
                tuple((p, spent[i]) for i, p in enumerate(alive)),
                tuple((p, earned[i]) for i, p in enumerate(alive)),
                tuple((p, tokens.get(p, 0)) for p in alive),
                winners,
                alive[-1] if len(alive) > 1 else None,
            )
        )
    if kind == "give":
        return GiveToken(s[1], s[2])
    ep = state.current
    bare = [p.player for p in state.standings if p.alive and p.tokens == 0]
    bare = [p for p in bare if ep is None or p != ep.candidate] or ["Ash"]
    if kind == "give*":  # the holder of extra tokens gives one to a player without
        rich = [p.player for p in state.standings if p.tokens > 1] or ["Ash"]
        return GiveToken(rich[0], bare[s[1] % len(bare)])
    if kind == "pick*":  # the candidate picks a player without a token
        return PickOpponent(bare[s[1] % len(bare)])
    if kind == "garnets":
        return GiveGarnets(s[1], s[2], s[3])
    if kind == "pick":
        return PickOpponent(s[1])
    if kind == "duel":
        return DeathMatchMade(f"d{s[1]}", Path("duel"), "element")
    if kind == "result":
        ep = state.current
        pair = (ep.candidate, ep.opponent) if ep is not None and ep.opponent else ("Ash", "Bea")
        winner = None if s[1] == 2 else pair[s[1]]
        duel = ep.duel_id if ep is not None and ep.duel_id else "d9"
        return RecordResult(DuelResult(duel, pair, True, winner))
    if kind == "reinstate":
        return Reinstate(s[1], "host's ruling")
    return Correct(s[1], "mistyped")


@settings(max_examples=100)
@given(st.lists(step, max_size=40), st.integers(0, 5))
def test_a_random_season_keeps_its_invariants(steps: list[tuple], start: int) -> None:  # type: ignore[type-arg]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "s"
        clock = StepClock()
        rules = SeasonRules(starting_garnets=start)
        service.begin(
            folder, NewSeason("s", tuple((p, None, None) for p in PLAYERS), rules), clock=clock
        )
        taken: list[str] = []
        for s in steps:
            command = _command(folder, s, taken)
            before = service.show(folder)
            try:
                acted = service.run(folder, command, clock=clock)  # type: ignore[arg-type]
            except SeasonRefused:
                after = service.show(folder)
                assert after.entries == before.entries  # a refusal records nothing
                continue
            event(f"{type(command).__name__} done")
            if isinstance(command, TakeEpisode):
                taken.append(command.endgame.match_id)
            season = acted.season
            state = season.state
            entries = season.entries
            # replaying the ledger gives the balances shown (and the store gives the ledger)
            assert service.show(folder) == season
            players = [(s.player, s.discord) for s in state.standings]
            assert replay(players, entries) == state
            # entries are only ever added: the earlier ones unchanged
            assert entries[: len(before.entries)] == before.entries
            assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
            # garnets are conserved except by recorded grants, spends and discards
            total = sum(s.garnets for s in state.standings)
            assert total == state.granted - state.spent - state.discarded
            counted = [e for e in entries if e.seq not in state.void]
            assert state.granted == sum(e.amount for e in counted if e.kind is Kind.GRANT)
            assert state.discarded == sum(e.amount for e in counted if e.kind is Kind.DISCARD)
            assert all(s.garnets >= 0 and s.tokens >= 0 for s in state.standings)
            episode = state.current
            if episode is not None and episode.duel_id is not None:
                # at the Death Match: no one holds more than the kept number of tokens,
                # and the opponent holds none
                assert all(s.tokens <= rules.tokens_kept for s in state.standings if s.alive)
                opponent = state.of(episode.opponent or "")
                assert opponent is not None and opponent.tokens == 0 and opponent.alive
            # a match is never taken twice
            ids = [e.match_id for e in state.episodes]
            assert len(ids) == len(set(ids))


def _invariants(season: service.Season, rules: SeasonRules) -> None:
    state = season.state
    players = [(s.player, s.discord) for s in state.standings]
    assert replay(players, season.entries) == state
    assert sum(s.garnets for s in state.standings) == state.granted - state.spent - state.discarded
    assert all(s.garnets >= 0 and s.tokens >= 0 for s in state.standings)
    episode = state.current
    if episode is not None and episode.duel_id is not None:
        assert all(s.tokens <= rules.tokens_kept for s in state.standings if s.alive)
        opponent = state.of(episode.opponent or "")
        assert opponent is not None and opponent.tokens == 0


@settings(max_examples=30)
@given(st.data(), st.integers(1, 2))
def test_whole_episodes_reach_their_death_matches_within_the_rules(
    data: st.DataObject, kept: int
) -> None:
    rules = SeasonRules(tokens_kept=kept)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "s"
        clock = StepClock()
        service.begin(
            folder, NewSeason("s", tuple((p, None, None) for p in PLAYERS), rules), clock=clock
        )
        for n in range(3):
            alive = list(data.draw(st.permutations(service.show(folder).state.alive)))
            sole = data.draw(st.booleans())
            winners = alive[:1] if sole else alive[:2]
            spent = [data.draw(st.integers(0, 1)) for _ in alive]
            earned = [data.draw(st.integers(0, 3)) for _ in alive]
            endgame = Endgame(
                f"m{n}",
                True,
                tuple(alive),
                tuple(zip(alive, spent, strict=True)),
                tuple(zip(alive, earned, strict=True)),
                tuple((p, (2 if sole else 1) if p in winners else 0) for p in alive),
                tuple(winners),
                alive[-1],
            )
            try:
                service.run(folder, TakeEpisode(endgame), clock=clock)
            except SeasonRefused as exc:  # corrections took back garnets the match spends
                assert exc.refusal.why is Refused.TOO_FEW_GARNETS
                return
            _invariants(service.show(folder), rules)
            for _ in range(12):  # gives and picks, any of them refused or not
                giver, receiver, pick = (data.draw(names) for _ in range(3))
                fix = Correct(data.draw(st.integers(1, 80)), "mistyped")
                for command in (GiveToken(giver, receiver), fix, PickOpponent(pick)):
                    with contextlib.suppress(SeasonRefused):
                        service.run(folder, command, clock=clock)  # type: ignore[arg-type]
                    _invariants(service.show(folder), rules)
            state = service.show(folder).state
            ep = state.current
            assert ep is not None
            try:
                service.run(folder, DeathMatchMade(f"d{n}", Path("duel"), "element"), clock=clock)
            except SeasonRefused:
                return  # the gives or the pick did not settle: nothing more to check
            _invariants(service.show(folder), rules)
            event("Death Match reached")
            for seq in data.draw(st.lists(st.integers(1, 80), max_size=3)):
                with contextlib.suppress(SeasonRefused):
                    service.run(folder, Correct(seq, "mistyped"), clock=clock)
                _invariants(service.show(folder), rules)
            won = data.draw(st.sampled_from((ep.candidate, ep.opponent)))
            result = DuelResult(f"d{n}", (ep.candidate, ep.opponent or ""), True, won)
            service.run(folder, RecordResult(result), clock=clock)
            after = service.show(folder)
            _invariants(after, rules)
            loser = ep.opponent if won == ep.candidate else ep.candidate
            out = after.state.of(loser or "")
            assert out is not None and not out.alive and out.garnets == 0
            assert len(after.state.alive) == len(PLAYERS) - n - 1
