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


def decimal_text(value: Fraction | int | str, places: int = 2) -> str:
    """A figure as people read it in tables and charts: 3.5 for 7/2, 55.67 for 167/3, 36 for
    36; at most `places` decimals, no trailing zeros. Exact values stay in the JSON.

    `value` may be the JSON form of a number ("7/2"), as `number_json` writes it."""
    value = Fraction(value)
    scaled = value * 10**places
    rounded = Fraction(round(scaled), 10**places)  # round half to even, exactly
    if rounded.denominator == 1:
        return str(rounded.numerator)
    text = f"{rounded.numerator / rounded.denominator:.{places}f}".rstrip("0")
    return "0" if text in ("-0.", "0.") else text.rstrip(".")


def multiplier_text(value: Fraction | int | str) -> str:
    """×1.25 for 5/4."""
    return "×" + decimal_text(value)
