"""The Round desk (host only): who has handed in what for the next round, a button that
resolves it with the same checks as `festival resolve`, and the announcements to copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival import google_sheets
from festival.announce import announcements
from festival.event_names import title
from festival.match import Match, MatchError
from festival.round_pipeline import ingest_folder, ingest_source, preview_source, resolve
from festival.store import StoreError
from festival.store_lock import exclusive
from sheets.errors import SheetReadError
from sheets.google import GoogleError
from sheets.source import FolderSource, SubmissionSource

FOLDER = "a folder of workbooks"
GOOGLE = "the players' Google spreadsheets"


def default_inbox(folder: Path, round_no: int) -> Path:
    return folder / "inbox" / f"round-{round_no}"


def _status(st: Any, match: Match, round_no: int, source: SubmissionSource) -> None:
    """Each player's submission for each event: received, missing or invalid (with why)."""
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
            elif (player, event) in check.invalid:
                status = "invalid"
            rows.append({"player": player, "event": title(event), "status": status})
    st.dataframe(rows, hide_index=True)
    for error in check.errors:
        st.error(str(error))


def render(st: Any, folder: Path, host: bool) -> None:
    st.header("Round desk")
    if not host:
        st.info("The round desk is for the host: it shows who has handed in what.")
        return
    match = Match.open(folder)
    try:
        _desk(st, match)
    finally:
        match.close()


def _desk(st: Any, match: Match) -> None:
    last = match.last_resolved_round()
    if not match.finished:
        round_no = last + 1
        st.subheader(f"Round {round_no}: submissions")
        google = match.store.host_input(google_sheets.SETTINGS) is not None
        choice = st.radio("Read the round from", [FOLDER, GOOGLE] if google else [FOLDER])
        source: SubmissionSource | None = None
        if choice == GOOGLE:
            st.caption("Reading costs one request per player spreadsheet: read on demand.")
            if st.button("Read the spreadsheets") or st.session_state.get("google_read"):
                st.session_state["google_read"] = True
                try:
                    settings = google_sheets.load_settings(match)
                    source = google_sheets.source(
                        match, round_no, google_sheets.client_for(settings, None)
                    )
                except MatchError as exc:
                    st.error(str(exc))
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
            default_invalid = st.checkbox("Play the rules' default for invalid submissions")
            if st.button(f"Resolve round {round_no}"):
                try:
                    with exclusive(match.folder):  # no `festival` command on it meanwhile
                        if match.last_resolved_round() != last:
                            raise MatchError(
                                f"round {round_no} was resolved meanwhile (another command?); "
                                "reload the page"
                            )
                        if isinstance(source, FolderSource):  # strays, empty folder refused
                            inputs = ingest_folder(match, round_no, source.folder)
                        else:
                            inputs = ingest_source(match, round_no, source)
                        outcome = resolve(match, round_no, inputs, default_invalid)
                except (MatchError, GoogleError, SheetReadError, StoreError) as exc:
                    st.error(str(exc))
                else:
                    st.success(
                        f"Round {round_no} resolved: "
                        + ", ".join(title(r.event) for r in outcome.reports)
                    )
                    st.session_state.pop("google_read", None)
                    last = match.last_resolved_round()
    else:
        st.success("The match is over.")
    if last:
        st.subheader(f"Announcements of round {last} (copy into Discord)")
        result = announcements(match, last)
        for i, message in enumerate(result.public, 1):
            st.caption(f"Public, message {i}/{len(result.public)}")
            st.code(message, language="markdown")
        player = st.selectbox("Private report of", list(result.private))
        for message in result.private.get(player, []):
            st.code(message, language="markdown")
