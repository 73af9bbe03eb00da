"""What each `festival` subcommand of the match does: read the arguments, ask the match
service (festival/match/service.py), print what it returns."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from events.numbers import decimal_text
from festival.cli.dashboard_launch import LOCAL, streamlit_command, url
from festival.cli.handin_commands import table_lines
from festival.cli.match_words import item_words, refusal_words
from festival.core.errors import MatchError
from festival.core.options import ItemRefused, catalog_files, engine_overrides, event_options
from festival.core.registry import event_title as title
from festival.discord.messages import round_messages
from festival.match import service
from festival.match.acts import (
    Allocate,
    ChooseCandidate,
    FromGoogle,
    FromHandIns,
    GoogleSetup,
    GoogleTabs,
    NewMatch,
    Publish,
    Resolve,
    ResolveSource,
    Templates,
    Workbooks,
    from_path,
)
from festival.match.config import PLANNED_FIELD, PLANNED_PLAYERS
from festival.match.outcome import PostChanges, RoundCheck, RoundRejected
from festival.match.results import Earlier
from festival.match.service import TiebreakSource, WorkbooksWritten
from festival.match.spreadsheets import SpreadsheetsFor


def new(args: argparse.Namespace) -> int:
    try:
        engines = engine_overrides(args.engine)
        catalogs, options = catalog_files(args.catalog), event_options(args.option)
    except ItemRefused as exc:
        raise MatchError(item_words(exc)) from exc
    made = service.run(
        args.match,
        NewMatch(
            args.roster,
            args.seed,
            args.tiebreak,
            args.capacity,
            args.events_per_player,
            args.rounds,
            engines,
            catalogs,
            options,
            args.small_match,
        ),
    )
    print(f"Created match {args.match} for {len(made.players)} players (seed {made.seed}).")
    if made.small:
        print(
            f"Fewer players than the rules' {PLANNED_PLAYERS}, as you confirmed: events of "
            f"fewer than {PLANNED_FIELD} players play, though the rules do not plan for them."
        )
    elif args.small_match:
        print(
            f"Small match, as you confirmed: allocate will allocate events of fewer than "
            f"{PLANNED_FIELD} players, though the rules do not plan for them."
        )
    given = made.source is TiebreakSource.HOST
    print(
        f"Gamewide Tiebreak ({'given by the host' if given else 'seeded draw'}): "
        + ", ".join(made.gamewide)
    )
    if made.missing:
        print("Not playable yet in this version: " + ", ".join(map(title, made.missing)) + ".")
    print(f"Next: festival allocate {args.match}")
    return 0


def allocate(args: argparse.Namespace) -> int:
    result = service.run(args.match, Allocate(args.fewest_unmet, args.small_match))
    if result.earlier is Earlier.SAME:
        print(
            f"{args.match} is already allocated, as below: nothing changed, nothing stored "
            "again (the allocation is drawn from the preferences and the seed)."
        )
    for event, players in result.members.items():
        print(f"{title(event)} ({len(players)}): {', '.join(players)}")
    if result.small_fields:
        print(
            f"Fewer players than the {PLANNED_FIELD} or 7 the rules plan an event for, as you "
            "confirmed: " + ", ".join(result.small_fields)
        )
    print(f"Allocated by {result.method}: {result.unmet} listed choice(s) not granted.")
    for r in result.refused:
        print(
            f"  {r.player} did not get {title(r.event)} "
            f"({['first', 'second'][r.choice]} choice): {r.reason}"
        )
    print("Lottery order (settles ties after garnets): " + ", ".join(result.lottery))
    if result.earlier is Earlier.REPLACED:
        print(
            "This replaces the allocation stored before (it may change until round 1 is "
            "resolved): workbooks written before it are out of date, write them again."
        )
    print(f"Next: festival templates {args.match}")
    return 0


def templates(args: argparse.Namespace) -> int:
    if args.force and not args.google:
        raise MatchError("--force is for --google (a workbook is always written anew)")
    target = GoogleTabs(args.force, args.credentials) if args.google else Workbooks(args.out)
    done = service.run(args.match, Templates(args.round, target), sheets=_sheets(args))
    round_no = done.round_no
    if not isinstance(done, WorkbooksWritten):
        print("\n".join(done.lines))
        if done.planned:
            print(
                "Next: ask each player to fill in their tabs, then: "
                f"festival resolve {args.match} --google --round {round_no}"
            )
        return 0
    print(f"Wrote {done.written} workbook(s) for round {round_no} to {done.out}")
    if not done.written:
        print("No event plays this round (or no event has an engine yet).")
        return 0
    print(
        "Next: send each player their workbook, collect them into one folder "
        f"(as <player>.xlsx), then: festival resolve {args.match} --from FOLDER "
        f"--round {round_no}"
    )
    return 0


def resolve(args: argparse.Namespace) -> int:
    if [args.source is not None, args.google, args.hand_ins].count(True) != 1:
        raise MatchError(
            "say where the round comes from: --from FOLDER_OR_JSON, --google, or --hand-ins"
        )
    source: ResolveSource = (
        FromGoogle(args.credentials)
        if args.google
        else FromHandIns()
        if args.hand_ins
        else from_path(args.source)
    )
    try:
        done = service.run(
            args.match, Resolve(source, args.round, args.default_invalid), sheets=_sheets(args)
        )
    except RoundRejected as exc:
        for error in exc.check.errors:
            print(f"  {error.shown(title(error.event))}")
        for line in _kept_and_missing(exc.check, "the default would be played"):
            print(line)
        for cell in exc.check.unread:
            print(f"  not read: {cell.shown(title(cell.event))}")
        for note in exc.check.notes:
            print(f"  note: {note.shown(title(note.event))}")
        for line in exc.check.file_notes:
            print(f"  {line}")
        print(f"festival: error: {refusal_words(exc)}", file=sys.stderr)
        return 1
    outcome, round_no = done.outcome, done.round_no
    check = outcome.check
    for error in check.errors:
        print(f"  invalid, default played: {error.shown(title(error.event))}")
    for line in _kept_and_missing(check, "default played"):
        print(line)
    for cell in check.unread:
        print(f"  not read: {cell.shown(title(cell.event))}")
    for note in check.notes:
        print(f"  note: {note.shown(title(note.event))}")
    for warning in outcome.warnings:
        print(f"  {warning}")
    played = ", ".join(title(r.event) for r in outcome.reports) or "no event"
    print(f"Resolved round {round_no}: {played}.")
    if outcome.recomputed:
        print("Recomputed later rounds: " + ", ".join(map(str, outcome.recomputed)))
    for line in changed_posts_lines(outcome.changed_posts, args.match, done.on_discord):
        print(line)
    if done.on_discord:
        print(
            f"Next: festival post {args.match} --round {round_no} (it posts the round and "
            f"corrects what changed; festival announce {args.match} --round {round_no} shows "
            "the messages first)"
        )
    else:
        print(f"Next: festival announce {args.match} --round {round_no}")
    return 0


def _kept_and_missing(check: RoundCheck, played: str) -> list[str]:
    """Who keeps an earlier refusal, who handed in blank (a choice: not missing), and who sent
    nothing (every run names them, refused or not: the host can chase them before the round
    resolves)."""
    return (
        [
            f"  refused before, still refused ({played}): {player} in {title(event)}"
            for player, event in check.kept_refused
        ]
        + [
            f"  handed in blank, {played}: {player} in {title(event)}"
            for player, event in check.blank
        ]
        + [f"  missing, {played}: {player} in {title(event)}" for player, event in check.missing]
    )


def changed_posts_lines(
    changed: Mapping[int, PostChanges], folder: Path, on_discord: bool = False
) -> list[str]:
    """What a re-resolution changed in the rounds already announced, round by round; on
    Discord, `festival post` corrects them."""
    lines = []
    for round_no, what in sorted(changed.items()):
        if not what.any:
            lines.append(f"  Round {round_no}: the announcements read as before.")
            continue
        parts = ["the public post"] if what.public else []
        if what.private:
            parts.append("the private reports of " + ", ".join(what.private))
        fix = (
            f"festival post {folder} --round {round_no} corrects them on Discord"
            if on_discord
            else f"festival announce {folder} --round {round_no}"
        )
        lines.append(
            f"  Round {round_no}: changed {' and '.join(parts)}; correct those posts ({fix})."
        )
    return lines


def standings(args: argparse.Namespace) -> int:
    view = service.standings(args.match, args.xlsx)
    if args.json:
        print(json.dumps(view.data, indent=2))
        return 0
    state_word = view.state_word
    print(
        "Host view: scores and tiebreak values here may be secret under the rules; "
        "`festival announce` gives what players may see."
    )
    for event, ranking in view.rankings.items():
        print(f"{title(event)} ({state_word}):")
        for e in ranking:
            tb = ", ".join(f"{n} {decimal_text(v)}" for n, v in e.tiebreaks)
            decided = (
                f"  [decided by {e.decided_by}]" if e.decided_by not in (None, "score") else ""
            )
            print(f"  {e.rank}. {e.player}: {decimal_text(e.score)}  ({tb}){decided}")
    result = view.festival
    print(f"Festival ({state_word}):")
    for s in result.players:
        marks = []
        if s.winner:
            marks.append("WINNER" if result.sole_winner else "tied winner")
        if s.elimination_candidate:
            marks.append("ELIMINATION CANDIDATE")
        ranks = ", ".join(f"{title(e)} {r}" for e, r in s.events.items())
        print(
            f"  {s.player}: average {decimal_text(s.average_rank)} ({ranks}); "
            f"garnets {s.garnets}, "
            f"Tokens of Life {s.tokens_of_life}{'  ' + ', '.join(marks) if marks else ''}"
        )
    if result.elimination_choice_pending:
        print(
            "  Elimination Candidate: the sole winner chooses among "
            + ", ".join(result.elimination_choice_pending)
            + f" (festival choose-candidate {args.match} PLAYER)"
        )
    return 0


def announce(args: argparse.Namespace) -> int:
    done = service.announce(args.match, args.round, pictures=args.out is not None)
    round_no, result = done.round_no, round_messages(done.messages)
    blocks = [("PUBLIC", result.public)] + [
        (f"PRIVATE to {p}", msgs) for p, msgs in result.private.items()
    ]
    for label, messages in blocks:
        for i, message in enumerate(messages, 1):
            print(f"----- {label} ({i}/{len(messages)}) -----")
            print(message)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for label, messages in blocks:
            stem = "public" if label == "PUBLIC" else "private-" + label.removeprefix("PRIVATE to ")
            for i, message in enumerate(messages, 1):
                (args.out / f"round-{round_no}-{stem}-{i}.md").write_text(message + "\n")
        if done.pictures:
            from festival.core.picture import png  # Pillow, only when there is something to draw

            for name, picture in done.pictures:
                (args.out / name).write_bytes(png(picture))
        pictures = f" and {len(done.pictures)} picture(s)" if done.pictures else ""
        print(f"Wrote the messages{pictures} to {args.out}")
    return 0


def _sheets(args: argparse.Namespace) -> SpreadsheetsFor | None:
    """The Google spreadsheets adapter, for a command that names them (its client is loaded
    only then)."""
    if not getattr(args, "google", True):
        return None
    from festival.google import match_google  # the Google client, when used

    return match_google.spreadsheets


def google_setup(args: argparse.Namespace) -> int:
    command = GoogleSetup(args.sheets, args.host_sheet, args.credentials)
    done = service.run(args.match, command, sheets=_sheets(args))
    print(
        f"{done.spreadsheets} player spreadsheets recorded"
        + (", and the host's" if done.host_sheet else "")
        + "."
    )
    print(f"Next: festival templates {args.match} --google")
    return 0


def publish(args: argparse.Namespace) -> int:
    done = service.run(args.match, Publish(args.round, args.credentials), sheets=_sheets(args))
    print(f"Round {done.round_no}: results written for {', '.join(done.players)}.")
    return 0


def choose_candidate(args: argparse.Namespace) -> int:
    done = service.run(args.match, ChooseCandidate(args.player))
    print(f"Recorded: {done.sole_winner} chose {done.chosen} as the Elimination Candidate.")
    return 0


def status(args: argparse.Namespace) -> int:
    now = service.status(args.match)
    print(f"Match {args.match}: {now.players} players, round {now.last} of {now.rounds} resolved.")
    if now.missing:
        print(
            "Events without a rules engine in this version (they do not play): "
            + ", ".join(map(title, now.missing))
        )
    if not now.allocated:
        print(f"Next: festival allocate {args.match}")
        return 0
    for plan in now.plans:
        print(
            f"  {title(plan.event)}: {plan.players} players, rounds "
            + ", ".join(map(str, plan.rounds))
        )
    if not now.finished:
        for line in _deadline(args.match):
            print(line)
    if now.playable and not now.finished:
        table = service.round_table(args.match, inbox=getattr(args, "inbox", None))
        for line in table_lines(table, args.match):
            print(line)
    if not now.playable:
        print("No event can be played in this version.")
    elif now.finished:
        print(f"The match is over: festival standings {args.match}")
    elif (due := _due_now(args.match)) is not None:
        print(due)  # the deadline has come: closing the round is the step, not its workbooks
    elif (written := service.templates_folder(args.match, now.last + 1)).is_dir():
        print(  # templates' own Next, so a host who looks again is not sent back a step
            f"Next: the round {now.last + 1} workbooks are in {written}: send each player "
            "theirs, collect them into one folder (as <player>.xlsx), then: festival resolve "
            f"{args.match} --from FOLDER --round {now.last + 1}"
        )
    else:
        print(f"Next: festival templates {args.match} --round {now.last + 1}")
    return 0


def _deadline(folder: Path) -> list[str]:
    """The next deadline in the host's zone, and who is ready (festival/cli/
    schedule_commands.py)."""
    from festival.cli.schedule_commands import next_deadline_lines
    from festival.match.schedule import system_now

    return next_deadline_lines(folder, system_now())


def _due_now(folder: Path) -> str | None:
    """`festival status`'s Next when the open round's deadline has come (None: it has not)."""
    from festival.match import schedule_service
    from festival.match.schedule import system_now

    d = schedule_service.schedule(folder).current
    if d is None or d.paused_left is not None or d.at > system_now():
        return None
    return (
        f"Next: round {d.round_no}'s deadline has come: festival run {folder} --once closes it "
        "(resolved, posted, the next deadline announced), as a running bot or festival run "
        "does by itself"
    )


def dashboard_command(
    match_folder: Path, port: int | None = None, address: str = LOCAL
) -> list[str]:
    """The streamlit command line for `festival dashboard`: localhost only unless `address`
    says otherwise (host mode shows secret information; do not expose it by accident)."""
    return [*streamlit_command(port, address), "--", str(match_folder.resolve())]


def dashboard(args: argparse.Namespace) -> int:
    from festival.core.child import run_child

    service.check_opens(args.match)  # a clear error now rather than in the browser
    command = dashboard_command(args.match, args.port, args.address)
    where = url(args.port, args.address)
    print(f"Opening the dashboard for {args.match} at {where} (Ctrl-C to stop).")
    return run_child(command)


def demo_folder(folder: Path | None) -> Path:
    """The folder named by the user (new or empty, or holding a demo that was stopped: it
    carries on), else a new one here."""
    from festival.sample.demo import DemoFolder
    from festival.sample.demo import demo_folder as holds

    if folder is not None:
        held = holds(folder)
        if held is DemoFolder.PLAYED:
            raise MatchError(
                f"{folder} holds the demo, played to the end: festival dashboard {folder} "
                "shows it; to play it again, name a new folder (or none: `festival demo` "
                "makes festival-demo-N here)"
            )
        if held is DemoFolder.OTHER:
            raise MatchError(
                f"{folder} is not empty; the demo never overwrites a folder: name a new one "
                "(or none: `festival demo` makes festival-demo-N here)"
            )
        return folder
    n = 1
    while Path(f"festival-demo-{n}").exists():
        n += 1
    return Path(f"festival-demo-{n}")


def demo(args: argparse.Namespace) -> int:
    from festival.sample.demo import play_demo

    target = demo_folder(args.folder)
    played = play_demo(target)
    if played.earlier:
        print(
            f"Carrying on the demo stopped in {target}: rounds 1 to {played.earlier} were "
            "resolved before."
        )
    print(f"Sample festival in {target}: {len(played.players)} players, seed {played.seed}.")
    for event, members in played.members.items():
        print(f"  {title(event)} ({len(members)}): {', '.join(members)}")
    for r in played.rounds:
        outcome = r.resolved.outcome
        names = ", ".join(title(report.event) for report in outcome.reports)
        print(f"Round {r.resolved.round_no}: resolved {names} from {r.workbooks} workbooks.")
        for error in outcome.check.errors:
            print(
                "  rejected, the rules' default played instead: " + error.shown(title(error.event))
            )
    print("Final standings (average rank; lower is better):")
    for s in played.standings.data["players"]:
        ranks = ", ".join(f"{title(e)} {r}" for e, r in s["events"].items())
        marks = ("  WINNER" if s["winner"] else "") + (
            "  ELIMINATION CANDIDATE" if s["elimination_candidate"] else ""
        )
        print(
            f"  {s['player']}: {decimal_text(s['average_rank'])} ({ranks}); "
            f"garnets {s['garnets']}, "
            f"Tokens of Life {s['tokens_of_life']}{marks}"
        )
    last = service.status(target).last
    print(f"Next: festival dashboard {target}   (or: festival announce {target} --round {last})")
    return 0


def check(args: argparse.Namespace) -> int:
    report = service.check(args.match)
    for line in report.lines(lambda folder: f"run `festival check {folder}` on it"):
        print(line)
    return 0 if report.sound else 1
