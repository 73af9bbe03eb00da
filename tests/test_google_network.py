"""Google Sheets on a real network: every failure a host can meet ends in one clear line naming
the player, the spreadsheet and what to do, after a bounded retry, and never a traceback.
The local Sheets server injects each failure; the real gspread and google-auth meet it."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import gspread
import pytest
import requests
from google.auth.credentials import AnonymousCredentials
from google.auth.exceptions import RefreshError, TransportError

import festival.google.match_sheets as gs
from festival.cli.main import main
from festival.match.match import Match
from sheets import google, google_http
from tests.support.google_match import Sleeps, fill_from_sample, google_match
from tests.support.patience import PATIENCE
from tests.support.sheets_server import (
    LocalGoogleAdapter,
    SheetsServer,
    local_client,
    mount_local,
    service_account_file,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as s:
        yield s


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
def match_dir(
    tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch, sleeps: Sleeps
) -> Path:
    """A match whose client tries 5 times (1, 2, 4, 8 s of backoff, recorded rather than
    slept)."""
    retry = google.Retry(attempts=5, first_delay=1.0, sleep=sleeps, timeout=PATIENCE)
    return google_match(tmp_path, server, monkeypatch, retry)


def impatient(monkeypatch: pytest.MonkeyPatch, server: SheetsServer, sleeps: Sleeps) -> None:
    """Festival's clients wait only 0.5 s for an answer."""
    retry = google.Retry(sleep=sleeps, timeout=0.5)
    monkeypatch.setattr(
        gs, "make_client",
        lambda path: local_client(server, http_client=google.retrying_http_client(retry)),
    )  # fmt: skip


@pytest.fixture
def ready(match_dir: Path, server: SheetsServer, sleeps: Sleeps) -> Path:
    """The match with round 1's tabs written and filled in by the players."""
    assert main(["templates", str(match_dir), "--google"]) == 0
    fill_from_sample(server, Match.open(match_dir), 1)
    server.reset_log()
    sleeps.clear()
    return match_dir


