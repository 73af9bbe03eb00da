"""Practice duels against the bot (the Discord bot's /practice): started for a Discord user,
found again by a bot started later, and the bot's seat answered by the search bot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival.duels import practice
from festival.duels.acted import Acted, Practice, PracticeStarted
from festival.duels.acting import acted, bot_steps
from festival.duels.acts import Refusal, Refused, StartPractice
from festival.duels.host import Duel
from festival.duels.levels import parse_level
from festival.duels.opening import open_duel, situation
from festival.duels.origin import Origin
from festival.duels.results import Entered
from festival.duels.seating import seating_of, seating_settings
from festival.duels.words import board_picture


def _practice(duel: Duel, picture: bool = False) -> Practice | None:
    """The duel as a practice duel (None: it is not one)."""
    seat = duel.store.setting(practice.BOT_SETTING)
    chosen = parse_level(duel.store.setting(practice.LEVEL_SETTING) or "")
    if seat not in duel.players or chosen is None:
        return None
    seating = seating_of(duel)
    (player,) = [p for p in duel.players if p != seat]
    states, steps, _ = duel.positions()
    return Practice(
        duel.folder,
        duel.game.title,
        str(duel.config["variant"]),
        player,
        seat,
        chosen,
        seating.channel,
        seating.user_of(player),
        situation(duel, states[-1]),
        duel.game.to_act(states[-1]),
        duel.game.simultaneous,
        board_picture(duel.game, states, steps) if picture else None,
    )


def _live_practice(folder: Path) -> Practice | None:
    """The practice duel in `folder` while it goes on (None: over, or not one)."""
    with open_duel(folder) as duel:
        found = _practice(duel)
    return found if found is not None and found.after.over is None else None


def practices(base: Path) -> tuple[Practice, ...]:
    """The practice duels under `base` still going on (a bot started again picks them up)."""
    found = (_live_practice(folder) for folder in practice.practice_folders(base))
    return tuple(p for p in found if p is not None)


def practice_start(base: Path, command: StartPractice, origin: Origin) -> PracticeStarted:
    """Start the practice duel a user asked for in `command.channel` (`origin`: where it
    came from; a delivery is done once: its key names the duel's folder), kept under `base`:
    the user seated as themselves (their `display` name), the bot's seat marked with its
    level, the seed drawn and recorded, the command stored in the duel. Refused while the
    user plays a practice duel in that channel that is not over."""
    asked, channel, user, display = command.asked, command.channel, command.user, command.display
    if asked.problem is not None:
        return PracticeStarted(problem=asked.problem)
    key = origin_key(origin)
    mine = practice.player_folder(base, channel, user)
    if any(mine.glob(f"*-{key}")):
        return PracticeStarted(repeated=True)
    for folder in practice.practice_folders(mine, depth=1):
        if (live := _live_practice(folder)) is not None:
            refusal = Refusal(Refused.PRACTISING, live.title, what=live.bot)
            return PracticeStarted(refused=refusal)
    bot = practice.bot_name(asked.level)
    human = practice.player_name(display, asked.level)
    players = [bot, human] if asked.bot_first else [human, bot]
    folder = practice.practice_folder(base, asked.game, channel, user, key)
    settings = seating_settings(players, channel, {human: user})
    duel = Duel.create(folder, asked.game, None, {}, players, None)
    try:
        for name, value in settings.items():
            duel.store.set_setting(name, value)
        duel.store.set_setting(practice.BOT_SETTING, bot)
        duel.store.set_setting(practice.LEVEL_SETTING, asked.level.value)
        first = "bot" if asked.bot_first else "me"
        duel.store.add_raw(human, origin, f"practice {asked.game} {asked.level.value} {first}")
        return PracticeStarted(_practice(duel, picture=True))
    finally:
        duel.close()


def origin_key(origin: Origin) -> str:
    """The key a practice duel's folder ends in: a Discord interaction's id (the first
    number of its origin), else the origin's words."""
    words = origin.detail.split()
    number = next((w for w in words if w.isdigit()), None)
    return number or str(origin).replace(":", "-").replace(" ", "-")


def practice_answer(duel: Duel, state: Any) -> Acted:
    """The practice bot's turn in a practice duel (`commands.PracticeAnswer`), when its seat
    alone is to act (it starts, or the player's turn ended): the search bot at the duel's
    level plays it from what its seat knows (`DuelGame.known_to`: never the player's sealed
    orders), recorded as the bot's input. Nothing is done (no `entered`) in a duel that is
    not a practice duel, one that is over, or when the bot's seat is not the only one to
    act; it never acts for the player's seat."""
    found = _practice(duel)
    if found is None or found.after.over is not None or found.to_act != (found.bot,):
        return acted(duel, state)
    recorded = bot_steps(duel, found.bot, "mcts", found.level, None)
    if not recorded:
        return acted(duel, state)
    words = tuple(duel.game.format_action(s.action) for s in recorded)
    if duel.game.sealed(duel.state()):  # orders in, not yet resolved: never said
        words = ()
    raw_id = duel.store.raws()[-1].id
    return acted(duel, state, entered=Entered(raw_id, words, ()))
