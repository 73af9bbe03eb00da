"""Helpers for the store tests: play rounds, and change a store as a host with sqlite3 would."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from festival.cli.main import main
from festival.match.store import STORE_FILE
from tests.conftest import numbers_json


def resolve_rounds(folder: Path, rounds: range, pick: Callable[[str, str], int]) -> Path:
    """Resolve `rounds` through the command line from canonical JSON files."""
    for round_no in rounds:
        path = numbers_json(folder, round_no, pick)
        assert main(["resolve", str(folder), "--from", str(path)]) == 0
    return folder


def sql(folder: Path, statement: str, *args: object) -> None:
    """Run one statement on the match store and commit it."""
    conn = sqlite3.connect(folder / STORE_FILE)
    try:
        conn.execute(statement, args)
        conn.commit()
    finally:
        conn.close()


def edit_round_json(
    folder: Path, round_no: int, column: str, change: Callable[[Any], None]
) -> None:
    """Change one JSON column of a round's current row in place, as an editor would."""
    conn = sqlite3.connect(folder / STORE_FILE)
    try:
        row_id, text = conn.execute(
            f"SELECT id, {column} FROM rounds WHERE round_no = ? AND superseded_at IS NULL",
            (round_no,),
        ).fetchone()
        data = json.loads(text)
        change(data)
        conn.execute(f"UPDATE rounds SET {column} = ? WHERE id = ?", (json.dumps(data), row_id))
        conn.commit()
    finally:
        conn.close()
