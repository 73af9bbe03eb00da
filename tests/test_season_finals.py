"""The season's finals (issue 40: "finals: a best-of-N series and the garnets eliminated players
give a finalist by placing"), on the season service's door: when they start, the series and
its champion, the supporters' garnets by placing, and every refusal.

The rule texts say little of the finals: Element's "The player that is still able to move wins
the DM and advances to finals" (a Death Match sends its winner on towards the finals) and
"Finals Match 2" (the finals are more than one game); the rest is the common format and
festival's rulings (docs/rulings.md, "The finals")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from festival.season import service
from festival.season.acts import (
    Correct,
    DeathMatchMade,
    DuelResult,
    Eliminate,
    Endgame,
    FinalGameMade,
    NewSeason,
    PickOpponent,
    RecordFinal,
    RecordResult,
    Refused,
    Reinstate,
    SeasonRefused,
    Support,
    TakeEpisode,
)
from festival.season.finals import ordinal, placing
from festival.season.ledger import Kind
from festival.season.rules import SeasonRules, rules_with

PLAYERS = ("Ash", "Bea", "Cy", "Dov", "Eun")


def clock() -> datetime:
    return datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def new(
    tmp_path: Path, rules: SeasonRules | None = None, players: tuple[str, ...] = PLAYERS
) -> Path:
    folder = tmp_path / "s"
    service.begin(
        folder,
        NewSeason("s", tuple((p, None, None) for p in players), rules or SeasonRules()),
        clock=clock,
    )
    return folder


def act(folder: Path, command: object) -> service.Acted:
    return service.run(folder, command, clock=clock)  # type: ignore[arg-type]


def refused(folder: Path, command: object) -> Refused:
    before = service.show(folder).entries
    with pytest.raises(SeasonRefused) as caught:
        act(folder, command)
    assert service.show(folder).entries == before  # a refusal records nothing
    return caught.value.refusal.why


def to_finals(tmp_path: Path, rules: SeasonRules | None = None) -> Path:
    """Eun out first (5th), then Dov (4th), then Cy (3rd): Ash and Bea are the finalists."""
    folder = new(tmp_path, rules)
    for p in ("Eun", "Dov", "Cy"):
        act(folder, Eliminate(p, "lost an episode played elsewhere"))
    return folder


def game(folder: Path, n: int, first: str | None = None) -> None:
    act(folder, FinalGameMade(f"f{n}", Path(f"final-game-{n}"), "element", first))


def won(folder: Path, n: int, winner: str | None) -> service.Acted:
    return act(folder, RecordFinal(DuelResult(f"f{n}", ("Ash", "Bea"), True, winner)))


def test_two_players_left_are_the_finalists_and_no_more_episodes_are_taken(
    tmp_path: Path,
) -> None:
    folder = to_finals(tmp_path)
    endgame = Endgame("m1", True, ("Ash", "Bea"), (), (), (), ("Ash",), "Bea")
    assert refused(folder, TakeEpisode(endgame)) is Refused.FINALS_REACHED
    assert refused(folder, Eliminate("Ash", "no")) is Refused.FINALS_REACHED


def test_a_death_match_that_leaves_two_players_opens_the_finals(tmp_path: Path) -> None:
    """Element: "The player that is still able to move wins the DM and advances to finals"."""
    folder = new(tmp_path, players=("Ash", "Bea", "Cy"))
    players = ("Ash", "Bea", "Cy")
    endgame = Endgame("m1", True, players, (), (), tuple((p, 0) for p in players), ("Ash",), "Cy")
    act(folder, TakeEpisode(endgame))
    assert refused(folder, FinalGameMade("f1", Path("g"), "element", "Ash")) is (
        Refused.FINALS_NOT_REACHED
    )
    act(folder, PickOpponent("Bea"))
    act(folder, DeathMatchMade("d1", Path("dm"), "element"))
    act(folder, RecordResult(DuelResult("d1", ("Cy", "Bea"), True, "Bea")))
    game(folder, 1, "Bea")
    state = service.show(folder).state
    assert state.finals.games[0].players == ("Bea", "Ash")
    assert placing(state, "Cy") == 3


@pytest.mark.parametrize(
    ("best_of", "winners", "champion", "games_played"),
    [
        # "a best-of-N series": the first to win more than half of N games wins the season
        (1, ["Ash"], "Ash", 1),
        (3, ["Ash", "Ash"], "Ash", 2),
        (3, ["Ash", "Bea", "Bea"], "Bea", 3),
        (3, ["Ash", None, "Bea", "Ash"], "Ash", 4),  # a drawn game counts for neither
        (5, ["Bea", "Ash", "Bea", "Ash", "Bea"], "Bea", 5),
        (5, ["Bea", "Bea", "Bea"], "Bea", 3),
    ],
)
def test_the_series_is_won_by_the_first_to_win_more_than_half(
    tmp_path: Path, best_of: int, winners: list[str | None], champion: str, games_played: int
) -> None:
    folder = to_finals(tmp_path, rules_with({"finals-best-of": str(best_of)}))
    for n, winner in enumerate(winners, 1):
        assert service.show(folder).state.finals.champion is None
        game(folder, n, "Ash" if n == 1 else None)
        acted = won(folder, n, winner)
    finals = acted.season.state.finals
    assert finals.champion == champion and len(finals.games) == games_played
    assert [e.kind for e in acted.added] == [Kind.FINAL_WON, Kind.SEASON_WON]
    assert finals.wins(champion) == best_of // 2 + 1
    # no game after the series is won
    assert refused(folder, FinalGameMade("f9", Path("g"), "element", "Ash")) is (Refused.SERIES_WON)
    assert refused(folder, RecordFinal(DuelResult("f9", (), True, "Ash"))) is Refused.SERIES_WON
    assert refused(folder, Support("Cy", "Ash")) is Refused.SERIES_WON


def test_the_first_seat_is_named_for_game_one_then_alternates(tmp_path: Path) -> None:
    folder = to_finals(tmp_path, rules_with({"finals-best-of": "5"}))
    assert refused(folder, FinalGameMade("f1", Path("g"), "element")) is Refused.FIRST_NOT_NAMED
    assert refused(folder, FinalGameMade("f1", Path("g"), "element", "Cy")) is (
        Refused.NOT_A_FINALIST
    )
    game(folder, 1, "bea")  # as the roster matches names
    assert refused(folder, FinalGameMade("f2", Path("g"), "element", "Ash")) is Refused.FINAL_OPEN
    won(folder, 1, "Bea")
    game(folder, 2)
    won(folder, 2, None)
    game(folder, 3)
    won(folder, 3, "Ash")
    game(folder, 4, "Ash")  # the host may name who starts any game
    firsts = [g.players[0] for g in service.show(folder).state.finals.games]
    assert firsts == ["Bea", "Ash", "Bea", "Ash"]


def test_a_game_result_is_checked(tmp_path: Path) -> None:
    folder = to_finals(tmp_path)
    assert refused(folder, RecordFinal(DuelResult("f1", (), True, "Ash"))) is Refused.NO_FINAL
    game(folder, 1, "Ash")
    assert refused(folder, RecordFinal(DuelResult("x", (), True, "Ash"))) is Refused.WRONG_DUEL
    assert refused(folder, RecordFinal(DuelResult("f1", (), False, None))) is (
        Refused.DUEL_NOT_OVER
    )
    assert refused(folder, RecordFinal(DuelResult("f1", (), True, "Cy"))) is Refused.WRONG_DUEL
    drawn = won(folder, 1, None)
    assert [e.kind for e in drawn.added] == [Kind.FINAL_DRAWN]
    assert drawn.season.state.finals.games[0].drawn


@pytest.mark.parametrize(
    ("gift", "given"),
    [
        # the garnets eliminated players give a finalist "by placing": 3rd, 4th, 5th
        ("3,2,1", {"Cy": 3, "Dov": 2, "Eun": 1}),
        ("5", {"Cy": 5, "Dov": 5, "Eun": 5}),  # the last number holds for lower placings
        ("2,0", {"Cy": 2, "Dov": 0, "Eun": 0}),
        ("4,3,2,1", {"Cy": 4, "Dov": 3, "Eun": 2}),
    ],
)
def test_eliminated_players_give_a_finalist_garnets_by_placing(
    tmp_path: Path, gift: str, given: dict[str, int]
) -> None:
    folder = to_finals(tmp_path, rules_with({"finals-gift": gift}))
    before = service.show(folder).state
    for supporter, finalist in (("Cy", "Ash"), ("Dov", "Bea"), ("Eun", "Ash")):
        acted = act(folder, Support(supporter, finalist))
        (entry,) = acted.added
        assert entry.kind is Kind.SUPPORT and entry.other == supporter
        assert entry.player == finalist and entry.amount == given[supporter]
        place = placing(acted.season.state, supporter)
        assert entry.source.detail == f"placed {ordinal(place or 0)}"
    state = service.show(folder).state
    ash, bea = state.of("Ash"), state.of("Bea")
    assert ash is not None and bea is not None
    assert ash.garnets == 3 + given["Cy"] + given["Eun"]
    assert bea.garnets == 3 + given["Dov"]
    assert state.granted == before.granted + sum(given.values())
    assert [s.garnets for s in state.standings[2:]] == [0, 0, 0]  # theirs were discarded


def test_a_gift_is_refused_from_a_player_still_in_to_a_non_finalist_twice_or_early(
    tmp_path: Path,
) -> None:
    folder = new(tmp_path)
    act(folder, Eliminate("Eun", "out"))
    assert refused(folder, Support("Eun", "Ash")) is Refused.FINALS_NOT_REACHED
    act(folder, Eliminate("Dov", "out"))
    act(folder, Eliminate("Cy", "out"))
    assert refused(folder, Support("Ash", "Bea")) is Refused.STILL_IN
    assert refused(folder, Support("Cy", "Dov")) is Refused.NOT_A_FINALIST
    assert refused(folder, Support("Cy", "Cy")) is Refused.NOT_A_FINALIST
    assert refused(folder, Support("Zed", "Ash")) is Refused.NO_SUCH_PLAYER
    act(folder, Support("Cy", "Ash"))
    assert refused(folder, Support("cy", "Bea")) is Refused.SUPPORTED
    # the finals have begun: no one comes back now
    assert refused(folder, Reinstate("Dov", "host")) is Refused.FINALS_BEGUN


def test_a_player_reinstated_before_the_finals_begin_takes_their_place_again(
    tmp_path: Path,
) -> None:
    folder = to_finals(tmp_path)
    act(folder, Reinstate("Dov", "host's ruling"))
    state = service.show(folder).state
    assert state.out == ("Eun", "Cy") and placing(state, "Cy") == 4
    assert refused(folder, Support("Cy", "Ash")) is Refused.FINALS_NOT_REACHED
    act(folder, Eliminate("Dov", "lost again"))
    assert placing(service.show(folder).state, "Dov") == 3


def test_a_support_taken_back_may_be_given_again(tmp_path: Path) -> None:
    folder = to_finals(tmp_path)
    (entry,) = act(folder, Support("Cy", "Ash")).added
    act(folder, Correct(entry.seq, "misheard"))
    again = act(folder, Support("Cy", "Bea"))
    assert again.season.state.finals.supports[0].finalist == "Bea"
    bea = again.season.state.of("Bea")
    assert bea is not None and bea.garnets == 6


def test_a_host_elimination_is_refused_while_an_episode_is_open(tmp_path: Path) -> None:
    folder = new(tmp_path)
    endgame = Endgame("m1", True, PLAYERS, (), (), tuple((p, 0) for p in PLAYERS), ("Ash",), "Eun")
    act(folder, TakeEpisode(endgame))
    assert refused(folder, Eliminate("Dov", "no")) is Refused.EPISODE_OPEN


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"finals-best-of": "4"}, "an odd number of games"),
        ({"finals-best-of": "0"}, "an odd number of games"),
        ({"finals-best-of": "three"}, "an odd number of games"),
        ({"finals-gift": "3,two"}, "whole numbers, 0 or more, with commas"),
        ({"finals-gift": "-1"}, "whole numbers, 0 or more, with commas"),
    ],
)
def test_the_finals_rules_are_checked(change: dict[str, str], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        rules_with(change)


def test_the_finals_rules_read_back_from_their_json() -> None:
    rules = rules_with({"finals-best-of": "5", "finals-gift": "4,1"})
    assert SeasonRules.from_json(rules.to_json()) == rules
    assert rules.finals_wins == 3 and [rules.gift(n) for n in (1, 2, 3)] == [4, 1, 1]
    old = {k: v for k, v in SeasonRules().to_json().items() if not k.startswith("finals")}
    assert SeasonRules.from_json(old) == SeasonRules()  # a season made before the finals
    with pytest.raises(ValueError, match="finals-gift is "):
        SeasonRules.from_json({"finals_gift": []})
