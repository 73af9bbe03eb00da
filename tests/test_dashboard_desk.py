"""The dashboard's Overview and Round desk against the sample festival (AppTest)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.people import figure
from festival.cli.main import main
from festival.core.paths import fixture
from festival.match.match import Match
from festival.sample.play import sample_match
from tests.support.dashboard_app import markdown_tables
from tests.support.patience import PATIENCE
from tests.support.played_demo import PlayedDemo

pytestmark = pytest.mark.slow

APP = str(Path(__file__).resolve().parent.parent / "dashboard" / "app.py")


@pytest.fixture
def unfinished(tmp_path: Path) -> Path:
    """The sample festival with rounds 1-5 resolved and round 6's workbooks in the inbox."""
    folder = sample_match(tmp_path / "m", resolved=5)
    shutil.copytree(fixture("sample", "round-6"), folder / "inbox" / "round-6")
    return folder


def app(monkeypatch: pytest.MonkeyPatch, folder: Path, host: bool, page: str) -> AppTest:
    monkeypatch.setenv("FESTIVAL_MATCH", str(folder))
    monkeypatch.setenv("FESTIVAL_HOST_PASSWORD", "pw")
    at = AppTest.from_file(APP, default_timeout=PATIENCE).run()
    if host:
        at.sidebar.text_input[0].input("pw").run()
    at.sidebar.radio[0].set_value(page).run()
    assert not at.exception, at.exception
    return at


def text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [str(d.value) for d in at.dataframe] + [str(t.value) for t in at.table]
    parts += [c.value for c in at.code]
    return "\n".join(parts)


