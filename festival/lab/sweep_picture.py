"""A sweep's picture (PNG, drawn with Pillow): the item's paired value at each value of the
swept field, with its interval, a line at 0, the values to print shaded green, and the
points where the item is worth less than nothing or bought over its alternatives in red,
the others in blue; the legend names only the colours drawn."""

from __future__ import annotations

import io
import math

from festival.core import palette
from festival.core.registry import event_title
from festival.lab.sweep import Point, Sweep, good_ranges

WIDTH, HEIGHT = 900, 520
LEFT, RIGHT, TOP, BOTTOM = 90, 30, 60, 80
BLUE, RED, GREEN, GREY, INK = "#4c78a8", "#e45756", "#d9f2d9", "#999999", "#222222"


def png(sweep: Sweep, found: list[Point]) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (WIDTH, HEIGHT), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, big = ImageFont.load_default(size=14), ImageFont.load_default(size=18)
    xs = [float(p.value) for p in found]
    ys = [y for p in found for y in (p.worth, p.low, p.high, 0.0) if not math.isnan(y)]
    step = (max(xs) - min(xs)) / max(1, len(xs) - 1) or 1.0
    x0, x1 = min(xs) - step / 2, max(xs) + step / 2  # half a step of room at either end
    y0, y1 = min(ys), max(ys)
    if y1 == y0:
        y0, y1 = y0 - 1, y1 + 1
    pad = (y1 - y0) * 0.08
    y0, y1 = y0 - pad, y1 + pad

    def px(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT)

    def py(y: float) -> float:
        return TOP + (y1 - y) / (y1 - y0) * (HEIGHT - TOP - BOTTOM)

    ranges = good_ranges(found)
    for a, b in ranges:
        left = max(LEFT, px(float(a) - step / 2))
        right = min(WIDTH - RIGHT, px(float(b) + step / 2))
        draw.rectangle((left, TOP, right, HEIGHT - BOTTOM), fill=GREEN)
    draw.rectangle((LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM), outline=INK)
    draw.line((LEFT, py(0.0), WIDTH - RIGHT, py(0.0)), fill=GREY, width=1)
    for tick in _ticks(y0, y1):
        draw.line((LEFT - 5, py(tick), LEFT, py(tick)), fill=INK)
        label = f"{tick:+g}" if tick else "0"
        draw.text((LEFT - 8, py(tick)), label, fill=INK, font=small, anchor="rm")
    for p in found:
        x = px(float(p.value))
        colour = _colour(p)
        draw.text((x, HEIGHT - BOTTOM + 8), str(p.value), fill=INK, font=small, anchor="mt")
        if not math.isnan(p.low):
            draw.line((x, py(p.low), x, py(p.high)), fill=colour, width=2)
            for y in (p.low, p.high):
                draw.line((x - 6, py(y), x + 6, py(y)), fill=colour, width=2)
        if not math.isnan(p.worth):
            draw.ellipse((x - 5, py(p.worth) - 5, x + 5, py(p.worth) + 5), fill=colour)
    title = (
        f"{event_title(sweep.event)}: {sweep.item}'s value against its {sweep.field} "
        "(paired, simultaneous 95% intervals)"
    )
    draw.text((WIDTH / 2, 22), title, fill=INK, font=big, anchor="mm")
    draw.text(
        (WIDTH / 2, HEIGHT - 40), f"{sweep.item} {sweep.field}", fill=INK, font=small, anchor="mm"
    )
    draw.text(
        (WIDTH / 2, HEIGHT - 18),
        legend(bool(ranges), {_colour(p) for p in found}),
        fill=INK,
        font=small,
        anchor="mm",
    )
    draw.text((18, TOP + (HEIGHT - TOP - BOTTOM) / 2), "score", fill=INK, font=small, anchor="lm")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _colour(p: Point) -> str:
    return RED if (p.flag and not p.good and "too small" not in p.flag) else BLUE


def legend(shaded: bool, colours: set[str]) -> str:
    """The picture's legend: the colours it draws, and only those."""
    parts = [
        text
        for drawn, text in (
            (shaded, "green: print here (neither worth less than nothing nor bought over its "
             "alternatives)"),
            (RED in colours, "red: flagged"),
            (BLUE in colours, "blue: not flagged"),
        )
        if drawn
    ]  # fmt: skip
    return "; ".join(parts)


def _ticks(lo: float, hi: float) -> list[float]:
    """About five round values between `lo` and `hi`."""
    raw = (hi - lo) / 5
    power = 10 ** math.floor(math.log10(raw))
    step = min((m * power for m in (1, 2, 5, 10)), key=lambda x: abs(x - raw))
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(int((hi - first) / step) + 1)]
