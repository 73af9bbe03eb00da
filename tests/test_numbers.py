"""Numbers in announcements: exact, and readable."""

from __future__ import annotations

from fractions import Fraction

import pytest

from events.numbers import number_text


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(2845, 4), "711.25"), (36, "36"), (Fraction(5, 3), "1 2/3"),
     (Fraction(1, 8), "0.125"), (Fraction(2, 3), "2/3"), (Fraction(-3, 2), "-1.5")],
)  # fmt: skip
def test_number_text_is_exact(value: Fraction, text: str) -> None:
    assert number_text(value) == text
