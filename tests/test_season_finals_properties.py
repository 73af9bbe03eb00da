"""The season's finals, checked not trusted (issue 40): random seasons that reach the finals
by eliminations, then random games, results (won, drawn, wrong), supports, reinstatements and
corrections, through the season service's door (refusals included), hold the invariants after
every command."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from festival.season import service
from festival.season.acts import (
    Correct,
    DuelResult,
    Eliminate,
    FinalGameMade,
    GiveGarnets,
    NewSeason,
    RecordFinal,
    Reinstate,
    SeasonRefused,
    Support,
)
from festival.season.ledger import Kind, replay
from festival.season.rules import SeasonRules
from tests.support.season_kit import StepClock

PLAYERS = ("Ash", "Bea", "Cy", "Dov", "Eun", "Fay")


names = st.sampled_from(PLAYERS)

step = st.one_of(
    st.tuples(st.just("eliminate"), names),
    st.tuples(st.just("support"), names, names),
    st.tuples(st.just("support*"), st.integers(0, 5), st.integers(0, 1)),
    st.tuples(st.just("game"), st.one_of(st.none(), names)),
    st.tuples(st.just("game*"), st.integers(0, 1)),
    st.tuples(st.just("result"), st.integers(0, 4)),
    st.tuples(st.just("result"), st.integers(0, 4)),
    st.tuples(st.just("reinstate"), names),
    st.tuples(st.just("garnets"), names, names, st.integers(1, 3)),
    st.tuples(st.just("correct"), st.integers(1, 60)),
)

finals_step = st.one_of(
    st.tuples(st.just("game*"), st.integers(0, 1)),
    st.tuples(st.just("result"), st.integers(0, 3)),
    st.tuples(st.just("support*"), st.integers(0, 5), st.integers(0, 1)),
)
"""the finals' own steps, drawn more often (most random steps are refused before the finals)"""


def _command(folder: Path, s: tuple, n: int) -> object:  # type: ignore[type-arg]
    state = service.show(folder).state
    kind = s[0]
    if kind == "eliminate":
        return Eliminate(s[1], "lost elsewhere")
    if kind == "support":
        return Support(s[1], s[2])
    if kind == "support*":  # an eliminated player supports a finalist
        out = list(state.out) or ["Ash"]
        finalists = list(state.alive) or ["Ash"]
        return Support(out[s[1] % len(out)], finalists[s[2] % len(finalists)])
    if kind == "game":
        return FinalGameMade(f"f{n}", Path(f"final-{n}"), "element", s[1])
    if kind == "game*":  # a finalist starts
        finalists = list(state.alive)
        return FinalGameMade(f"f{n}", Path(f"final-{n}"), "element", finalists[s[1] % 2])
    if kind == "result":
        game = state.finals.current
        duel = game.duel_id if game is not None else "f0"
        pair = game.players if game is not None else ("Ash", "Bea")
        outcome = s[1]
        if outcome == 3:
            return RecordFinal(DuelResult(duel, pair, True, None))  # drawn
        if outcome == 4:
            return RecordFinal(DuelResult("other", pair, True, pair[0]))
        return RecordFinal(DuelResult(duel, pair, True, pair[outcome % 2]))
    if kind == "reinstate":
        return Reinstate(s[1], "host's ruling")
    if kind == "garnets":
        return GiveGarnets(s[1], s[2], s[3])
    return Correct(s[1], "mistyped")


