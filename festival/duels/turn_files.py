"""A player's turn read from a file the host was given: text, JSON, a workbook of notation
or an order workbook (sealed orders), within the size limits of docs/formats.md."""

from __future__ import annotations

from pathlib import Path

from festival.core.errors import DuelHostError
from festival.duels.host import Duel, Played
from festival.duels.orders import play_order_workbook
from festival.duels.origin import Origin
from sheets.errors import SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_FILE_BYTES, megabytes


def play_file(duel: Duel, path: Path, player: str | None) -> Played:
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        ordered = play_order_workbook(duel, path, player)
        if ordered is not None:
            return ordered
        return duel.play_text(workbook_text(path), player, source=Origin.file(path.name))
    content = file_bytes(path)
    if path.suffix.lower() == ".json":
        try:
            data = load_json(content, path.name)
        except SheetReadError as exc:
            text = content.decode("utf-8", errors="replace")
            raw_id = duel.store.add_raw(player or "?", Origin.file(path.name), text)
            duel.store.add_errors(raw_id, [("duel.json", str(exc))])
            raise DuelHostError(f"{exc}; kept as input {raw_id}") from exc
        return duel.play_json(data, player, source=Origin.file(path.name))
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raw_id = duel.store.add_raw(
            player or "?", Origin.file(path.name), content.decode("utf-8", errors="replace")
        )
        duel.store.add_errors(raw_id, [("duel.file", f"{path.name}: not UTF-8 text")])
        raise DuelHostError(f"{path}: not UTF-8 text; kept as input {raw_id}") from exc
    return duel.play_text(text, player, source=Origin.file(path.name))


def file_bytes(path: Path) -> bytes:
    """A turn file's bytes, within the limits of docs/formats.md (sheets/limits.py)."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DuelHostError(
            f"{path}: the file is {megabytes(size)}; festival reads at most "
            f"{megabytes(MAX_FILE_BYTES)}"
        )
    return path.read_bytes()


def workbook_text(path: Path) -> str:
    """The actions a player wrote in a workbook: every non-empty cell of the first sheet, row
    by row, read as notation."""
    from sheets.xlsx_reader import read_workbook

    words: list[str] = []
    for grid in read_workbook(path).values():
        for row in grid.rows:
            words.extend(str(v) for v in row if v not in (None, ""))
        break
    return ", ".join(words)
