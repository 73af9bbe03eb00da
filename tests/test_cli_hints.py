"""The command line guides the host: what to run next, and a dashboard that stays local."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from festival.cli.main import build_parser, main
from festival.cli.match_commands import dashboard_command


def test_templates_says_what_to_do_next(
    toy_match: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", str(toy_match), "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "Next: send each player their workbook, collect them into one folder" in out
    assert f"festival resolve {toy_match} --from FOLDER --round 1" in out
    # The hint is the last thing printed, after the workbooks are written.
    assert out.rstrip().splitlines()[-1].startswith("Next: ")


def value_after(command: list[str], flag: str) -> str:
    assert command.count(flag) == 1, command
    return command[command.index(flag) + 1]


@pytest.mark.parametrize(
    ("argv", "address", "port"),
    [
        ([], "127.0.0.1", None),
        (["--port", "8600"], "127.0.0.1", "8600"),
        (["--address", "0.0.0.0"], "0.0.0.0", None),
        (["--address", "192.168.1.20", "--port", "9000"], "192.168.1.20", "9000"),
    ],
)
def test_the_dashboard_listens_on_localhost_unless_told_otherwise(
    tmp_path: Path, argv: list[str], address: str, port: str | None
) -> None:
    args = build_parser().parse_args(["dashboard", str(tmp_path / "m"), *argv])
    command = dashboard_command(args.match, args.port, args.address)
    assert command[:4] == [sys.executable, "-m", "streamlit", "run"]
    assert command[4].endswith("app.py") and Path(command[4]).exists()
    assert value_after(command, "--server.address") == address
    assert ("--server.port" in command) == (port is not None)
    if port is not None:
        assert value_after(command, "--server.port") == port
    # Streamlit's own options come before `--`; the match folder is the app's argument.
    assert command[-2:] == ["--", str((tmp_path / "m").resolve())]
    assert command.index("--server.address") < command.index("--")
    # no file watcher: the dashboard's sources do not change under a host (what the
    # dashboard benchmark and the browser tests serve too)
    assert value_after(command, "--server.fileWatcherType") == "none"


@pytest.mark.parametrize(
    "argv",
    [["templates", "{m}", "--google"], ["resolve", "{m}", "--google"]],
)
def test_a_google_command_before_festival_google_names_the_command_that_works(
    toy_match: Path, tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint is a command with the match's folder, and typed as printed (FILE the host's
    file) it works; `festival google` alone was refused by argparse."""
    import shlex

    from festival.match.match import Match

    assert main([a.format(m=toy_match) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    hint = err.split("run `", 1)[1].split("`", 1)[0]
    assert hint == f"festival google {toy_match} --sheets FILE"
    sheets = tmp_path / "sheets.csv"
    players = Match.open(toy_match).config.players
    sheets.write_text("player,spreadsheet\n" + "".join(f"{p},key-{p}\n" for p in players))
    words = [str(sheets) if w == "FILE" else w for w in shlex.split(hint)]
    assert main(words[1:]) == 0


@pytest.mark.parametrize(
    "argv",
    [["templates", "{m}"], ["resolve", "{m}", "--from", "{m}"], ["standings", "{m}"]],
)
def test_a_command_before_allocate_names_the_allocate_that_works(
    tmp_path: Path, roster_csv: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`festival allocate` alone was refused by argparse: the hint names the match."""
    import shlex

    from tests.conftest import ENGINE_ARGS

    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(roster_csv), *ENGINE_ARGS]) == 0
    capsys.readouterr()
    assert main([a.format(m=folder) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    hint = err.split("run `", 1)[1].split("`", 1)[0]
    assert hint == f"festival allocate {folder}"
    assert main(shlex.split(hint)[1:]) == 0
    if argv[0] != "resolve":  # (its inbox here is no inbox)
        assert main([a.format(m=folder) for a in argv]) == 0


@pytest.mark.parametrize(
    ("argv", "address"),
    [([], "127.0.0.1"), (["--address", "0.0.0.0", "--port", "9000"], "0.0.0.0")],
)
def test_the_duels_dashboard_listens_on_localhost_unless_told_otherwise(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    address: str,
) -> None:
    """`festival duel dashboard` (its host desk plays for the players) listened on every
    interface (Streamlit's default), unlike `festival dashboard`."""
    import festival.core.child as child

    ran: list[list[str]] = []
    monkeypatch.setattr(child, "run_child", lambda command, env=None: ran.append(command) or 0)
    duel = tmp_path / "d"
    assert main(["duel", "new", str(duel), "--game", "element", "--players", "Ash,Birch"]) == 0
    assert main(["duel", "dashboard", str(duel), *argv]) == 0
    [command] = ran
    assert value_after(command, "--server.address") == address
    port = argv[-1] if argv else "8501"
    assert f"at http://{address}:{port} (Ctrl-C to stop)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("key", "said"),
    [
        (None, "no such service-account file: name the JSON key you downloaded"),
        ("{}", "is not a usable service-account file: download a JSON key of the service "
               "account in the Google Cloud console"),
        ("not json", "is not a usable service-account file: download a JSON key"),
    ],
)  # fmt: skip
def test_a_missing_or_unusable_google_key_says_what_to_do(
    toy_match: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    key: str | None,
    said: str,
) -> None:
    """Before: "key.json is not a usable service-account file" for a file not there too."""
    from festival.match.match import Match

    players = Match.open(toy_match).config.players
    sheets = tmp_path / "sheets.csv"
    sheets.write_text("player,spreadsheet\n" + "".join(f"{p},key-{p}\n" for p in players))
    assert main(["google", str(toy_match), "--sheets", str(sheets)]) == 0
    path = tmp_path / "key.json"
    if key is not None:
        path.write_text(key)
    capsys.readouterr()
    assert main(["templates", str(toy_match), "--google", "--credentials", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"festival: error: {path}" in err and said in err
    assert err.count("\n") == 1 and "Traceback" not in err
