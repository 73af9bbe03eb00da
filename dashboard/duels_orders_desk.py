"""The duel desk for a game of sealed orders (Elementarium): the host enters each awaited
player's orders (kept sealed: the page shows only that they are in), lets a bot order for a
player, takes sealed orders back, and resolves the turn, players without orders holding.
Draws what the duel service (festival/duels/service.py) returns, and changes the duel only
through it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dashboard.duel_press import ALREADY, press, pressed
from dashboard.duels_bot_level import bot_level
from festival.core import picture as duel_picture
from festival.core.errors import FestivalError, StoreError
from festival.duels import service
from festival.duels.acts import BotMove, HoldAll, Play, Undo
from festival.duels.levels import Level
from festival.duels.origin import Origin

MESSAGES = "duel-desk-messages"


def orders_desk(st: Any, folder: Path, history: service.History) -> None:
    for kind, text in st.session_state.pop(MESSAGES, []):
        (st.success if kind == "ok" else st.error)(text)
    desk = history.desk
    if desk.after.over is not None:
        st.success(f"The duel is over: {desk.after.over}")
        return
    st.markdown(desk.after.progress)
    st.markdown(duel_picture.svg(history.picture()), unsafe_allow_html=True)
    messages: list[tuple[str, str]] = []
    origin = press(st)  # each press done once (dashboard/duel_press.py)
    for player in history.players:
        if player not in desk.to_act:
            st.caption(f"{player}: orders in (sealed).")
            continue
        example = desk.example
        text = st.text_input(f"{player}'s orders (e.g. {example})", key=f"desk-{player}")
        seal, bot = st.columns(2)
        if seal.button(f"Seal {player}'s orders", key=f"desk-seal-{player}") and text.strip():
            messages += _play(folder, text, player, origin)
        level = bot_level(bot, f"desk-bot-level-{player}")
        if bot.button(f"Bot orders for {player}", key=f"desk-bot-{player}"):
            messages += _bot(folder, player, level, origin)
    undo, resolve = st.columns(2)
    if undo.button("Take back the last sealed orders", key="desk-undo"):
        try:
            done = service.as_host(folder, Undo(host=True), origin)
            if done.repeated:
                messages.append(("ok", ALREADY))
            else:
                assert done.took_back is not None
                messages.append(("ok", f"Took back {done.took_back[0]}'s sealed orders."))
        except (FestivalError, StoreError) as exc:
            messages.append(("error", str(exc)))
    if resolve.button("Resolve the turn (no orders: hold)", key="desk-resolve"):
        messages += _resolve(folder, origin)
    if messages:
        pressed(st)
        st.session_state[MESSAGES] = messages
        st.rerun()


def _bot(
    folder: Path, player: str, level: Level, origin: Origin = service.DESK
) -> list[tuple[str, str]]:
    """The search bot seals `player`'s orders (`BotMove`, as the host)."""
    if service.as_host(folder, BotMove(player, "mcts", level), origin).repeated:
        return [("ok", ALREADY)]
    return [("ok", f"The {level.value} bot sealed orders for {player}.")]


def _resolve(folder: Path, origin: Origin = service.DESK) -> list[tuple[str, str]]:
    """Every player still awaited holds, so the turn resolves (`HoldAll`, as the host)."""
    try:
        done = service.as_host(folder, HoldAll(), origin)
    except (FestivalError, StoreError) as exc:
        return [("error", str(exc))]
    if done.repeated:
        return [("ok", ALREADY)]
    said: list[tuple[str, str]] = []
    for player, entered in done.held:
        said += _said(entered, player)
    return [*said, ("ok", "Resolved. " + "; ".join(done.turn_lines))]


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
    return _said(entered, player)


def _said(entered: service.Entered, player: str) -> list[tuple[str, str]]:
    if not entered.ok:
        return [("error", f"Not recorded: {e}") for e in entered.problems]
    if entered.turn_lines:  # the last orders in: the turn resolved
        return [("ok", f"{player}'s orders are in. Resolved. " + "; ".join(entered.turn_lines))]
    return [("ok", f"{player}'s orders are sealed.")]
