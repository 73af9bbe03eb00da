"""Numbers in announcements: exact, and readable."""

from __future__ import annotations

from fractions import Fraction

import pytest

from events.numbers import decimal_text, multiplier_text, number_text


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(2845, 4), "711.25"), (36, "36"), (Fraction(5, 3), "1 2/3"),
     (Fraction(1, 8), "0.125"), (Fraction(2, 3), "2/3"), (Fraction(-3, 2), "-1.5")],
)  # fmt: skip
def test_number_text_is_exact(value: Fraction, text: str) -> None:
    assert number_text(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(7, 2), "3.5"), (Fraction(167, 3), "55.67"), ("3437/4", "859.25"), (36, "36"),
     ("5/4", "1.25"), (Fraction(2, 3), "0.67"), (Fraction(-3, 2), "-1.5"), ("1/1000", "0"),
     (Fraction(1, 8), "0.12"), (Fraction(3, 8), "0.38"), ("4", "4")],
)  # fmt: skip
def test_decimal_text_is_what_people_read(value: Fraction | int | str, text: str) -> None:
    """People read decimals (3.5, 55.67), never fractions: at most two places, no trailing
    zeros, whole numbers without a point (ties round to even: 1/8 -> 0.12)."""
    assert decimal_text(value) == text


def test_multiplier_text() -> None:
    assert multiplier_text("5/4") == "×1.25" and multiplier_text(2) == "×2"
