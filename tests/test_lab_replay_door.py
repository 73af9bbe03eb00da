"""The lab's replay makes its match through the match service's door (issue #37): `festival
simulate --replay` gives `NewMatch` (the game's players as the roster, its catalogs as read),
`Allocate` and each round's `Resolve` to `service.run` as the host, through the lab; a catalog
given as read is checked where the other options are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from festival.cli.main import main
from festival.core.errors import MatchError
from festival.lab.setup import option_sets
from festival.match import service
from festival.match.acts import (
    HOST,
    Actor,
    Allocate,
    FromJson,
    GivenCatalog,
    NewMatch,
    Resolve,
    SmallMatch,
    Via,
)
from festival.match.allocation import Preference
from festival.match.catalogs import CATALOG
from festival.match.roster import Roster

SET_A = option_sets([], [], [], [])["A"]


def test_a_replay_makes_allocates_and_resolves_its_match_through_the_door(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[tuple[Any, Actor, Via]] = []
    door = service.run

    def run(folder: Path, command: Any, actor: Actor = HOST, via: Via = Via.CLI, **kw: Any) -> Any:
        seen.append((command, actor, via))
        return door(folder, command, actor, via, **kw)

    monkeypatch.setattr(service, "run", run)
    folder = tmp_path / "game-3"
    assert main(["simulate", "--replay", "3", "--mix", "greedy,random", "--to", str(folder)]) == 0
    assert "Wrote the festival of seed 3" in capsys.readouterr().out
    commands = [c for c, _, _ in seen]
    assert [type(c) for c in commands] == [NewMatch, Allocate, *[Resolve] * 6]
    assert {(a, v) for _, a, v in seen} == {(HOST, Via.LAB)}
    new = commands[0]
    assert isinstance(new, NewMatch) and isinstance(new.roster, Roster) and new.seed == 3
    assert new.catalogs == {e: GivenCatalog(o[CATALOG]) for e, o in SET_A.items() if CATALOG in o}
    resolves = [c for c in commands if isinstance(c, Resolve)]
    assert [(c.round_no, c.default_invalid) for c in resolves] == [(r, True) for r in range(1, 7)]
    assert all(isinstance(c.source, FromJson) for c in resolves)
    assert service.status(folder).last == 6


ROSTER = Roster(
    tuple(
        Preference(f"P{n:02}", ("alchemy", "continuum", "summoners")[n % 3],
                   ("continuum", "summoners", "alchemy")[n % 3])
        for n in range(1, 11)
    ),
    None,
)  # fmt: skip


def test_a_catalog_given_as_read_is_kept_with_the_match(tmp_path: Path) -> None:
    catalog = SET_A["alchemy"][CATALOG]
    service.run(tmp_path / "m", NewMatch(ROSTER, 5, catalogs={"alchemy": GivenCatalog(catalog)}))
    with service.opened(tmp_path / "m") as match:
        assert match.config.event_options["alchemy"][CATALOG] == catalog
        assert match.config.gamewide_source == "drawn"


@pytest.mark.parametrize(
    ("catalogs", "said"),
    [
        ({"continuum": GivenCatalog({})}, "continuum takes no catalog"),
        ({"alchemy": GivenCatalog([])}, "Alchemy needs a catalog"),  # type: ignore[arg-type]
    ],
)
def test_a_catalog_given_as_read_is_checked_where_options_are(
    tmp_path: Path, catalogs: dict[str, GivenCatalog], said: str
) -> None:
    with pytest.raises(MatchError, match=said):
        service.run(tmp_path / "m", NewMatch(ROSTER, 5, catalogs=catalogs))
    assert not (tmp_path / "m").exists()


def test_a_small_roster_given_as_read_is_refused_unless_confirmed(tmp_path: Path) -> None:
    few = Roster(ROSTER.preferences[:6], None)
    with pytest.raises(SmallMatch) as caught:
        service.run(tmp_path / "m", NewMatch(few, 5))
    assert caught.value.plain.startswith("the roster lists 6 player(s)")
    assert service.run(tmp_path / "m", NewMatch(few, 5, small=True)).small


def test_every_way_in_names_its_front_end_for_a_hand_in() -> None:
    from festival.match import handin

    assert set(handin._FRONT_END) == set(Via)
