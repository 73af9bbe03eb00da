"""The duel desk for a game of sealed orders (Elementarium): the host enters each awaited
player's orders (kept sealed: the page shows only that they are in), lets a bot order for a
player, takes sealed orders back, and resolves the turn, players without orders holding.
Renders what festival/duels/host.py computes."""

from __future__ import annotations

from typing import Any

from festival.cli.duel_commands import last_turn_cells
from festival.duels import picture as duel_picture
from festival.duels.bots import bot_turn, make_bot
from festival.duels.host import Duel
from festival.duels.origin import Origin, Via
from festival.match.match import MatchError

MESSAGES = "duel-desk-messages"


def orders_desk(st: Any, duel: Duel) -> None:
    for kind, text in st.session_state.pop(MESSAGES, []):
        (st.success if kind == "ok" else st.error)(text)
    state = duel.state()
    outcome = duel.game.outcome(state)
    if outcome is not None:
        st.success(f"The duel is over: {outcome.detail}")
        return
    st.markdown(duel.game.progress(state))
    picture = duel.game.picture(state, last_turn_cells(duel, duel.positions()[0]))
    st.markdown(duel_picture.svg(picture), unsafe_allow_html=True)
    messages: list[tuple[str, str]] = []
    awaited = duel.game.to_act(state)
    for player in duel.players:
        if player not in awaited:
            st.caption(f"{player}: orders in (sealed).")
            continue
        example = duel.game.action_example(state)
        text = st.text_input(f"{player}'s orders (e.g. {example})", key=f"desk-{player}")
        seal, bot = st.columns(2)
        if seal.button(f"Seal {player}'s orders", key=f"desk-seal-{player}") and text.strip():
            messages += _play(duel, text, player)
        if bot.button(f"Bot orders for {player}", key=f"desk-bot-{player}"):
            bot_turn(duel, make_bot("mcts", duel.game, duel.store.step_count(), 0.2), player)
            messages.append(("ok", f"The bot sealed orders for {player}."))
    undo, resolve = st.columns(2)
    if undo.button("Take back the last sealed orders", key="desk-undo"):
        try:
            step = duel.undo()
            messages.append(("ok", f"Took back {step.player}'s sealed orders."))
        except MatchError as exc:
            messages.append(("error", str(exc)))
    if resolve.button("Resolve the turn (no orders: hold)", key="desk-resolve"):
        for player in awaited:
            if player in duel.game.to_act(duel.state()):
                messages += _play(duel, "hold", player)
        words = duel.game.turn_lines(state, duel.state())
        messages.append(("ok", "Resolved. " + "; ".join(words)))
    if messages:
        st.session_state[MESSAGES] = messages
        st.rerun()


def _play(duel: Duel, text: str, player: str) -> list[tuple[str, str]]:
    try:
        played = duel.play_text(text, player, source=Origin(Via.DESK))
    except MatchError as exc:
        return [("error", str(exc))]
    if not played.ok:
        return [("error", f"Not recorded: {e}") for e in played.errors]
    return [("ok", f"{player}'s orders are sealed.")]
