"""Numbers as people read them in announcements."""

from __future__ import annotations

from fractions import Fraction


def number_text(value: Fraction | int) -> str:
    """711.25 for 2845/4; 36 for 36; 1 2/3 for 5/3 (no decimal can say it exactly)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        digits = 0
        while (value * 10**digits).denominator != 1:
            digits += 1
        return f"{float(value):.{digits}f}"
    whole, rest = divmod(value.numerator, value.denominator)
    if value < 0 or whole == 0:
        return f"{value.numerator}/{value.denominator}"
    return f"{whole} {rest}/{value.denominator}"
