"""A stored submission's origin is a typed value parsed once where the store is read; the
text stored is the text it always was (old match folders read the same)."""

from __future__ import annotations

import pytest

from festival.match.origin import (
    BLANK,
    INVALID,
    INVALID_AFTER,
    MISSING,
    Origin,
    OriginKind,
    StoredEntry,
    stored_entries,
)

CASES = [
    # text, kind, kept, raw id, a default
    ("raw:12", OriginKind.PLAYED, False, 12, False),
    ("kept:raw:12", OriginKind.PLAYED, True, 12, False),
    ("raw:x", OriginKind.PLAYED, False, None, False),
    ("default: missing", OriginKind.MISSING, False, None, True),
    ("default: blank", OriginKind.BLANK, False, None, True),
    ("default: invalid", OriginKind.INVALID, False, None, True),
    ("default: invalid after re-resolution", OriginKind.INVALID, False, None, True),
    ("default: other", OriginKind.DEFAULT, False, None, True),
    ("hand-edited", OriginKind.UNKNOWN, False, None, False),
    ("", OriginKind.UNKNOWN, False, None, False),
]


@pytest.mark.parametrize(("text", "kind", "kept", "raw_id", "default"), CASES)
def test_parse(text: str, kind: OriginKind, kept: bool, raw_id: int | None, default: bool) -> None:
    origin = Origin.parse(text)
    assert (origin.kind, origin.kept, origin.raw_id, origin.is_default) == (
        kind,
        kept,
        raw_id,
        default,
    )
    assert origin.text == str(origin) == text  # stored as it was read


def test_written_texts_are_the_old_ones() -> None:
    assert Origin.raw(7).text == "raw:7"
    assert Origin.raw(7).kept_again().text == "kept:raw:7"
    assert Origin.raw(7).kept_again().kept_again().text == "kept:raw:7"
    assert [o.text for o in (MISSING, BLANK, INVALID, INVALID_AFTER)] == [
        "default: missing",
        "default: blank",
        "default: invalid",
        "default: invalid after re-resolution",
    ]


def test_counted_raw() -> None:
    entries = stored_entries(
        {
            "alchemy": {
                "A": {"from": "kept:raw:3", "submission": {}},
                "B": {"from": "default: invalid", "submission": {}, "refused": 4},
                "C": {"from": "default: missing", "submission": {}, "untouched": 5},
                "D": {"from": "default: missing", "submission": {}},
                "E": {"from": "raw:x", "submission": {}, "refused": True},
            }
        }
    )["alchemy"]
    assert {p: e.counted_raw for p, e in entries.items()} == {
        "A": 3,
        "B": 4,
        "C": 5,
        "D": None,
        "E": None,
    }
    assert StoredEntry.of({"from": "raw:1", "submission": [1]}).submission == [1]


def test_the_store_reads_origins_once(tmp_path: object) -> None:
    from festival.match.store import ROUND_QUERY, read_round_row

    assert "submissions" in ROUND_QUERY
    row, problems = read_round_row(
        (
            1,
            1,
            5,
            "t",
            None,
            '{"alchemy": {"A": {"from": "raw:2", "submission": 0}}}',
            "[]",
            "{}",
            None,
        )
    )
    assert problems == [] and row is not None
    assert row.entries["alchemy"]["A"].origin == Origin.raw(2)
    assert row.submissions["alchemy"]["A"]["from"] == "raw:2"
