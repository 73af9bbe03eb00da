"""The Round desk (host only): who has handed in what for the next round, a button that
resolves it with the same checks as `festival resolve`, and the announcements to copy
(shown at once after a resolve, else when the host asks).

After an action the page is drawn again at once (`st.rerun`), so it shows the new round.
Google spreadsheets are read only when the host asks, and what was read is kept for the
session (checking the status or ticking a box costs no request) until the host reads again
or resolves the round."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import streamlit

from dashboard.match_data import store_stamp
from dashboard.people import markdown_table
from dashboard.toggles import kept_toggle, turn_on
from festival.core.errors import MatchError, StoreError
from festival.core.registry import event_title as title
from festival.discord.messages import round_messages
from festival.match import service
from festival.match.acts import (
    HOST,
    AlreadyApplied,
    FromFolder,
    FromHandIns,
    FromSource,
    InvalidSubmissions,
    Resolve,
    RoundResolvedMeanwhile,
    Via,
)
from festival.match.announce import Announcements
from festival.match.origin import CameFrom
from festival.match.views import DeskData, ReadSource
from sheets.errors import GoogleError, SheetReadError

FOLDER = "a folder of workbooks"
GOOGLE = "the players' Google spreadsheets"
HAND_INS = "the players' hand-ins alone (Discord, festival hand-in)"
DEFAULT_INVALID = "Play the rules' default for invalid submissions"
SHOW_ANNOUNCEMENTS = "Show the announcements to copy"
_READ = "round_desk_google_read"
"""session key: the spreadsheets as read (ReadSource), with the match and round they are for"""
_INBOX = "round_desk_inbox"
"""session key (with the round's number: each round has its own folder, so round 5's typed
folder is not offered for round 6): the inbox folder the host typed (the hand-ins table
shows its files too)"""


def _inbox_key(desk: DeskData) -> str:
    return f"{_INBOX}-{desk.next_round}"


_DONE = "round_desk_done"
"""session key: the message of the last action, shown after the rerun"""
_SHOW = "round_desk_show_announcements"
"""session key: the announcements' toggle (turned on by a resolve)"""
_PRESS = "round_desk_press"
"""session key: the apply-once key of the Resolve button as drawn: the match service applies
a key once, so a double click or a rerun of the same press resolves the round once; a new key
is drawn once the press is done"""

Source = FromFolder | FromSource | FromHandIns
"""where the desk reads the round: a folder of workbooks, the spreadsheets as read, or the
hand-ins alone (hand-ins count with the other two as well)"""


@streamlit.cache_data(max_entries=8, show_spinner=False)
def _announcements(folder: str, stamp: tuple[int, ...], round_no: int) -> Announcements:
    """A round's announcements, written once per store content (`stamp`)."""
    return service.round_announcements(Path(folder), round_no)


def _status(st: Any, desk: DeskData, source: Source) -> None:
    """Each player's submission for each event: received, handed in blank, missing, refused
    before (a re-resolution keeps that verdict) or invalid (with why)."""
    try:
        check = service.preview(desk.folder, desk.next_round, source)
    except (MatchError, GoogleError, SheetReadError) as exc:
        st.error(str(exc))
        return
    rows = []
    for event, by_player in check.entries.items():
        for player in by_player:
            status = "received"
            if (player, event) in check.missing:
                status = "missing"
            elif (player, event) in check.blank:
                status = "handed in blank"
            elif (player, event) in check.kept_refused:
                status = "refused before"
            elif (player, event) in check.invalid:
                status = "invalid"
            rows.append({"player": player, "event": title(event), "status": status})
    st.markdown(markdown_table(rows))
    for error in check.errors:
        st.error(error.shown(title(error.event)))
    for cell in check.unread:
        st.warning(f"not read: {cell.shown(title(cell.event))}")
    for note in check.notes:
        st.info(f"note: {note.shown(title(note.event))}")
    for line in check.file_notes:
        st.info(line)


def render(st: Any, folder: Path, host: bool) -> None:
    st.header("Round desk")
    if not host:
        st.info("The round desk is for the host: it shows who has handed in what.")
        return
    done = st.session_state.pop(_DONE, None)
    if done:
        st.success(done)
    _desk(st, service.desk(folder))


def _google_source(st: Any, desk: DeskData) -> Source | None:
    """The spreadsheets as read on the host's request, kept for this session."""
    round_no = desk.next_round
    key = (str(desk.folder), round_no)
    stored = st.session_state.get(_READ)
    kept: ReadSource | None = stored[1] if stored is not None and stored[0] == key else None
    st.caption(
        "Reading costs one request per player spreadsheet: festival reads them when you ask "
        "and keeps what it read until you read them again."
    )
    label = "Read the spreadsheets again" if kept is not None else "Read the spreadsheets"
    if st.button(label):
        try:
            from festival.google import match_google  # the Google client, when used

            kept = service.read_spreadsheets(desk.folder, round_no, match_google.spreadsheets)
        except MatchError as exc:
            st.error(str(exc))
            return None
        st.session_state[_READ] = (key, kept)
    return None if kept is None else FromSource(kept)


