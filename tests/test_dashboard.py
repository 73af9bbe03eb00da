"""The dashboard, driven with Streamlit's AppTest against a played match."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.colours import player_colours
from dashboard.continuum_boards import host_squares, public_squares
from dashboard.match_data import Audience, load
from dashboard.svg_board import draw_board_compact
from tests.support.dashboard_app import APP, markdown_tables, open_app
from tests.support.patience import PATIENCE
from tests.support.played_demo import PlayedDemo

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, played_demo: PlayedDemo) -> Path:
    return played_demo.copy(tmp_path_factory.mktemp("dash") / "demo")


def continuum(at: AppTest) -> AppTest:
    at.sidebar.radio[0].set_value("Elemental Continuum").run()
    assert not at.exception, at.exception
    return at


def svgs(at: AppTest) -> list[str]:
    """The SVG of every picture on the page but its legend: the boards are images (`st.image`
    of their SVG)."""
    urls = [img.url for image in at.get("image") for img in image.proto.imgs]
    svg = "data:image/svg+xml;base64,"
    pictures = [base64.b64decode(u.removeprefix(svg)).decode() for u in urls if u.startswith(svg)]
    return [p for p in pictures if 'aria-label="legend"' not in p]


def boards_drawn(played: Path, audience: Audience) -> list[str]:
    """The Continuum boards as `audience` may see them: the public view's squares (a ward
    only once broken down), or the host's whole boards (every ward, the bolts on each tile)."""
    data = load(played, Audience.HOST)
    event = next(e for e in data.events.values() if e.title == "Elemental Continuum")
    colours = player_colours(data.players)
    boards = {
        p: host_squares(p, event.host)
        if audience is Audience.HOST
        else public_squares(event.public["boards"][p])
        for p in event.participants
    }
    return sorted(
        draw_board_compact(squares, f"{p}'s board", colour=colours[p])
        for p, squares in boards.items()
    )


