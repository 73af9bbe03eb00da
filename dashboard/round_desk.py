"""The Round desk (host only): who has handed in what for the next round, a button that
resolves it with the same checks as `festival resolve`, and the announcements to copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival.announce import announcements
from festival.event_names import title
from festival.match import Match, MatchError
from festival.round_pipeline import RoundRejected, ingest_folder, preview_folder, resolve
from sheets.errors import SheetReadError


def default_inbox(folder: Path, round_no: int) -> Path:
    return folder / "inbox" / f"round-{round_no}"


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
        inbox = Path(st.text_input(
            "Folder of this round's workbooks (<player>.xlsx)",
            str(default_inbox(match.folder, round_no)),
        ))  # fmt: skip
        st.subheader(f"Round {round_no}: submissions")
        if not inbox.is_dir():
            st.warning(f"{inbox} does not exist yet: put the players' workbooks there.")
        else:
            try:
                check = preview_folder(match, round_no, inbox)
            except (MatchError, SheetReadError) as exc:
                st.error(str(exc))
                check = None
            if check is not None:
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
            default_invalid = st.checkbox("Play the rules' default for invalid submissions")
            if st.button(f"Resolve round {round_no}"):
                try:
                    outcome = resolve(
                        match, round_no, ingest_folder(match, round_no, inbox), default_invalid
                    )
                except RoundRejected as exc:
                    st.error(str(exc))
                except MatchError as exc:
                    st.error(str(exc))
                else:
                    st.success(
                        f"Round {round_no} resolved: "
                        + ", ".join(title(r.event) for r in outcome.reports)
                    )
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
