"""The Season page, driven with Streamlit's AppTest: the public sees who is in, garnets,
tokens and the episodes; the ledger and Discord ids only in host mode."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from festival.cli.main import main
from tests.conftest import PLAYERS
from tests.support.dashboard_app import open_app

pytestmark = pytest.mark.slow

USER = "300000000000000000"


@pytest.fixture
def season(tmp_path: Path) -> Path:
    roster = tmp_path / "season.csv"
    roster.write_text(
        "player,discord\n" + "".join(f"{p},{USER if p == 'uri' else ''}\n" for p in PLAYERS)
    )
    folder = tmp_path / "s1"
    assert main(["season", "new", str(folder), "--roster", str(roster)]) == 0
    assert (
        main(
            [
                "season",
                "give",
                str(folder),
                "cam",
                "uri",
                "--garnets",
                "1",
                "--why",
                "a secret deal",
            ]
        )
        == 0
    )
    return folder


def _page(at: AppTest) -> str:
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    texts += [t.value.to_csv() for t in at.table] + [d.value.to_csv() for d in at.dataframe]
    return "\n".join(texts)


def test_the_public_sees_the_season_and_nothing_of_the_hosts(
    season: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, season, None)
    assert at.title[0].value == "Season s1"
    page = _page(at)
    assert "10 of 10 players still in." in page and "uri" in page
    assert USER not in page and "a secret deal" not in page
    assert not at.dataframe and [h.value for h in at.subheader] == ["Players", "Episodes"]


def test_the_host_sees_the_ledger_and_discord_ids(
    season: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = open_app(monkeypatch, season, "pw")
    at.sidebar.text_input[0].input("pw").run()
    assert not at.exception, at.exception
    page = _page(at)
    assert USER in page and "a secret deal" in page
    assert "Ledger (host view)" in [h.value for h in at.subheader]


@pytest.fixture
def finals(season: Path) -> Path:
    """Eight players out, cam and uri the finalists; Spadez (3rd) supports uri."""
    s = str(season)
    for p in [p for p in PLAYERS if p not in ("cam", "uri")][::-1]:
        assert main(["season", "eliminate", s, p, "--why", "a secret note"]) == 0
    out = next(p for p in PLAYERS if p not in ("cam", "uri"))
    assert main(["season", "support", s, out, "uri", "--why", "a secret reason"]) == 0
    return season


def test_the_finals_are_on_the_page_for_everyone_the_ledger_for_the_host(
    finals: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_out = next(p for p in PLAYERS if p not in ("cam", "uri"))
    at = open_app(monkeypatch, finals, None)
    page = _page(at)
    assert [h.value for h in at.subheader] == ["Players", "Episodes", "Finals"]
    assert "**Finals** (best of 3): uri 0 - cam 0." in page, page
    assert f"- {first_out} (placed 3rd) supports uri: 3 garnets." in page, page
    assert "secret" not in page and USER not in page
    at = open_app(monkeypatch, finals, "pw")
    at.sidebar.text_input[0].input("pw").run()
    assert not at.exception, at.exception
    page = _page(at)
    assert "a secret reason" in page and "support" in page
