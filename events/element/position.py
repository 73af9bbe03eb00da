"""Positions written as text, for the rebuilt example pictures (fixtures/element/examples.txt)
and for tests: one line per row from row 1, one word per square from column A.

Words: `.` empty, `F` fire, `W` water, `E` earth (`E2` a mountain), `A` air (`A3` a stack of
three), `1`/`2` the first/second player's sage. Rows and squares not written are empty.
Each air square gets its own stack.
"""

from __future__ import annotations

import re

from events.element.board import N_SQUARES, SIZE, Board, Stone, index

_WORD = re.compile(r"^([FWEA])([1-4]?)$")


class PositionError(ValueError):
    """A position text that is not a position (the message says where)."""


def parse_position(text: str) -> tuple[Board, tuple[int, int]]:
    """The board and the sages' squares of a position text."""
    stone = [0] * N_SQUARES
    height = [0] * N_SQUARES
    stack = [0] * N_SQUARES
    sages: dict[str, int] = {}
    next_stack = 1
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if len(rows) > SIZE:
        raise PositionError(f"{len(rows)} rows: the board has {SIZE}")
    for r, words in enumerate(rows):
        if len(words) > SIZE:
            raise PositionError(f"row {r + 1} has {len(words)} squares: the board has {SIZE}")
        for c, word in enumerate(words):
            i = index(c, r)
            if word == ".":
                continue
            if word in ("1", "2"):
                if word in sages:
                    raise PositionError(f"sage {word} appears twice (row {r + 1})")
                sages[word] = i
                continue
            m = _WORD.match(word.upper())
            if not m:
                raise PositionError(f"row {r + 1}, square {c + 1}: {word!r} is not a square")
            s = Stone.from_letter(m.group(1))
            assert s is not None
            h = int(m.group(2) or 1)
            limit = {Stone.AIR: 4, Stone.EARTH: 2}.get(s, 1)
            if h > limit:
                raise PositionError(f"row {r + 1}, square {c + 1}: {word!r} is too high")
            stone[i], height[i] = int(s), h
            if s == Stone.AIR:
                stack[i], next_stack = next_stack, next_stack + 1
    if set(sages) != {"1", "2"}:
        raise PositionError("a position has both sages, 1 and 2")
    board = Board(tuple(stone), tuple(height), tuple(stack), next_stack)
    return board, (sages["1"], sages["2"])


def parse_positions(text: str) -> dict[str, str]:
    """Named positions from a file of `== name ==` headers, each followed by its rows
    (lines starting with `#` are comments)."""
    out: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        head = re.match(r"^==\s*(.+?)\s*==\s*$", line)
        if head:
            current = head.group(1)
            if current in out:
                raise PositionError(f"position {current!r} appears twice")
            out[current] = ""
        elif current is not None and not line.lstrip().startswith("#"):
            out[current] += line + "\n"
    return out
