"""A match folder is something hosts send each other: opening one must never run its code, and
two matches never take each other's workbooks (issue #24, item 9)."""

from __future__ import annotations

import hashlib
import hmac
import pickle
import sqlite3
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.match.match import Match
from festival.match.replay import fingerprint, states_after
from festival.match.store import STORE_FILE
from festival.sample.play import sample_settings
from tests.conftest import numbers_json
from tests.support.played_demo import PlayedDemo


class _Trap:
    """Unpickling this writes a file: the proof that a snapshot was unpickled."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


def _resolved(toy_match: Path, rounds: int = 2) -> Path:
    for r in range(1, rounds + 1):
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
    return toy_match


def _set_snapshots(folder: Path, blob: bytes) -> None:
    with sqlite3.connect(folder / STORE_FILE) as conn:
        conn.execute("UPDATE rounds SET snapshot = ?", (blob,))


def _stamp(folder: Path) -> str:
    match = Match.open(folder)
    try:
        return fingerprint(match)
    finally:
        match.close()


def _unsigned(stamp: str, body: bytes) -> bytes:
    """A snapshot as festival wrote them before they were signed."""
    return b"festival-snapshot:" + stamp.encode() + b"\n" + body


def _signed_elsewhere(stamp: str, body: bytes) -> bytes:
    """A snapshot signed with another computer's key."""
    mac = hmac.new(b"k" * 32, stamp.encode() + b"\n" + body, hashlib.sha256).hexdigest()
    return b"festival-snapshot:" + stamp.encode() + b"\n" + mac.encode() + b"\n" + body


@pytest.mark.parametrize("made", [_unsigned, _signed_elsewhere], ids=["unsigned", "other-key"])
def test_a_foreign_snapshot_is_never_unpickled(
    toy_match: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], made: object
) -> None:
    folder = _resolved(toy_match)
    trap = tmp_path / "the-snapshot-ran"
    body = pickle.dumps({"alchemy": _Trap(trap)})
    _set_snapshots(folder, made(_stamp(folder), body))  # type: ignore[operator]

    capsys.readouterr()
    assert main(["standings", str(folder)]) == 0
    assert main(["announce", str(folder), "--round", "2"]) == 0
    code = main(["check", str(folder)])
    out = capsys.readouterr().out
    assert not trap.exists()
    assert code == 0, out
    assert "not signed on this computer" in out
    match = Match.open(folder)
    try:
        assert set(states_after(match, 2)) == set(match.config.events)
    finally:
        match.close()


def test_snapshots_this_computer_signed_are_used(toy_match: Path) -> None:
    folder = _resolved(toy_match)
    with sqlite3.connect(folder / STORE_FILE) as conn:
        blobs = [row[0] for row in conn.execute("SELECT snapshot FROM rounds")]
    assert blobs and all(b is not None for b in blobs)
    match = Match.open(folder)
    try:
        from festival.match.replay import restore

        assert restore(blobs[-1], fingerprint(match)) is not None
    finally:
        match.close()


def test_two_matches_from_one_roster_and_seed_refuse_each_others_workbooks(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.toy_event import ENGINE_ARGS

    a, b = tmp_path / "a", tmp_path / "b"
    for folder in (a, b):
        assert (
            main(["new", str(folder), "--roster", str(roster_csv), "--seed", "7", *ENGINE_ARGS])
            == 0
        )
        assert main(["allocate", str(folder)]) == 0
    assert main(["templates", str(a), "--round", "1", "--out", str(tmp_path / "wb")]) == 0
    capsys.readouterr()
    assert main(["resolve", str(b), "--from", str(tmp_path / "wb"), "--round", "1"]) != 0
    said = capsys.readouterr()
    assert "was made for another match" in said.out + said.err
    assert Match.open(a).match_id != Match.open(b).match_id


def test_the_sample_keeps_the_id_its_committed_workbooks_carry(
    tmp_path: Path, played_demo: PlayedDemo
) -> None:
    match = Match.open(played_demo.copy(tmp_path / "demo"))
    try:
        assert match.match_id == sample_settings()["match_id"]
        assert match.last_resolved_round() == match.config.rounds
    finally:
        match.close()
