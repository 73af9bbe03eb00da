"""Golden playthroughs: every shipped sample duel (the registry's `sample` of each duel game),
typed turn by turn into the duel host as `festival duel demo` does, gives the committed state
JSON after every turn (tests/golden/duels/<game>.json).

A change to a game's rules, notation or state JSON that moves any of these positions fails
here, naming the first turns and the keys that changed. When the change is meant, rewrite the
files and read what changed (printed) before committing them:

    FESTIVAL_UPDATE_GOLDEN=1 python -m pytest tests/test_duel_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from festival.core import registry
from tests.support.golden_duels import (
    UPDATE_VARIABLE,
    changes,
    golden_path,
    play_sample,
    read_golden,
    sampled,
    turn_count,
    write_golden,
)


def test_every_registered_duel_game_ships_a_sample() -> None:
    assert {e.name for e in sampled()} == {e.name for e in registry.duels()}


LONG = 50
"""a sample of more turns than this is replayed only in the full suite (marked slow): the host
replays the duel from its start for every turn"""
SAMPLES = [
    pytest.param(entry, id=entry.name, marks=[pytest.mark.slow] if turns > LONG else [])
    for entry, turns in ((e, turn_count(e)) for e in sampled())
]


@pytest.mark.parametrize("entry", SAMPLES)
def test_sample_duel_replays_to_its_golden_states(
    entry: registry.DuelEntry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh = play_sample(entry, tmp_path / "duel")
    golden = read_golden(entry)
    changed = changes(golden, fresh)
    if os.environ.get(UPDATE_VARIABLE):
        if changed:
            write_golden(entry, fresh)
        with capsys.disabled():
            print(f"\n{golden_path(entry)}:", *(changed or ["unchanged"]), sep="\n  ")
        return
    hint = f"if the change is meant: {UPDATE_VARIABLE}=1 python -m pytest tests/test_duel_golden.py"
    assert golden is not None, f"no golden file {golden_path(entry)}; {hint}"
    assert not changed, "\n".join([*changed[:12], hint])
    assert fresh == golden
