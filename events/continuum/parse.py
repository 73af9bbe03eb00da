"""Elemental Continuum submissions from workbook tabs or canonical JSON, with every error.

Round 1 is the board (Board and Wards tabs, or {"board": ..., "values": ...}); rounds 2-6
are two bolts (Bolts tab, or {"bolts": [...]}). What people type is accepted: any case,
stray spaces, "Wind"/"Air", "Fire 1", "c5".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from events.continuum import masks
from events.continuum.board import (
    ALL_LABELS,
    NEUTRAL,
    NEUTRAL_SQUARES,
    WARD_LABELS,
    WARD_VALUES,
    WARDS_PER_VALUE,
    Board,
    LayoutProblem,
    layout_problems,
    parse_label,
    random_deal,
    ward_name,
)
from events.continuum.elements import BOLT_ELEMENTS, parse_bolt_element
from events.continuum.layout import (
    BOARD_LEFT,
    BOARD_TAB,
    BOARD_TOP,
    BOLT_ELEMENT_COL,
    BOLT_NUMBER_COL,
    BOLT_ROUND_COL,
    BOLT_TARGET_COL,
    BOLTS_FIRST_ROW,
    BOLTS_TAB,
    WARD_LABEL_COL,
    WARD_POINTS_COL,
    WARD_ROWS,
    WARDS_FIRST_ROW,
    WARDS_TAB,
    board_cell,
    square_at,
)
from events.continuum.model import (
    BOLTS_PER_ROUND,
    Bolt,
    BoltsSubmission,
    ContinuumSubmission,
    SetupSubmission,
)
from events.continuum.pentominoes import placement_masks
from events.continuum.squares import ALL_SQUARES, SIZE, Square
from events.errors import ParseResult, SubmissionProblem, no_tab, nothing_submitted, quoted
from events.parsed import Parsed
from events.tables import Grid, Workbook, cell_ref

EVENT = "continuum"
LABEL_HELP = "use F1-F3 (fire), W1-W3 (water), A1-A3 (wind), E1-E3 (earth) or N (neutral)"


class _Errors:
    def __init__(self, player: str) -> None:
        self.player = player
        self.items: list[SubmissionProblem] = []

    def add(self, code: str, message: str, tab: str | None = None, cell: str | None = None) -> None:
        self.items.append(SubmissionProblem(code, self.player, message, EVENT, tab, cell))


# --- round 1: the board -------------------------------------------------------------------


def parse_setup_workbook(player: str, workbook: Workbook) -> ParseResult[ContinuumSubmission]:
    errors = _Errors(player)
    board_grid, wards_grid = workbook.get(BOARD_TAB), workbook.get(WARDS_TAB)
    for tab, grid in ((BOARD_TAB, board_grid), (WARDS_TAB, wards_grid)):
        if grid is None:
            errors.add("continuum.tab", no_tab(tab, workbook), tab)
    if board_grid is None or wards_grid is None:
        return Parsed.of(None, errors.items)

    layout: dict[Square, str | None] = {}
    unreadable: set[Square] = set()
    for r in range(BOARD_TOP, BOARD_TOP + SIZE):
        for c in range(BOARD_LEFT, BOARD_LEFT + SIZE):
            sq = square_at(r, c)
            text = board_grid.text(r, c)
            label = parse_label(text) if text else None
            if text and label is None:
                unreadable.add(sq)
                errors.add(
                    "continuum.board.label",
                    f"square {sq}: {quoted(text)} is not a ward label; {_label_hint(text)}",
                    BOARD_TAB,
                    cell_ref(r, c),
                )
            layout[sq] = label
    values, bad_values = _ward_values(wards_grid, errors)
    if not errors.items and all(v is None for v in layout.values()) and not any(values.values()):
        return nothing_submitted(player, EVENT, "the Board and Wards tabs")
    for problem in layout_problems(layout, values, frozenset(unreadable), bad_values):
        _report(problem, errors)
    if errors.items:
        return Parsed.of(None, errors.items)
    return Parsed.of(SetupSubmission(_board(layout, values)), [])


def _board(layout: Mapping[Square, str | None], values: Mapping[str, int | None]) -> Board:
    """The board of a layout that passed every check."""
    return Board.build(
        {sq: label for sq, label in layout.items() if label is not None},
        {k: v for k, v in values.items() if v is not None},
    )


def _label_hint(text: str) -> str:
    t = text.strip().upper()
    if len(t) >= 2 and t[0] in "FWAE" and t[1:].isdigit():
        return f"use {t[0]}1-{t[0]}3"
    return LABEL_HELP


def _ward_values(grid: Grid, errors: _Errors) -> tuple[dict[str, int | None], frozenset[str]]:
    """The point values on the Wards tab, by the ward label written in column A (so sorting
    the rows moves nothing), and the labels whose value is unreadable."""
    values: dict[str, int | None] = dict.fromkeys(WARD_LABELS)
    unreadable: set[str] = set()
    rows: dict[str, int] = {}
    last = max(WARD_ROWS.values())
    for row in range(WARDS_FIRST_ROW, last + 1):
        label_text = grid.text(row, WARD_LABEL_COL)
        text = grid.text(row, WARD_POINTS_COL)
        label = parse_label(label_text) if label_text else None
        if label == NEUTRAL:
            if text and text not in ("1", "1.0"):
                errors.add(
                    "continuum.wards.value",
                    f"the neutral ward is always worth 1, not {quoted(text)}",
                    WARDS_TAB,
                    cell_ref(row, WARD_POINTS_COL),
                )
            continue
        if label is None:
            if label_text or text:
                errors.add(
                    "continuum.wards.label",
                    f"{quoted(label_text)} is not a ward F1-E3; keep the ward labels in column A",
                    WARDS_TAB,
                    cell_ref(row, WARD_LABEL_COL),
                )
            continue
        if label in rows:
            errors.add(
                "continuum.wards.label",
                f"ward {label} is listed twice (row {rows[label] + 1})",
                WARDS_TAB,
                cell_ref(row, WARD_LABEL_COL),
            )
            continue
        rows[label] = row
        if not text:
            continue
        if text.isascii() and text.isdigit():
            values[label] = int(text)
        else:
            unreadable.add(label)
            errors.add(
                "continuum.wards.value",
                f"{ward_name(label)}: {quoted(text)} is not a point value; use 2, 4 or 6",
                WARDS_TAB,
                cell_ref(row, WARD_POINTS_COL),
            )
    return values, frozenset(unreadable)


def _report(problem: LayoutProblem, errors: _Errors) -> None:
    """A layout problem as an error on the cell of its first square (or ward row)."""
    if problem.squares:
        first = min(problem.squares, key=lambda s: (-s.rank, s.file))
        errors.add(problem.code, problem.message, BOARD_TAB, board_cell(first))
    elif problem.code.startswith("continuum.wards"):
        row = WARD_ROWS[problem.labels[0]] if problem.labels else WARDS_FIRST_ROW
        errors.add(problem.code, problem.message, WARDS_TAB, cell_ref(row, WARD_POINTS_COL))
    else:
        errors.add(problem.code, problem.message, BOARD_TAB)


def parse_setup_json(player: str, data: Any) -> ParseResult[ContinuumSubmission]:
    errors = _Errors(player)
    if not isinstance(data, Mapping) or "board" not in data:
        errors.add("continuum.json", 'expected {"board": {label: [squares]}, "values": {...}}')
        return Parsed.of(None, errors.items)
    if data["board"] is None:
        if data.get("values") is not None:  # values for no board: a mistake, not a choice
            errors.add(
                "continuum.json",
                '"values" need a "board": with "board": null a random board is drawn, '
                'values and all (leave "values" out, or give the board)',
            )
            return Parsed.of(None, errors.items)
        return Parsed.of(SetupSubmission(None), [])
    board, values = data["board"], data.get("values")
    if not isinstance(board, Mapping) or not isinstance(values, Mapping):
        errors.add("continuum.json", '"board" and "values" must be objects')
        return Parsed.of(None, errors.items)
    layout: dict[Square, str | None] = {}
    seen_labels: set[str] = set()
    for key, squares in board.items():
        label = parse_label(str(key))
        if label is None:
            errors.add(
                "continuum.board.label", f"board: {quoted(key)} is not a ward label; {LABEL_HELP}"
            )
            continue
        if label in seen_labels:
            errors.add("continuum.board.label", f"board: ward {label} is given twice")
            continue
        seen_labels.add(label)
        if not isinstance(squares, list):
            errors.add("continuum.json", f"board.{label}: expected a list of squares")
            continue
        for text in squares:
            sq = Square.parse(str(text))
            held = layout.get(sq) if sq is not None else None
            if sq is None:
                errors.add(
                    "continuum.board.square", f"board.{label}: {quoted(text)} is not a square A1-H8"
                )
            elif held == label:
                errors.add("continuum.board.twice", f"board.{label}: square {sq} is listed twice")
            elif held is not None:
                errors.add("continuum.board.twice", f"square {sq} is in both {held} and {label}")
            else:
                layout[sq] = label
    parsed: dict[str, int | None] = {}
    unreadable: set[str] = set()
    for key, value in values.items():
        label = parse_label(str(key))
        number = _whole_number(value)
        if label == NEUTRAL and number == 1:
            continue
        if label is None or label == NEUTRAL:
            errors.add("continuum.wards.label", f"values: {quoted(key)} is not a ward F1-E3")
        elif label in parsed or label in unreadable:
            errors.add("continuum.wards.label", f"values: ward {label} is given twice")
        elif number is None:
            unreadable.add(label)
            errors.add("continuum.wards.value", f"values.{label}: {quoted(value)} is not 2, 4 or 6")
        else:
            parsed[label] = number
    for problem in layout_problems(layout, parsed, frozenset(), frozenset(unreadable)):
        errors.add(problem.code, problem.message)
    if errors.items:
        return Parsed.of(None, errors.items)
    return Parsed.of(SetupSubmission(_board(layout, parsed)), [])


def _whole_number(value: Any) -> int | None:
    """6 or 6.0 (what a spreadsheet export may write) -> 6; anything else -> None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def setup_json(sub: SetupSubmission) -> dict[str, Any]:
    if sub.board is None:
        return {"board": None}
    return {
        "board": {w.label: list(w.square_names) for w in sub.board.wards},
        "values": sub.board.values(),
    }


