"""Announcements split into Discord-sized messages without losing or reordering a word."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from festival.discord import split_messages

line = st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=300)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(line, st.just("## Heading"), st.text("ab ", min_size=2100, max_size=4500)),
        max_size=40,
    )
)
def test_every_message_fits_and_nothing_is_lost(lines: list[str]) -> None:
    text = "\n".join(lines)
    messages = split_messages(text, 2000)
    assert all(0 < len(m) <= 2000 for m in messages)
    squash = lambda s: "".join(s.split())  # noqa: E731 - line breaks and cut spaces may move
    assert squash("".join(messages)) == squash(text)


def test_short_text_is_one_message() -> None:
    assert split_messages("# Round 1\nAll quiet.") == ["# Round 1\nAll quiet."]


def test_a_heading_is_not_left_alone_at_the_end_of_a_message() -> None:
    text = "\n".join(["x" * 900, "x" * 900, "## Next", "y" * 500])
    first, second = split_messages(text, 2000)
    assert not first.endswith("## Next")
    assert second.startswith("## Next")
