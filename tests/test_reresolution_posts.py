"""A re-resolution says which posts it changed (issue #24, item 4): per round already
announced, the public post and whose private reports now read differently."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.discord.messages import round_messages
from festival.match.announce import announcements
from festival.match.match import Match
from tests.conftest import numbers_json


def test_a_re_resolution_names_the_posts_to_correct(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for r in (1, 2, 3):
        assert (
            main(
                [
                    "resolve",
                    str(toy_match),
                    "--from",
                    str(numbers_json(toy_match, r, lambda p, e: 3)),
                ]
            )
            == 0
        )
    match = Match.open(toy_match)
    before = {r: round_messages(announcements(match, r)) for r in (2, 3)}
    match.close()

    capsys.readouterr()
    again = numbers_json(toy_match, 2, lambda p, e: 1 + len(p) % 5)
    assert main(["resolve", str(toy_match), "--from", str(again), "--round", "2"]) == 0
    out = capsys.readouterr().out

    match = Match.open(toy_match)
    after = {r: round_messages(announcements(match, r)) for r in (2, 3)}
    players = match.config.players
    match.close()
    for r in (2, 3):
        changed = [p for p in players if before[r].private.get(p) != after[r].private.get(p)]
        line = next(x for x in out.splitlines() if x.strip().startswith(f"Round {r}:"))
        assert ("the public post" in line) == (before[r].public != after[r].public), line
        if changed:
            assert "the private reports of " + ", ".join(changed) in line
            assert f"festival announce {toy_match} --round {r}" in line
        assert changed or before[r].public != after[r].public or "read as before" in line
    assert any(before[r] != after[r] for r in (2, 3))


def test_the_same_input_again_changes_no_post(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for r in (1, 2):
        assert (
            main(
                [
                    "resolve",
                    str(toy_match),
                    "--from",
                    str(numbers_json(toy_match, r, lambda p, e: 3)),
                ]
            )
            == 0
        )
    capsys.readouterr()
    same = numbers_json(toy_match, 1, lambda p, e: 3)
    assert main(["resolve", str(toy_match), "--from", str(same), "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "Round 1: the announcements read as before." in out
    assert "Round 2: the announcements read as before." in out
