"""Splitting Markdown into messages that each fit one Discord message.

A post is read as blocks: headings, paragraphs (runs of lines), tables (runs of lines that
start with `|`) and fenced code. Messages are cut only between blocks, and a headed section
that fits in one message is never cut; a heading always stays with the block under it. Only a
block longer than a whole message is cut inside, between its lines: a table between rows,
every part repeating the table's header (its first row, and the delimiter row under it);
fenced code between lines, every part closed and reopened with the same fence so the Markdown
stays balanced. A single line longer than a message is cut at the last space before the
limit (or hard); nothing else is ever cut, dropped or reordered.

`discord_messages` is what festival posts (and `festival announce` prints): the same cut, with
every table first drawn as an aligned monospace code block (festival/discord/tables.py), since
Discord does not render Markdown tables. A drawn table is cut between rows, every part
repeating the fence, the header and its rule. `round_messages` cuts a round's announcements
(the match domain's Markdown) so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from festival.discord.tables import PHONE_WIDTH, draw_table

if TYPE_CHECKING:
    from festival.match.announce import Announcements

DISCORD_LIMIT = 2000
CORRECTION_ROOM = 60
"""characters a posted message keeps free for the line that marks it corrected"""
POST_LIMIT = DISCORD_LIMIT - CORRECTION_ROOM

_HEADING = re.compile(r"#{1,6}(\s|$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_DELIMITER = re.compile(r"\s*\|?(\s*:?-+:?\s*\|)*\s*:?-+:?\s*\|?\s*")


class Kind(Enum):
    HEADING = "heading"
    TEXT = "text"
    TABLE = "table"
    CODE = "code"
    DRAWN = "drawn table"
    """a table drawn as a code block: fence, header, rule, rows (a row may be several lines)"""


@dataclass(frozen=True)
class Block:
    kind: Kind
    lines: tuple[str, ...]
    gap: int = 0
    """blank lines before it in the post"""

    @property
    def head(self) -> tuple[str, ...]:
        """The lines every part of this block repeats when it is cut."""
        if self.kind is Kind.TABLE:
            delimited = len(self.lines) > 1 and _DELIMITER.fullmatch(self.lines[1])
            return self.lines[:2] if delimited else self.lines[:1]
        if self.kind is Kind.CODE:
            return self.lines[:1]
        if self.kind is Kind.DRAWN:
            return self.lines[:3]
        return ()

    @property
    def closing(self) -> tuple[str, ...]:
        """A code block's closing fence, as written (none if the post never closes it)."""
        if self.kind is Kind.DRAWN:
            return self.lines[-1:]
        if (
            self.kind is Kind.CODE
            and len(self.lines) > 1
            and _closes(self.lines[0], self.lines[-1])
        ):
            return self.lines[-1:]
        return ()


