"""How festival talks to Google over a real network: every request has a timeout, a 429, a 5xx,
a dropped connection, a timeout or an unreachable network is retried with a bounded backoff,
and whatever still fails becomes one clear `GoogleError` naming the player, the spreadsheet,
what was being done and what the host can do about it (never a traceback, never the key).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import requests
from google.auth.exceptions import GoogleAuthError, RefreshError, TransportError
from gspread.exceptions import APIError, SpreadsheetNotFound
from gspread.http_client import HTTPClient

from sheets.errors import GoogleError as GoogleError
from sheets.retry import Retry as Retry

RETRYABLE = (429, 500, 502, 503, 504)
NETWORK_ERRORS: tuple[type[Exception], ...] = (
    requests.ConnectionError,  # refused, reset, DNS, TLS; ConnectTimeout too
    requests.Timeout,
    requests.exceptions.ChunkedEncodingError,  # the answer was cut off
    TransportError,  # google-auth's wrapper of the above, when fetching a token
)
"""what a flaky network raises: retried like a 429"""
FAILURES: tuple[type[Exception], ...] = (
    APIError,
    SpreadsheetNotFound,
    PermissionError,
    GoogleAuthError,
    requests.RequestException,
)
"""everything a Google request can end in; `failure` turns each into a GoogleError"""


def retrying_http_client(retry: Retry) -> type[HTTPClient]:
    """An HTTPClient class with a timeout on every request that retries 429, 5xx and network
    failures with exponential backoff and then gives up (gspread's own BackOffHTTPClient
    never stops retrying and retries no network error)."""

    class RetryingHTTPClient(HTTPClient):
        def __init__(self, auth: Any, session: requests.Session | None = None) -> None:
            super().__init__(auth, session)
            self.set_timeout(retry.timeout)

        def request(self, *args: Any, **kwargs: Any) -> requests.Response:
            for delay in [*retry.delays(), None]:
                try:
                    return super().request(*args, **kwargs)
                except APIError as exc:
                    if exc.response.status_code not in RETRYABLE or delay is None:
                        raise
                except NETWORK_ERRORS:
                    if delay is None:
                        raise
                retry.sleep(delay)
            raise AssertionError("unreachable")

    return RetryingHTTPClient


@dataclass(frozen=True)
class Doing:
    """What a command was doing when Google failed, what became of its work, and how to go
    on."""

    verb: str
    """e.g. "reading" (-> "while reading uri's spreadsheet KEY")"""
    state: str
    """what became of the command's work"""
    action: str
    """the command to run again"""

    def then(self, remedy: str = "") -> str:
        """The end of a message: the state, then what to do."""
        if remedy:
            return f"{self.state}. {remedy}, then {self.action}."
        return f"{self.state}. {self.action[0].upper()}{self.action[1:]}."


READING = Doing(
    "reading", "nothing of the round was resolved", "run `festival resolve --google` again"
)
TEMPLATES = Doing(
    "writing the templates into",
    "each spreadsheet is written in one request, whole or not at all",
    "run `festival templates --google` again (it keeps the tabs already there and what "
    "players typed in them)",
)
TEMPLATES_READING = Doing("reading", "nothing was written", TEMPLATES.action)
PUBLISHING = Doing(
    "publishing into",
    "a spreadsheet's results are written in one request",
    "run `festival publish` again (it writes every results tab again)",
)


def _status_text(exc: APIError) -> str:
    message = str(exc.error.get("message", "")) if isinstance(exc.error, dict) else ""
    return f"{exc.response.status_code}" + (f" ({message.rstrip('.')})" if message else "")


def _timed_out(exc: BaseException | None) -> bool:
    """A timeout, possibly wrapped by google-auth (TransportError from a requests.Timeout)."""
    while exc is not None:
        if isinstance(exc, requests.Timeout):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def failure(exc: Exception, owner: str, key: str, doing: Doing) -> GoogleError:
    """The one-line error for a request that failed for good."""
    where = f"while {doing.verb} {owner}'s spreadsheet {key}"
    status = exc.response.status_code if isinstance(exc, APIError) else None
    if isinstance(exc, RefreshError):
        reason = str(exc.args[0]).rstrip(".") if exc.args else "refused"
        return GoogleError(
            f"Google refused the service account's key {where} ({reason}): "
            + doing.then(
                "The key was probably deleted, revoked or has expired: create a new JSON key "
                "for the service account in the Google Cloud console, point --credentials (or "
                "FESTIVAL_GOOGLE_CREDENTIALS) at it"
            )
        )
    if _timed_out(exc):
        return GoogleError(
            f"Google did not answer in time {where}, after several tries: "
            + doing.then("The network or Google is slow: wait a minute")
        )
    if isinstance(exc, NETWORK_ERRORS):
        return GoogleError(
            f"could not reach Google {where}, after several tries ({type(exc).__name__}): "
            + doing.then("Check the internet connection (DNS, proxy, firewall)")
        )
    if isinstance(exc, SpreadsheetNotFound | PermissionError) or status in (403, 404):
        code = f" ({status})" if status else ""
        return GoogleError(
            f"{owner}'s spreadsheet {key} was not found, or is not shared with the service "
            f"account{code}: "
            + doing.then(
                "Check its key in the `festival google` file and share it (as Editor) with "
                "the service account's e-mail"
            )
        )
    if isinstance(exc, APIError) and status == 429:
        return GoogleError(
            f"Google Sheets kept answering 429 (too many requests) {where}, after several "
            "tries: " + doing.then("Wait a minute")
        )
    if isinstance(exc, APIError) and status in RETRYABLE:
        return GoogleError(
            f"Google Sheets kept answering {status} (a Google server error) {where}, after "
            "several tries: " + doing.then("Wait a minute")
        )
    if isinstance(exc, APIError) and status == 401:
        return GoogleError(
            f"Google did not accept the service account's credentials {where} (401): "
            + doing.then("Check the service-account file")
        )
    if isinstance(exc, APIError):
        return GoogleError(f"Google Sheets answered {_status_text(exc)} {where}: " + doing.then())
    return GoogleError(f"Google failed {where} ({type(exc).__name__}): " + doing.then())
