"""What each `festival duel` subcommand does: thin glue between the command line and a duel."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from festival.cli.duel_order_commands import add_parsers, step_words
from festival.core import registry
from festival.core.paths import fixture
from festival.duels import picture as duel_picture
from festival.duels.bots import BOTS, bot_turn, make_bot
from festival.duels.games import duel_game
from festival.duels.host import Duel, DuelHostError, Played
from festival.duels.origin import Origin, Via
from sheets.errors import SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_FILE_BYTES, megabytes


@contextmanager
def opened(folder: Path) -> Iterator[Duel]:
    duel = Duel.open(folder)
    try:
        yield duel
    finally:
        duel.close()


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise DuelHostError(f"--option {pair!r}: write NAME=VALUE")
        try:
            parsed: Any = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        if key.strip() in out and out[key.strip()] != parsed:
            raise DuelHostError(f"--option {key.strip()} is given twice; give one value")
        out[key.strip()] = parsed
    return out


def new(args: argparse.Namespace) -> int:
    players = [p for p in str(args.players).replace(";", ",").split(",")]
    variant, options = args.variant, _options(args.option)
    if getattr(args, "board", None):
        variant, options = _board(args.board, duel_game(args.game).variants(), variant, options)
    duel = Duel.create(args.duel, args.game, variant, options, players, args.seed)
    try:
        state = duel.state()
        starts = (
            "Both send orders each turn."
            if duel.game.simultaneous
            else f"{duel.to_act(state)[0]} starts."
        )
        print(
            f"Created {duel.game.title} duel {args.duel} ({duel.config['variant']}) for "
            f"{', '.join(duel.players)}; seed {duel.seed}. {starts}"
        )
    finally:
        duel.close()
    return 0


def _board(
    board: str, boards: Collection[str], variant: str | None, options: dict[str, Any]
) -> tuple[str | None, dict[str, Any]]:
    """`--board NAME|FILE` (Alchelemental): a named board is the variant of that name (one of
    `boards`, the game's variants); a board file's JSON is recorded in the duel's options
    (checked like the shipped boards)."""
    if board in boards:
        return variant or board, options
    path = Path(board)
    try:
        data = load_json(_file_bytes(path), board)
    except (OSError, SheetReadError) as exc:
        raise DuelHostError(
            f"--board {board}: not {', '.join(boards)} or a board file ({exc})"
        ) from exc
    return variant, {**options, "board": data}


def _report(duel: Duel, played: Played) -> int:
    if not played.ok:
        print(f"Nothing recorded (input {played.raw_id} kept):", file=sys.stderr)
        for error in played.errors:
            print(f"  {error}", file=sys.stderr)
        return 1
    words = ", ".join(duel.game.format_action(s.action) for s in played.steps)
    print(f"Recorded: {words}")
    return 0


def _after(duel: Duel) -> None:
    state = duel.state()
    outcome = duel.game.outcome(state)
    if outcome is not None:
        print(f"The duel is over: {outcome.detail}.")
    else:
        print(duel.game.progress(state))


def draw(args: argparse.Namespace) -> int:
    text = f"take {args.count}" + (f" {args.stones}" if args.stones else "")
    with opened(args.duel) as duel:
        duel.enforce_time()
        code = _report(duel, duel.play_text(text, args.player, source=Origin(Via.DRAW)))
        if code == 0:
            _after(duel)
    return code


def play(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        if duel.enforce_time():
            print("Time ran out: recorded.")
        code = 0
        if args.source is not None:
            code = _report(duel, _play_file(duel, args.source, args.player))
        elif args.turn:
            code = _report(duel, duel.play_text(args.turn, args.player))
        elif not args.bot:
            raise DuelHostError("give the TURN as typed, --from FILE, or --bot PLAYER")
        if code == 0 and args.bot:
            _bot_plays(duel, args.bot, args.bot_kind, args.seconds)
        _after(duel)
    return code


def _play_file(duel: Duel, path: Path, player: str | None) -> Played:
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        return duel.play_text(_workbook_text(path), player, source=Origin.file(path.name))
    content = _file_bytes(path)
    if path.suffix.lower() == ".json":
        try:
            data = load_json(content, path.name)
        except SheetReadError as exc:
            text = content.decode("utf-8", errors="replace")
            raw_id = duel.store.add_raw(player or "?", Origin.file(path.name), text)
            duel.store.add_errors(raw_id, [("duel.json", str(exc))])
            raise DuelHostError(f"{exc}; kept as input {raw_id}") from exc
        return duel.play_json(data, player, source=Origin.file(path.name))
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raw_id = duel.store.add_raw(
            player or "?", Origin.file(path.name), content.decode("utf-8", errors="replace")
        )
        duel.store.add_errors(raw_id, [("duel.file", f"{path.name}: not UTF-8 text")])
        raise DuelHostError(f"{path}: not UTF-8 text; kept as input {raw_id}") from exc
    return duel.play_text(text, player, source=Origin.file(path.name))


def _file_bytes(path: Path) -> bytes:
    """A turn file's bytes, within the limits of docs/formats.md (sheets/limits.py)."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DuelHostError(
            f"{path}: the file is {megabytes(size)}; festival reads at most "
            f"{megabytes(MAX_FILE_BYTES)}"
        )
    return path.read_bytes()