def test_overview_standings_equal_festival_standings_json(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    played_demo: PlayedDemo,
) -> None:
    folder = played_demo.copy(tmp_path / "done")
    capsys.readouterr()
    assert main(["standings", str(folder), "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    at = app(monkeypatch, folder, host=False, page="Overview")
    table = markdown_tables(at)[1]  # a Markdown table: the first page loads no pandas
    assert [row["player"] for row in table] == [p["player"] for p in expected["players"]]
    # the same figures, as people read them: decimals, not "5/2"
    ranks = [row["average rank"] for row in table]
    assert ranks == [figure(p["average_rank"]) for p in expected["players"]]
    assert [row["garnets"] for row in table] == [str(p["garnets"]) for p in expected["players"]]
    assert "/" not in "".join(ranks)
    assert f"Sole winner: **{expected['sole_winner']}**" in text(at)


def test_public_mode_shows_no_private_figure_before_the_end(
    unfinished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.open(unfinished)
    from festival.match.replay import current_states

    states = current_states(match)
    secrets = [
        str(states["summoners"].treasures[p]) + " Treasures" for p in states["summoners"].players
    ]
    secrets += [p + ": " for p in match.config.players]  # a ranking line "1. uri: ..." would leak
    for page in ("Overview", "Round desk", "Alchemy", "Elemental Continuum", "Summoner's Dream"):
        at = app(monkeypatch, unfinished, host=False, page=page)
        shown = text(at)
        assert not any(s in shown for s in secrets), page
        assert "gems" not in shown.replace("final gems", "") or page == "Alchemy"
        assert "average rank" not in shown and not at.slider


def test_round_desk_shows_each_submission_and_resolves_the_round(
    unfinished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app(monkeypatch, unfinished, host=True, page="Round desk")
    status = markdown_tables(at)[0]
    assert {row["status"] for row in status} == {"received"}
    assert len(status) == 20  # 10 players x 2 events in round 6
    assert not at.code  # the announcements are drawn when the host asks (a code block is slow)
    at.toggle(key="round_desk_show_announcements").set_value(True).run()
    assert [c.value for c in at.code]  # round 5's announcements, ready to copy
    at.button[0].click().run()
    assert not at.exception
    assert "Round 6 resolved" in at.success[0].value
    assert Match.open(unfinished).finished
    assert any("# Final results" in c.value for c in at.code)


def test_round_desk_is_for_the_host_only(unfinished: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = app(monkeypatch, unfinished, host=False, page="Round desk")
    assert not at.button and not markdown_tables(at)
    assert "for the host" in at.info[-1].value


def sample_before(tmp_path: Path, round_no: int) -> Path:
    """The sample festival resolved up to `round_no - 1`, with round `round_no` in the inbox."""
    folder = sample_match(tmp_path / "s", resolved=round_no - 1)
    shutil.copytree(fixture("sample", f"round-{round_no}"), folder / "inbox" / f"round-{round_no}")
    return folder


def test_a_refused_round_points_at_the_checkbox_and_the_player_learns_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 3 of the sample: Spadez misspelt a material. The desk says what to tick (not a
    command-line flag); once resolved it shows round 4 at once, and Spadez's private report
    says the submission was refused, where, and that the default was played."""
    folder = sample_before(tmp_path, 3)
    at = app(monkeypatch, folder, host=True, page="Round desk")
    at.button[0].click().run()
    refusal = " ".join(e.value for e in at.error)
    assert "Play the rules' default for invalid submissions" in refusal
    assert "--default-invalid" not in refusal
    assert Match.open(folder).last_resolved_round() == 2
    at.checkbox[0].check().run()
    at.button[0].click().run()
    assert not at.exception, at.exception
    assert "Round 3 resolved" in at.success[0].value
    assert at.subheader[0].value == "Round 4: submissions"
    assert not any(b.label == "Resolve round 3" for b in at.button)
    at.selectbox[0].set_value("Spadez").run()
    report = "\n".join(c.value for c in at.code if c.value.startswith("# Spadez"))
    assert "submission was refused, so the rules' default was played for you" in report
    assert "Harvest!B4: 'Moonpetl' is not a material" in report


def test_before_round_1_nothing_is_said_about_winners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = sample_before(tmp_path, 1)
    for host in (True, False):
        at = app(monkeypatch, folder, host=host, page="Overview")
        shown = text(at) + " ".join(i.value for i in at.info)
        assert "winner" not in shown.lower() and "Elimination" not in shown
        assert "once round 1 is resolved" in shown
        assert not at.get("arrow_line_chart") and not at.get("vega_lite_chart")


def test_the_public_caption_names_the_match_not_the_folder(
    unfinished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app(monkeypatch, unfinished, host=False, page="Overview")
    caption = at.caption[0].value
    assert caption.startswith(f"Match {unfinished.name}:") and str(unfinished.parent) not in caption


def test_round_desk_shows_the_hand_ins_and_resolves_with_them(
    unfinished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wren handed in round 6 on Discord instead of the inbox: the desk shows who handed in
    what and from where (the service's table), and resolving counts her hand-in."""
    from festival.match import service
    from festival.match.acts import Actor, Via
    from festival.match.handin_acts import HandIn

    inbox = unfinished / "inbox" / "round-6"
    content = (inbox / "Wren.xlsx").read_bytes()
    (inbox / "Wren.xlsx").unlink()
    done = service.run(
        unfinished, HandIn("Wren", "Wren.xlsx", content), Actor.of_player("Wren"), Via.BOT, "w6"
    )
    assert done.ready
    at = app(monkeypatch, unfinished, host=True, page="Round desk")
    table, status = markdown_tables(at)
    wren = [row for row in table if row["player"] == "Wren"]
    assert {r["hand-in"] for r in wren} == {"ready"} and {r["from"] for r in wren} == {"Discord"}
    others = [row for row in table if row["player"] != "Wren"]  # the inbox folder's workbooks
    assert {r["hand-in"] for r in others} == {"ready"} and {r["from"] for r in others} == {"inbox"}
    assert {row["status"] for row in status} == {"received"} and len(status) == 20
    at.button[0].click().run()
    assert not at.exception
    assert "Round 6 resolved" in at.success[0].value
    rows = service.round_table(unfinished, 6).rows()
    assert {r[3] for r in rows if r[0] == "Wren"} == {"Discord"}


def test_round_desk_shows_the_next_deadline_and_who_is_ready(
    unfinished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #39: the desk shows round 6's deadline in the host's zone and who is ready (the
    service's reads: the hand-ins stored)."""
    from festival.match import service
    from festival.match.acts import Actor, Via
    from festival.match.handin_acts import HandIn
    from festival.match.schedule_acts import Configure, SetSchedule

    content = (unfinished / "inbox" / "round-6" / "Wren.xlsx").read_bytes()
    service.run(
        unfinished, HandIn("Wren", "Wren.xlsx", content), Actor.of_player("Wren"), Via.BOT, "w6"
    )
    service.run(unfinished, SetSchedule(((6, 2_000_000_000),), 1_999_000_000))
    service.run(unfinished, Configure(1_999_000_000, zone="UTC"))
    at = app(monkeypatch, unfinished, host=True, page="Round desk")
    assert "Deadline: 2033-05-18 03:33 UTC." in [i.value for i in at.info]
    assert "Round 6 hand-ins: 1 of 10 players ready; nothing yet: " in text(at)
