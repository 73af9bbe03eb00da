"""A duel input's origin is typed, and reads back from the text the duel store keeps."""

from __future__ import annotations

import pytest

from festival.duels.origin import NO_ORDERS, Origin, Via


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("text", Origin(Via.TEXT)),
        ("json", Origin(Via.JSON)),
        ("draw", Origin(Via.DRAW)),
        ("demo", Origin(Via.DEMO)),
        ("desk", Origin(Via.DESK)),
        ("clock", Origin(Via.CLOCK)),
        ("resolve:no-orders", NO_ORDERS),
        ("file:Ash-turn2.xlsx", Origin.file("Ash-turn2.xlsx")),
        ("file:a:b.txt", Origin.file("a:b.txt")),
        ("bot:MctsBot", Origin(Via.BOT, "MctsBot")),
        ("discord:interaction 17 user 42", Origin.discord(17, 42)),
        ("google:key-Ash", Origin(Via.GOOGLE, "key-Ash")),
        (
            "google:key-Ash (backup before duel sheets --force)",
            Origin(Via.GOOGLE, "key-Ash (backup before duel sheets --force)"),
        ),
        ("carrier pigeon", Origin(Via.UNKNOWN, "carrier pigeon")),
        ("file:", Origin(Via.UNKNOWN, "file:")),
        ("unknown", Origin(Via.UNKNOWN, "unknown")),
    ],
)
def test_stored_origins_read_back_exactly(text: str, origin: Origin) -> None:
    assert Origin.parse(text) == origin
    assert str(origin) == text
