"""The match's hand-ins as the bot uses them (festival/bot/hand_ins.py `HandIns`): the match
service's `HandIn` command, given by the player themselves through the bot with the
attachment's id as its apply-once key, and its `submission` read. The words are the domain's
(festival/match/verdict.py): the answer's Markdown and the pictures of the player's own
view, nothing of another player's and no host path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from festival.bot.hand_ins import Answer
from festival.match import service
from festival.match.acts import Actor, Via
from festival.match.handin_acts import HandIn
from festival.match.schedule import system_now


class MatchHandIns:
    """`HandIns` over the match service; `clock`: the bot's (UTC epoch seconds), the time a
    hand-in is taken at and held against the round's deadline."""

    def __init__(self, clock: Callable[[], int] = system_now) -> None:
        self.clock = clock

    def hand_in(
        self, folder: Path, player: str, name: str, content: bytes, event: str | None, key: str
    ) -> Answer:
        command = HandIn(player, name, content, event, self.clock())
        handed = service.run(folder, command, Actor.of_player(player), Via.BOT, key)
        pictures = tuple(p for verdict in handed.events for p in verdict.pictures)
        return Answer(handed.markdown(), pictures)

    def submission(self, folder: Path, player: str) -> Answer:
        now = service.submission(folder, player)
        pictures = tuple(p for counting in now.events for p in counting.verdict.pictures)
        return Answer(now.markdown(), pictures)
