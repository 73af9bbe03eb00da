"""`festival check MATCH`: a sound store passes; each kind of damage is found and named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from festival.cli.main import main
from festival.match.lock import exclusive
from festival.match.match import Match
from festival.match.replay import snapshot, states_after
from festival.match.store import STORE_FILE
from tests.support.played_demo import PlayedDemo
from tests.support.store_kit import edit_round_json, resolve_rounds, sql


def pick(player: str, event: str) -> int:
    return (len(player) * 2 + len(event)) % 5 + 1


@pytest.fixture
def played(toy_match: Path) -> Path:
    """The toy match with rounds 1-3 resolved, and round 1 re-resolved (history kept)."""
    resolve_rounds(toy_match, range(1, 4), pick)
    fix = toy_match.parent / "fix.json"
    fix.write_text(json.dumps({"round": 1, "submissions": {"cam": {"alchemy": {"number": 5}}}}))
    assert main(["resolve", str(toy_match), "--round", "1", "--from", str(fix)]) == 0
    return toy_match


def check(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(["check", str(folder)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines()


def failures(lines: list[str]) -> list[str]:
    return [line.removeprefix("  FAIL  ") for line in lines if line.startswith("  FAIL  ")]


def test_a_sound_store_passes_every_check_and_is_not_changed(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (played / STORE_FILE).read_bytes()
    code, lines = check(capsys, played)
    assert code == 0, lines
    assert failures(lines) == []
    assert lines[0] == f"Checking {played / STORE_FILE}"
    assert "  ok    SQLite integrity check" in lines
    assert (
        "  ok    every submission a round used, and every parse error, has its raw submission"
    ) in lines
    assert "  ok    one current row for each of rounds 1-3" in lines
    assert "  ok    JSON: the configuration, 1 allocation(s), 6 round row(s)" in lines
    assert any("replay of rounds 1-3 equals the stored reports" in line for line in lines)
    assert lines[-1].startswith("The store is sound.")
    assert (played / STORE_FILE).read_bytes() == before


def test_a_new_match_before_allocation_is_sound(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "fresh"
    assert main(["new", str(folder), "--roster", str(roster_csv), "--seed", "3"]) == 0
    code, lines = check(capsys, folder)
    assert code == 0 and "  ok    not allocated yet" in lines


def tamper_report(folder: Path) -> None:
    def change(reports: Any) -> None:
        reports[0]["public"] = ["a line nobody resolved"]

    edit_round_json(folder, 2, "reports", change)


def tamper_ranking(folder: Path) -> None:
    edit_round_json(folder, 3, "rankings", lambda rankings: rankings["alchemy"].reverse())


def swap_snapshots(folder: Path) -> None:
    """Round 3's row gets round 2's snapshot: a readable cache of the wrong states."""
    sql(
        folder,
        "UPDATE rounds SET snapshot = (SELECT snapshot FROM rounds WHERE round_no = 2 "
        "AND superseded_at IS NULL) WHERE round_no = 3 AND superseded_at IS NULL",
    )


def unsupersede(folder: Path) -> None:
    """What a lost race would leave: two current rows for round 1."""
    sql(folder, "UPDATE rounds SET superseded_at = NULL WHERE round_no = 1")


def drop_round_2(folder: Path) -> None:
    sql(folder, "DELETE FROM rounds WHERE round_no = 2")


def unparseable_submission(folder: Path) -> None:
    def change(submissions: Any) -> None:
        player = next(iter(submissions["alchemy"]))
        submissions["alchemy"][player]["submission"] = {"number": 99}

    edit_round_json(folder, 2, "submissions", change)


def break_tiebreak(folder: Path) -> None:
    sql(folder, "UPDATE meta SET value = json_remove(value, '$.gamewide[0]') WHERE key = 'config'")


def stranger_in_allocation(folder: Path) -> None:
    sql(folder, "UPDATE allocation SET content = json_set(content, '$.members.alchemy[0]', 'X')")


def schedule_past_the_last_round(folder: Path) -> None:
    sql(folder, "UPDATE allocation SET content = json_set(content, '$.schedule.alchemy[0]', 7)")


def lose_raw_submissions(folder: Path) -> None:
    sql(folder, "DELETE FROM parse_errors")
    sql(folder, "DELETE FROM raw_submissions")


def orphan_parse_error(folder: Path) -> None:
    sql(
        folder,
        "INSERT INTO parse_errors (raw_id, player, event, code, message) "
        "VALUES (999, 'cam', 'alchemy', 'x', 'an error of a file that is not stored')",
    )


def damage_old_history(folder: Path) -> None:
    """A superseded row no command reads: only `check` reads every row."""
    sql(folder, "UPDATE rounds SET reports = 'oops' WHERE superseded_at IS NOT NULL")


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (tamper_report, "round 2 (rounds row 5): the stored reports differ from a replay"),
        (tamper_ranking, "round 3 (rounds row 6): the stored rankings differ from a replay"),
        (swap_snapshots, "round 3 (rounds row 6): the snapshot differs from a replay"),
        (unsupersede, "more than one current row for round(s) 1"),
        (drop_round_2, "the current rounds are [1, 3], not 1..N without a gap"),
        (unparseable_submission, "round 2 (rounds row 5) cannot be replayed (MatchError"),
        (break_tiebreak, "meta.config: the Gamewide Tiebreak must list every player exactly once"),
        (
            stranger_in_allocation,
            "the allocation names players or events the configuration does not have",
        ),
        (
            schedule_past_the_last_round,
            "the allocation's schedule names events or rounds the configuration does not have",
        ),
        (damage_old_history, "rounds.reports of row 1 (round 1) is not valid JSON"),
        (orphan_parse_error, "1 parse error(s) name a raw submission that is not stored"),
        (
            lose_raw_submissions,
            "round 1 (rounds row 4): Spadez's alchemy submission comes from raw:",
        ),
    ],
)
def test_each_kind_of_damage_is_found_and_named(
    played: Path, capsys: pytest.CaptureFixture[str], damage: object, expected: str
) -> None:
    assert callable(damage)
    damage(played)
    code, lines = check(capsys, played)
    assert code == 1
    found = failures(lines)
    assert any(f.startswith(expected) for f in found), found
    assert lines[-1].startswith("The store is damaged (")
    assert "copy your last backup of the folder" in lines[-1]


def test_check_of_a_folder_without_a_match_or_while_a_command_runs_is_a_usage_error(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path / "nowhere")]) == 2
    assert "is not a match folder" in capsys.readouterr().err
    with exclusive(played):
        assert main(["check", str(played)]) == 2
    assert "another festival command is using the match" in capsys.readouterr().err
    assert main(["check", str(played)]) == 0


@pytest.mark.slow
def test_check_replays_the_sample_festival_with_the_real_engines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played_demo: PlayedDemo
) -> None:
    """The real Alchemy, Continuum and Summoner's Dream rounds replay to what is stored."""
    folder = played_demo.copy(tmp_path / "demo")
    code, lines = check(capsys, folder)
    assert code == 0, lines
    assert any("replay of rounds 1-6 equals" in line for line in lines)
    tamper_report(folder)
    code, lines = check(capsys, folder)
    assert code == 1
    assert failures(lines) == ["round 2 (rounds row 2): the stored reports differ from a replay"]


