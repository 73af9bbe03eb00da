"""The host's round table (issue #38, "the host sees who is where"): per player and event of
the open round, ready / has problems / nothing yet, and where it came from: a hand-in
(Discord, CLI), a workbook in the round's inbox folder when the host names it, or the
player's Google spreadsheet as `festival watch` last read it.

Which one a cell shows when a player has more than one is what a resolve would count
(docs/rulings.md, "Hand-ins"): the hand-in (it counts whatever the round is read from), else
the inbox file, else the Google verdict; the others are listed with it (`TableCell.also`), so
the host sees a hand-in and an inbox file of one player, which `resolve --from` refuses.
Nothing is stored: an inbox file is checked as a hand-in is (the same checks as the desk's
preview), and a spreadsheet is not read here (the watch's last verdict is shown).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from festival.match.handin import load_hand_in, round_table, verdicts_for
from festival.match.inbox import sort_inbox
from festival.match.match import Match
from festival.match.origin import CameFrom
from festival.match.verdict import RoundTable, VerdictKind
from festival.match.watch import sheet_kinds
from sheets.errors import SheetReadError
from sheets.source import FileSource


def who_is_where(
    match: Match, round_no: int | None = None, inbox: Path | None = None
) -> RoundTable:
    """The round table of `round_no` (default: the open round, else the last), with the open
    round's inbox files (`inbox`: the folder the host names) and Google verdicts."""
    table = round_table(match, round_no)
    if table.resolved or not match.allocated:
        return table
    notes: list[str] = []
    from_inbox: dict[tuple[str, str], VerdictKind] = {}
    if inbox is not None:
        from_inbox, notes = _inbox_kinds(match, table.round_no, inbox)
    from_google = sheet_kinds(match, table.round_no)
    cells = []
    for cell in table.cells:
        at = (cell.player, cell.event)
        seen: list[tuple[CameFrom, VerdictKind]] = []
        if cell.came_from is not None:
            seen.append((cell.came_from, cell.kind))
        if at in from_inbox:
            seen.append((CameFrom.INBOX, from_inbox[at]))
        if at in from_google:
            seen.append((CameFrom.GOOGLE, from_google[at]))
        if not seen:
            cells.append(cell)
            continue
        (where, kind), others = seen[0], seen[1:]
        cells.append(replace(cell, kind=kind, came_from=where, also=tuple(w for w, _ in others)))
    return RoundTable(table.round_no, False, tuple(cells), tuple(notes))


def _inbox_kinds(
    match: Match, round_no: int, folder: Path
) -> tuple[dict[tuple[str, str], VerdictKind], list[str]]:
    """Each inbox file's verdict per event, checked as a hand-in is; and, for the host, the
    files that are not anyone's (the inbox's problems, as `resolve --from` names them)."""
    if not folder.exists():
        return {}, [f"{folder} does not exist yet: put the players' workbooks there"]
    if not folder.is_dir():
        return {}, [f"{folder} is a file: give the folder of the round's workbooks"]
    sorted_inbox = sort_inbox(match, round_no, folder)
    notes = [*sorted_inbox.problems]
    source = FileSource(sorted_inbox.files)
    out: dict[tuple[str, str], VerdictKind] = {}
    for player in sorted_inbox.files:
        events = tuple(match.events_of(player, round_no))
        try:
            raw = source.fetch(player)
        except SheetReadError as exc:
            notes.append(f"{player}: {exc}")
            continue
        if raw is None:
            continue
        given = load_hand_in(match, round_no, player, raw)
        for verdict in verdicts_for(match, round_no, player, given, events):
            out[(player, verdict.event)] = verdict.kind
    return out, notes