def split_messages(markdown: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """Split a Markdown post into messages of at most `limit` characters, only between
    blocks where it can (see the module's docstring)."""
    return _split(parse_blocks(markdown), limit)


def discord_messages(markdown: str, limit: int = POST_LIMIT, width: int = PHONE_WIDTH) -> list[str]:
    """A post as festival sends it to Discord: tables drawn as monospace code blocks at most
    `width` characters wide where they can be, cut into messages of at most `limit`
    characters (room is left for marking a message corrected)."""
    blocks = [
        Block(Kind.DRAWN, draw_table(b.lines, width).lines, b.gap) if b.kind is Kind.TABLE else b
        for b in parse_blocks(markdown)
    ]
    return _split(blocks, limit)


@dataclass(frozen=True)
class RoundMessages:
    """A round's announcements as festival posts them (and `festival announce` prints them)."""

    round_no: int
    public: list[str]
    """the public post's messages"""
    private: dict[str, list[str]]
    """player -> their private report's messages"""


def round_messages(posts: Announcements) -> RoundMessages:
    """A round's announcements (Markdown) cut into Discord messages."""
    return RoundMessages(
        posts.round_no,
        discord_messages(posts.public),
        {p: discord_messages(text) for p, text in posts.private.items()},
    )


def _split(blocks: list[Block], limit: int) -> list[str]:
    if limit < 20:
        raise ValueError("limit too small")
    messages: list[list[str]] = []
    current: list[str] = []

    def add(blocks: Sequence[Block]) -> bool:
        """Put blocks whole into the current message or, failing that, a new one."""
        nonlocal current
        lines = _render(blocks)
        joined = [*current, *[""] * blocks[0].gap, *lines]
        if current and _size(joined) <= limit:
            current = joined
            return True
        if _size(lines) <= limit:
            if current:
                messages.append(current)
            current = lines
            return True
        return False

    for section in _sections(blocks):
        if add(section):
            continue
        for unit in _units(section):
            if add(unit):
                continue
            *heading, block = unit
            prefix = [*_render(heading), *[""] * block.gap] if heading else []
            joined = [*current, *[""] * unit[0].gap, *prefix] if current else prefix
            parts = _cut(block, joined, limit)
            if current and parts[0] == joined:  # not one line of it fits after `current`
                messages.append(current)
                parts = _cut(block, prefix, limit)
            *whole, current = parts
            messages += whole
    if current:
        messages.append(current)
    texts = ("\n".join(m).strip("\n") for m in messages)
    return [t for t in texts if t.strip()]


def parse_blocks(markdown: str) -> list[Block]:
    """The post's blocks in order, each with the number of blank lines before it."""
    lines = markdown.strip("\n").split("\n")
    blocks: list[Block] = []
    gap = i = 0
    while i < len(lines):
        line = lines[i]
        start = i
        i += 1
        if not line.strip():
            gap += 1
            continue
        if _FENCE.match(line):
            while i < len(lines) and not _closes(line, lines[i]):
                i += 1
            i = min(i + 1, len(lines))
            kind = Kind.CODE
        elif _HEADING.match(line):
            kind = Kind.HEADING
        elif _is_row(line):
            while i < len(lines) and _is_row(lines[i]):
                i += 1
            kind = Kind.TABLE
        else:
            while i < len(lines) and _kind_of(lines[i]) is Kind.TEXT:
                i += 1
            kind = Kind.TEXT
        blocks.append(Block(kind, tuple(lines[start:i]), gap))
        gap = 0
    return blocks


def _kind_of(line: str) -> Kind | None:
    if not line.strip():
        return None
    if _FENCE.match(line):
        return Kind.CODE
    if _HEADING.match(line):
        return Kind.HEADING
    return Kind.TABLE if _is_row(line) else Kind.TEXT


def _is_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def _marker(opening: str) -> str:
    """The fence an opening fence line starts with (three or more backticks or tildes)."""
    fence = _FENCE.match(opening)
    return fence.group(1) if fence else "```"


def _closes(opening: str, line: str) -> bool:
    marker = _marker(opening)
    stripped = line.strip()
    return stripped.startswith(marker) and set(stripped) == {marker[0]}


def _sections(blocks: list[Block]) -> list[list[Block]]:
    """Headed sections: a heading (or several in a row) and the blocks up to the next one."""
    sections: list[list[Block]] = []
    for block in blocks:
        only_headings = bool(sections) and all(b.kind is Kind.HEADING for b in sections[-1])
        if not sections or (block.kind is Kind.HEADING and not only_headings):
            sections.append([block])
        else:
            sections[-1].append(block)
    return sections


def _units(section: list[Block]) -> list[list[Block]]:
    """The section's blocks, each heading glued to the block under it."""
    units: list[list[Block]] = [[]]
    for block in section:
        units[-1].append(block)
        if block.kind is not Kind.HEADING:
            units.append([])
    return [u for u in units if u]


def _render(blocks: Sequence[Block]) -> list[str]:
    lines: list[str] = []
    for i, block in enumerate(blocks):
        lines += [""] * (block.gap if i else 0)
        lines += block.lines
    return lines


def _cut(block: Block, prefix: list[str], limit: int) -> list[list[str]]:
    """A block longer than one message, cut between lines into parts of at most `limit`
    characters, each part repeating the block's head (and closing a code fence); `prefix`
    (the headings above it) starts the first part."""
    head, closing = list(block.head), list(block.closing)
    body = block.lines[len(head) : len(block.lines) - len(closing)]
    close = closing or ([_marker(head[0])] if block.kind in (Kind.CODE, Kind.DRAWN) else [])
    room = limit - _size([*head, *close, ""])
    if room < limit // 4:  # a head too long to repeat: cut the block as plain lines
        head, close, body, closing, room = [], [], block.lines, [], limit
    pieces = [piece for line in body for piece in _cut_line(line, room)]
    parts: list[list[str]] = []
    part = [*prefix, *head]
    filled = False
    for piece in pieces:
        if _size([*part, piece, *close]) > limit and (filled or prefix):
            parts.append([*part, *close] if filled else prefix)
            part = [*head]
        part.append(piece)
        filled = True
    parts.append([*part, *closing])
    return parts


def _cut_line(line: str, room: int) -> list[str]:
    """A line cut at the last space before `room` characters (or hard), or the line whole."""
    pieces: list[str] = []
    while len(line) > room:
        cut = line.rfind(" ", 0, room)
        cut = cut if cut > room // 2 else room
        pieces.append(line[:cut])
        line = line[cut:].lstrip(" ")
    pieces.append(line)
    return pieces


def _size(lines: Sequence[str]) -> int:
    return sum(len(line) for line in lines) + len(lines) - 1
