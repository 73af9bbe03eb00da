"""What each `festival` subcommand does: thin glue between the command line and the match."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from events.numbers import decimal_text
from festival.cli.option_args import catalog_files, engine_overrides, event_options
from festival.core import seeds
from festival.core.registry import event_names
from festival.core.registry import event_title as title
from festival.google import match_sheets as google_sheets
from festival.match.allocation import CLAIM_ORDER, FEWEST_UNMET, unmet_choices
from festival.match.announce import announcements
from festival.match.catalogs import catalog_options
from festival.match.check import check_match
from festival.match.config import MatchConfig
from festival.match.engines import load_engines
from festival.match.match import Match, MatchError
from festival.match.replay import states_after
from festival.match.roster import parse_roster
from festival.match.rounds import (
    PostChanges,
    RoundRejected,
    check_resolvable,
    ingest_folder,
    ingest_json,
    ingest_source,
)
from festival.match.rounds import resolve as resolve_round
from festival.match.standings_view import (
    event_rankings,
    festival_standings,
    standings_json,
    standings_tables,
)
from sheets.google import GoogleError
from sheets.xlsx_reader import read_table_file
from sheets.xlsx_writer import write_table, write_templates


def new(args: argparse.Namespace) -> int:
    grid = read_table_file(args.roster)
    roster, errors = parse_roster(grid)
    if roster is None:
        raise MatchError(
            f"{args.roster} has {len(errors)} problem(s):\n" + "\n".join(f"  {e}" for e in errors)
        )
    if args.seed is not None and args.seed < 0:
        raise MatchError("--seed must be a whole number >= 0")
    seed = args.seed if args.seed is not None else seeds.new_match_seed()
    players = tuple(p.player for p in roster.preferences)
    if args.tiebreak:
        by_key = {p.lower(): p for p in players}
        order = [x.strip() for x in args.tiebreak.split(",") if x.strip()]
        unknown = [x for x in order if x.lower() not in by_key]
        if unknown:
            raise MatchError(f"--tiebreak names players not in the roster: {', '.join(unknown)}")
        gamewide, source = tuple(by_key[x.lower()] for x in order), "host"
    elif roster.tiebreak:
        gamewide, source = roster.tiebreak, "host"
    else:
        order_idx = seeds.stream(seed, "gamewide").permutation(len(players))
        gamewide, source = tuple(players[int(i)] for i in order_idx), "drawn"
    engines = engine_overrides(args.engine)
    options = event_options(args.option)
    for event, extra in catalog_options(
        load_engines(engines, event_names()), catalog_files(args.catalog)
    ).items():
        options.setdefault(event, {}).update(extra)
    config = MatchConfig(
        preferences=roster.preferences,
        seed=seed,
        gamewide=gamewide,
        gamewide_source=source,
        capacity=args.capacity,
        events_per_player=args.events_per_player,
        rounds=args.rounds,
        engines=engines,
        event_options=options,
    )
    match = Match.create(args.match, config)
    print(f"Created match {args.match} for {len(players)} players (seed {seed}).")
    print(
        f"Gamewide Tiebreak ({'given by the host' if source == 'host' else 'seeded draw'}): "
        + ", ".join(gamewide)
    )
    missing = match.missing_engines()
    if missing:
        print("Not playable yet in this version: " + ", ".join(title(e) for e in missing) + ".")
    print(f"Next: festival allocate {args.match}")
    match.close()
    return 0


def allocate(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    result = match.allocate(FEWEST_UNMET if args.fewest_unmet else CLAIM_ORDER)
    for event, players in result.members.items():
        print(f"{title(event)} ({len(players)}): {', '.join(players)}")
    unmet = unmet_choices(result.members, match.config.preferences)
    print(f"Allocated by {result.method}: {unmet} listed choice(s) not granted.")
    refused = [
        d
        for d in result.decisions
        if not d.granted
        and d.claim.choice < 2
        and d.reason != f"already has {match.config.events_per_player} events"
    ]
    for d in refused:
        print(
            f"  {d.claim.player} did not get {title(d.claim.event)} "
            f"({['first', 'second'][d.claim.choice]} choice): {d.reason}"
        )
    print("Lottery order (settles ties after garnets): " + ", ".join(result.lottery))
    print(f"Next: festival templates {args.match}")
    return 0


def _round_arg(match: Match, value: int | None) -> int:
    return value if value is not None else match.last_resolved_round() + 1


def templates(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    round_no = _round_arg(match, args.round)
    check_resolvable(match, round_no)
    if args.force and not args.google:
        raise MatchError("--force is for --google (a workbook is always written anew)")
    if args.google:
        settings = google_sheets.load_settings(match)
        done = google_sheets.push_templates(
            match, round_no, google_sheets.client_for(settings, args.credentials), args.force
        )
        print("\n".join(done.lines(f"Round {round_no} tabs", "the match store")))
        if done.plans:
            print(
                "Next: ask each player to fill in their tabs, then: "
                f"festival resolve {args.match} --google --round {round_no}"
            )
        return 0
    states = states_after(match, round_no - 1)
    out = args.out or args.match / "templates" / f"round-{round_no}"
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for player in match.config.players:
        events = match.events_of(player, round_no)
        if not events:
            continue
        tabs = [match.engine(e).template(states[e], player, round_no) for e in events]
        write_templates(
            out / f"{player}.xlsx",
            tabs,
            f"AWA Festival, round {round_no}",
            match.stamp(round_no, player),
        )
        written += 1
    print(f"Wrote {written} workbook(s) for round {round_no} to {out}")
    if not written:
        print("No event plays this round (or no event has an engine yet).")
        return 0
    print(
        "Next: send each player their workbook, collect them into one folder "
        f"(as <player>.xlsx), then: festival resolve {args.match} --from FOLDER "
        f"--round {round_no}"
    )
    return 0


def resolve(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    round_no = _round_arg(match, args.round)
    check_resolvable(match, round_no)
    source: Path | None = args.source
    if (source is None) == (not args.google):
        raise MatchError("say where the round comes from: --from FOLDER_OR_JSON, or --google")
    if source is None:
        settings = google_sheets.load_settings(match)
        gc = google_sheets.client_for(settings, args.credentials)
        try:
            inputs = ingest_source(match, round_no, google_sheets.source(match, round_no, gc))
        except GoogleError as exc:
            raise MatchError(str(exc)) from exc
    elif not source.exists():
        raise MatchError(f"{source} does not exist")
    elif source.is_dir():
        inputs = ingest_folder(match, round_no, source)
    elif source.suffix.lower() == ".json":
        inputs = ingest_json(match, round_no, source)
    else:
        raise MatchError(f"{source}: expected a folder of workbooks or a .json file")
    try:
        outcome = resolve_round(match, round_no, inputs, args.default_invalid)
    except RoundRejected as exc:
        for error in exc.check.errors:
            print(f"  {error}")
        print(f"festival: error: {exc}", file=sys.stderr)
        return 1
    check = outcome.check
    for error in check.errors:
        print(f"  invalid, default played: {error}")
    for player, event in check.missing:
        print(f"  missing, default played: {player} in {title(event)}")
    for warning in outcome.warnings:
        print(f"  {warning}")
    played = ", ".join(title(r.event) for r in outcome.reports) or "no event"
    print(f"Resolved round {round_no}: {played}.")
    if outcome.recomputed:
        print("Recomputed later rounds: " + ", ".join(map(str, outcome.recomputed)))
    for line in changed_posts_lines(outcome.changed_posts, args.match):
        print(line)
    print(f"Next: festival announce {args.match} --round {round_no}")
    return 0


def changed_posts_lines(changed: Mapping[int, PostChanges], folder: Path) -> list[str]:
    """What a re-resolution changed in the rounds already announced, round by round."""
    lines = []
    for round_no, what in sorted(changed.items()):
        if not what.any:
            lines.append(f"  Round {round_no}: the announcements read as before.")
            continue
        parts = ["the public post"] if what.public else []
        if what.private:
            parts.append("the private reports of " + ", ".join(what.private))
        lines.append(
            f"  Round {round_no}: changed {' and '.join(parts)}; correct those posts "
            f"(festival announce {folder} --round {round_no})."
        )
    return lines


def standings(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    if not match.allocated:
        raise MatchError("events are not allocated yet; run `festival allocate` first")
    if not match.engines:
        raise MatchError("no event of this match has a rules engine in this version")
    data = standings_json(match)
    if args.xlsx:
        write_table(args.xlsx, standings_tables(data))
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    states = states_after(match, match.last_resolved_round())
    state_word = "final" if match.finished else f"after round {match.last_resolved_round()}"
    print(
        "Host view: scores and tiebreak values here may be secret under the rules; "
        "`festival announce` gives what players may see."
    )
    for event, ranking in event_rankings(match, states).items():
        print(f"{title(event)} ({state_word}):")
        for e in ranking:
            tb = ", ".join(f"{n} {decimal_text(v)}" for n, v in e.tiebreaks)
            decided = (
                f"  [decided by {e.decided_by}]" if e.decided_by not in (None, "score") else ""
            )
            print(f"  {e.rank}. {e.player}: {decimal_text(e.score)}  ({tb}){decided}")
    result = festival_standings(match, states)
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


def resolved_round(match: Match, asked: int | None) -> int:
    """The round to announce or publish: `asked`, else the last resolved one."""
    if asked is not None and asked >= 1:
        return asked  # a round not resolved yet is refused where it is read, in words
    last = match.last_resolved_round()
    if last < 1:
        raise MatchError("no round is resolved yet")
    if asked is not None:
        raise MatchError(f"--round {asked}: rounds are numbered from 1 (resolved: 1 to {last})")
    return last


def announce(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    round_no = resolved_round(match, args.round)
    result = announcements(match, round_no)
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
        print(f"Wrote the messages to {args.out}")
    return 0


def google_setup(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    settings = google_sheets.save_settings(match, args.sheets, args.host_sheet, args.credentials)
    print(
        f"{len(settings.spreadsheets)} player spreadsheets recorded"
        + (", and the host's" if settings.host_sheet else "")
        + "."
    )
    print(f"Next: festival templates {args.match} --google")
    return 0


def publish(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    round_no = resolved_round(match, args.round)
    settings = google_sheets.load_settings(match)
    written = google_sheets.publish(
        match, round_no, google_sheets.client_for(settings, args.credentials)
    )
    print(f"Round {round_no}: results written for {', '.join(written)}.")
    return 0


def choose_candidate(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    if not match.finished:
        raise MatchError("the sole winner chooses only after the last round")
    result = festival_standings(match, states_after(match, match.config.rounds), False)
    pool = result.elimination_choice_pending
    if not pool:
        raise MatchError("the rules leave no choice to the sole winner in this match")
    chosen = next((p for p in pool if p.lower() == args.player.lower()), None)
    if chosen is None:
        raise MatchError(f"{args.player} is not among the tied players: {', '.join(pool)}")
    match.store.set_host_input(Match.WINNER_CHOICE, chosen)
    print(f"Recorded: {result.sole_winner} chose {chosen} as the Elimination Candidate.")
    return 0


def status(args: argparse.Namespace) -> int:
    match = Match.open(args.match)
    last = match.last_resolved_round()
    print(
        f"Match {args.match}: {len(match.config.players)} players, round {last} of "
        f"{match.config.rounds} resolved."
    )
    missing = match.missing_engines()
    if missing:
        print(
            "Events without a rules engine in this version (they do not play): "
            + ", ".join(title(e) for e in missing)
        )
    if not match.allocated:
        print(f"Next: festival allocate {args.match}")
        return 0
    for event, rounds in match.schedule().items():
        print(
            f"  {title(event)}: {len(match.participants(event))} players, rounds "
            + ", ".join(map(str, rounds))
        )
    if not match.engines:
        print("No event can be played in this version.")
    elif match.finished:
        print(f"The match is over: festival standings {args.match}")
    else:
        print(f"Next: festival templates {args.match} --round {last + 1}")
    return 0


def dashboard_command(
    match_folder: Path, port: int | None = None, address: str = "127.0.0.1"
) -> list[str]:
    """The streamlit command line for `festival dashboard`: localhost only unless `address`
    says otherwise (host mode shows secret information; do not expose it by accident)."""
    app = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--browser.gatherUsageStats",
        "false",
        "--server.address",
        address,
    ]
    if port:
        command += ["--server.port", str(port)]
    return [*command, "--", str(match_folder.resolve())]


def dashboard(args: argparse.Namespace) -> int:
    from festival.core.child import run_child

    Match.open(args.match).close()  # a clear error now rather than in the browser
    command = dashboard_command(args.match, args.port, args.address)
    where = f"http://{args.address}:{args.port or 8501}"
    print(f"Opening the dashboard for {args.match} at {where} (Ctrl-C to stop).")
    return run_child(command)


def demo(args: argparse.Namespace) -> int:
    from festival.sample.demo import run_demo

    return run_demo(args.folder)


def check(args: argparse.Namespace) -> int:
    report = check_match(args.match)
    for line in report.lines():
        print(line)
    return 0 if report.sound else 1
