"""A picture of the project's renderer (festival/core/picture.py) as a compact SVG document for
the dashboard's images: the same drawing in a few dozen elements instead of hundreds.

Polygons of one paint become one <path>, and one-character words of one size and colour one
<text> (a position per character), wherever no other drawing between them overlaps them, so
that what lies on top still does. A browser builds and paints every element of an image on
each switch to a page; a Summoner's Dream defence is 234 elements as the renderer writes it
(data keys and classes for the tests' and the duel pages' hooks, which an image never uses),
about 70 here. Discord's PNG and the duel pages' SVG are unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from events.duel import Picture
from festival.core.picture import Shape, layout, shapes, svg_start

Box = tuple[float, float, float, float]
EPSILON = 0.01
"""drawings that only touch (cells sharing a side) do not overlap"""


def _box(shape: Shape) -> Box:
    """Where `shape` paints, its stroke and a word's estimated width included."""
    if shape.kind == "text":
        x, y = shape.points[0]
        w, h = shape.size * 0.6 * len(shape.text), shape.size
        left = x - w / 2 if shape.anchor == "mm" else x
        return (left, y - h / 2, left + w, y + h / 2)
    if shape.kind == "circle":
        (cx, cy), r = shape.points[0], shape.radius + shape.width / 2
        return (cx - r, cy - r, cx + r, cy + r)
    xs = [x for x, _ in shape.points]
    ys = [y for _, y in shape.points]
    pad = shape.width / 2
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _overlap(a: Box, b: Box) -> bool:
    return (
        a[0] < b[2] - EPSILON
        and b[0] < a[2] - EPSILON
        and a[1] < b[3] - EPSILON
        and b[1] < a[3] - EPSILON
    )


def _paint(shape: Shape) -> str:
    paint = f'fill="{shape.fill or "none"}"'
    if shape.stroke:
        paint += f' stroke="{shape.stroke}" stroke-width="{round(shape.width, 2)}"'
    if shape.dashed:
        paint += ' stroke-dasharray="6 4"'
    return paint


def _key(shape: Shape) -> str | None:
    """What shapes merge by (None: drawn alone)."""
    if shape.kind == "polygon":
        return "polygon " + _paint(shape)
    if shape.kind == "text" and len(shape.text) == 1 and shape.anchor == "mm":
        return f"text {shape.size} {shape.fill}"
    return None


@dataclass
class _Group:
    key: str | None
    shapes: list[Shape] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)


def _r(v: float) -> float:
    return round(v, 2)


def _element(group: _Group) -> str:
    first = group.shapes[0]
    if first.kind == "polygon":
        d = "".join(
            "M" + "L".join(f"{_r(x)} {_r(y)}" for x, y in s.points) + "Z" for s in group.shapes
        )
        return f'<path d="{d}" {_paint(first)}/>'
    if first.kind == "text":
        xs = " ".join(str(_r(s.points[0][0])) for s in group.shapes)
        ys = " ".join(str(_r(s.points[0][1])) for s in group.shapes)
        anchor = "middle" if first.anchor == "mm" else "start"
        words = "".join(s.text for s in group.shapes)
        return (
            f'<text x="{xs}" y="{ys}" text-anchor="{anchor}" dominant-baseline="central" '
            f'font-size="{first.size}" fill="{first.fill}">{escape(words)}</text>'
        )
    if first.kind == "circle":
        (cx, cy), r = first.points[0], _r(first.radius)
        return f'<circle cx="{_r(cx)}" cy="{_r(cy)}" r="{r}" {_paint(first)}/>'
    points = " ".join(f"{_r(x)},{_r(y)}" for x, y in first.points)
    return (
        f'<polyline points="{points}" {_paint(first)} stroke-linecap="round" '
        'stroke-linejoin="round"/>'
    )


def _groups(drawn: list[Shape]) -> list[_Group]:
    """`drawn` in groups, each shape in the last group of its key unless a later group has a
    drawing it overlaps (then in a new group): the order of what overlaps is kept."""
    groups: list[_Group] = []
    for shape in drawn:
        key, box = _key(shape), _box(shape)
        target: _Group | None = None
        if key is not None:
            for group in reversed(groups):
                if group.key == key:
                    target = group
                    break
                if any(_overlap(box, b) for b in group.boxes):
                    break
        if target is None:
            target = _Group(key)
            groups.append(target)
        target.shapes.append(shape)
        target.boxes.append(box)
    return groups


def compact_svg(picture: Picture) -> str:
    """The picture as `festival.core.picture.svg` draws it, in fewer elements (no data keys or
    classes)."""
    lay = layout(picture)
    out = svg_start(lay.width, lay.height)
    out += [_element(g) for g in _groups(shapes(picture))]
    out.append("</svg>")
    return "".join(out)
