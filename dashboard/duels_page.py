"""The Duels page. Public: the board, the move log and a slider to step through the game.
Host: the duel desk, where the host enters a player's actions (Element's draw among them) in the
game's notation, sees the board after each, undoes, confirms, starts and stops the clock, and lets
a bot play.

Duel folders are found in FESTIVAL_DUELS (a duel folder, or a folder of them) and in the
match folder's `duels/` folder. The page renders what festival/duels/host.py computes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dashboard.duels_orders_desk import orders_desk
from festival.cli.duel_commands import last_turn_cells
from festival.cli.duel_order_commands import step_words
from festival.duels import picture as duel_picture
from festival.duels.bots import bot_turn, make_bot
from festival.duels.host import Duel
from festival.duels.origin import Origin, Via
from festival.duels.store import DUEL_FILE
from festival.match.match import MatchError
from festival.match.store import StoreError

ENV_DUELS = "FESTIVAL_DUELS"


def duel_folders(match_folder: Path | None) -> list[Path]:
    """Every duel folder the dashboard can show."""
    roots = []
    value = os.environ.get(ENV_DUELS)
    if value:
        roots.append(Path(value))
    if match_folder is not None:
        roots.append(match_folder / "duels")
    found: list[Path] = []
    for root in roots:
        if (root / DUEL_FILE).is_file():
            found.append(root)
        elif root.is_dir():
            found.extend(sorted(p for p in root.iterdir() if (p / DUEL_FILE).is_file()))
    return found


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
        duel = Duel.open(chosen)
    except (MatchError, StoreError) as exc:
        st.error(str(exc).replace(str(chosen), labels[folders.index(chosen)]))
        return
    try:
        if host:
            public_tab, desk_tab = st.tabs(["Board and log", "Duel desk (host)"])
            with public_tab:
                _public(st, duel)
            with desk_tab:
                _desk(st, duel)
        else:
            _public(st, duel)
    finally:
        duel.close()


def _public(st: Any, duel: Duel) -> None:
    states, steps, _ = duel.positions()
    players = " vs ".join(duel.players)
    st.caption(f"{duel.game.title} ({duel.config['variant']}): {players}")
    shown = len(states) - 1
    if steps:
        shown = st.slider("Step through the game", 0, len(steps), len(steps), key="duel-step")
    picture = duel.game.picture(states[shown], last_turn_cells(duel, states[: shown + 1]))
    st.markdown(duel_picture.svg(picture), unsafe_allow_html=True)
    outcome = duel.game.outcome(states[-1])
    if outcome is not None:
        st.success(f"Winner: {outcome.winner} — {outcome.detail}")
    said = step_words(duel.game, states, steps)  # sealed orders stay secret
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


def _desk(st: Any, duel: Duel) -> None:
    if duel.game.simultaneous:
        orders_desk(st, duel)
        return
    for kind, text in st.session_state.pop(MESSAGES, []):
        (st.success if kind == "ok" else st.error)(text)
    state = duel.state()
    acting = duel.game.to_act(state)
    outcome = duel.game.outcome(state)
    if outcome is not None:
        st.success(f"The duel is over: {outcome.detail}")
        return
    player = acting[0]
    st.markdown(duel.game.progress(state))
    if duel.store.clock_events():
        st.caption(duel.clock().describe())
    picture = duel.game.picture(state, last_turn_cells(duel, duel.positions()[0]))
    st.markdown(duel_picture.svg(picture), unsafe_allow_html=True)
    messages: list[tuple[str, str]] = []
    rows = duel.game.public_view(state).get("rows", [])
    if rows:
        st.code("\n".join(rows), language=None)
    example = duel.game.action_example(state)
    action = st.text_input(f"Action (e.g. {example})", key="desk-action")
    left, middle, right = st.columns(3)
    if left.button("Add action", key="desk-add") and action.strip():
        messages += _play(duel, action, player)
    if middle.button("Undo", key="desk-undo"):
        try:
            step = duel.undo()
            messages.append(("ok", f"Took back {duel.game.format_action(step.action)}"))
        except MatchError as exc:
            messages.append(("error", str(exc)))
    if right.button("Confirm turn", key="desk-confirm"):
        messages += _play(duel, "confirm", player)
    clock_on, clock_off, bot = st.columns(3)
    if clock_on.button("Start clock", key="desk-clock-on"):
        messages += _clock(duel, True)
    if clock_off.button("Stop clock", key="desk-clock-off"):
        messages += _clock(duel, False)
    if bot.button(f"Bot plays for {player}", key="desk-bot"):
        done = bot_turn(duel, make_bot("mcts", duel.game, duel.store.step_count(), 0.2), player)
        messages.append(("ok", f"The bot recorded {done} action(s) for {player}."))
    if duel.enforce_time():
        messages.append(("error", "Time ran out: the loss is recorded."))
    if messages:  # show the board after the action: run the page again, keeping the words
        st.session_state[MESSAGES] = messages
        st.rerun()


def _play(duel: Duel, text: str, player: str) -> list[tuple[str, str]]:
    try:
        played = duel.play_text(text, player, source=Origin(Via.DESK))
    except MatchError as exc:
        return [("error", str(exc))]
    if not played.ok:
        return [("error", f"Not recorded: {e.message}") for e in played.errors]
    words = ", ".join(duel.game.format_action(s.action) for s in played.steps)
    return [("ok", f"Recorded: {words}")]


def _clock(duel: Duel, running: bool) -> list[tuple[str, str]]:
    try:
        duel.set_clock(running)
    except MatchError as exc:
        return [("error", str(exc))]
    return [("ok", "Clock started" if running else "Clock stopped")]
