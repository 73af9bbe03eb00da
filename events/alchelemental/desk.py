"""What the host desk shows of a position, as text: the board with hex elements, nodes and
units; every unit's faces; the legal actions of the selected unit; the last impel's arithmetic.
Pure: the command line and the dashboard print these lines."""

from __future__ import annotations

from events.alchelemental import rules
from events.alchelemental.board import DIRECTIONS
from events.alchelemental.state import AlchState, Piece

SIDE_MARK = ("L", "D")


def board_rows(s: AlchState) -> list[str]:
    """A header of column numbers, then one line per row (named as the notation names it,
    R1, R2, ...): a hex is its element (lower case; '*' a power node) or the unit on it, its
    side's letter (L the first player, D the second) and its whole name; even rows are
    indented half a hex, as the board is drawn."""
    b = s.board
    nodes = {h for pair in b.nodes for h in pair}
    width = max([4, *(1 + len(p.name) for p in s.pieces)])
    lines = ["    " + " ".join(f"{c + 1:<{width}}" for c in range(b.n_cols)).rstrip()]
    for r in range(b.n_rows):
        cells = []
        for c in range(b.n_cols):
            h = r * b.n_cols + c
            p = s.at(h)
            if p is not None:
                cells.append(f"{SIDE_MARK[p.owner]}{p.name}".ljust(width))
            else:
                cells.append(
                    f"{b.elements[h].letter.lower()}{'*' if h in nodes else ''}".ljust(width)
                )
        indent = " " * ((width + 1) // 2) if r % 2 else ""
        lines.append((f"R{r + 1:<3}{indent}" + " ".join(cells)).rstrip())
    return lines


def board_key(s: AlchState) -> tuple[str, ...]:
    """What the text board's letters mean and how its hexes are named."""
    light, dark = s.players
    return (
        f"L: {light}'s unit; D: {dark}'s unit (its whole name after the letter).",
        "Hexes: f fire, w water, e earth, a air; * a power node.",
        f"Hex N of a row: its Nth hex counted from {light}'s end (toward L).",
    )


def unit_line(s: AlchState, p: Piece) -> str:
    faces = " ".join(f"{DIRECTIONS[d]}:{p.face(d).letter}" for d in range(6))
    mirrored = ", mirrored" if p.mirrored else ""
    return f"{s.players[p.owner]} {p.name} on {s.board.place_name(p.hex)}{mirrored}: {faces}"


def selected_lines(s: AlchState) -> list[str]:
    """The open catalysis: its unit, actions used, and what it may do now."""
    if s.current is None:
        return []
    p = s.piece(s.to_move, s.current)
    if p is None:
        return []
    left = 0 if s.spent else p.kind.action_number - s.used
    out = [f"Catalysis {s.catalyses} of 2: {p.name}, {left} action(s) left"]
    if left:
        can = []
        if p.kind.mirrors:
            can.append("mirror")
        can.append("spin C1-C5/A1-A5")
        moves = [DIRECTIONS[d] for d in range(6) if _free(s, p, d)]
        if moves:
            can.append("move " + "/".join(moves))
        targets = _targets(s, p)
        if targets:
            can.append("impel " + "/".join(targets))
        out.append("Legal: " + "; ".join(can))
    return out


def _free(s: AlchState, p: Piece, d: int) -> bool:
    to = s.board.neighbour(p.hex, d)
    return to is not None and s.at(to) is None and rules.has_match(s, p, d)


def _targets(s: AlchState, p: Piece) -> list[str]:
    out: list[str] = []
    if p.kind.is_power:
        return out
    for d in range(6):
        to = s.board.neighbour(p.hex, d)
        q = None if to is None else s.at(to)
        if q is not None and q.owner != p.owner and rules.has_match(s, p, d):
            r = rules.reaction(s, p, q, d)
            out.append(f"{DIRECTIONS[d]} {q.name} ({r.impel} vs {r.repel})")
    return out


def progress(s: AlchState) -> str:
    if s.outcome is not None:
        return s.outcome.detail
    begun = f"{s.catalyses} of 2 catalyses begun" if s.catalyses < 2 else "confirm to end"
    return f"turn {s.turn_no}, {begun}" + (f", {s.current} selected" if s.current else "")


def desk_lines(s: AlchState) -> list[str]:
    lines = board_rows(s)
    lines.append("")
    lines += [unit_line(s, p) for p in s.pieces]
    lines += selected_lines(s)
    if s.last_reaction is not None:
        lines.append("Last impel: " + s.last_reaction.words())
    return lines