def random_setup_json(rng: np.random.Generator) -> dict[str, Any]:
    """setup_json of random_board(rng) (the same draws, the same JSON), without building the
    board: what a program (a lab bot) sends when it draws its board."""
    pieces, neutral, labels, values = random_deal(rng)
    names = {NEUTRAL: sorted(map(_NAME_OF.__getitem__, neutral))}
    for label, piece in zip(labels, pieces, strict=True):
        names[label] = list(_sorted_names(piece))
    return {
        "board": {label: names[label] for label in ALL_LABELS},
        "values": {label: values[label] for label in WARD_LABELS},
    }


@lru_cache(maxsize=4096)
def _sorted_names(piece: frozenset[Square]) -> tuple[str, ...]:
    """A piece's square names, sorted: a pure function of the piece, and the random boards
    are made of the board's 2,308 pentomino placements."""
    return tuple(sorted(map(_NAME_OF.__getitem__, piece)))


# --- rounds 2-6: bolts --------------------------------------------------------------------


def parse_bolts_workbook(
    player: str, round_no: int, workbook: Workbook
) -> ParseResult[ContinuumSubmission]:
    errors = _Errors(player)
    grid = workbook.get(BOLTS_TAB)
    if grid is None:
        errors.add("continuum.tab", no_tab(BOLTS_TAB, workbook), BOLTS_TAB)
        return Parsed.of(None, errors.items)
    found: dict[int, Bolt] = {}
    rows = 0
    this_round = [
        r
        for r in range(BOLTS_FIRST_ROW, grid.height)
        if grid.text(r, BOLT_ROUND_COL) == str(round_no)
    ]
    if this_round and not any(
        grid.text(r, c) for r in this_round for c in (BOLT_ELEMENT_COL, BOLT_TARGET_COL)
    ):
        return nothing_submitted(player, EVENT, "the Bolts tab")
    for r in range(BOLTS_FIRST_ROW, grid.height):
        round_text = grid.text(r, BOLT_ROUND_COL)
        if round_text != str(round_no):
            continue
        rows += 1
        number_text = grid.text(r, BOLT_NUMBER_COL)
        if not any(grid.text(r, c) for c in (BOLT_NUMBER_COL, BOLT_ELEMENT_COL, BOLT_TARGET_COL)):
            continue  # a row holding only the round number (a dragged fill): nothing to read
        number = int(number_text) if number_text.isascii() and number_text.isdigit() else 0
        if number not in range(1, BOLTS_PER_ROUND + 1):
            errors.add(
                "continuum.bolts.number",
                f"{quoted(number_text)} is not a bolt number; use 1 or 2",
                BOLTS_TAB,
                cell_ref(r, BOLT_NUMBER_COL),
            )
            continue
        if number in found:
            errors.add(
                "continuum.bolts.twice",
                f"bolt {number} of round {round_no} is given twice",
                BOLTS_TAB,
                cell_ref(r, BOLT_NUMBER_COL),
            )
            continue
        bolt = _bolt(
            grid.text(r, BOLT_ELEMENT_COL),
            grid.text(r, BOLT_TARGET_COL),
            errors,
            (cell_ref(r, BOLT_ELEMENT_COL), cell_ref(r, BOLT_TARGET_COL)),
        )
        if bolt is not None:
            found[number] = bolt
    if rows == 0:
        errors.add(
            "continuum.bolts.missing",
            f"no row for round {round_no}: write {round_no} in the Round column of two rows",
            BOLTS_TAB,
            cell_ref(BOLTS_FIRST_ROW, BOLT_ROUND_COL),
        )
    elif not errors.items and len(found) < BOLTS_PER_ROUND:
        missing = [str(n) for n in range(1, BOLTS_PER_ROUND + 1) if n not in found]
        errors.add(
            "continuum.bolts.missing",
            f"round {round_no} needs bolts 1 and 2; bolt {', '.join(missing)} is missing",
            BOLTS_TAB,
        )
    if errors.items:
        return Parsed.of(None, errors.items)
    return Parsed.of(BoltsSubmission(tuple(found[n] for n in sorted(found))), [])


