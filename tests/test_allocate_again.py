"""`festival allocate MATCH` run again (issue 36, the host guide followed literally): the
same allocation is said to be the one already stored and is not stored twice; another one
(another method) replaces it while no round is resolved, and says so; after a round is
resolved it is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.registry import event_title as title
from festival.match.match import Match
from tests.support.store_kit import resolve_rounds
from tests.test_allocation import everyone_lists_continuum


def _allocate(capsys: pytest.CaptureFixture[str], folder: Path, *extra: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["allocate", str(folder), *extra])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _allocations(capsys: pytest.CaptureFixture[str], folder: Path) -> str:
    capsys.readouterr()
    assert main(["check", str(folder)]) == 0
    return capsys.readouterr().out


def test_allocate_twice_says_it_is_already_allocated_and_stores_nothing_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.csv"
    lines = [f"{x.player},{title(x.first)},{title(x.second)},0" for x in everyone_lists_continuum()]
    roster.write_text("\n".join(["player,first,second,garnets", *lines]) + "\n")
    folder = tmp_path / "awa-s1"
    assert main(["new", str(folder), "--roster", str(roster), "--seed", "4"]) == 0
    code, first = _allocate(capsys, folder)
    assert code == 0 and "already allocated" not in first and "replaces" not in first
    code, again = _allocate(capsys, folder)
    assert code == 0
    assert again.startswith(f"{folder} is already allocated, as below: nothing changed")
    assert again.splitlines()[1:] == first.splitlines()
    assert "1 allocation(s)" in _allocations(capsys, folder)
    # another method: another allocation, which replaces the stored one and says so
    code, other = _allocate(capsys, folder, "--fewest-unmet")
    assert code == 0 and "This replaces the allocation stored before" in other
    assert Match.open(folder).allocation.method == "fewest unmet"
    assert "2 allocation(s)" in _allocations(capsys, folder)


def test_allocate_after_a_round_is_resolved_is_refused(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    resolve_rounds(toy_match, range(1, 2), lambda player, event: 1)
    code, said = _allocate(capsys, toy_match)
    assert code == 2 and "the allocation can no longer change" in said
