"""Board pictures of any duel from its `Picture` (events/duel.py): SVG for the dashboard and
PNG (Pillow) for Discord. Elements by colour and symbol, stack heights, marked cells (Element's
mountain ranges), pieces, coordinates and the last turn's cells highlighted; a simultaneous
game's moves as arrows and its clashes as crosses (Elementarium)."""

from __future__ import annotations

import io
import math
from html import escape
from typing import Any

from events.duel import Picture

CELL = 44
MARGIN = 28
COLOURS = {
    "F": "#d9412b",  # fire: red
    "W": "#2f6fd6",  # water: blue
    "E": "#3b2f2a",  # earth: black-brown
    "A": "#e8dcb8",  # air: beige
    "O": "#6e6e6e",  # an obstacle (Elementarium)
    "neutral": "#eeeeee",  # Elementarium's neutral zone
}
TEXT_ON = {"F": "#ffffff", "W": "#ffffff", "E": "#ffffff", "A": "#3b3b3b"}
# Elemental Halma: planes tinted by element, points of power, the material plane, and the
# elementals in the rule text's colours (Water blue, Fire red, Earth green, Air white)
COLOURS |= {
    "plane-W": "#d3e2fb", "plane-F": "#f8d5ce", "plane-E": "#d2eed9", "plane-A": "#ececec",
    "power": "#f2c230", "material": "#c9b8e6", "void": "#ffffff",
    "piece-W": "#2f6fd6", "piece-F": "#d9412b", "piece-E": "#2e9e4f", "piece-A": "#ffffff",
}  # fmt: skip
TEXT_ON |= {"piece-W": "#ffffff", "piece-F": "#ffffff", "piece-E": "#ffffff"}
MARK = "#111111"
PIECES = ("#f2c230", "#9b4fd1", "#3cb371", "#ff7f50")
HIGHLIGHT = "#ffd400"
GRID = "#9a9a9a"
BACKGROUND = "#f7f5ef"


def _piece_colour(owner: int, colour: str) -> str:
    """A piece's own colour key if it has one, else its owner's colour."""
    return COLOURS.get(colour) or PIECES[owner % len(PIECES)]


def _origin(picture: Picture, col: int, row: int) -> tuple[float, float]:
    shift = CELL / 2 if picture.shape == "hex" and row % 2 else 0
    return MARGIN + col * CELL + shift, MARGIN + row * CELL


def size(picture: Picture) -> tuple[int, int]:
    extra = CELL // 2 if picture.shape == "hex" else 0
    width = 2 * MARGIN + len(picture.cols) * CELL + extra
    height = 2 * MARGIN + len(picture.rows) * CELL + (24 if picture.caption else 0)
    return width, height


def hexagon(x: float, y: float, inset: float = 0) -> list[tuple[float, float]]:
    """The corners of a pointy-topped hexagon filling the cell at (x, y), `inset` inside."""
    cx, cy, radius = x + CELL / 2, y + CELL / 2, CELL / 2 - inset
    return [
        (round(cx + radius * math.cos(math.radians(60 * k - 30)), 2),
         round(cy + radius * math.sin(math.radians(60 * k - 30)), 2))
        for k in range(6)
    ]  # fmt: skip