def _bolt(
    element_text: str,
    target_text: str,
    errors: _Errors,
    cells: tuple[str | None, str | None] = (None, None),
    where: str = "",
) -> Bolt | None:
    tab = BOLTS_TAB if cells[0] else None
    element = parse_bolt_element(element_text)
    if element is None:
        if element_text.strip().lower() == "w":
            why = "'W' could be Water or Wind; write the name"
        elif not element_text:
            why = "no element given; use Fire, Water, Wind or Earth"
        else:
            why = f"{quoted(element_text)} is not an element; use Fire, Water, Wind or Earth"
        errors.add("continuum.bolts.element", where + why, tab, cells[0])
    target = Square.parse(target_text)
    if target is None:
        why = (
            "no target given"
            if not target_text
            else f"{quoted(target_text)} is not a square of the board"
        )
        errors.add("continuum.bolts.target", f"{where}{why}; use A1 to H8", tab, cells[1])
    if element is None or target is None:
        return None
    return Bolt(element, target)


def parse_bolts_json(player: str, data: Any) -> ParseResult[ContinuumSubmission]:
    errors = _Errors(player)
    bolts = data.get("bolts") if isinstance(data, Mapping) else None
    if not isinstance(bolts, list):
        errors.add("continuum.json", 'expected {"bolts": [{"element": ..., "target": ...}, ...]}')
        return Parsed.of(None, errors.items)
    if not bolts:
        return Parsed.of(BoltsSubmission(()), [])  # fires nothing: the default
    if len(bolts) != BOLTS_PER_ROUND:
        errors.add("continuum.bolts.count", f"{len(bolts)} bolts; fire exactly {BOLTS_PER_ROUND}")
    parsed = []
    for i, b in enumerate(bolts, 1):
        if not isinstance(b, Mapping):
            errors.add("continuum.json", f"bolts[{i}]: expected an object")
            continue
        bolt = _bolt(
            str(b.get("element") or ""), str(b.get("target") or ""), errors, where=f"bolt {i}: "
        )
        if bolt is not None:
            parsed.append(bolt)
    if errors.items:
        return Parsed.of(None, errors.items)
    return Parsed.of(BoltsSubmission(tuple(parsed)), [])


