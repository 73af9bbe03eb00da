"""Markdown tables drawn for Discord: Discord shows a Markdown table as raw `| a | b |` text,
so festival draws each one as an aligned monospace code block instead, narrow enough for a
phone.

Columns are separated by two spaces, numbers are right-aligned (or as the delimiter row's
colons say), Markdown emphasis inside a cell is dropped (a code block shows it raw). When the
table is wider than `width`, its widest columns are narrowed (never below their longest
word) and their cells wrap onto more lines; then a blank line separates the rows so each
row reads as one. The header keeps a rule of dashes under it.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

PHONE_WIDTH = 40
"""characters of a code block line a phone shows without wrapping it"""
GAP = "  "
FENCE = "```"

_DELIMITER_CELL = re.compile(r"\s*(:?)-+(:?)\s*")
_EMPHASIS = re.compile(r"(\*\*|__|~~|`)")
_NUMBER = re.compile(r"[-+]?[\d.,/]+%?")


@dataclass(frozen=True)
class DrawnTable:
    """A table as code-block lines: the opening fence, the header, its rule, a line per
    row (a row that wraps is one entry holding its lines; blank entries separate wrapped
    rows) and the closing fence. The first three entries are what every part of a table
    cut between messages repeats."""

    lines: tuple[str, ...]


def cells(line: str) -> list[str]:
    """A Markdown table row's cells (`\\|` is a literal bar)."""
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    parts = re.split(r"(?<!\\)\|", text)
    return [_plain(p.strip().replace("\\|", "|")) for p in parts]


def _plain(cell: str) -> str:
    return _EMPHASIS.sub("", cell)


def _alignments(delimiter: str, count: int) -> list[str | None]:
    """'<', '>' or '^' per column from a delimiter row (None: not said)."""
    found: list[str | None] = []
    for cell in re.split(r"(?<!\\)\|", delimiter.strip().strip("|")):
        m = _DELIMITER_CELL.fullmatch(cell)
        left, right = (bool(m.group(1)), bool(m.group(2))) if m else (False, False)
        found.append("^" if left and right else ">" if right else "<" if left else None)
    return (found + [None] * count)[:count]


def _is_delimiter(line: str) -> bool:
    parts = [p for p in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
    return bool(parts) and all(_DELIMITER_CELL.fullmatch(p) for p in parts)


def draw_table(lines: Sequence[str], width: int = PHONE_WIDTH) -> DrawnTable:
    """A Markdown table (its `|` lines) drawn as a monospace code block."""
    rows = [cells(x) for x in lines]
    said: list[str | None] = []
    if len(lines) > 1 and _is_delimiter(lines[1]):
        said = _alignments(lines[1], len(rows[0]))
        rows = [rows[0], *rows[2:]]
    count = max(len(r) for r in rows)
    rows = [r + [""] * (count - len(r)) for r in rows]
    said = (said + [None] * count)[:count]
    align = [
        a or (">" if all(_NUMBER.fullmatch(r[c]) or not r[c] for r in rows[1:]) else "<")
        for c, a in enumerate(said)
    ]
    widths = _fit([max(len(r[c]) for r in rows) for c in range(count)], rows, width)
    drawn = [_row(r, widths, align) for r in rows]
    wrapped = any("\n" in d for d in drawn[1:])
    body: list[str] = []
    for i, d in enumerate(drawn[1:]):
        body += ["", d] if wrapped and i else [d]
    rule = GAP.join("-" * w for w in widths)
    return DrawnTable((FENCE, drawn[0], rule, *body, FENCE))


def _fit(natural: list[int], rows: Sequence[Sequence[str]], width: int) -> list[int]:
    """Column widths within `width` (counting the gaps), narrowing the widest column first,
    none below its longest word."""
    floor = [
        max((len(w) for r in rows for w in r[c].split()), default=0) for c in range(len(natural))
    ]
    widths = list(natural)
    gaps = len(GAP) * (len(widths) - 1)
    while sum(widths) + gaps > width:
        shrinkable = [c for c in range(len(widths)) if widths[c] > max(floor[c], 1)]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda c: (widths[c], -c))
        widths[widest] -= 1
    return widths


def _row(row: Sequence[str], widths: Sequence[int], align: Sequence[str]) -> str:
    """One row, as many lines as its tallest wrapped cell, trailing spaces dropped."""
    columns = [textwrap.wrap(cell, w) or [""] for cell, w in zip(row, widths, strict=True)]
    height = max(len(c) for c in columns)
    lines = []
    for i in range(height):
        parts = [
            f"{(col[i] if i < len(col) else ''):{a}{w}}"
            for col, w, a in zip(columns, widths, align, strict=True)
        ]
        lines.append(GAP.join(parts).rstrip())
    return "\n".join(lines)
