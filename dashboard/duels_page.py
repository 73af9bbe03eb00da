"""The Duels page. Public: the board, the move log and a slider to step through the game.
Host: the duel desk, where the host enters a player's actions in the game's notation (or by the
game's shortcut verbs, Element's take N among them), sees the board after each, undoes,
confirms, starts and stops the clock, and lets a bot play.

Duel folders are found in FESTIVAL_DUELS (a duel folder, or a folder of them) and in the
match folder's `duels/` folder (dashboard/duel_folders.py). The page draws what the duel
service (festival/duels/service.py) returns, and changes a duel only through it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dashboard.duel_folders import ENV_DUELS
from dashboard.duel_press import ALREADY, press, pressed
from dashboard.duels_bot_level import bot_level
from dashboard.duels_orders_desk import orders_desk
from events.offers import Shortcut
from festival.core import picture as duel_picture
from festival.core.errors import FestivalError, StoreError
from festival.duels import offers, service
from festival.duels.acts import BotMove, Play, SetClock, Undo
from festival.duels.levels import Level
from festival.duels.origin import Origin
from festival.duels.service import History


def duel_labels(folders: list[Path]) -> list[str]:
    """How the page names each duel: its folder's own name (with as many parent folders as it
    takes to tell two apart), never the path on the host's computer."""
    depth = 1
    while True:
        labels = ["/".join(f.parts[-depth:]) for f in folders]
        if len(set(labels)) == len(labels) or depth >= max(len(f.parts) for f in folders):
            return labels
        depth += 1


def render(st: Any, folders: list[Path], host: bool) -> None:
    st.header("Duels")
    if not folders:
        st.info(f"No duel folder: create one with `festival duel new`, or set {ENV_DUELS}.")
        return
    labels = duel_labels(folders)
    pick = (
        st.selectbox("Duel", range(len(folders)), format_func=labels.__getitem__)
        if len(folders) > 1
        else 0
    )
    chosen = folders[pick or 0]
    try:
        history = service.history(chosen)
        if host:
            public_tab, desk_tab = st.tabs(["Board and log", "Duel desk (host)"])
            with public_tab:
                _public(st, history)
            with desk_tab:
                _desk(st, chosen, history)
        else:
            _public(st, history)
    except (FestivalError, StoreError) as exc:
        st.error(str(exc).replace(str(chosen), labels[folders.index(chosen)]))


def _public(st: Any, history: History) -> None:
    states, steps = history.states, history.steps
    players = " vs ".join(history.players)
    st.caption(f"{history.title} ({history.variant}): {players}")
    shown = len(states) - 1
    if steps:
        shown = st.slider("Step through the game", 0, len(steps), len(steps), key="duel-step")
    st.markdown(duel_picture.svg(history.picture(shown)), unsafe_allow_html=True)
    winner = history.winner
    if winner is not None:
        st.success(f"Winner: {winner.player} — {winner.detail}")
    said = history.words  # sealed orders stay secret
    log = [
        {"step": n, "player": step.player, "action": said[n - 1]}
        for n, step in enumerate(steps, start=1)
    ]
    st.subheader("Move log")
    if log:
        st.dataframe(log, hide_index=True)
    else:
        st.caption("No action yet.")


MESSAGES = "duel-desk-messages"