def bolts_json(sub: BoltsSubmission) -> dict[str, Any]:
    return {"bolts": [{"element": b.element.value, "target": str(b.target)} for b in sub.bolts]}


# --- the typed path for programs ----------------------------------------------------------

_BIT_OF_NAME: dict[str, int] = {str(sq): i for i, sq in enumerate(ALL_SQUARES)}
_NAME_OF: dict[Square, str] = {sq: str(sq) for sq in ALL_SQUARES}
_ALL_LABEL_SET = frozenset(ALL_LABELS)
_WARD_LABEL_SET = frozenset(WARD_LABELS)
_DEAL = sorted(v for v in WARD_VALUES for _ in range(WARDS_PER_VALUE))
"""the wards' values, sorted: four of each"""
_BOLT_ELEMENT_OF_VALUE = {e.value: e for e in BOLT_ELEMENTS}


def plain_json(setup: bool, data: Any) -> ContinuumSubmission | None:
    """A submission from JSON written exactly as `setup_json` (`setup`: round 1) or
    `bolts_json` write it (labels, square names and elements spelt as they spell them), typed
    at a fraction of the parser's cost: what a program (a lab bot) hands in. None for anything
    else, which the parser then reads (and names every error of); whatever this reads, the
    parser reads to an equal value."""
    return _plain_setup(data) if setup else _plain_bolts(data)


