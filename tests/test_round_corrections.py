"""A correction re-resolves a round from the one file that changed (issue #36, items 1 and 3):
every other stored submission keeps its verdict (a refused one stays refused, with what was
wrong), `post` corrects only the messages that changed, and every `resolve` run, refused or
not, names who sent nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from festival.cli.main import main
from festival.core.registry import event_title as title
from festival.discord.messages import round_messages
from festival.match import service
from festival.match.announce import NOTHING, REFUSED
from festival.match.match import Match
from tests.conftest import PLAYERS, TABS, fill_workbooks
from tests.support.discord.webhooks import DiscordServer

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def _inbox(match_folder: Path, values: dict[str, object]) -> tuple[Path, dict[str, list[str]]]:
    """Round 1's workbooks, player p writing values.get(p, 2) in every tab."""
    match = Match.open(match_folder)
    events = {p: match.events_of(p, 1) for p in PLAYERS if match.events_of(p, 1)}
    match.close()
    out = match_folder.parent / "inbox" / "round-1"
    assert main(["templates", str(match_folder), "--round", "1", "--out", str(out)]) == 0
    fill_workbooks(out, {p: {TABS[e]: values.get(p, 2) for e in es} for p, es in events.items()})
    return out, events


def _private(folder: Path, player: str) -> str:
    return "\n".join(round_messages(service.announce(folder, 1).messages).private.get(player, []))


def test_a_correction_keeps_the_refused_submissions_refused(
    toy_match: Path, discord_api: DiscordServer, capsys: pytest.CaptureFixture[str]
) -> None:
    inbox, events = _inbox(toy_match, {})
    refused, fixed = [p for p in events if p != "cam"][:2], "cam"
    assert fixed in events
    fill_workbooks(inbox, {p: {TABS[e]: 9 for e in events[p]} for p in refused})
    args = ["resolve", str(toy_match), "--from", str(inbox)]
    assert main([*args, "--default-invalid"]) == 0
    hooks = toy_match.parent / "webhooks.csv"
    rows = ["player,webhook", f"host,{discord_api.add_webhook('game room')}"]
    hooks.write_text("\n".join(rows + [f"{p},{discord_api.add_webhook(p)}" for p in PLAYERS]))
    assert main(["discord", str(toy_match), "--webhooks", str(hooks)]) == 0
    assert main(["post", str(toy_match)]) == 0
    before = {p: _private(toy_match, p) for p in refused}
    for p in refused:
        assert REFUSED in before[p] and "'9' is not a number from 1 to 5" in before[p]

    fix = toy_match.parent / "inbox" / "round-1-fix"
    fix.mkdir()
    shutil.copy(inbox / f"{fixed}.xlsx", fix / f"{fixed}.xlsx")
    fill_workbooks(fix, {fixed: {TABS[e]: 4 for e in events[fixed]}})
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(fix), "--round", "1"]) == 0
    out = capsys.readouterr().out
    for p in refused:
        assert f"missing, default played: {p}" not in out
        for e in events[p]:
            assert f"refused before, still refused (default played): {p} in {title(e)}" in out
        assert _private(toy_match, p) == before[p]
        assert NOTHING not in before[p]
    assert "the private reports of" in out and not any(
        p in line for line in out.splitlines() if "private reports of" in line for p in refused
    )

    sent = len(discord_api.requests)
    assert main(["post", str(toy_match)]) == 0
    edited = {r.channel for r in discord_api.requests[sent:]}
    assert edited and not edited & set(refused), edited
    for p in refused:
        assert not any(m.edits for m in discord_api.messages(p))


def test_every_resolve_run_names_who_sent_nothing(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 3: a refused run and a blocked run name Tamsin, who sent nothing, as the run that
    resolves does."""
    inbox, events = _inbox(toy_match, {"Wren": 9})
    assert {"Tamsin", "Wren"} <= set(events)
    (inbox / "Tamsin.xlsx").unlink()
    args = ["resolve", str(toy_match), "--from", str(inbox)]
    capsys.readouterr()
    assert main(args) == 1  # refused: Wren's 9
    out = capsys.readouterr().out
    for e in events["Tamsin"]:
        assert f"missing, the default would be played: Tamsin in {title(e)}" in out
    shutil.copy(inbox / "cam.xlsx", inbox / "cam (1).xlsx")  # two files for cam: blocked
    assert main(args) == 2
    assert "Sent nothing so far: Tamsin" in capsys.readouterr().err
    (inbox / "cam (1).xlsx").unlink()
    assert main([*args, "--default-invalid"]) == 0
    out = capsys.readouterr().out
    for e in events["Tamsin"]:
        assert f"missing, default played: Tamsin in {title(e)}" in out


def test_a_refused_json_file_names_who_sent_nothing(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.open(toy_match)
    subs = {p: {e: {"number": 2} for e in match.events_of(p, 1)} for p in PLAYERS}
    match.close()
    del subs["Tamsin"]
    subs["nobody"] = {}
    path = toy_match.parent / "round-1.json"
    path.write_text(json.dumps({"round": 1, "submissions": subs}))
    capsys.readouterr()
    assert main(["resolve", str(toy_match), "--from", str(path)]) == 2
    err = capsys.readouterr().err
    assert "'nobody' is not a player of this match" in err
    assert err.rstrip().endswith("Sent nothing so far: Tamsin")