def _invariants(season: service.Season, rules: SeasonRules) -> None:
    state = season.state
    entries = season.entries
    players = [(s.player, s.discord) for s in state.standings]
    assert replay(players, entries) == state
    # garnets are conserved except by recorded grants (a finalist's support one of them),
    # spends and discards
    counted = [e for e in entries if e.seq not in state.void]
    assert sum(s.garnets for s in state.standings) == state.granted - state.spent - state.discarded
    grants = sum(e.amount for e in counted if e.kind in (Kind.GRANT, Kind.SUPPORT))
    assert state.granted == grants
    assert all(s.garnets >= 0 and s.tokens >= 0 for s in state.standings)
    finals = state.finals
    # an eliminated player gives at most once, and only to a finalist, while out
    supporters = [s.supporter for s in finals.supports]
    assert len(supporters) == len(set(supporters))
    assert all(s.supporter in state.out and s.finalist in state.alive for s in finals.supports)
    # the series ends exactly when one finalist has ceil(N/2) wins
    needed = rules.finals_wins
    assert needed == -(-rules.finals_best_of // 2)
    wins = {p: finals.wins(p) for p in state.alive}
    if finals.champion is None:
        assert all(w < needed for w in wins.values())
    else:
        assert wins[finals.champion] == needed
        assert all(w < needed for p, w in wins.items() if p != finals.champion)
    # no game is made or won after the series is won
    won = [e.seq for e in counted if e.kind is Kind.SEASON_WON]
    assert len(won) <= 1
    if won:
        later = [e for e in counted if e.seq > won[0]]
        finals_kinds = (Kind.FINAL_GAME, Kind.FINAL_WON, Kind.FINAL_DRAWN, Kind.SUPPORT)
        assert not any(e.kind in finals_kinds for e in later)
    if finals.begun:
        assert len(state.alive) == 2 and state.current is None
    # the games are played by the finalists, one at a time
    assert all(set(g.players) == set(state.alive) for g in finals.games)
    assert all(g.over for g in finals.games[:-1])


@settings(max_examples=80, deadline=None)
@given(
    st.permutations(PLAYERS),
    st.sampled_from((4, 4, 4, 3, 0)),
    st.lists(st.one_of(step, finals_step, finals_step), min_size=4, max_size=40),
    st.sampled_from((1, 3, 5)),
    st.lists(st.integers(0, 4)),
)
def test_random_finals_keep_their_invariants(
    order: list[str],
    out: int,
    steps: list[tuple],  # type: ignore[type-arg]
    best_of: int,
    gift: list[int],
) -> None:
    """`out` players are eliminated first (4: the finals are reached), then the steps."""
    rules = SeasonRules(finals_best_of=best_of, finals_gift=tuple(gift) or (3, 2, 1))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "s"
        clock = StepClock()
        service.begin(
            folder, NewSeason("s", tuple((p, None, None) for p in PLAYERS), rules), clock=clock
        )
        first: list[tuple] = [("eliminate", p) for p in order[:out]]  # type: ignore[type-arg]
        for n, s in enumerate(first + steps):
            command = _command(folder, s, n)
            before = service.show(folder)
            try:
                acted = service.run(folder, command, clock=clock)  # type: ignore[arg-type]
            except SeasonRefused as exc:
                assert service.show(folder).entries == before.entries  # nothing recorded
                event(f"{type(command).__name__} refused: {exc.refusal.why}")
                continue
            event(f"{type(command).__name__} done")
            season = acted.season
            assert service.show(folder) == season
            assert season.entries[: len(before.entries)] == before.entries
            _invariants(season, rules)
            if season.state.finals.champion is not None:
                event("a champion")


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from((1, 3, 5, 7)),
    st.lists(st.sampled_from(("Ash", "Bea", None)), min_size=1, max_size=14),
    st.sampled_from(("Ash", "Bea")),
)
def test_a_series_ends_exactly_when_a_finalist_has_more_than_half_the_wins(
    best_of: int, outcomes: list[str | None], first: str
) -> None:
    rules = SeasonRules(finals_best_of=best_of)
    needed = (best_of + 1) // 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "s"
        clock = StepClock()
        service.begin(
            folder, NewSeason("s", tuple((p, None, None) for p in PLAYERS), rules), clock=clock
        )
        for p in PLAYERS[2:]:
            service.run(folder, Eliminate(p, "out"), clock=clock)
        wins = {"Ash": 0, "Bea": 0}
        for n, winner in enumerate(outcomes):
            made = FinalGameMade(f"f{n}", Path(f"g{n}"), "element", first if n == 0 else None)
            if max(wins.values()) == needed:
                # the series is won: no game is made, none recorded
                try:
                    service.run(folder, made, clock=clock)
                except SeasonRefused as exc:
                    assert str(exc.refusal.why) == "series-won"
                else:
                    raise AssertionError("a game was made after the series was won")
                event("refused after the series")
                break
            service.run(folder, made, clock=clock)
            result = DuelResult(f"f{n}", ("Ash", "Bea"), True, winner)
            acted = service.run(folder, RecordFinal(result), clock=clock)
            if winner is not None:
                wins[winner] += 1
            champion = acted.season.state.finals.champion
            if max(wins.values()) == needed:
                assert champion is not None and wins[champion] == needed
                assert [e.kind for e in acted.added][-1] is Kind.SEASON_WON
            else:
                assert champion is None
                assert all(e.kind is not Kind.SEASON_WON for e in acted.added)
        _invariants(service.show(folder), rules)
