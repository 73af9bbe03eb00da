"""The Duels page. Public: the board, the move log and a slider to step through the game.
Host: the duel desk, where the host draws stones (Element), enters a player's actions one at a time,
sees the board after each, undoes, confirms, starts and stops the clock, and lets a bot play.

Duel folders are found in FESTIVAL_DUELS (a duel folder, or a folder of them) and in the
match folder's `duels/` folder. The page draws what the duel service (festival/duels/service.py)
returns, and changes a duel only through it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dashboard.duels_orders_desk import orders_desk
from festival.duels import picture as duel_picture
from festival.duels import service
from festival.duels.host import Duel
from festival.duels.service import History
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


def render(st: Any, folders: list[Path], host: bool) -> None:
    st.header("Duels")
    if not folders:
        st.info(f"No duel folder: create one with `festival duel new`, or set {ENV_DUELS}.")
        return
    names = [str(f) for f in folders]
    chosen = st.selectbox("Duel", names) if len(names) > 1 else names[0]
    try:
        with service.history(Path(chosen)) as history:
            if host:
                public_tab, desk_tab = st.tabs(["Board and log", "Duel desk (host)"])
                with public_tab:
                    _public(st, history)
                with desk_tab:
                    _desk(st, history.duel)
            else:
                _public(st, history)
    except (MatchError, StoreError) as exc:
        st.error(str(exc))


def _public(st: Any, history: History) -> None:
    duel, states, steps = history.duel, history.states, history.steps
    players = " vs ".join(duel.players)
    st.caption(f"{duel.game.title} ({duel.config['variant']}): {players}")
    shown = len(states) - 1
    if steps:
        shown = st.slider("Step through the game", 0, len(steps), len(steps), key="duel-step")
    st.markdown(duel_picture.svg(history.picture(shown)), unsafe_allow_html=True)
    outcome = duel.game.outcome(states[-1])
    if outcome is not None:
        st.success(f"Winner: {outcome.winner} — {outcome.detail}")
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
    view = duel.game.public_view(state)
    worded = isinstance(view.get("progress"), str)  # a game that words its own turn
    turn = {} if worded else view.get("turn", {})
    if worded:
        st.markdown(f"**{player}** to play ({view['progress']}).")
    else:
        st.markdown(f"**{player}** to play, turn {view.get('turn_no')}.")
    if duel.store.clock_events():
        st.caption(duel.clock().describe())
    st.markdown(duel_picture.svg(service.show(duel.folder).picture), unsafe_allow_html=True)
    messages: list[tuple[str, str]] = []
    line = duel.game.progress(state)
    if worded:
        st.code("\n".join(view.get("rows", [])), language=None)
    if line is not None:  # a game of typed moves (Elemental Halma): one box for any action
        messages += _typed_desk(st, duel, player, line)
    elif not worded and turn.get("drawn") is None:
        count = st.number_input("Stones to draw", 0, 4, 4, key="desk-count")
        stones = st.text_input("Stones drawn elsewhere (optional, e.g. FWEA)", key="desk-stones")
        if st.button("Draw", key="desk-draw"):
            messages += _play(duel, f"take {int(count)} {stones.strip()}".strip(), player)
    else:
        if not worded:
            hand = " ".join(turn.get("hand", ())) or "none"
            st.markdown(f"Left to place: **{hand}** · moves left: **{turn.get('moves_left')}**")
        example = (
            "call gnome water L R4, move R, impel DL gnome"
            if worded
            else "UR, fire B3, ride D, W C2 river L path DRD"
        )
        action = st.text_input(f"Action (e.g. {example})", key="desk-action")
        left, middle, right = st.columns(3)
        if left.button("Add action", key="desk-add") and action.strip():
            messages += _play(duel, action, player)
        if middle.button("Undo", key="desk-undo"):
            messages += _undo(duel)
        if right.button("Confirm turn", key="desk-confirm"):
            messages += _play(duel, "confirm", player)
    clock_on, clock_off, bot = st.columns(3)
    if clock_on.button("Start clock", key="desk-clock-on"):
        messages += _clock(duel, True)
    if clock_off.button("Stop clock", key="desk-clock-off"):
        messages += _clock(duel, False)
    if bot.button(f"Bot plays for {player}", key="desk-bot"):
        done = service.desk_bot(duel.folder, player)
        messages.append(("ok", f"The bot recorded {done} action(s) for {player}."))
    if service.enforce_time(duel.folder):
        messages.append(("error", "Time ran out: the loss is recorded."))
    if messages:  # show the board after the action: run the page again, keeping the words
        st.session_state[MESSAGES] = messages
        st.rerun()


def _typed_desk(st: Any, duel: Duel, player: str, line: str) -> list[tuple[str, str]]:
    """The desk for a game whose turn is typed moves then confirm (no draw)."""
    messages: list[tuple[str, str]] = []
    st.markdown(line)
    action = st.text_input("Move (e.g. C3-D4, C3 DR, D5-M)", key="desk-move")
    left, middle, right = st.columns(3)
    if left.button("Add move", key="desk-add-move") and action.strip():
        messages += _play(duel, action, player)
    if middle.button("Undo", key="desk-undo-move"):
        messages += _undo(duel)
    if right.button("Confirm turn", key="desk-confirm-move"):
        messages += _play(duel, "confirm", player)
    return messages


def _play(duel: Duel, text: str, player: str) -> list[tuple[str, str]]:
    try:
        entered = service.enter(duel.folder, text, player)
    except (MatchError, StoreError) as exc:
        return [("error", str(exc))]
    if not entered.ok:
        return [("error", f"Not recorded: {e.message}") for e in entered.problems]
    return [("ok", f"Recorded: {', '.join(entered.words)}")]


def _undo(duel: Duel) -> list[tuple[str, str]]:
    try:
        done = service.undo(duel.folder)
    except (MatchError, StoreError) as exc:
        return [("error", str(exc))]
    return [("ok", f"Took back {done.words}")]


def _clock(duel: Duel, running: bool) -> list[tuple[str, str]]:
    try:
        service.clock(duel.folder, running)
    except (MatchError, StoreError) as exc:
        return [("error", str(exc))]
    return [("ok", "Clock started" if running else "Clock stopped")]