def _workbook_text(path: Path) -> str:
    """The actions a player wrote in a workbook: every non-empty cell of the first sheet, row
    by row, read as notation."""
    from sheets.xlsx_reader import read_workbook

    words: list[str] = []
    for grid in read_workbook(path).values():
        for row in grid.rows:
            words.extend(str(v) for v in row if v not in (None, ""))
        break
    return ", ".join(words)


def _bot_plays(duel: Duel, name: str, kind: str, seconds: float) -> None:
    player = duel.resolve_player(name, duel.state())
    state = duel.state()
    if player not in duel.game.to_act(state):
        print(f"{player} is not to play now; the bot waits.")
        return
    steps = duel.store.step_count()
    bot = make_bot(kind, duel.game, duel.seed + steps, seconds=seconds)
    done = bot_turn(duel, bot, player)
    recorded = duel.positions()[1][-done:] if done else []
    words = ", ".join(duel.game.format_action(s.action) for s in recorded)
    if duel.game.simultaneous and duel.game.sealed(duel.state()):
        words = "orders in (sealed until the turn resolves)"
    print(f"{player} ({kind} bot): {words}")


def undo(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        step = duel.undo()
        print(
            f"Took back {step.player}'s {duel.game.format_action(step.action)!r} (kept in the log)."
        )
        _after(duel)
    return 0


def show(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        states = duel.positions()[0]
        state = states[-1]
        highlight = last_turn_cells(duel, states)
        picture = duel.game.picture(state, highlight)
        if args.json:
            print(json.dumps(duel.game.public_view(state), indent=1))
        else:
            for line in duel.game.public_view(state).get("rows", []):
                print(line)
            outcome = duel.game.outcome(state)
            print(f"The duel is over: {outcome.detail}." if outcome else duel.game.progress(state))
        if args.png:
            args.png.write_bytes(duel_picture.png(picture))
            print(f"Wrote {args.png}", file=sys.stderr)
        if args.svg:
            args.svg.write_text(duel_picture.svg(picture))
            print(f"Wrote {args.svg}", file=sys.stderr)
    return 0


def last_turn_cells(duel: Duel, states: list[Any]) -> frozenset[tuple[int, int]]:
    """The cells changed since the last turn began (the turn under way, or the last one)."""
    if len(states) < 2:
        return frozenset()
    acting = duel.game.to_act
    end = len(states) - 1
    start = end - 1
    while start > 0 and acting(states[start - 1]) == acting(states[start]):
        start -= 1
    return duel.game.changed_cells(states[start], states[end])


def log(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        states, steps, rows = duel.positions()
        if args.json:
            print(json.dumps([duel.game.public_view(s) for s in states], indent=1))
            return 0
        title = f"{duel.game.title} ({duel.config['variant']}), {' vs '.join(duel.players)}"
        print(f"{title}, seed {duel.seed}")
        said = step_words(duel.game, states, steps)
        for n, (step, row) in enumerate(zip(steps, rows, strict=True), start=1):
            words = said[n - 1]
            print(f"{n:>4}. {step.player}: {words}  (input {row.raw_id})")
        undone = [r for r in duel.store.steps(include_undone=True) if r.undone_at is not None]
        for row in undone:
            parsed = duel.game.action_from_json(row.action)
            words = (
                duel.game.format_action(parsed.value) if parsed.value is not None else row.action
            )
            if duel.game.simultaneous:  # taken back before the turn resolved: never revealed
                words = "orders taken back before the turn resolved"
            print(f"      undone: {row.player}: {words}")
        outcome = duel.game.outcome(states[-1])
        if outcome:
            print(f"Winner: {outcome.winner} ({outcome.reason}): {outcome.detail}.")
    return 0


def status(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        if duel.enforce_time():
            print("Time ran out: recorded.")
        states, steps, _ = duel.positions()
        state = states[-1]
        versus = " vs ".join(duel.players)
        print(f"{duel.game.title} duel {args.duel}: {versus} ({duel.config['variant']})")
        print(f"{len(steps)} action(s) recorded.")
        outcome = duel.game.outcome(state)
        print(f"The duel is over: {outcome.detail}." if outcome else duel.game.progress(state))
        if duel.store.clock_events():
            print(duel.clock().describe())
    return 0


def clock(args: argparse.Namespace) -> int:
    with opened(args.duel) as duel:
        if args.action in ("start", "stop"):
            duel.set_clock(args.action == "start")
        if duel.enforce_time():
            print("Time ran out: recorded.")
        print(duel.clock().describe())
    return 0


def demo(args: argparse.Namespace) -> int:
    """Replay the shipped sample duel into a new folder and show it."""
    folder = args.folder or _free_folder(Path.cwd(), "duel-demo")
    entry = registry.find_duel(args.game)
    if entry is None or entry.sample is None:
        raise DuelHostError(f"no sample duel of {args.game!r}: {', '.join(_samples())}")
    sample = json.loads(fixture(*entry.sample).read_text())
    duel = Duel.create(
        folder,
        sample["game"],
        sample["variant"],
        sample.get("options", {}),
        sample["players"],
        sample["seed"],
    )
    try:
        for turn in sample["turns"]:
            played = duel.play_text(turn["text"], turn["player"], source=Origin(Via.DEMO))
            if not played.ok:
                raise DuelHostError(f"the sample duel does not play: {played.errors[0]}")
        state = duel.state()
        for line in duel.game.public_view(state).get("rows", []):
            print(line)
        outcome = duel.game.outcome(state)
        print(f"Sample duel in {folder}: {len(sample['turns'])} turns.")
        if outcome:
            print(f"Winner: {outcome.winner}: {outcome.detail}.")
        print(f"Next: festival duel log {folder}; festival duel show {folder} --png board.png")
    finally:
        duel.close()
    return 0


def dashboard(args: argparse.Namespace) -> int:
    """Open the dashboard on the Duels page for one duel folder (or a folder of duels)."""
    import os

    from festival.core.child import run_child

    if not args.duel.is_dir():
        raise DuelHostError(f"{args.duel} is not a duel folder (or a folder of duels)")
    app = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
    command = [sys.executable, "-m", "streamlit", "run", str(app)]
    command += ["--browser.gatherUsageStats", "false"]
    if args.port:
        command += ["--server.port", str(args.port)]
    env = {**os.environ, "FESTIVAL_DUELS": str(args.duel.resolve())}
    env.pop("FESTIVAL_MATCH", None)
    print(f"Opening the dashboard's Duels page for {args.duel} (Ctrl-C to stop).")
    return run_child(command, env)


def _free_folder(base: Path, stem: str) -> Path:
    n = 1
    while (base / f"{stem}-{n}").exists():
        n += 1
    return base / f"{stem}-{n}"


def add_parser(sub: Any) -> None:
    """The `festival duel` subcommands (called from festival/cli/main.py)."""
    titles = ", ".join(d.title for d in registry.duels())
    duel = sub.add_parser("duel", help=f"host a duel game ({titles}): new, play, undo, show...")
    dsub = duel.add_subparsers(dest="duel_command", metavar="DUEL_COMMAND", required=True)

    p = dsub.add_parser("new", help="create a duel folder")
    p.add_argument("duel", type=Path)
    p.add_argument("--game", default="element", help=", ".join(d.name for d in registry.duels()))
    p.add_argument("--board", help="alchelemental: pit, battleground or a board file (JSON)")
    p.add_argument("--variant", help="the rule text's variant (element: grand-final, dm5, summary)")
    p.add_argument("--players", required=True, help='the players, the first starts: "A,B"')
    p.add_argument("--seed", type=int, help="the duel's seed (drawn and recorded if not given)")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="change a switch"
    )
    p.set_defaults(run=new)

    p = dsub.add_parser("draw", help="draw the stones of the turn (Element's /take N)")
    p.add_argument("duel", type=Path)
    p.add_argument("count", type=int)
    p.add_argument("--stones", help="record stones drawn elsewhere (a dice bot), e.g. FWEA")
    p.add_argument("--player", help="who draws (default: the player to act)")
    p.set_defaults(run=draw)

    p = dsub.add_parser("play", help="record a player's actions as typed")
    p.add_argument("duel", type=Path)
    p.add_argument("turn", nargs="?", help='the actions, e.g. "take 2, UR, fire B3, confirm"')
    p.add_argument(
        "--from", dest="source", type=Path, help="a .json turn, a text file or a workbook"
    )
    p.add_argument("--player", help="who acts (default: the player to act)")
    p.add_argument("--bot", metavar="PLAYER", help="then let a bot play for PLAYER")
    p.add_argument("--bot-kind", choices=BOTS, default="mcts", help="the bot (mcts)")
    p.add_argument("--seconds", type=_seconds, default=1.0, help="the bot's time per action (1.0)")
    p.set_defaults(run=play)

    p = dsub.add_parser("undo", help="take back the last action not yet confirmed")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=undo)

    p = dsub.add_parser("show", help="the board now")
    p.add_argument("duel", type=Path)
    p.add_argument("--png", type=Path, help="also write the board as PNG (for Discord)")
    p.add_argument("--svg", type=Path, help="also write the board as SVG")
    p.add_argument("--json", action="store_true", help="the state JSON (docs/formats.md)")
    p.set_defaults(run=show)

    p = dsub.add_parser("log", help="every recorded action")
    p.add_argument("duel", type=Path)
    p.add_argument("--json", action="store_true", help="the state JSON of every position")
    p.set_defaults(run=log)

    p = dsub.add_parser("status", help="whose turn, the turn so far, the clock, the winner")
    p.add_argument("duel", type=Path)
    p.set_defaults(run=status)

    p = dsub.add_parser("clock", help="start or stop the clock (the host keeps time)")
    p.add_argument("duel", type=Path)
    p.add_argument("action", choices=("start", "stop", "show"))
    p.set_defaults(run=clock)

    p = dsub.add_parser("dashboard", help="open the dashboard's Duels page for a duel folder")
    p.add_argument("duel", type=Path)
    p.add_argument("--port", type=int, help="the local port (Streamlit's default: 8501)")
    p.set_defaults(run=dashboard)

    p = dsub.add_parser("demo", help="play the shipped sample duel in a new folder")
    p.add_argument("folder", type=Path, nargs="?")
    p.add_argument("--game", choices=_samples(), default="element", help="whose sample")
    p.set_defaults(run=demo)

    add_parsers(dsub)


def _samples() -> list[str]:
    """The duel games that ship a sample duel."""
    return sorted(d.name for d in registry.duels() if d.sample is not None)


def _seconds(text: str) -> float:
    """A bot's time per action: a number of seconds above 0 (and at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a number of seconds above 0")
    return value