def test_results_stored_by_other_rules_code_are_a_note_not_damage(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After an upgrade of the rules, a replay may differ from what was announced: said, but
    the store is sound (restoring a backup would not change it)."""
    match = Match.open(played)
    states = states_after(match, 2)
    match.close()
    older = snapshot(states, "older rules code")
    sql(played, "UPDATE rounds SET snapshot = ? WHERE id = 5", older)  # round 2's current row
    tamper_report(played)
    code, lines = check(capsys, played)
    assert code == 0, lines
    assert failures(lines) == []
    assert (
        "  note  round 2 (rounds row 5): the stored reports differ from a replay with this "
        "version's rules, which changed since the round was resolved"
    ) in lines
    assert lines[-1].startswith("The store is sound.")


def test_a_backup_in_a_read_only_folder_can_be_checked(
    played: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the lock file cannot be made (read-only media), `check` still reads the store."""
    import festival.core.lock

    class ReadOnlyFolder(festival.core.lock.FileLock):
        def acquire(self, *args: object, **kwargs: object) -> Any:
            raise PermissionError(13, "Permission denied", str(self.lock_file))

    monkeypatch.setattr(festival.core.lock, "FileLock", ReadOnlyFolder)
    code, lines = check(capsys, played)
    assert code == 0, lines