def _plain_setup(data: Any) -> SetupSubmission | None:
    """Every setup rule checked on masks: each ward's squares one pentomino placement, the
    neutral ward 4 squares, no square twice (so all 64 covered), values 2, 4 and 6 four
    times each."""
    if type(data) is not dict:
        return None
    if len(data) == 1 and "board" in data and data["board"] is None:
        return SetupSubmission(None)
    board, values = data.get("board"), data.get("values")
    if (
        len(data) != 2
        or type(board) is not dict
        or type(values) is not dict
        or board.keys() != _ALL_LABEL_SET
        or values.keys() != _WARD_LABEL_SET
        or not all(type(v) is int for v in values.values())
        or sorted(values.values()) != _DEAL
    ):
        return None
    groups: dict[str, set[Square]] = {}
    covered = 0
    pentominoes = placement_masks()
    for label, names in board.items():
        if type(names) is not list:
            return None
        bits = 0
        squares = set()
        for name in names:
            bit = _BIT_OF_NAME.get(name) if type(name) is str else None
            if bit is None or bits >> bit & 1:
                return None
            bits |= 1 << bit
            squares.add(ALL_SQUARES[bit])
        shaped = len(names) == NEUTRAL_SQUARES if label == NEUTRAL else bits in pentominoes
        if not shaped or bits & covered:
            return None
        covered |= bits
        groups[label] = squares
    if covered != masks.FULL:
        return None
    return SetupSubmission(Board.of_groups(groups, values))


def _plain_bolts(data: Any) -> BoltsSubmission | None:
    bolts = data.get("bolts") if type(data) is dict and len(data) == 1 else None
    if type(bolts) is not list or len(bolts) not in (0, BOLTS_PER_ROUND):
        return None
    parsed = []
    for b in bolts:
        if type(b) is not dict or len(b) != 2:
            return None
        element, target = b.get("element"), b.get("target")
        if type(element) is not str or type(target) is not str:
            return None
        bit = _BIT_OF_NAME.get(target)
        known = _BOLT_ELEMENT_OF_VALUE.get(element)
        if bit is None or known is None:
            return None
        parsed.append(Bolt(known, ALL_SQUARES[bit]))
    return BoltsSubmission(tuple(parsed))
