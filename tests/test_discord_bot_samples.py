"""Each game's sample duel (fixtures/<game>/sample-duel.json) replayed through the Discord
bot's slash commands, each turn from the player whose turn it is (Element's stones, drawn by a
dice bot in the sample, recorded by the host's /host take), ends in the position the command
line's `festival duel demo` replay reaches (tests/golden/duels/<game>.json: its last turn's
state, which tests/test_duel_golden.py holds the command line's replay to)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from festival.core import registry
from festival.core.paths import fixture
from festival.duels import service
from festival.duels.host import Duel
from tests.support.discord.run import HOST, USERS, hosted
from tests.support.golden_duels import read_golden

GAMES = sorted(d.name for d in registry.duels() if d.sample is not None)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_sample_duel_replays_through_slash_commands(game: str, tmp_path: Path) -> None:
    entry = registry.find_duel(game)
    assert entry is not None and entry.sample is not None
    sample = json.loads(fixture(*entry.sample).read_text())
    folder = tmp_path / "bot"
    players = sample["players"]
    service.create(
        folder, sample["game"], sample["variant"], sample.get("options", {}), players,
        sample["seed"],
    )  # fmt: skip
    user = dict(zip(players, USERS, strict=False))
    sealed = service.status(folder).simultaneous
    with hosted(folder, players) as table:
        server = table.server
        for turn in sample["turns"]:
            who, text = user[turn["player"]], turn["text"]
            if sealed:
                iid = server.command(who, "orders", {"text": text})
                assert server.answers(iid)[0].content.startswith("Your orders are in"), text
                continue
            first, _, rest = text.partition(",")
            words = first.split()
            if words[0] == "take" and len(words) == 3:  # stones a dice bot drew
                stones = {"count": int(words[1]), "stones": words[2]}
                iid = server.command(HOST, "take", stones, "host")
                assert not server.answers(iid)[0].ephemeral, server.answers(iid)[0].content
                text = rest.strip()
            if text:
                iid = server.command(who, "play", {"text": text})
                answer = server.answers(iid)[0]
                assert not answer.ephemeral, f"{text}: {answer.content}"
    golden = read_golden(entry)
    assert golden is not None
    duel = Duel.open(folder)
    try:
        assert duel.game.state_to_json(duel.state()) == golden["turns"][-1]["state"]
    finally:
        duel.close()
