"""Announcements split into Discord-sized messages: only between blocks (paragraphs, headed
sections, whole tables), a long table repeating its header, nothing lost or reordered."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from festival.discord.messages import discord_messages, split_messages
from festival.discord.tables import cells, draw_table

line = st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=300).filter(
    lambda s: not s.lstrip().startswith(("|", "```", "~~~"))
)
DELIMITER = "|---|---|---|"


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(line, st.just("## Heading"), st.text("ab ", min_size=2100, max_size=4500)),
        max_size=40,
    )
)
def test_prose_every_message_fits_and_nothing_is_lost(lines: list[str]) -> None:
    text = "\n".join(lines)
    messages = split_messages(text, 2000)
    assert all(0 < len(m) <= 2000 for m in messages)
    squash = lambda s: "".join(s.split())  # noqa: E731 - line breaks and cut spaces may move
    assert squash("".join(messages)) == squash(text)


def table(name: str, rows: int, width: int = 20) -> list[str]:
    return [
        f"| {name} | Score | Note |",
        DELIMITER,
        *(f"| {name}{i} | {i} | {'x' * width} |" for i in range(rows)),
    ]


def test_short_text_is_one_message() -> None:
    assert split_messages("# Round 1\nAll quiet.") == ["# Round 1\nAll quiet."]


def test_a_heading_is_not_left_alone_at_the_end_of_a_message() -> None:
    text = "\n".join(["x" * 900, "x" * 900, "## Next", "y" * 500])
    first, second = split_messages(text, 2000)
    assert not first.endswith("## Next")
    assert second.startswith("## Next")


def test_the_final_post_never_sends_a_table_row_alone() -> None:
    """The reported case: the festival table's last row fell into a message of its own."""
    prose = ["# Final results", "", "## Alchemy", *(f"{i}. someone: {i} gems" for i in range(80))]
    festival = ["## The festival", "Sole winner: **Tamsin**.", "", *table("Player", 10)]
    post = "\n".join([*prose, "", *festival])
    body = "\n".join(prose)
    assert len(body) < 2000 < len(post)  # the table cannot follow the prose in one message
    first, second = split_messages(post)
    assert first == body
    assert second == "\n".join(festival)


def test_a_table_that_fits_in_a_message_is_never_cut() -> None:
    post = "\n".join(["p" * 1700, "", *table("T", 12)])
    first, second = split_messages(post)
    assert first == "p" * 1700
    assert second == "\n".join(table("T", 12))


def test_a_headed_section_that_fits_moves_whole_to_the_next_message() -> None:
    one = ["## One", "a" * 1200]
    two = ["## Two", "b" * 300, "", "c" * 300, "", "d" * 300]
    first, second = split_messages("\n".join([*one, "", *two]))
    assert first == "\n".join(one)
    assert second == "\n".join(two)


def test_a_section_longer_than_a_message_is_cut_between_its_paragraphs() -> None:
    paragraphs = [["e" * 700, "f" * 100], ["g" * 900], ["h" * 900]]
    post = "## Long\n" + "\n\n".join("\n".join(p) for p in paragraphs)
    first, second = split_messages(post)
    assert first == "## Long\n" + "e" * 700 + "\n" + "f" * 100 + "\n\n" + "g" * 900
    assert second == "h" * 900


def test_a_table_longer_than_a_message_is_cut_between_rows_repeating_its_header() -> None:
    rows = table("Player", 120)
    messages = split_messages("\n".join(["## The festival", "Intro.", "", *rows]))
    assert len(messages) >= 3
    assert messages[0].startswith("## The festival\nIntro.\n\n" + "\n".join(rows[:2]))
    for message in messages[1:]:
        assert message.split("\n")[:2] == rows[:2]
    body = [r for m in messages for r in m.split("\n") if r.startswith("| Player") and r != rows[0]]
    assert body == rows[2:]  # every row once, in order, none cut


def test_fenced_code_longer_than_a_message_is_closed_and_reopened_in_every_part() -> None:
    code = ["```text", *(f"line {i} " + "z" * 60 for i in range(60)), "```"]
    messages = split_messages("\n".join(["Before.", "", *code, "", "After."]))
    assert len(messages) >= 3
    for message in messages:
        fences = [x for x in message.split("\n") if x.startswith("```")]
        assert len(fences) % 2 == 0, message
    inner = [x for m in messages for x in m.split("\n") if x.startswith("line ")]
    assert inner == code[1:-1]
    assert messages[-1].endswith("```\n\nAfter.")


@pytest.mark.parametrize("limit", [200, 350, 500, 999, 2000])
def test_two_tables_in_sections_split_at_any_limit_keep_their_headers(limit: int) -> None:
    post = "\n".join(["# Final", "", "## A", *table("A", 9), "", "## B", *table("B", 14)])
    messages = split_messages(post, limit)
    assert_tables_headed(messages, post)
    assert_every_line_in_order(messages, post)


# Property: any post of headings, paragraphs, tables and code.

cell = st.text(
    st.characters(whitelist_categories=["L", "N"], whitelist_characters=" *."), max_size=40
)
prose = st.text(
    st.characters(blacklist_categories=["Cs", "Cc"], blacklist_characters="|`~#"), max_size=300
).filter(lambda s: s.strip() != "" and not s.lstrip().startswith(("-", "*", "+")))


