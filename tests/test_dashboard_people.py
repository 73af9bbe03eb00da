"""The dashboard's figures for people, its colours, its pictures' sizing and the password
throttle: pure pieces, checked without a browser."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from dashboard.access import FREE_ATTEMPTS, MAX_WAIT, Throttle
from dashboard.colours import player_colours
from dashboard.continuum_boards import public_board_svg
from dashboard.overview_page import CANDIDATE, WINNER, standings_rows
from dashboard.people import MARKDOWN_SPECIAL, NONE, figure, markdown_table, rank, ranking_rows
from dashboard.svg_map import draw_map


@pytest.mark.parametrize(
    ("value", "shown"),
    [("5/2", "2.5"), ("167/3", "55.67"), (Fraction(3437, 4), "859.25"), (3, "3"),
     (True, "yes"), (False, "no"), (None, NONE), ("Moonpetal", "Moonpetal")],
)  # fmt: skip
def test_figures_are_decimals_and_words(value: Any, shown: str) -> None:
    """Issue 17: "People read decimals (3.5, 55.67, ×1.25) and words ... not `true`"."""
    assert figure(value) == shown


def test_ranks_are_whole_numbers() -> None:
    assert rank(1) == "1" and rank(None) == NONE
    rows = ranking_rows(
        [{"rank": 1, "player": "a", "score": "7/2", "tiebreaks": {"gold": "5/4"}}], "gems"
    )
    assert rows == [{"rank": 1, "player": "a", "gems": "3.5", "gold": "1.25"}]


STANDINGS = {
    "sole_winner": "b",
    "players": [
        {"player": "b", "events": {"summoners": 1, "alchemy": 2}, "average_rank": "3/2",
         "garnets": 1, "tokens_of_life": 2, "winner": True, "elimination_candidate": False},
        {"player": "a", "events": {"continuum": 3, "alchemy": 1}, "average_rank": "2",
         "garnets": 0, "tokens_of_life": 0, "winner": False, "elimination_candidate": True},
    ],
}  # fmt: skip
TITLES = {"alchemy": "Alchemy", "continuum": "Elemental Continuum", "summoners": "Summoner's Dream"}


def test_standings_columns_follow_the_event_order_whatever_each_player_plays() -> None:
    rows = standings_rows(STANDINGS, TITLES)
    for row in rows:
        assert list(row)[:4] == ["player", "Alchemy", "Elemental Continuum", "Summoner's Dream"]
    assert rows[0]["Elemental Continuum"] == NONE and rows[0]["average rank"] == "1.5"
    assert (rows[0]["winner"], rows[1]["elimination"]) == (WINNER, CANDIDATE)
    assert rows[1]["winner"] == "" and "True" not in str(rows) and "False" not in str(rows)


def test_no_winner_column_before_a_result() -> None:
    assert all("winner" not in row for row in standings_rows(STANDINGS, TITLES, decided=False))


def test_each_player_keeps_one_colour() -> None:
    players = [f"p{i}" for i in range(10)]
    colours = player_colours(players)
    assert len(set(colours.values())) == 10
    assert player_colours(players) == colours  # the same on every page and chart


def test_pictures_scale_to_their_column() -> None:
    """Issue 17: "pictures scale to their column (SVG viewBox, not fixed pixels)"."""
    board = public_board_svg("a", {"broken_down": [], "broken": ["A1"]}, "#123456")
    plan = draw_map(["A.E", "abG"], "Blessed Land", "a: map")
    for svg in (board, plan):
        tag = svg[: svg.index(">")]
        assert 'width="100%"' in tag and "viewBox" in tag and 'height="' not in tag
    assert "#123456" in board  # the owner's colour beside the title


def test_ward_values_are_drawn_after_the_crosses() -> None:
    board = public_board_svg(
        "a",
        {"broken_down": [{"element": "fire", "shape": "I", "value": 7,
                          "squares": ["A1", "A2", "A3", "A4", "A5"]}],
         "broken": ["A1", "A2", "A3", "A4", "A5"]},
    )  # fmt: skip
    assert board.rindex("<path") < board.index(">7</text>")
    size = re.search(r'font-size="(\d+)"[^>]*>7</text>', board)
    assert size and int(size.group(1)) >= 14


def test_wrong_passwords_slow_the_next_attempt_down() -> None:
    now = [100.0]
    throttle = Throttle(clock=lambda: now[0])
    for _ in range(FREE_ATTEMPTS - 1):
        throttle.record(False)
        assert throttle.wait() == 0
    throttle.record(False)
    assert throttle.wait() == 1.0
    throttle.record(False)
    assert throttle.wait() == 2.0
    for _ in range(20):
        throttle.record(False)
    assert throttle.wait() == MAX_WAIT
    now[0] += MAX_WAIT
    assert throttle.wait() == 0
    throttle.record(True)
    throttle.record(False)
    assert throttle.wait() == 0  # the right password resets the count


def test_a_markdown_table_keeps_every_name_as_typed_and_one_row_per_row() -> None:
    """The dashboard's tables are Markdown: a name with a pipe, markup, maths or a line
    break stays one cell of one row, every special character escaped."""
    names = ["a|b", "*bold*", "$x$", "<b>hi</b>", "two\nlines", ":red[no]", "plain"]
    table = markdown_table([{"player": n, "score": "3.5"} for n in names])
    lines = table.splitlines()
    assert len(lines) == 2 + len(names)
    for line in lines:
        assert len(re.findall(r"(?<!\\)\|", line)) == 3  # two cells: no pipe of a name
    body = "\n".join(lines[2:])
    for special in MARKDOWN_SPECIAL.replace("|", "").replace("\\", ""):
        assert not re.search(rf"(?<!\\){re.escape(special)}", body), special
    assert markdown_table([]) == ""
