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
    size = 0
    for piece in pieces:
        extra = len(piece) + (1 if current else 0)
        if current and size + extra > limit:
            carry: list[str] = []
            while current and current[-1].startswith("#") and len(current) > 1:
                carry.insert(0, current.pop())
            messages.append("\n".join(current).strip("\n"))
            current, size = carry, len("\n".join(carry))
            extra = len(piece) + (1 if current else 0)
        current.append(piece)
        size += extra
    if current and "\n".join(current).strip():
        messages.append("\n".join(current).strip("\n"))
    return [m for m in messages if m.strip()]
