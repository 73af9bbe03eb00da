"""A damaged match store gives one clear message, never a traceback, and is never changed.

Damage of every kind a host can cause: a JSON value edited by hand (invalid, the wrong shape,
nested too deeply, a number too long to read), a dropped table or column, a truncated file,
garbage, an empty file. Every command then names what is damaged (table, column, row) and says
how to restore the folder from a copy; `festival check` lists it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.cli.main import main
from festival.core.machine_key import sign
from festival.core.sqlite_file import stored_json
from festival.match.match import Match
from festival.match.replay import fingerprint, states_after
from festival.match.store import STORE_FILE
from tests.support.store_kit import resolve_rounds, sql

DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = "1" * 5000


def pick(player: str, event: str) -> int:
    return (len(player) + len(event)) % 5 + 1


@pytest.fixture
def played(toy_match: Path) -> Path:
    """The toy match with rounds 1 and 2 resolved."""
    return resolve_rounds(toy_match, range(1, 3), pick)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_clear_message(err: str, *fragments: str) -> None:
    assert err.startswith("festival: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert "is damaged" in err and "festival check" in err and "last copy" in err
    for fragment in fragments:
        assert fragment in err, err


CONFIG = "UPDATE meta SET value = ? WHERE key = 'config'"
ROUND_2 = "UPDATE rounds SET {} = ? WHERE round_no = 2"

HAND_EDITS = [
    pytest.param(CONFIG, "{not json", "meta.config is not valid JSON", id="config-not-json"),
    pytest.param(CONFIG, DEEP, "meta.config is JSON nested too deeply", id="config-too-deep"),
    pytest.param(
        CONFIG,
        '{"seed": ' + LONG_NUMBER + "}",
        "meta.config holds a number too long to read",
        id="config-huge-number",
    ),
    pytest.param(CONFIG, "[1, 2]", "meta.config is not a JSON object", id="config-an-array"),
    pytest.param(
        CONFIG,
        '{"seed": 1}',
        "meta.config is not a match configuration (KeyError",
        id="config-missing-keys",
    ),
    pytest.param(CONFIG, 42, "meta.config is not a JSON object", id="config-a-number"),
    pytest.param(CONFIG, b"\xff{}", "meta.config is not UTF-8 text", id="config-not-utf8"),
    pytest.param(
        ROUND_2.format("reports"),
        b"\xff[]",
        "rounds.reports of row 2 (round 2) is not UTF-8 text",
        id="reports-not-utf8",
    ),
    pytest.param(
        ROUND_2.format("reports"),
        '[{"event": ',
        "rounds.reports of row 2 (round 2) is not valid JSON",
        id="reports-not-json",
    ),
    pytest.param(
        ROUND_2.format("reports"),
        "{}",
        "rounds.reports of row 2 (round 2) is not a JSON array",
        id="reports-an-object",
    ),
    pytest.param(
        ROUND_2.format("reports"),
        "[1, 2]",
        "rounds row 2 (round 2): reports are not a list of objects",
        id="reports-wrong-items",
    ),
    pytest.param(
        ROUND_2.format("reports"),
        "[{}]",
        "rounds row 2 (round 2): report 1 is not a round report (KeyError: 'event')",
        id="report-without-event",
    ),
    pytest.param(
        ROUND_2.format("rankings"),
        '{"alchemy": [{"player": "cam"}]}',
        "the ranking of alchemy is not a list of entries with a player and a rank",
        id="ranking-without-rank",
    ),
    pytest.param(
        ROUND_2.format("submissions"),
        '{"alchemy": {"cam": {"number": 3}}}',
        'the submission of cam in alchemy lacks "from" or "submission"',
        id="submissions-wrong-shape",
    ),
    pytest.param(
        ROUND_2.format("submissions"),
        DEEP,
        "rounds.submissions of row 2 (round 2) is JSON nested too deeply",
        id="submissions-too-deep",
    ),
    pytest.param(
        ROUND_2.format("rankings"),
        '{"alchemy": [' + LONG_NUMBER + "]}",
        "rounds.rankings of row 2 (round 2) holds a number too long to read",
        id="rankings-huge-number",
    ),
    pytest.param(
        ROUND_2.format("rankings"),
        '{"alchemy": 3}',
        "the ranking of alchemy is not a list of entries with a player and a rank",
        id="rankings-wrong-shape",
    ),
    pytest.param(
        ROUND_2.format("round_no"), "two", "round_no and seed must be whole numbers", id="round-no"
    ),
    pytest.param(
        "UPDATE allocation SET content = ?",
        '{"members": 5}',
        "allocation.content is not an allocation",
        id="allocation-wrong-shape",
    ),
    pytest.param(
        "UPDATE allocation SET content = ?",
        "{",
        "allocation.content of row 1 is not valid JSON",
        id="allocation-not-json",
    ),
    pytest.param(
        "DELETE FROM meta WHERE key = 'config'", None, "meta has no config", id="no-config"
    ),
    pytest.param(
        "DELETE FROM meta WHERE key = 'schema_version'",
        None,
        "meta has no schema_version",
        id="no-version",
    ),
]


@pytest.mark.parametrize(("statement", "value", "message"), HAND_EDITS)
def test_json_edited_by_hand_gives_one_clear_message_naming_table_column_and_row(
    played: Path, capsys: pytest.CaptureFixture[str], statement: str, value: object, message: str
) -> None:
    """A store whose JSON was edited by hand breaks no command with a traceback: each names
    what is damaged and how to restore, exits 2 and leaves the file as it was."""
    sql(played, statement, *([] if value is None else [value]))
    before = (played / STORE_FILE).read_bytes()
    for argv in (["status"], ["resolve", "--from", str(any_round_3(played))]):
        code, _out, err = run(capsys, argv[0], str(played), *argv[1:])
        assert code == 2, (argv, err)
        assert_one_clear_message(err, message)
    code, _out, err = run(capsys, "standings", str(played))  # may not need what is damaged
    assert code == 0 or (code == 2 and message in err)
    assert (played / STORE_FILE).read_bytes() == before

    code, out, _ = run(capsys, "check", str(played))
    assert code == 1
    assert any(line.startswith("  FAIL  ") and message in line for line in out.splitlines())
    assert "The store is damaged" in out and "copy your last backup" in out


def any_round_3(folder: Path) -> Path:
    """A round-3 submissions file written without opening the (damaged) store."""
    path = folder.parent / "round-3-any.json"
    path.write_text(json.dumps({"round": 3, "submissions": {}}))
    return path


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ("DROP TABLE rounds", "table rounds is missing"),
        ("DROP TABLE host_inputs", "table host_inputs is missing"),
        ("ALTER TABLE rounds DROP COLUMN snapshot", "table rounds lacks column(s) snapshot"),
    ],
)
def test_a_missing_table_or_column_is_named(
    played: Path, capsys: pytest.CaptureFixture[str], statement: str, message: str
) -> None:
    sql(played, statement)
    code, _out, err = run(capsys, "standings", str(played))
    assert code == 2
    assert_one_clear_message(err, message)
    code, out, _ = run(capsys, "check", str(played))
    assert code == 1 and f"FAIL  schema: {message}" in out


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: 3 * 4096 + 100])


def garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 200)


def empty(path: Path) -> None:
    path.write_bytes(b"")


def zero_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096:] = bytes(len(data) - 4096)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (truncate, "database disk image is malformed"),
        (garbage, "file is not a database"),
        (empty, "it holds none of festival's tables"),
        (zero_pages, ""),
    ],
)
def test_a_damaged_file_gives_one_clear_message(
    played: Path, capsys: pytest.CaptureFixture[str], damage: object, message: str
) -> None:
    """A truncated file, garbage, an empty file or zeroed pages: a clear message, exit 2."""
    assert callable(damage)
    damage(played / STORE_FILE)
    for command in ("status", "standings", "announce"):
        code, _out, err = run(capsys, command, str(played))
        assert code == 2, (command, err)
        assert_one_clear_message(err, message)
    code, out, _ = run(capsys, "check", str(played))
    assert code == 1 and "FAIL" in out and "Traceback" not in out


def test_a_damaged_snapshot_is_not_used_and_check_reports_it(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Snapshots are only a cache: one that cannot be read is replayed instead (here one this
    computer signed, so that it is read at all: an unsigned one is never unpickled)."""
    match = Match.open(played)
    good = states_after(match, 2)
    stamp = fingerprint(match)
    match.close()
    body = b"\x80\x05garbage"
    signature = sign(stamp.encode() + b"\n" + body)
    assert signature is not None
    sql(
        played,
        "UPDATE rounds SET snapshot = ? WHERE round_no = 2",
        b"festival-snapshot:" + stamp.encode() + b"\n" + signature.encode() + b"\n" + body,
    )
    match = Match.open(played)
    assert states_after(match, 2) == good
    match.close()
    code, out, _ = run(capsys, "standings", str(played))
    assert code == 0
    code, out, _ = run(capsys, "check", str(played))
    assert code == 1
    assert "FAIL  round 2 (rounds row 2): the snapshot cannot be read" in out


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60), st.integers(), st.none()))
def test_the_guarded_loader_turns_every_failure_into_one_value_error(value: object) -> None:
    """Whatever a column holds, reading it gives a JSON object or a ValueError naming it."""
    try:
        data = stored_json(value, "meta.config", dict)
    except ValueError as exc:
        assert str(exc).startswith("meta.config ")
    else:
        assert isinstance(data, dict)