def _desk(st: Any, folder: Path, history: History) -> None:
    desk = history.desk
    if desk.simultaneous:
        orders_desk(st, folder, history)
        return
    for kind, text in st.session_state.pop(MESSAGES, []):
        (st.success if kind == "ok" else st.error)(text)
    if desk.after.over is not None:
        st.success(f"The duel is over: {desk.after.over}")
        return
    player = desk.to_act[0]
    st.markdown(desk.after.progress)
    if desk.clock is not None:
        st.caption(desk.clock)
    st.markdown(duel_picture.svg(history.picture()), unsafe_allow_html=True)
    messages: list[tuple[str, str]] = []
    origin = press(st)  # each press done once (dashboard/duel_press.py)
    if desk.rows:
        st.code("\n".join(desk.rows), language=None)
    example = desk.example
    action = st.text_input(f"Action (e.g. {example})", key="desk-action")
    left, middle, right = st.columns(3)
    if left.button("Add action", key="desk-add") and action.strip():
        messages += _play(folder, action, player, origin)
    if middle.button("Undo", key="desk-undo"):
        messages += _undo(folder, origin)
    if right.button("Confirm turn", key="desk-confirm"):
        messages += _play(folder, "confirm", player, origin)
    for shortcut in offers.of_game(history.game).shortcuts:  # Element's take N (events/offers.py)
        messages += _shortcut(st, folder, shortcut, player, origin)
    clock_on, clock_off, bot = st.columns(3)
    if clock_on.button("Start clock", key="desk-clock-on"):
        messages += _clock(folder, True, origin)
    if clock_off.button("Stop clock", key="desk-clock-off"):
        messages += _clock(folder, False, origin)
    level = bot_level(bot, "desk-bot-level")
    if bot.button(f"Bot plays for {player}", key="desk-bot"):
        messages += _bot(folder, player, level, origin)
    if messages:  # show the board after the action: run the page again, keeping the words
        pressed(st)
        st.session_state[MESSAGES] = messages
        st.rerun()


def _play(
    folder: Path, text: str, player: str, origin: Origin = service.DESK
) -> list[tuple[str, str]]:
    try:
        done = service.as_host(folder, Play(text, player, host=True), origin)
    except (FestivalError, StoreError) as exc:
        return [("error", str(exc))]
    if done.repeated:
        return [("ok", ALREADY)]
    entered = done.entered
    assert entered is not None
    if not entered.ok:
        return [("error", f"Not recorded: {e.message}") for e in entered.problems]
    return [("ok", f"Recorded: {', '.join(entered.words)}")]


def _shortcut(
    st: Any, folder: Path, shortcut: Shortcut, player: str, origin: Origin
) -> list[tuple[str, str]]:
    """A row for one of the game's shortcut verbs: the count, what was drawn elsewhere (if
    the game records it; empty: drawn with the duel's seed) and its button."""
    count_box, detail_box, go = st.columns(3)
    key = f"desk-{shortcut.verb}"
    count = count_box.number_input(shortcut.count, min_value=0, step=1, key=f"{key}-count")
    detail = ""
    if shortcut.detail:
        words = f"{shortcut.detail} drawn elsewhere ({shortcut.detail_help})"
        detail = detail_box.text_input(words, key=f"{key}-detail")
    if go.button(f"{shortcut.verb.capitalize()} N: {shortcut.help}", key=key):
        return _play(folder, shortcut.text(int(count), detail.strip() or None), player, origin)
    return []


def _undo(folder: Path, origin: Origin = service.DESK) -> list[tuple[str, str]]:
    try:
        done = service.as_host(folder, Undo(host=True), origin)
    except (FestivalError, StoreError) as exc:
        return [("error", str(exc))]
    if done.repeated:
        return [("ok", ALREADY)]
    assert done.took_back is not None
    return [("ok", f"Took back {done.took_back[1]}")]


def _bot(
    folder: Path, player: str, level: Level, origin: Origin = service.DESK
) -> list[tuple[str, str]]:
    done = service.as_host(folder, BotMove(player, "mcts", level), origin)
    if done.repeated:
        return [("ok", ALREADY)]
    actions = done.bot.actions if done.bot is not None else 0
    return [("ok", f"The {level.value} bot recorded {actions} action(s) for {player}.")]


def _clock(folder: Path, running: bool, origin: Origin = service.DESK) -> list[tuple[str, str]]:
    try:
        done = service.as_host(folder, SetClock(running), origin)
    except (FestivalError, StoreError) as exc:
        return [("error", str(exc))]
    if done.repeated:
        return [("ok", ALREADY)]
    return [("ok", "Clock started" if running else "Clock stopped")]
