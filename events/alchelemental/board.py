"""The hex boards (reconstructed: docs/rulings.md "Alchelemental boards"), their geometry and
the notation's names for hexes.

Rows run from the Light player's left to right: row 1 is the top row of a picture with Light
on the left and Dark on the right. Every row has the same number of hexes; even rows (R2, R4,
...) are shifted half a hex to the right. Directions, clockwise: R (toward Dark), DR, DL,
L (toward Light), UL, UR.

A board file gives the element of every hex, how many hexes of the first and last rows touch
each player's shaded edge area (2: L R; 3: L C R) and the two power nodes of each player, named
as the notation calls hexes ("R3", "R1L"). The two boards ship in fixtures/alchelemental/
(pit.json, battleground.json), which festival reads and hands to the game; a host may start a
board of their own from one (`festival duel new --board FILE`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from events.alchelemental.elements import Elem, opposite

DIRECTIONS = ("R", "DR", "DL", "L", "UL", "UR")
"""clockwise; a direction's index + 3 (mod 6) is its opposite"""
SIDES = ("light", "dark")
RULE_NODES = "A node in Air damages the operator. Opposite nodes explode. Matched nodes implode."
_POSITIONS = {2: ("L", "R"), 3: ("L", "C", "R")}


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    n_rows: int
    n_cols: int
    elements: tuple[Elem, ...]
    corner: int
    nodes: tuple[tuple[int, int], tuple[int, int]]
    """each player's two power-node hexes (Light's first)"""

    @property
    def size(self) -> int:
        return self.n_rows * self.n_cols

    def row_col(self, hex_: int) -> tuple[int, int]:
        return divmod(hex_, self.n_cols)

    def neighbour(self, hex_: int, direction: int) -> int | None:
        r, c = divmod(hex_, self.n_cols)
        dr, dc = _STEPS[r % 2][direction % 6]
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < self.n_rows and 0 <= c2 < self.n_cols:
            return r2 * self.n_cols + c2
        return None

    def direction_to(self, a: int, b: int) -> int | None:
        for d in range(6):
            if self.neighbour(a, d) == b:
                return d
        return None

    def edge_hexes(self, side: int) -> dict[str, int]:
        """The hexes sharing a face with `side`'s shaded edge area, by notation name: one per
        row (the row's end toward the player), and `corner` in the first and last rows."""
        out: dict[str, int] = {}
        last = self.n_rows - 1
        for r in range(self.n_rows):
            if r in (0, last):
                cols = list(range(self.corner))
                if side == 1:
                    cols = [self.n_cols - self.corner + k for k in range(self.corner)]
                for pos, c in zip(_POSITIONS[self.corner], cols, strict=True):
                    out[f"R{r + 1}{pos}"] = r * self.n_cols + c
            else:
                out[f"R{r + 1}"] = r * self.n_cols + (0 if side == 0 else self.n_cols - 1)
        return out

    def hex_name(self, hex_: int) -> str:
        """A hex's name in JSON and pictures: "row.column", both from 1 ("3.1")."""
        r, c = divmod(hex_, self.n_cols)
        return f"{r + 1}.{c + 1}"

    def place_name(self, hex_: int) -> str:
        """A hex's name for players, in the notation's rows ("R4 hex 2": row R4, its second
        hex counted from Light's end of the row, the column the text board numbers)."""
        r, c = divmod(hex_, self.n_cols)
        return f"R{r + 1} hex {c + 1}"

    def parse_hex(self, text: str) -> int | None:
        m = re.fullmatch(r"(\d+)\.(\d+)", text.strip())
        if not m:
            return None
        r, c = int(m[1]) - 1, int(m[2]) - 1
        if 0 <= r < self.n_rows and 0 <= c < self.n_cols:
            return r * self.n_cols + c
        return None

    def to_json(self) -> dict[str, Any]:
        names = [{v: k for k, v in self.edge_hexes(s).items()} for s in (0, 1)]
        return {
            "name": self.name,
            "title": self.title,
            "rows": [
                "".join(e.letter for e in self.elements[r * self.n_cols : (r + 1) * self.n_cols])
                for r in range(self.n_rows)
            ],
            "corner": self.corner,
            "nodes": {SIDES[s]: [names[s][h] for h in self.nodes[s]] for s in (0, 1)},
        }


_STEPS = (
    # even rows (R1, R3, ...): not shifted
    ((0, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0)),
    # odd rows (R2, R4, ...): shifted half a hex right
    ((0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1)),
)


def load_board(data: Any) -> tuple[Board | None, list[str]]:
    """A board from its JSON form, or every problem with it."""
    if not isinstance(data, Mapping):
        return None, ["a board file is a JSON object with name, rows, corner and nodes"]
    errors: list[str] = []
    name = str(data.get("name", "")).strip()
    if not name:
        errors.append("the board needs a name")
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) < 3 or not all(isinstance(r, str) for r in rows):
        return None, [*errors, "rows: a list of at least 3 strings of F, E, W, A"]
    width = len(rows[0])
    elements: list[Elem] = []
    for n, row in enumerate(rows, start=1):
        if len(row) != width:
            errors.append(f"row {n} has {len(row)} hexes, row 1 has {width}")
        for k, ch in enumerate(row, start=1):
            e = Elem.from_letter(ch)
            if e is None:
                errors.append(f"row {n}, hex {k}: {ch!r} is not F, E, W or A")
            else:
                elements.append(e)
    corner = data.get("corner")
    if corner not in (2, 3):
        errors.append("corner: 2 (first and last rows called by L R) or 3 (L C R)")
    if width < 2 * 3 or errors:
        if width < 6:
            errors.append("rows need at least 6 hexes")
        return None, errors
    assert isinstance(corner, int)
    probe = Board(name, str(data.get("title", name)), len(rows), width, tuple(elements), corner,
                  ((0, 0), (0, 0)))  # fmt: skip
    nodes_in = data.get("nodes")
    nodes: list[tuple[int, int]] = []
    for side, word in enumerate(SIDES):
        listed = nodes_in.get(word) if isinstance(nodes_in, Mapping) else None
        edges = probe.edge_hexes(side)
        if not isinstance(listed, list) or len(listed) != 2:
            errors.append(f"nodes.{word}: two power nodes, named like R3 or R1L")
            continue
        found = [edges.get(str(x).upper()) for x in listed]
        if any(h is None for h in found) or found[0] == found[1]:
            errors.append(
                f"nodes.{word}: {listed} must be two different {word} edge hexes "
                f"({', '.join(edges)})"
            )
            continue
        a, b = (h for h in found if h is not None)
        ea, eb = elements[a], elements[b]
        if Elem.AIR in (ea, eb):
            errors.append(f"nodes.{word}: a node on an Air hex [{RULE_NODES}]")
        elif ea == eb or opposite(ea, eb):
            errors.append(f"nodes.{word}: nodes on {ea.word} and {eb.word} hexes [{RULE_NODES}]")
        nodes.append((a, b))
    if errors:
        return None, errors
    if {elements[h] for h in nodes[0]} == {elements[h] for h in nodes[1]}:
        pass  # the same pair of node elements on both sides is allowed
    return (
        Board(probe.name, probe.title, probe.n_rows, width, probe.elements, corner,
              (nodes[0], nodes[1])),
        [],
    )  # fmt: skip
