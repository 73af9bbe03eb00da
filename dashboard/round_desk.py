"""The Round desk (host only): who has handed in what for the next round, a button that
resolves it with the same checks as `festival resolve`, and the announcements to copy.

After an action the page is drawn again at once (`st.rerun`), so it shows the new round.
Google spreadsheets are read only when the host asks, and what was read is kept for the
session (checking the status or ticking a box costs no request) until the host reads again
or resolves the round."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import streamlit

from dashboard.match_data import store_stamp
from festival.core.registry import event_title as title
from festival.google import match_sheets as google_sheets
from festival.match import service
from festival.match.announce import Announcements
from festival.match.commands import HOST, FromSource, Resolve, RoundResolvedMeanwhile, Via
from festival.match.match import Match, MatchError
from festival.match.rounds import RoundRejected, preview_source
from festival.match.store import StoreError
from sheets.errors import SheetReadError
from sheets.google import GoogleError
from sheets.source import FolderSource, RawSubmission, SubmissionSource

FOLDER = "a folder of workbooks"
GOOGLE = "the players' Google spreadsheets"
DEFAULT_INVALID = "Play the rules' default for invalid submissions"
_READ = "round_desk_google_read"
"""session key: the spreadsheets as read (ReadSource), with the match and round they are for"""
_DONE = "round_desk_done"
"""session key: the message of the last action, shown after the rerun"""


@dataclass(frozen=True)
class ReadSource:
    """Every player's spreadsheet as read once: a SubmissionSource that asks Google nothing."""

    described: str
    raws: dict[str, RawSubmission | None] = field(default_factory=dict)
    failures: dict[str, SheetReadError] = field(default_factory=dict)

    @staticmethod
    def read(source: SubmissionSource, players: list[str]) -> ReadSource:
        read = ReadSource(source.describe())
        for player in players:
            try:
                read.raws[player] = source.fetch(player)
            except SheetReadError as exc:  # kept, and raised again where the round reads it
                read.failures[player] = exc
        return read

    def describe(self) -> str:
        return self.described

    def fetch(self, player: str) -> RawSubmission | None:
        if player in self.failures:
            raise self.failures[player]
        return self.raws.get(player)


def default_inbox(folder: Path, round_no: int) -> Path:
    return folder / "inbox" / f"round-{round_no}"


@streamlit.cache_data(max_entries=8, show_spinner=False)
def _announcements(folder: str, stamp: tuple[int, ...], round_no: int) -> Announcements:
    """A round's announcements, written once per store content (`stamp`)."""
    return service.round_announcements(Path(folder), round_no)


def _status(st: Any, match: Match, round_no: int, source: SubmissionSource) -> None:
    """Each player's submission for each event: received, handed in blank, missing, refused
    before (a re-resolution keeps that verdict) or invalid (with why)."""
    try:
        check = preview_source(match, round_no, source)
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
    st.dataframe(rows, hide_index=True)
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
    match = Match.open(folder)
    try:
        _desk(st, match)
    finally:
        match.close()


def _google_source(st: Any, match: Match, round_no: int) -> SubmissionSource | None:
    """The spreadsheets as read on the host's request, kept for this session."""
    key = (str(match.folder), round_no)
    stored = st.session_state.get(_READ)
    kept: ReadSource | None = stored[1] if stored is not None and stored[0] == key else None
    st.caption(
        "Reading costs one request per player spreadsheet: festival reads them when you ask "
        "and keeps what it read until you read them again."
    )
    label = "Read the spreadsheets again" if kept is not None else "Read the spreadsheets"
    if st.button(label):
        try:
            settings = google_sheets.load_settings(match)
            remote = google_sheets.source(match, round_no, google_sheets.client_for(settings, None))
        except MatchError as exc:
            st.error(str(exc))
            return None
        players = [p for p in match.config.players if match.events_of(p, round_no)]
        kept = ReadSource.read(remote, players)
        st.session_state[_READ] = (key, kept)
    return kept


def _desk(st: Any, match: Match) -> None:
    last = match.last_resolved_round()
    if not match.finished:
        round_no = last + 1
        st.subheader(f"Round {round_no}: submissions")
        google = match.store.host_input(google_sheets.SETTINGS) is not None
        choice = st.radio("Read the round from", [FOLDER, GOOGLE]) if google else FOLDER
        source: SubmissionSource | None = None
        if choice == GOOGLE:
            source = _google_source(st, match, round_no)
        else:
            inbox = Path(st.text_input(
                "Folder of this round's workbooks (<player>.xlsx)",
                str(default_inbox(match.folder, round_no)),
            ))  # fmt: skip
            if inbox.is_dir():
                source = FolderSource(inbox)
            else:
                st.warning(f"{inbox} does not exist yet: put the players' workbooks there.")
        if source is not None:
            _status(st, match, round_no, source)
            default_invalid = st.checkbox(DEFAULT_INVALID)
            if st.button(f"Resolve round {round_no}", type="primary"):
                _resolve(st, match, round_no, source, default_invalid, last)
    else:
        st.success("The match is over.")
    if last:
        st.subheader(f"Announcements of round {last} (copy into Discord)")
        result = _announcements(str(match.folder), store_stamp(match.folder), last)
        for i, message in enumerate(result.public, 1):
            st.caption(f"Public, message {i}/{len(result.public)}")
            st.code(message, language="markdown")
        player = st.selectbox("Private report of", list(result.private))
        for message in result.private.get(player, []):
            st.code(message, language="markdown")
    else:
        st.caption("The announcements to copy into Discord appear here once round 1 is resolved.")


def _resolve(
    st: Any,
    match: Match,
    round_no: int,
    source: SubmissionSource,
    default_invalid: bool,
    last: int,
) -> None:
    """Resolve the round (through the match service, which holds the match's lock and refuses
    if another command resolved a round meanwhile), then draw the page again at once, showing
    the next round."""
    command = Resolve(FromSource(source), round_no, default_invalid, after_round=last)
    try:
        done = service.run(match.folder, command, HOST, Via.DASHBOARD)
    except RoundResolvedMeanwhile as exc:
        st.error(f"round {exc.seen + 1} was resolved meanwhile (another command?); reload the page")
        return
    except RoundRejected as exc:
        st.error(
            f"Round {round_no} was not resolved: {len(exc.check.invalid)} invalid "
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
    st.rerun()