def _desk(st: Any, desk: DeskData) -> None:
    last = desk.last
    if not desk.finished:
        round_no = desk.next_round
        st.subheader(f"Round {round_no}: submissions")
        _deadline(st, desk)
        handed_in = _hand_ins(st, desk)
        choices = [FOLDER, *([GOOGLE] if desk.google else []), *([HAND_INS] if handed_in else [])]
        choice = st.radio("Read the round from", choices) if len(choices) > 1 else FOLDER
        source: Source | None = None
        if choice == GOOGLE:
            source = _google_source(st, desk)
        elif choice == HAND_INS:
            source = FromHandIns()
        else:
            typed = st.text_input(
                "Folder of this round's workbooks (<player>.xlsx)",
                str(desk.inbox),
                key=_inbox_key(desk),
            )
            inbox = Path(typed)
            if inbox.is_dir():
                source = FromFolder(inbox)
            else:
                st.warning(f"{inbox} does not exist yet: put the players' workbooks there.")
        if source is not None:
            _status(st, desk, source)
            default_invalid = st.checkbox(DEFAULT_INVALID)
            press = st.session_state.setdefault(_PRESS, secrets.token_hex(8))
            if st.button(f"Resolve round {round_no}", type="primary"):
                _resolve(st, desk, source, default_invalid, press)
    else:
        st.success("The match is over.")
    if last:
        _to_copy(st, desk, last)
    else:
        st.caption("The announcements to copy into Discord appear here once round 1 is resolved.")


def _deadline(st: Any, desk: DeskData) -> None:
    """The next deadline in the host's zone and who is ready (`festival schedule`)."""
    from festival.match.schedule import host_time
    from festival.match.schedule_service import next_deadline, schedule
    from festival.match.schedule_words import ready_sentence

    found = next_deadline(desk.folder)
    if found is None:
        st.caption(f"No deadline set: festival schedule {desk.folder} sets them.")
        return
    d = found.deadline
    if d.paused_left is not None:
        st.info(f"Round {d.round_no}'s deadline is paused.")
    else:
        zone = schedule(desk.folder).settings.zone
        st.info(f"Deadline: {host_time(d.at, zone)}.")
    st.caption(ready_sentence(found.readiness, title))


def _to_copy(st: Any, desk: DeskData, last: int) -> None:
    """The last round's announcements, each message a code block with its copy button, once
    the host shows them (on at once after a resolve, and kept on for the session): a
    browser's first code block costs about a second, which a switch to the desk skips."""
    st.subheader(f"Announcements of round {last} (copy into Discord)")
    if not kept_toggle(st, SHOW_ANNOUNCEMENTS, _SHOW):
        return
    result = round_messages(_announcements(str(desk.folder), store_stamp(desk.folder), last))
    for i, message in enumerate(result.public, 1):
        st.caption(f"Public, message {i}/{len(result.public)}")
        st.code(message, language="markdown")
    player = st.selectbox("Private report of", list(result.private))
    for message in result.private.get(player, []):
        st.code(message, language="markdown")


def _hand_ins(st: Any, desk: DeskData) -> bool:
    """Who is where (the service's table): per player and event, ready / has problems /
    nothing yet and where it came from (a hand-in, the inbox folder typed, a Google sheet
    watched), when anything but the inbox is there; whether anybody handed in."""
    inbox = Path(st.session_state.get(_inbox_key(desk), str(desk.inbox)))
    try:
        table = service.round_table(desk.folder, desk.next_round, inbox if inbox.is_dir() else None)
    except MatchError as exc:  # the inbox named is the templates folder
        st.error(str(exc))
        table = service.round_table(desk.folder, desk.next_round)
    if all(c.came_from in (None, CameFrom.INBOX) for c in table.cells):
        return False  # the inbox alone: the preview below shows it
    st.caption(
        "Who is where: hand-ins (Discord, `festival hand-in`; the latest counts, for each event "
        "it holds, whatever the round is read from), else the inbox folder's workbook, else "
        "the Google sheet as `festival watch` last read it."
    )
    rows = [
        {"player": c.player, "event": title(c.event), "hand-in": c.kind.value, "from": c.where}
        for c in table.cells
    ]
    st.markdown(markdown_table(rows))
    return any(c.came_from in (CameFrom.DISCORD, CameFrom.CLI) for c in table.cells)


def _resolve(st: Any, desk: DeskData, source: Source, default_invalid: bool, press: str) -> None:
    """Resolve the round (through the match service, which holds the match's lock, applies
    the press's key once and refuses if another command resolved a round meanwhile), then
    draw the page again at once, showing the next round."""
    round_no = desk.next_round
    command = Resolve(source, round_no, default_invalid, after_round=desk.last)
    try:
        done = service.run(desk.folder, command, HOST, Via.DASHBOARD, key=press)
    except AlreadyApplied:
        st.session_state.pop(_PRESS, None)
        st.session_state[_DONE] = "That press was done already: nothing was resolved twice."
        st.rerun()
        return
    except RoundResolvedMeanwhile as exc:
        st.error(f"round {exc.seen + 1} was resolved meanwhile (another command?); reload the page")
        return
    except InvalidSubmissions as exc:
        st.error(
            f"Round {round_no} was not resolved: {exc.invalid} invalid "
            "submission(s), listed above. Ask the players to fix them and resolve again, or "
            f"tick “{DEFAULT_INVALID}” to play the rules' default for them."
        )
        return
    except (MatchError, GoogleError, SheetReadError, StoreError) as exc:
        st.error(str(exc))
        return
    st.session_state[_DONE] = f"Round {round_no} resolved: " + ", ".join(
        title(r.event) for r in done.outcome.reports
    )
    st.session_state.pop(_READ, None)
    st.session_state.pop(_PRESS, None)
    turn_on(st, _SHOW)  # the new round's announcements, ready to copy
    st.rerun()