def test_public_mode_draws_every_board_and_shows_nothing_private(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = continuum(open_app(monkeypatch, played, None))
    pictures = svgs(at)
    assert sorted(pictures) == boards_drawn(played, Audience.PUBLIC)
    page = "\n".join(m.value for m in at.markdown) + "\n".join(c.value for c in at.caption)
    for secret in ("hits so far", "broken in round", "points", "Host view"):
        assert secret not in page
    assert not at.dataframe and not markdown_tables(at)  # no score table in public mode
    assert "Public mode. To turn host mode on" in at.sidebar.info[0].value
    assert [h.value for h in at.subheader] == ["Final ranking"]


def test_host_mode_needs_the_password_and_then_shows_full_boards_and_scores(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = continuum(open_app(monkeypatch, played, "s3cret"))
    assert not at.dataframe and not markdown_tables(at)
    at.sidebar.text_input[0].input("wrong").run()
    assert not markdown_tables(at) and at.sidebar.error
    at.sidebar.text_input[0].input("s3cret").run()
    continuum(at)
    # the full boards first: one view of the boards at a time
    assert sorted(svgs(at)) == boards_drawn(played, Audience.HOST)
    at.radio(key="continuum_view").set_value("As the public sees it").run()
    public = svgs(at)
    assert sorted(public) == boards_drawn(played, Audience.PUBLIC)
    assert not set(public) & set(boards_drawn(played, Audience.HOST))
    table = markdown_tables(at)[0]
    assert [row["rank"] for row in table] == [str(r) for r in range(1, 8)]
    assert "points" in table[0] and "unbroken tiles" in table[0]


def test_boards_are_images_and_their_tooltips_a_table_for_the_board_chosen(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The boards are drawn as images, cheap for a browser, never as SVG through Markdown;
    what a tile's tooltip says is a table, drawn only once asked and a board is chosen (the
    choice itself only once asked); the public's table holds no host fact."""
    at = continuum(open_app(monkeypatch, played, "pw"))
    assert not [m for m in at.markdown if "<svg" in m.value]
    assert not at.dataframe and not at.main.radio  # not asked yet: no choice, no tile table
    at.toggle(key="continuum_show_tiles").set_value(True).run()
    assert not at.dataframe  # no board chosen yet: no tile table drawn
    chooser = at.radio(key="continuum_public_tiles")
    owner = chooser.options[1]  # the first board (after "none")
    chooser.set_value(owner).run()
    public = "\n".join(at.dataframe[0].value["what"])
    assert "ward" in public or "broken" in public
    assert "hits so far" not in public and "broken in round" not in public
    at.sidebar.text_input[0].input("pw").run()
    continuum(at)
    assert not [m for m in at.markdown if "<svg" in m.value]
    at.radio(key="continuum_host_tiles").set_value(owner).run()  # the toggle stays on
    tiles = at.dataframe[0].value  # the full boards' table: the public view is not drawn
    assert len(tiles) == 64 and "broken in round" in "\n".join(tiles["what"])
    ranking = markdown_tables(at)[0]  # the ranking after it
    assert [row["rank"] for row in ranking] == [str(r) for r in range(1, 8)]


def test_the_host_overview_charts_the_scores_when_asked(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first page a host sees draws no chart (a browser's first chart loads Vega); the
    scores over the rounds are one toggle away, a chart per event, and stay on."""
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.text_input[0].input("pw").run()
    assert "Scores over the rounds (host)" in [h.value for h in at.subheader]
    assert not at.get("vega_lite_chart")
    at.toggle(key="overview_show_charts").set_value(True).run()
    assert len(at.get("vega_lite_chart")) == 3  # one per event
    at.sidebar.radio[0].set_value("Alchemy").run()
    at.sidebar.radio[0].set_value("Overview").run()
    assert len(at.get("vega_lite_chart")) == 3


def test_a_missing_match_folder_is_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, tmp_path / "nowhere", None)
    assert "not a match folder" in at.error[0].value


def test_alchemy_page_public_shows_only_the_final_gems_host_shows_everything(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.radio[0].set_value("Alchemy").run()
    page = "\n".join(m.value for m in at.markdown)
    assert "gems" in page and not markdown_tables(at)  # public: the final ranking only
    assert "coins" not in page and "Moonpetal" not in page
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Alchemy").run()
    assert not at.exception
    ranking, gems, holdings = markdown_tables(at)[:3]
    assert [row["rank"] for row in ranking] == [str(r) for r in range(1, 8)]
    assert "coins" in holdings[0] and len(holdings) == 7
    # gems over the rounds: a table (a chart loads Vega), the chart when asked
    assert len(gems) == 7 and "round 1" in gems[0] and not at.get("vega_lite_chart")
    tables = len(markdown_tables(at))
    at.toggle(key="alchemy_show_chart").set_value(True).run()
    assert at.get("vega_lite_chart") and len(markdown_tables(at)) == tables - 1  # instead


def test_summoners_treasures_over_the_rounds_are_a_table_and_a_chart_when_asked(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    ranking, table = markdown_tables(at)
    assert list(table[0]) == ["player"] + [f"round {r}" for r in range(1, 7)]
    assert len(table) == len(ranking) and not at.get("vega_lite_chart")
    at.toggle(key="summoners_show_chart").set_value(True).run()
    assert at.get("vega_lite_chart") and len(markdown_tables(at)) == 1


def test_summoners_page_host_battle_viewer_steps_through_a_replay(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    public = "\n".join(m.value for m in at.markdown)
    assert "Treasures" in public and not at.slider  # public: the final ranking only
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    assert not at.exception
    assert [row["rank"] for row in markdown_tables(at)[0]] == [str(r) for r in range(1, 7)]
    assert not at.selectbox and not at.slider  # the battles when asked
    at.toggle(key="summoners_show_battles").set_value(True).run()
    assert at.selectbox and at.slider
    battle = at.selectbox[0]
    assert battle.value == battle.options[-1] and battle.value.startswith("round 6:")  # latest
    assert any(b.label == "▶ Play" for b in at.button)
    first = [s for s in svgs(at) if "time unit 0" in s]
    at.slider[0].set_value(3).run()
    assert not at.exception
    later = [s for s in svgs(at) if "time unit 3" in s]
    assert first and later and first != later


def test_the_play_button_steps_through_the_latest_battle_to_its_end(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dashboard import summoners_page

    monkeypatch.setattr(summoners_page, "FRAME_SECONDS", 0)
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    at.toggle(key="summoners_show_battles").set_value(True).run()
    last = int(at.slider[0].max)
    next(b for b in at.button if b.label == "▶ Play").click().run()
    assert not at.exception, at.exception
    shown = [set(re.findall(r"time unit \d+", s)) for s in svgs(at) if "time unit" in s]
    assert shown == [{f"time unit {last}"}], shown  # the final frame, once


def test_a_public_session_is_never_handed_the_values_kept_for_the_host(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host opens the dashboard first (the match is read and kept for them); a public
    session opened afterwards is handed a match with no host view, ranking or report in it."""
    from dashboard import overview_page

    handed: list[tuple[bool, Any]] = []
    draw = overview_page.render
    monkeypatch.setattr(
        overview_page,
        "render",
        lambda st, data, host: (handed.append((host, data)), draw(st, data, host)),
    )
    host = open_app(monkeypatch, played, "pw")
    host.sidebar.text_input[0].input("pw").run()
    assert not host.exception and handed[-1][0]
    kept = handed[-1][1]
    assert all(e.host and e.reports for e in kept.events.values())
    handed.clear()
    public = open_app(monkeypatch, played, "pw")  # a new session, no password given
    assert handed and not any(mode for mode, _ in handed)
    for _, data in handed:
        assert data is not kept
        for event in data.events.values():
            assert (event.host, event.ranking, event.reports, event.rankings) == ({}, [], {}, {})
    assert "Final standings" in [h.value for h in public.subheader]  # the match is over


def test_summoners_defences_are_svg_images_and_the_public_gets_none(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's defences are images of the project's picture renderer's SVG (a browser
    draws an image at its shown size; SVG through Markdown is hundreds of elements per map),
    one image element per column; the public's page holds no picture at all."""
    at = open_app(monkeypatch, played, "pw")
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    assert not at.get("image") and not [m for m in at.markdown if "<svg" in m.value]
    at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value("Summoner's Dream").run()
    assert not at.exception, at.exception
    maps = [img for image in at.get("image") for img in image.proto.imgs]
    svg = "data:image/svg+xml;base64,"
    pictures = [base64.b64decode(i.url.removeprefix(svg)).decode() for i in maps]
    assert len(pictures) == 6 and all(i.url.startswith(svg) for i in maps)
    assert all("Cloud Terraces" in p and "the Treasure" in p for p in pictures)  # map, legend
    assert len(at.get("image")) == 3  # one per column
    assert not [m for m in at.markdown if "<svg" in m.value]


FIRST_PAGE = """
import os, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=float(sys.argv[2])).run()
assert not at.exception, at.exception
assert "Final standings" in [h.value for h in at.subheader]
print(sorted(m for m in ("pandas", "pyarrow") if m in sys.modules))
"""


def test_the_first_page_imports_neither_pandas_nor_arrow(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cold start's server run imports what the overview draws: its tables are Markdown,
    so neither pandas nor Arrow (about a second of a cold start) is loaded."""
    monkeypatch.setenv("FESTIVAL_MATCH", str(played))
    root = str(Path(__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", root)
    out = subprocess.run(
        [sys.executable, "-c", FIRST_PAGE, APP, str(PATIENCE)],
        capture_output=True, text=True, check=True, timeout=PATIENCE, cwd=root,
    ).stdout  # fmt: skip
    assert out.strip().splitlines()[-1] == "[]"