@st.composite
def tables(draw: st.DrawFn) -> list[str]:
    columns = draw(st.integers(1, 5))
    header = "| " + " | ".join(draw(st.lists(cell, min_size=columns, max_size=columns))) + " |"
    rows = draw(st.lists(st.lists(cell, min_size=columns, max_size=columns), max_size=90))
    return [header, "|" + "---|" * columns, *("| " + " | ".join(r) + " |" for r in rows)]


blocks = st.one_of(
    st.builds(lambda t: [f"## {t}"], cell),
    st.lists(prose, min_size=1, max_size=8),
    tables(),
    st.builds(lambda ls: ["```", *ls, "```"], st.lists(prose, max_size=40)),
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.lists(blocks, max_size=14), st.sampled_from([700, 2000]))
def test_any_post_splits_into_fitting_messages_with_every_table_headed(
    parts: list[list[str]], limit: int
) -> None:
    post = "\n\n".join("\n".join(p) for p in parts)
    messages = split_messages(post, limit)
    assert all(0 < len(m) <= limit for m in messages)
    assert_tables_headed(messages, post)
    assert_every_line_in_order(messages, post)


def is_row(line: str) -> bool:
    return line.startswith("|")


def headers_of(post: str) -> set[tuple[str, str]]:
    lines = post.split("\n")
    return {
        (a, b)
        for i, (a, b) in enumerate(itertools.pairwise(lines))
        if is_row(a) and re.fullmatch(r"\|(---\|)+", b) and (i == 0 or not is_row(lines[i - 1]))
    }


def assert_tables_headed(messages: list[str], post: str) -> None:
    """No table row ever starts a message (or a run of rows) without its table's header."""
    headers = headers_of(post)
    for message in messages:
        lines = message.split("\n")
        for i, row in enumerate(lines):
            if is_row(row) and (i == 0 or not is_row(lines[i - 1])):
                assert tuple(lines[i : i + 2]) in headers, (row, message)


def assert_every_line_in_order(messages: list[str], post: str) -> None:
    """Joining the messages gives back every line of the post, in order; the only lines added
    are repeated table headers and the fences that close and reopen a cut code block."""
    headers = headers_of(post)
    repeatable = {x for h in headers for x in h} | {"```"}
    wanted = iter(x for x in post.split("\n") if x.strip())
    expected = next(wanted, None)
    for got in (x for m in messages for x in m.split("\n") if x.strip()):
        if got == expected:
            expected = next(wanted, None)
        else:
            assert got in repeatable, got
    assert expected is None, f"never sent: {expected!r}"


# --- tables drawn for Discord --------------------------------------------------------------

STANDINGS = [
    "| Player | Average | Garnets | Tokens of Life |",
    "|---|---|---|---|",
    "| Juniper | 1 | 5 | 2 |",
    "| **Wren** | 2.5 | 3 | 0 |",
]


def test_a_table_is_drawn_as_an_aligned_code_block_narrow_enough_for_a_phone() -> None:
    [message] = discord_messages("## The festival\n\n" + "\n".join(STANDINGS))
    assert message.split("\n") == [
        "## The festival",
        "",
        "```",
        "Player   Average  Garnets      Tokens of",
        "                                    Life",
        "-------  -------  -------  -------------",
        "Juniper        1        5              2",
        "Wren         2.5        3              0",
        "```",
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("| a | b |", ["a", "b"]),
        ("a | b", ["a", "b"]),
        ("| a \\| b | `c` |", ["a | b", "c"]),
        ("| **x** | ~~y~~ |", ["x", "y"]),
    ],
)
def test_cells_of_a_row(line: str, expected: list[str]) -> None:
    assert cells(line) == expected


def test_a_wide_table_wraps_its_cells_and_separates_its_rows() -> None:
    drawn = draw_table(
        [
            "| Player | Events |",
            "|---|---|",
            "| Wren | Alchemy 1, Elemental Continuum 3 |",
            "| Ash | Summoner's Dream 2 |",
        ],
        width=20,
    ).lines
    assert all(len(x) <= 20 for d in drawn for x in d.split("\n"))
    assert drawn[3] == "Wren    Alchemy 1,\n        Elemental\n        Continuum 3"
    assert drawn[4] == "" and drawn[5].startswith("Ash")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 150), st.integers(0, 60), st.sampled_from([250, 700, 2000]))
def test_a_drawn_table_is_cut_between_rows_repeating_fence_header_and_rule(
    rows: int, width: int, limit: int
) -> None:
    post = "\n".join(["# Round", "", *table("Player", rows, width), "", "After."])
    messages = discord_messages(post, limit)
    assert all(len(m) <= limit for m in messages)
    drawn = draw_table(table("Player", rows, width)).lines
    head = drawn[:3]
    seen: list[str] = []
    for message in messages:
        lines = message.split("\n")
        if "```" in lines:
            i = lines.index("```")
            assert "\n".join(lines[i : i + 3]) == "\n".join(head)
            assert lines.count("```") == 2, "every part closes its fence"
            body = lines[i + 3 : lines.index("```", i + 1)]
            seen += [x for x in body if x]
    assert seen == [x for x in drawn[3:-1] if x], "every row once, in order"
    assert not any(x.startswith("|") for m in messages for x in m.split("\n"))
