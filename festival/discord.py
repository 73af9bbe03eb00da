"""Splitting Markdown into messages that each fit one Discord message."""

from __future__ import annotations

DISCORD_LIMIT = 2000


def split_messages(markdown: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """Split at line breaks into messages of at most `limit` characters.

    Lines stay whole where they fit; a heading is never left alone at the end of a message;
    a single line longer than `limit` is cut at the last space before the limit (or hard).
    """
    if limit < 20:
        raise ValueError("limit too small")
    pieces: list[str] = []
    for line in markdown.strip("\n").split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            pieces.append(line[:cut])
            line = line[cut:].lstrip(" ")
        pieces.append(line)
    messages: list[str] = []
    current: list[str] = []
    for piece in pieces:
        if current and _size([*current, piece]) > limit:
            carry: list[str] = []
            while len(current) > 1 and current[-1].startswith("#"):
                carry.insert(0, current.pop())
            if carry and _size([*carry, piece]) > limit:
                current, carry = current + carry, []
            messages.append("\n".join(current).strip("\n"))
            current = carry
        current.append(piece)
    if current:
        messages.append("\n".join(current).strip("\n"))
    return [m for m in messages if m.strip()]


def _size(lines: list[str]) -> int:
    return sum(len(line) for line in lines) + len(lines) - 1
