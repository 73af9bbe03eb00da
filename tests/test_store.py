"""The match store: raw submissions first, replay, atomic commits, re-resolution with history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.match.match import Match
from festival.match.replay import fingerprint, replay, restore, states_after, verify_snapshots
from festival.match.rounds import ingest_folder, ingest_json, resolve
from festival.match.store import NewRound
from tests.conftest import numbers_json


def pick(player: str, event: str) -> int:
    return (len(player) * 3 + len(event)) % 5 + 1


def resolve_json(match: Match, folder: Path, round_no: int, chooser=pick) -> None:
    path = numbers_json(folder, round_no, chooser)
    resolve(match, round_no, ingest_json(match, round_no, path))


def test_replay_reproduces_every_cached_snapshot_exactly(toy_match: Path) -> None:
    """State is derived by replaying the resolved rounds; snapshots are only a cache."""
    match = Match.open(toy_match)
    for r in range(1, 5):
        resolve_json(match, toy_match, r)
    rows = match.store.rounds()
    assert [r.round_no for r in rows] == [1, 2, 3, 4]
    assert verify_snapshots(match) == []
    for row in rows:
        assert row.snapshot is not None
        assert replay(match, rows, upto=row.round_no) == restore(row.snapshot, fingerprint(match))
    # and a tampered snapshot is caught
    states = restore(rows[1].snapshot or b"", fingerprint(match))
    assert states is not None
    from dataclasses import replace

    states["alchemy"] = replace(states["alchemy"], points={p: 99 for p in states["alchemy"].points})
    from festival.match.replay import snapshot

    match.store.conn.execute(
        "UPDATE rounds SET snapshot = ? WHERE id = ?",
        (snapshot(states, fingerprint(match)), rows[1].id),
    )
    assert verify_snapshots(match) == [2]


def test_raw_submission_is_stored_before_parsing_even_when_unreadable(toy_match: Path) -> None:
    """The raw submission is stored before anything else happens."""
    match = Match.open(toy_match)
    folder = toy_match / "in"
    folder.mkdir()
    junk = b"this is not a workbook"
    (folder / "cam.xlsx").write_bytes(junk)
    inputs = ingest_folder(match, 1, folder)
    raws = match.store.raws(1)
    assert [(r.player, r.content) for r in raws] == [("cam", junk)]
    assert inputs["cam"].unreadable
    with pytest.raises(Exception, match="invalid submission"):
        resolve(match, 1, inputs)
    errors = match.store.parse_errors(raws[0].id)
    assert errors and all(e["code"] == "sheet.unreadable" for e in errors)
    assert match.last_resolved_round() == 0


def test_an_error_inside_a_resolution_leaves_the_store_exactly_as_it_was(
    toy_match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.open(toy_match)
    resolve_json(match, toy_match, 1)
    path = numbers_json(toy_match, 2, pick)
    inputs = ingest_json(match, 2, path)
    before = match.store.dump()
    engine = match.engine("continuum")

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("engine failed in the middle of the round")

    monkeypatch.setattr(engine, "resolve_round", boom)  # alchemy resolves first, then this
    with pytest.raises(RuntimeError):
        resolve(match, 2, inputs)
    assert match.store.dump() == before


def test_a_failure_in_the_middle_of_the_commit_rolls_everything_back(toy_match: Path) -> None:
    match = Match.open(toy_match)
    resolve_json(match, toy_match, 1)
    before = match.store.dump()
    good = NewRound(1, 5, {}, [], {}, None)
    bad = NewRound(2, 5, {"x": {1, 2}}, [], {}, None)  # a set is not JSON: fails mid-transaction
    with pytest.raises(TypeError):
        match.store.commit_rounds([good, bad])
    assert match.store.dump() == before
    assert len(match.store.rounds()) == 1


def test_re_resolving_a_round_recomputes_later_rounds_and_keeps_history(toy_match: Path) -> None:
    """Re-resolving a round after a corrected submission recomputes it and every later one."""
    match = Match.open(toy_match)
    for r in (1, 2, 3):
        resolve_json(match, toy_match, r)
    first = {r.round_no: r for r in match.store.rounds()}
    alchemy = match.participants("alchemy")
    player = alchemy[0]

    # A corrected round-1 submission from one player only; everyone else keeps theirs.
    original = first[1].submissions["alchemy"][player]["submission"]["number"]
    corrected = 5 if original != 5 else 4
    path = toy_match.parent / "fix.json"
    path.write_text(
        json.dumps({"round": 1, "submissions": {player: {"alchemy": {"number": corrected}}}})
    )
    outcome = resolve(match, 1, ingest_json(match, 1, path))
    assert outcome.recomputed == [2, 3]

    now = {r.round_no: r for r in match.store.rounds()}
    assert now[1].submissions["alchemy"][player]["submission"]["number"] == corrected
    other = alchemy[1]
    assert now[1].submissions["alchemy"][other] == {
        "from": "kept:" + first[1].submissions["alchemy"][other]["from"],
        "submission": first[1].submissions["alchemy"][other]["submission"],
    }
    assert now[1].seed == first[1].seed  # the recorded seed is reused
    history = match.store.rounds(include_superseded=True)
    assert len(history) == 6
    assert sum(r.superseded_at is not None for r in history) == 3
    assert verify_snapshots(match) == []
    # Later rounds used their stored submissions on the new state.
    assert now[2].submissions == first[2].submissions


def test_rounds_must_be_resolved_in_order(toy_match: Path) -> None:
    match = Match.open(toy_match)
    with pytest.raises(Exception, match="round 1 must be resolved before round 3"):
        resolve(match, 3, {})


def test_a_snapshot_written_by_other_rules_code_is_not_trusted(toy_match: Path) -> None:
    """After an upgrade of the engines, the cached states are replayed, not believed."""
    from dataclasses import replace

    from festival.match.replay import snapshot

    match = Match.open(toy_match)
    resolve_json(match, toy_match, 1)
    row = match.store.rounds()[0]
    good = states_after(match, 1)
    wrong = dict(good)
    wrong["alchemy"] = replace(good["alchemy"], points={p: 99 for p in good["alchemy"].points})
    match.store.conn.execute(
        "UPDATE rounds SET snapshot = ? WHERE id = ?", (snapshot(wrong, "older code"), row.id)
    )
    assert states_after(match, 1) == good
    assert restore(snapshot(wrong, "older code"), fingerprint(match)) is None