def _points(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{px},{py}" for px, py in corners)


def face_wedges(x: float, y: float) -> list[list[tuple[float, float]]]:
    """The six triangles of a unit's hexagon in the cell at (x, y), by direction R, DR, DL, L,
    UL, UR (a pointy-topped hexagon: each face's edge is perpendicular to its direction)."""
    cx, cy, radius = x + CELL / 2, y + CELL / 2, CELL / 2 - 2

    def corner(deg: float) -> tuple[float, float]:
        a = math.radians(deg)
        return (round(cx + radius * math.cos(a), 2), round(cy + radius * math.sin(a), 2))

    return [[(cx, cy), corner(60 * d - 30), corner(60 * d + 30)] for d in range(6)]


def svg(picture: Picture) -> str:
    """The picture as an SVG document."""
    width, height = size(picture)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>',
    ]
    for r in range(len(picture.rows)):
        for c in range(len(picture.cols)):
            x, y = _origin(picture, c, r)
            if picture.shape == "hex":
                out.append(
                    f'<polygon points="{_points(hexagon(x, y))}" fill="#ffffff" '
                    f'stroke="{GRID}" stroke-width="1"/>'
                )
                continue
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffffff" '
                f'stroke="{GRID}" stroke-width="1"/>'
            )
    for c, label in enumerate(picture.cols):
        x, _ = _origin(picture, c, 0)
        out.append(
            f'<text x="{x + CELL / 2}" y="{MARGIN - 8}" text-anchor="middle" '
            f'font-size="13">{escape(label)}</text>'
        )
    for r, label in enumerate(picture.rows):
        _, y = _origin(picture, 0, r)
        out.append(
            f'<text x="{MARGIN - 6}" y="{y + CELL / 2 + 5}" text-anchor="end" '
            f'font-size="13">{escape(label)}</text>'
        )
    for cell in picture.cells:
        x, y = _origin(picture, cell.col, cell.row)
        fill = COLOURS.get(cell.kind, "#cccccc")
        ink = TEXT_ON.get(cell.kind, "#000000")
        if picture.shape == "hex":
            out.append(
                f'<polygon points="{_points(hexagon(x, y, 3))}" fill="{fill}" '
                f'data-kind="{escape(cell.kind)}"/>'
            )
        else:
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" '
                f'fill="{fill}" data-kind="{escape(cell.kind)}"/>'
            )
        if cell.marked:
            out.append(
                f'<polygon points="{x + CELL / 2},{y + 6} {x + CELL - 7},{y + CELL - 7} '
                f'{x + 7},{y + CELL - 7}" fill="none" stroke="{ink}" stroke-width="2"/>'
            )
        out.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 5}" text-anchor="middle" '
            f'font-size="15" font-weight="bold" fill="{ink}">{escape(cell.symbol)}</text>'
        )
        if cell.count > 1:
            out.append(
                f'<text x="{x + CELL - 6}" y="{y + 15}" text-anchor="end" font-size="12" '
                f'fill="{ink}">{cell.count}</text>'
            )
    for piece in picture.pieces:
        x, y = _origin(picture, piece.col, piece.row)
        colour = _piece_colour(piece.owner, piece.colour)
        if piece.marked:
            out.append(
                f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - 2}" '
                f'fill="none" stroke="{MARK}" stroke-width="2" stroke-dasharray="4 2" '
                'class="capturable"/>'
            )
        if len(piece.faces) == 6:
            for kind, wedge in zip(piece.faces, face_wedges(x, y), strict=True):
                points = " ".join(f"{px},{py}" for px, py in wedge)
                out.append(
                    f'<polygon points="{points}" fill="{COLOURS.get(kind, "#cccccc")}" '
                    f'stroke="#222" stroke-width="1" class="face" data-kind="{escape(kind)}"/>'
                )
            dash = ' stroke-dasharray="3,2" class="mirrored"' if piece.mirrored else ""
            out.append(
                f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 4}" '
                f'fill="{colour}" stroke="#222" stroke-width="2"{dash}><title>'
                f"{escape(piece.label)}</title></circle>"
            )
            out.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" text-anchor="middle" '
                f'font-size="11" font-weight="bold">{escape(piece.label[:2])}</text>'
            )
            continue
        out.append(
            f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - 6}" '
            f'fill="{colour}" stroke="#222" stroke-width="2"><title>{escape(piece.label)}'
            "</title></circle>"
        )
        out.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 5}" text-anchor="middle" '
            f'font-size="14" font-weight="bold" fill="{TEXT_ON.get(piece.colour, "#000000")}">'
            f"{escape(piece.label[:2])}</text>"
        )
    for col, row in sorted(picture.highlight):
        x, y = _origin(picture, col, row)
        if picture.shape == "hex":
            out.append(
                f'<polygon points="{_points(hexagon(x, y, 1))}" fill="none" '
                f'stroke="{HIGHLIGHT}" stroke-width="3" class="last-turn"/>'
            )
            continue
        out.append(
            f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="3" class="last-turn"/>'
        )
    out.extend(_svg_arrows(picture))
    if picture.caption:
        out.append(
            f'<text x="{MARGIN}" y="{height - 10}" font-size="14">{escape(picture.caption)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)


def _centre(picture: Picture, col: int, row: int) -> tuple[float, float]:
    x, y = _origin(picture, col, row)
    return x + CELL / 2, y + CELL / 2


def _svg_arrows(picture: Picture) -> list[str]:
    """The turn's moves as arrows in the mover's colour, and crosses on marked cells."""
    out = []
    if picture.arrows:
        out.append(
            '<defs><marker id="head" markerWidth="8" markerHeight="8" refX="6" refY="4" '
            'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#222"/></marker></defs>'
        )
    for c0, r0, c1, r1, owner in picture.arrows:
        (x0, y0), (x1, y1) = _centre(picture, c0, r0), _centre(picture, c1, r1)
        colour = PIECES[owner % len(PIECES)]
        out.append(
            f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{colour}" stroke-width="4" '
            'stroke-opacity="0.85" marker-end="url(#head)" class="move"/>'
        )
    for col, row in sorted(picture.marks):
        x, y = _origin(picture, col, row)
        a, b = x + 8, x + CELL - 8
        out.append(
            f'<path d="M{a},{y + 8} L{b},{y + CELL - 8} M{b},{y + 8} L{a},{y + CELL - 8}" '
            'stroke="#c00000" stroke-width="4" class="clash"/>'
        )
    return out


def _png_arrows(draw: Any, picture: Picture) -> None:
    for c0, r0, c1, r1, owner in picture.arrows:
        (x0, y0), (x1, y1) = _centre(picture, c0, r0), _centre(picture, c1, r1)
        colour = PIECES[owner % len(PIECES)]
        draw.line((x0, y0, x1, y1), fill=colour, width=4)
        draw.ellipse((x1 - 5, y1 - 5, x1 + 5, y1 + 5), fill="#222222")
    for col, row in picture.marks:
        x, y = _origin(picture, col, row)
        draw.line((x + 8, y + 8, x + CELL - 8, y + CELL - 8), fill="#c00000", width=4)
        draw.line((x + CELL - 8, y + 8, x + 8, y + CELL - 8), fill="#c00000", width=4)


def png(picture: Picture) -> bytes:
    """The picture as PNG bytes (Pillow, drawn directly: no SVG renderer needed)."""
    from PIL import Image, ImageDraw

    width, height = size(picture)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for r in range(len(picture.rows)):
        for c in range(len(picture.cols)):
            x, y = _origin(picture, c, r)
            if picture.shape == "hex":
                draw.polygon(hexagon(x, y), fill="#ffffff", outline=GRID)
            else:
                draw.rectangle((x, y, x + CELL, y + CELL), fill="#ffffff", outline=GRID)
    for c, label in enumerate(picture.cols):
        x, _ = _origin(picture, c, 0)
        draw.text((x + CELL / 2, MARGIN - 14), label, fill="#000000", anchor="mm")
    for r, label in enumerate(picture.rows):
        _, y = _origin(picture, 0, r)
        draw.text((MARGIN - 12, y + CELL / 2), label, fill="#000000", anchor="mm")
    for cell in picture.cells:
        x, y = _origin(picture, cell.col, cell.row)
        fill = COLOURS.get(cell.kind, "#cccccc")
        ink = TEXT_ON.get(cell.kind, "#000000")
        if picture.shape == "hex":
            draw.polygon(hexagon(x, y, 3), fill=fill)
        else:
            draw.rounded_rectangle((x + 3, y + 3, x + CELL - 3, y + CELL - 3), 6, fill=fill)
        if cell.marked:
            points = [(x + CELL / 2, y + 6), (x + CELL - 7, y + CELL - 7), (x + 7, y + CELL - 7)]
            draw.polygon(points, outline=ink, width=2)
        draw.text((x + CELL / 2, y + CELL / 2), cell.symbol, fill=ink, anchor="mm")
        if cell.count > 1:
            draw.text((x + CELL - 8, y + 10), str(cell.count), fill=ink, anchor="mm")
    for piece in picture.pieces:
        x, y = _origin(picture, piece.col, piece.row)
        colour = _piece_colour(piece.owner, piece.colour)
        if piece.marked:
            draw.ellipse((x + 2, y + 2, x + CELL - 2, y + CELL - 2), outline=MARK, width=2)
        if len(piece.faces) == 6:
            for kind, wedge in zip(piece.faces, face_wedges(x, y), strict=True):
                draw.polygon(wedge, fill=COLOURS.get(kind, "#cccccc"), outline="#222222")
            q = CELL / 4
            ring = "#ffffff" if piece.mirrored else "#222222"
            box = (x + CELL / 2 - q, y + CELL / 2 - q, x + CELL / 2 + q, y + CELL / 2 + q)
            draw.ellipse(box, fill=colour, outline=ring, width=2)
            draw.text((x + CELL / 2, y + CELL / 2), piece.label[:2], fill="#000000", anchor="mm")
            continue
        draw.ellipse((x + 6, y + 6, x + CELL - 6, y + CELL - 6), fill=colour, outline="#222222")
        ink = TEXT_ON.get(piece.colour, "#000000")
        draw.text((x + CELL / 2, y + CELL / 2), piece.label[:2], fill=ink, anchor="mm")
    for col, row in picture.highlight:
        x, y = _origin(picture, col, row)
        if picture.shape == "hex":
            draw.polygon(hexagon(x, y, 1), outline=HIGHLIGHT, width=3)
        else:
            draw.rectangle((x + 1, y + 1, x + CELL - 1, y + CELL - 1), outline=HIGHLIGHT, width=3)
    _png_arrows(draw, picture)
    if picture.caption:
        draw.text((MARGIN, height - 18), picture.caption, fill="#000000")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()
