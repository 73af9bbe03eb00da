"""The season's rules, each named option and each refusal of an episode, on the season
service's door with `Endgame` and `DuelResult` values as a front end hands them in."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from festival.season import service
from festival.season.acts import (
    DeathMatchMade,
    DuelResult,
    Endgame,
    GiveToken,
    NewSeason,
    PickOpponent,
    RecordResult,
    Refused,
    SeasonRefused,
    TakeEpisode,
)
from festival.season.ledger import Kind
from festival.season.rules import (
    EliminatedGarnets,
    Pickable,
    Receivers,
    SeasonRules,
    TokensAfter,
)

PLAYERS = ("Ash", "Bea", "Cy", "Dov")
COMMON = SeasonRules()


def clock() -> datetime:
    return datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def endgame(
    match_id: str = "m1",
    players: tuple[str, ...] = PLAYERS,
    final: bool = True,
    candidate: str | None = "Dov",
    spent: int = 1,
) -> Endgame:
    return Endgame(
        match_id,
        final,
        players,
        tuple((p, spent if p == "Bea" else 0) for p in players),
        tuple((p, 2 if p == "Ash" else 0) for p in players),
        tuple((p, 2 if p == "Ash" else 0) for p in players),
        ("Ash",),
        candidate,
    )


def new(tmp_path: Path, rules: SeasonRules = COMMON) -> Path:
    folder = tmp_path / "s"
    service.begin(
        folder, NewSeason("s", tuple((p, None, None) for p in PLAYERS), rules), clock=clock
    )
    return folder


def refused(folder: Path, command: object) -> Refused:
    with pytest.raises(SeasonRefused) as caught:
        service.run(folder, command, clock=clock)  # type: ignore[arg-type]
    return caught.value.refusal.why


@pytest.mark.parametrize(
    ("game", "why"),
    [
        (endgame(final=False), Refused.MATCH_NOT_FINISHED),
        (endgame(candidate=None), Refused.CANDIDATE_NOT_CHOSEN),
        (endgame(players=("Ash", "Bea", "Cy")), Refused.PLAYERS_DIFFER),
        (endgame(players=("Ash", "Bea", "Cy", "Dov", "Eve")), Refused.PLAYERS_DIFFER),
        (endgame(spent=4), Refused.TOO_FEW_GARNETS),
    ],
)
def test_an_episode_is_refused_with_its_reason(tmp_path: Path, game: Endgame, why: Refused) -> None:
    folder = new(tmp_path)
    assert refused(folder, TakeEpisode(game)) is why
    assert len(service.show(folder).entries) == len(PLAYERS)  # the starting grants only


def test_names_are_matched_as_the_roster_matches_them(tmp_path: Path) -> None:
    folder = new(tmp_path)
    game = endgame(players=("ASH", "bea", "Cý", "Dov"), candidate="Dov")
    game = Endgame(
        game.match_id,
        True,
        game.players,
        (("bea", 1),),
        (("ASH", 2),),
        (("ASH", 2),),
        ("ASH",),
        "Dov",
    )
    acted = service.run(folder, TakeEpisode(game), clock=clock)
    assert acted.season.state.of("Ash").tokens == 2  # type: ignore[union-attr]
    assert acted.season.state.of("Bea").garnets == 2  # type: ignore[union-attr]
    assert all(e.at == "2026-11-29T12:00:00+00:00" for e in acted.added)
    assert refused(folder, TakeEpisode(endgame("m2"))) is Refused.EPISODE_OPEN


def _to_death_match(folder: Path, pick: str = "Cy") -> None:
    service.run(folder, TakeEpisode(endgame()), clock=clock)
    service.run(folder, GiveToken("Ash", "Bea"), clock=clock)
    service.run(folder, PickOpponent(pick), clock=clock)
    service.run(folder, DeathMatchMade("d1", Path("duel"), "element"), clock=clock)


def test_the_common_format_by_default(tmp_path: Path) -> None:
    folder = new(tmp_path)
    service.run(folder, TakeEpisode(endgame()), clock=clock)
    assert refused(folder, GiveToken("Ash", "Dov")) is Refused.TO_CANDIDATE
    assert refused(folder, PickOpponent("Cy")) is Refused.TOKENS_NOT_GIVEN
    service.run(folder, GiveToken("Ash", "Bea"), clock=clock)
    assert refused(folder, GiveToken("Ash", "Bea")) is Refused.WOULD_HOLD_TOO_MANY
    assert refused(folder, PickOpponent("Bea")) is Refused.PICK_HOLDS_TOKEN
    assert refused(folder, PickOpponent("Dov")) is Refused.PICK_IS_CANDIDATE
    service.run(folder, PickOpponent("Cy"), clock=clock)
    assert refused(folder, GiveToken("Ash", "Cy")) is Refused.OPPONENT_PICKED
    assert refused(folder, RecordResult(DuelResult("d1", (), True, "Cy"))) is Refused.NO_DUEL
    service.run(folder, DeathMatchMade("d1", Path("duel"), "element"), clock=clock)
    assert refused(folder, RecordResult(DuelResult("d2", (), True, "Cy"))) is Refused.WRONG_DUEL
    assert refused(folder, RecordResult(DuelResult("d1", (), False, None))) is Refused.DUEL_NOT_OVER
    assert refused(folder, RecordResult(DuelResult("d1", (), True, None))) is Refused.DUEL_DRAWN
    done = service.run(
        folder, RecordResult(DuelResult("d1", ("Dov", "Cy"), True, "Cy")), clock=clock
    )
    state = done.season.state
    dov = state.of("Dov")
    assert dov is not None and not dov.alive and dov.garnets == 0
    assert [e.kind for e in done.added] == [
        Kind.ELIMINATED,
        Kind.DISCARD,
        Kind.TOKEN_USED,
        Kind.TOKEN_USED,
    ]
    assert all(s.tokens == 0 for s in state.standings)
    assert refused(folder, TakeEpisode(endgame("m1"))) is Refused.MATCH_TAKEN


def test_each_rule_is_an_option(tmp_path: Path) -> None:
    rules = SeasonRules(
        starting_garnets=1,
        tokens_kept=2,
        receivers=Receivers.ANYONE,
        pickable=Pickable.ANYONE,
        eliminated_garnets=EliminatedGarnets.KEPT,
        tokens_after=TokensAfter.KEPT,
    )
    folder = new(tmp_path, rules)
    assert [s.garnets for s in service.show(folder).state.standings] == [1, 1, 1, 1]
    service.run(folder, TakeEpisode(endgame(spent=1)), clock=clock)
    service.run(folder, GiveToken("Ash", "Dov"), clock=clock)  # to the Candidate: allowed
    service.run(folder, PickOpponent("Ash"), clock=clock)  # holds a token: allowed
    service.run(folder, DeathMatchMade("d1", Path("duel"), "element"), clock=clock)
    done = service.run(
        folder, RecordResult(DuelResult("d1", ("Dov", "Ash"), True, "Ash")), clock=clock
    )
    assert [e.kind for e in done.added] == [Kind.ELIMINATED]
    state = done.season.state
    assert state.of("Dov").garnets == 1 and state.of("Ash").tokens == 1  # type: ignore[union-attr]


def test_a_token_is_not_taken_back_once_the_opponent_is_picked(tmp_path: Path) -> None:
    from festival.season.acts import Correct

    folder = new(tmp_path)
    service.run(folder, TakeEpisode(endgame()), clock=clock)
    gave = service.run(folder, GiveToken("Ash", "Bea"), clock=clock).added[0]
    service.run(folder, PickOpponent("Cy"), clock=clock)
    # taking the give back would leave Ash with two tokens at the Death Match
    assert refused(folder, Correct(gave.seq, "mistake")) is Refused.OPPONENT_PICKED
