"""Announcements: public posts carry only public lines; private reports only the player's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from festival.cli.main import main
from festival.discord.messages import round_messages, split_messages
from festival.match.announce import announcements, public_markdown, round_reports
from festival.match.match import Match
from festival.match.rounds import ingest_json, resolve
from festival.match.standings_view import standings_json
from tests.conftest import numbers_json


def play_all(folder: Path) -> Match:
    match = Match.open(folder)
    for r in range(1, 7):
        path = numbers_json(folder, r, lambda p, e, r=r: (len(p) + len(e) + r) % 5 + 1)
        resolve(match, r, ingest_json(match, r, path))
    return match


def test_public_messages_hold_no_private_or_host_line(toy_match: Path) -> None:
    match = play_all(toy_match)
    for r in range(1, 7):
        result = round_messages(announcements(match, r))
        public = "\n".join(result.public)
        for report in round_reports(match, r):
            for line in report.host:
                assert line not in public
            for player, lines in report.private.items():
                for line in lines:
                    assert line not in public
                    others = "\n".join(
                        m for p, ms in result.private.items() if p != player for m in ms
                    )
                    assert line not in others
                    assert line in "\n".join(result.private[player])
        assert "you wrote" not in public and "Lucky" not in public


def test_final_round_post_has_the_final_results(toy_match: Path) -> None:
    match = play_all(toy_match)
    public = "\n".join(round_messages(announcements(match, 6)).public)
    data = standings_json(match)
    assert "# Final results" in public
    if data["sole_winner"]:
        assert f"Sole winner: **{data['sole_winner']}**" in public
    lines = public.split("\n")
    assert not [x for x in lines if x.startswith("|")], "Discord shows Markdown tables raw"
    rows = lines[lines.index("```") + 3 :]
    for p in data["players"]:
        assert any(x.startswith(f"{p['player']}  ") for x in rows)
        assert f"- **{p['player']}**: " in public
    assert "# Final results" not in "\n".join(round_messages(announcements(match, 5)).public)


def test_most_gold_garnet_comes_from_the_alchemy_event(toy_match: Path) -> None:
    """(4) The player(s) with the most gold (material) remaining in Alchemy ... earn 1 garnet."""
    match = play_all(toy_match)
    from festival.match.replay import current_states

    gold = match.engine("alchemy").holdings(current_states(match)["alchemy"], "gold")
    assert gold is not None and max(gold.values()) > 0
    richest = {p for p, g in gold.items() if g == max(gold.values())}
    data = standings_json(match)
    for p in data["players"]:
        assert ("most gold left in alchemy" in p["garnet_reasons"]) == (p["player"] in richest)


def test_the_final_post_is_split_only_between_blocks_at_any_message_size(toy_match: Path) -> None:
    """The festival table is never cut off from its header, however small the messages."""
    match = play_all(toy_match)
    post = public_markdown(match, 6)
    table = [x for x in post.split("\n") if x.startswith("|")]
    header = table[:2]
    assert len(table) == 12 and header[1].startswith("|---")
    for limit in (250, 400, 700, 2000):
        messages = split_messages(post, limit)
        assert all(len(m) <= limit for m in messages)
        sent = [x for m in messages for x in m.split("\n")]
        for message in messages:
            lines = message.split("\n")
            starts = [i for i, x in enumerate(lines) if x.startswith("|")][:1]
            for i in starts:
                assert lines[i : i + 2] == header, message
        assert [x for x in sent if x.startswith("|") and x not in header] == table[2:]
        assert [x for x in sent if x.strip() and not x.startswith("|")] == [
            x for x in post.split("\n") if x.strip() and not x.startswith("|")
        ]


def test_announce_names_the_rounds_there_are(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--round 0` once round 1 is resolved: the rounds are numbered from 1; "no round is
    resolved yet" only when none is."""
    assert main(["announce", str(toy_match)]) == 2
    assert "no round is resolved yet" in capsys.readouterr().err
    match = Match.open(toy_match)
    path = numbers_json(toy_match, 1, lambda p, e: 3)
    resolve(match, 1, ingest_json(match, 1, path))
    assert main(["announce", str(toy_match), "--round", "0"]) == 2
    assert "--round 0: rounds are numbered from 1 (resolved: round 1)" in capsys.readouterr().err
    assert main(["announce", str(toy_match)]) == 0
    assert "round 1" in capsys.readouterr().out