def one_clear_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("festival: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def statuses(server: SheetsServer, key: str) -> list[int]:
    return [r.status for r in server.api_requests if f"/spreadsheets/{key}" in r.path]


# --- credentials ----------------------------------------------------------------------------


@pytest.fixture
def key_match(
    tmp_path: Path, server: SheetsServer, monkeypatch: pytest.MonkeyPatch, sleeps: Sleeps
) -> Path:
    """A match using a real service-account key file (google-auth fetches a token)."""
    folder = google_match(tmp_path, server, monkeypatch, google.Retry(sleep=sleeps))
    key_file = service_account_file(tmp_path, server)
    real = google.client
    monkeypatch.setattr(
        gs, "make_client",
        lambda path: mount_local(real(path, retry=google.Retry(sleep=sleeps)), server),
    )  # fmt: skip
    monkeypatch.setenv(gs.ENV_CREDENTIALS, str(key_file))
    return folder


@pytest.mark.parametrize("command", ["templates", "resolve", "publish"])
def test_an_expired_revoked_or_deleted_key_is_one_clear_message(
    key_match: Path,
    server: SheetsServer,
    sleeps: Sleeps,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    """The token endpoint answers 400 invalid_grant: no retry can help, so none is made."""
    if command == "publish":  # publish needs a resolved round
        assert main(["templates", str(key_match), "--google"]) == 0
        fill_from_sample(server, Match.open(key_match), 1)
        assert main(["resolve", str(key_match), "--google"]) == 0
    server.reset_log()
    server.refuse_tokens(100)
    capsys.readouterr()
    assert main([command, str(key_match), *(["--google"] if command != "publish" else [])]) == 2
    err = one_clear_line(capsys)
    assert "Google refused the service account's key while" in err
    assert "'s spreadsheet key-" in err
    assert "invalid_grant" in err and "create a new JSON key" in err
    assert len([r for r in server.requests if r.kind == "token"]) == 1 and sleeps == []
    assert not server.api_requests
    secret = json.loads(Path(os.environ[gs.ENV_CREDENTIALS]).read_text())["private_key"]
    assert secret not in err and "PRIVATE KEY" not in err


def test_no_network_for_the_token_is_retried_then_one_clear_message(
    key_match: Path, server: SheetsServer, sleeps: Sleeps, capsys: pytest.CaptureFixture[str]
) -> None:
    server.reset_next(100, token=True)
    capsys.readouterr()
    assert main(["templates", str(key_match), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "could not reach Google while reading Spadez's spreadsheet key-Spadez" in err
    assert "nothing was written. Check the internet connection" in err
    assert "run `festival templates --google` again" in err
    assert "nothing of the round was resolved" not in err
    assert sleeps == [1, 2, 4, 8]
    assert not server.api_requests  # no Sheets request went out without a token


def test_a_token_lost_once_on_the_way_is_retried(
    key_match: Path, server: SheetsServer, sleeps: Sleeps
) -> None:
    server.reset_next(1, token=True)
    assert main(["templates", str(key_match), "--google"]) == 0
    assert sleeps == [1]


# --- dropped connections, timeouts, no network ------------------------------------------------


def test_a_reset_connection_is_retried_and_the_round_resolves(
    ready: Path, server: SheetsServer, sleeps: Sleeps
) -> None:
    server.reset_next(2, key="key-uri")
    assert main(["resolve", str(ready), "--google"]) == 0
    assert statuses(server, "key-uri") == [0, 0, 200, 200]  # the values, then the markers
    assert sleeps == [1, 2]
    assert Match.open(ready).last_resolved_round() == 1


def test_connections_that_keep_dropping_name_the_player_and_resolve_nothing(
    ready: Path, server: SheetsServer, sleeps: Sleeps, capsys: pytest.CaptureFixture[str]
) -> None:
    server.reset_next(100, key="key-uri")
    capsys.readouterr()
    assert main(["resolve", str(ready), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "could not reach Google while reading uri's spreadsheet key-uri" in err
    assert "nothing of the round was resolved" in err
    assert statuses(server, "key-uri") == [0] * 5 and sleeps == [1, 2, 4, 8]
    match = Match.open(ready)
    assert match.last_resolved_round() == 0 and match.store.raws(1) == []


def test_a_stalled_answer_times_out_and_is_retried(
    ready: Path, server: SheetsServer, sleeps: Sleeps, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every request has a timeout (0.5 s here): a stalled answer is given up and retried."""
    impatient(monkeypatch, server, sleeps)
    server.stall_next(1, seconds=3.0, key="key-cam")
    assert main(["resolve", str(ready), "--google"]) == 0
    assert 1 in sleeps and len(statuses(server, "key-cam")) == 3  # and the markers' read
    assert Match.open(ready).last_resolved_round() == 1


def test_answers_that_never_come_end_in_one_clear_message(
    ready: Path,
    server: SheetsServer,
    sleeps: Sleeps,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    impatient(monkeypatch, server, sleeps)
    server.stall_next(5, seconds=3.0, key="key-cam")
    capsys.readouterr()
    assert main(["resolve", str(ready), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "Google did not answer in time while reading cam's spreadsheet key-cam" in err
    assert "nothing of the round was resolved" in err and sleeps[-4:] == [1, 2, 4, 8]
    assert len(statuses(server, "key-cam")) == 5


def client_at(base_url: str, sleeps: Sleeps) -> gspread.Client:
    """A festival client whose Google traffic goes to `base_url`."""
    retry = google.Retry(sleep=sleeps, timeout=0.3)
    gc = gspread.Client(AnonymousCredentials(), http_client=google.retrying_http_client(retry))
    adapter = LocalGoogleAdapter(base_url)
    for host in adapter.hosts:
        gc.http_client.session.mount(host + "/", adapter)
    return gc


def test_no_network_at_all_is_one_clear_message(
    ready: Path,
    capsys: pytest.CaptureFixture[str],
    sleeps: Sleeps,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing answers where Google should be: the connection is refused, retried, then
    explained."""
    with socket.socket() as probe:  # a local port nobody listens on
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setattr(gs, "make_client", lambda path: client_at(dead, sleeps))
    capsys.readouterr()
    assert main(["resolve", str(ready), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "could not reach Google while reading" in err and "ConnectionError" in err
    assert "Check the internet connection" in err
    assert sleeps == [1, 2, 4, 8]


def test_a_name_that_does_not_resolve_is_one_clear_message(
    ready: Path,
    capsys: pytest.CaptureFixture[str],
    sleeps: Sleeps,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS fails (the resolver answers "no such name", as with no network behind it)."""
    real = socket.getaddrinfo

    def no_dns(host: object, *args: object, **kwargs: object) -> object:
        if str(host).endswith(".invalid"):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    monkeypatch.setattr(
        gs, "make_client", lambda path: client_at("http://sheets.festival-test.invalid", sleeps)
    )
    capsys.readouterr()
    assert main(["templates", str(ready), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "could not reach Google while reading Spadez's spreadsheet" in err
    assert "nothing was written" in err and "DNS" in err and sleeps == [1, 2, 4, 8]


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (requests.ConnectionError("reset"), "could not reach Google while reading"),
        (requests.exceptions.ChunkedEncodingError("cut"), "could not reach Google while reading"),
        (requests.ReadTimeout("Read timed out"), "did not answer in time while reading"),
        (RefreshError("invalid_grant: Invalid JWT Signature."), "refused the service account's"),
    ],
)
def test_each_network_failure_has_its_message(exc: Exception, expected: str) -> None:
    message = str(google_http.failure(exc, "uri", "key-uri", google_http.READING))
    assert expected in message and "uri's spreadsheet key-uri" in message
    assert "nothing of the round was resolved" in message and "\n" not in message


def test_a_token_request_that_times_out_says_so() -> None:
    """google-auth wraps a token request's timeout in a TransportError."""
    try:
        try:
            raise requests.ReadTimeout("Read timed out. (read timeout=30)")
        except requests.ReadTimeout as inner:
            raise TransportError(inner) from inner
    except TransportError as exc:
        wrapped = exc
    message = str(google_http.failure(wrapped, "cam", "key-cam", google_http.PUBLISHING))
    assert "did not answer in time while publishing into cam's spreadsheet" in message
    assert "run `festival publish` again" in message


# --- quota, server errors, access -------------------------------------------------------------


def test_the_backoff_is_1_2_4_8_seconds_then_a_clear_error(
    ready: Path, server: SheetsServer, sleeps: Sleeps, capsys: pytest.CaptureFixture[str]
) -> None:
    server.fail_next(100, status=503, key="key-hedger")
    capsys.readouterr()
    assert main(["resolve", str(ready), "--google"]) == 2
    err = one_clear_line(capsys)
    assert "kept answering 503 (a Google server error) while reading hedger's spreadsheet" in err
    assert statuses(server, "key-hedger") == [503] * 5 and sleeps == [1, 2, 4, 8]


@pytest.mark.parametrize(
    ("command", "method", "doing", "after"),
    [
        ("templates", "GET", "reading", "nothing was written"),
        ("templates", "POST", "writing the templates into", "whole or not at all"),
        ("publish", "POST", "publishing into", "run `festival publish` again"),
    ],
)
@pytest.mark.parametrize("status", [429, 500])
def test_messages_fit_the_command(
    match_dir: Path,
    server: SheetsServer,
    capsys: pytest.CaptureFixture[str],
    command: str,
    method: str,
    doing: str,
    after: str,
    status: int,
) -> None:
    """The retry message says what the command was doing, not "nothing of the round was
    resolved" (that is `resolve`'s)."""
    if command == "publish":
        assert main(["templates", str(match_dir), "--google"]) == 0
        fill_from_sample(server, Match.open(match_dir), 1)
        assert main(["resolve", str(match_dir), "--google"]) == 0
    server.fail_next(100, status=status, key="key-Wren", method=method)
    capsys.readouterr()
    args = ["--google"] if command == "templates" else []
    assert main([command, str(match_dir), *args]) == 2
    err = one_clear_line(capsys)
    assert f"kept answering {status}" in err and f"{doing} Wren's spreadsheet key-Wren" in err
    assert after in err and "resolved" not in err
    if command == "templates":
        assert "run `festival templates --google` again" in err


@pytest.mark.parametrize("status", [403, 404])
@pytest.mark.parametrize("command", ["templates", "resolve", "publish"])
def test_a_spreadsheet_not_found_or_not_shared_says_what_to_do(
    ready: Path,
    server: SheetsServer,
    sleeps: Sleeps,
    capsys: pytest.CaptureFixture[str],
    status: int,
    command: str,
) -> None:
    if command == "publish":
        assert main(["resolve", str(ready), "--google"]) == 0
    server.fail_next(1, status=status, key="key-Quill")
    capsys.readouterr()
    assert main([command, str(ready), *(["--google"] if command != "publish" else [])]) == 2
    err = one_clear_line(capsys)
    assert "Quill's spreadsheet key-Quill was not found, or is not shared" in err
    assert f"with the service account ({status})" in err
    assert "share it (as Editor) with the service account" in err
    assert sleeps == []  # not retried: waiting does not share a spreadsheet


def test_every_request_of_festivals_client_has_a_timeout() -> None:
    """gspread waits forever by default; festival's client does not."""
    gc = google.client(auth=AnonymousCredentials())
    assert gc.http_client.timeout == google.Retry().timeout == 30.0
    assert google.Retry().delays() == [1, 2, 4, 8]
