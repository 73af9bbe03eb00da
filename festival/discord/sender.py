"""Sending, editing and fetching webhook messages through discord.py's webhook client.

festival uses `discord.SyncWebhook` (discord.py's blocking webhook client over a `requests`
session): posting is one message after another, and a blocking client keeps the moment
between Discord's answer and the store's record as short as it can be, with signals
handled between messages (festival/discord/posting.py).

Which answers prove Discord stored nothing (its API docs, "HTTP Response Codes" and "Rate
Limits"): a 429 is a request refused for going over a rate limit, to be made again after its
`retry_after`; a 4xx is a request refused as it stands; a 5xx is a server that could not
process the request (502: "no gateway available to process your request. Wait a bit and
retry"). None of them holds a message id, so none leaves a message whose fate is unknown.
Only a request sent whose answer never came (a dropped connection, a read timeout, a kill)
may or may not have been stored.

Every wait goes through the `Retry` policy's `sleep` (injectable: tests never wait), never
through discord.py's own: the session answers discord.py's every 429 and 5xx with `Refused`
(so discord.py neither sleeps nor loops, and never ends in its "Unreachable code in HTTP
handling"), and keeps a bucket's "no requests left" header for itself, waiting it out before
the webhook's next request. Then, here:
- 429: waited out for Discord's `retry_after` (per-route and global limits alike) and tried
  again, up to RATE_LIMIT_TRIES answers in a row and LONGEST_WAIT seconds a wait; beyond
  that, one line: the message is not sent (nothing is left unknown) and the next run sends it;
- 5xx: retried with the policy's backoff (1, 2, 4, 8 s), then one line, as above;
- a connection that could not be made (refused, DNS, connect timeout): retried with backoff;
- a request that was sent but got no answer (a dropped connection, a read timeout): an edit
  or a fetch is retried (doing it twice changes nothing); a new message is NOT, since Discord
  may hold it already: `Uncertain` is raised and the host decides (posting.py);
- 401, 403 or 404 (a deleted webhook: Unknown Webhook, code 10015): one line naming the
  channel and what to do.

Every message festival writes names channels only. discord.py's own log lines and whatever an
exception says pass through `Scrubber` first, which replaces webhook URLs and tokens with the
channel's name: no secret reaches the terminal or a log.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from festival.core.errors import FestivalError
from festival.discord.endpoint import point_discord_py
from festival.discord.webhooks import GAME_ROOM, Webhook, Webhooks
from sheets.retry import Retry

if TYPE_CHECKING:
    import discord
    import requests

T = TypeVar("T")
_log = logging.getLogger(__name__)
MAX_FILES = 10
"""attachments Discord takes on one message"""
RATE_LIMIT_TRIES = 10
"""429 answers in a row to one request that festival waits out before it gives up on it"""
LONGEST_WAIT = 300.0
"""seconds: a 429 asking for a longer wait is not waited out (Discord asks to come back later)"""
WEBHOOK_BUCKET = re.compile(r"/webhooks/(\d+)")
DISCORD_LOGGERS = (
    __name__,
    "discord.webhook.sync",
    "discord.webhook.async_",
    "discord.http",
    "urllib3.connectionpool",
)


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Fetched:
    """A message as Discord holds it."""

    message_id: str
    content: str
    filenames: tuple[str, ...]


class DiscordFailure(FestivalError):
    """Discord refused or kept failing: one line naming the channel and what to do."""


class Uncertain(DiscordFailure):
    """A new message was sent but no answer came back: Discord may hold it or not.

    `fact` is what happened without the advice, for a caller that words its own (posting.py
    names the message and the command that settles it)."""

    def __init__(self, fact: str, advice: str) -> None:
        super().__init__(f"{fact}. {advice}")
        self.fact = fact


class MessageGone(DiscordFailure):
    """Discord has no such message in the channel (404 Unknown Message)."""


class Refused(Exception):
    """Discord answered 429 or 5xx: it refused the request and stored nothing. Raised by the
    session, out of discord.py's request loop, for `Sender` to wait and try again."""

    def __init__(self, status: int, retry_after: float | None) -> None:
        super().__init__(f"Discord answered {status}")
        self.status = status
        self.retry_after = retry_after
        """seconds Discord asks to wait (a 429's body or Retry-After header), if it says"""


def _retry_after(response: requests.Response) -> float | None:
    try:
        said = json.loads(response.text).get("retry_after")
    except (ValueError, AttributeError):
        said = None
    if said is None:
        said = response.headers.get("Retry-After")
    try:
        wait = float(said) if said is not None else None
    except ValueError:
        return None
    return wait if wait is not None and wait >= 0 else None


class Scrubber(logging.Filter):
    """Replaces every webhook URL and token in a text with the channel it belongs to."""

    def __init__(self, webhooks: Webhooks) -> None:
        super().__init__()
        self.pairs = webhooks.secrets()

    def __call__(self, text: str) -> str:
        for secret, channel in self.pairs:
            if secret:
                text = text.replace(secret, f"<webhook of {channel}>")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self(record.getMessage())
        record.args = ()
        return True


def _session(retry: Retry) -> requests.Session:
    import requests

    class TimedSession(requests.Session):
        """A session whose every request gives up after the policy's timeout, which turns
        429 and 5xx answers into `Refused` and waits out an emptied rate-limit bucket with
        the policy's `sleep` before the webhook's next request."""

        def __init__(self) -> None:
            super().__init__()
            self.pending: dict[str, float] = {}
            """webhook id -> seconds until its bucket has requests again"""

        def request(self, method: Any, url: Any, *args: Any, **kwargs: Any) -> requests.Response:
            kwargs.setdefault("timeout", retry.timeout)
            found = WEBHOOK_BUCKET.search(str(url))
            bucket = found.group(1) if found else ""
            wait = self.pending.pop(bucket, 0.0)
            if wait > 0:
                retry.sleep(min(wait, LONGEST_WAIT))
            response = super().request(method, url, *args, **kwargs)
            status = response.status_code
            if status == 429 or status >= 500:
                refused = Refused(status, _retry_after(response) if status == 429 else None)
                response.close()
                raise refused
            if response.headers.get("X-RateLimit-Remaining") == "0":
                try:
                    self.pending[bucket] = float(response.headers["X-RateLimit-Reset-After"])
                except (KeyError, ValueError):
                    self.pending[bucket] = retry.first_delay
                del response.headers["X-RateLimit-Remaining"]  # discord.py would sleep
            return response

    return TimedSession()


def default_retry() -> Retry:
    """The policy of a `Sender` given none (tests replace it to wait for nothing)."""
    return Retry()


def _never_sent(exc: BaseException) -> bool:
    """A connection error from before the request left (refused, DNS, connect timeout)."""
    import requests
    from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError

    if isinstance(exc, requests.ConnectTimeout):
        return True
    reason: object = exc.args[0] if exc.args else None
    if isinstance(reason, MaxRetryError):
        reason = reason.reason
    return isinstance(reason, NewConnectionError | ConnectTimeoutError)


class Sender:
    """discord.py's webhook client for the channels of a webhooks file."""

    def __init__(
        self, webhooks: Webhooks, retry: Retry | None = None, rerun: str = "", setup: str = ""
    ) -> None:
        point_discord_py()
        self.webhooks = webhooks
        self.retry = retry or default_retry()
        self.rerun = rerun or "run the same command again"
        self.again = rerun or "the same command"  # for "run ... with --resend"
        self.setup = setup or "`festival discord`"  # the command that reads a webhooks file
        self.scrub = Scrubber(webhooks)
        self.session = _session(self.retry)
        self._clients: dict[str, discord.SyncWebhook] = {}
        for name in DISCORD_LOGGERS:
            logging.getLogger(name).addFilter(self.scrub)

    def close(self) -> None:
        for name in DISCORD_LOGGERS:
            logging.getLogger(name).removeFilter(self.scrub)
        self.session.close()

    def _client(self, hook: Webhook) -> discord.SyncWebhook:
        import discord

        if hook.channel not in self._clients:
            self._clients[hook.channel] = discord.SyncWebhook.from_url(
                hook.url, session=self.session
            )
        return self._clients[hook.channel]

    def hook(self, channel: str) -> Webhook:
        return self.webhooks.hooks[channel]

    def send(self, channel: str, content: str, files: Sequence[Attachment] = ()) -> str:
        """A new message; its id. Raises Uncertain when it may or may not have arrived."""
        import discord

        client = self._client(self.hook(channel))

        def execute() -> str:
            message = client.send(
                content,
                files=_files(files),
                wait=True,
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            )
            return str(message.id)

        return self._call(channel, "posting to", execute, repeatable=False)

    def edit(
        self, channel: str, message_id: str, content: str, files: Sequence[Attachment] = ()
    ) -> None:
        """Replace a message's content and attachments (doing it twice changes nothing)."""
        client = self._client(self.hook(channel))

        def patch() -> None:
            client.edit_message(int(message_id), content=content, attachments=_files(files))

        self._call(channel, "correcting a message in", patch, repeatable=True)

    def fetch(self, channel: str, message_id: str) -> Fetched:
        client = self._client(self.hook(channel))

        def get() -> Fetched:
            m = client.fetch_message(int(message_id))
            return Fetched(str(m.id), m.content, tuple(a.filename for a in m.attachments))

        return self._call(channel, "reading a message in", get, repeatable=True)

    def _call(self, channel: str, doing: str, fn: Callable[[], T], repeatable: bool) -> T:
        import discord
        import requests

        place = "the game room" if channel == GAME_ROOM else f"{channel}'s channel"
        where = f"while {doing} {place}"
        delays = iter(self.retry.delays())
        limited = 0
        while True:
            try:
                return fn()
            except Refused as exc:
                if exc.status == 429:
                    limited += 1
                    wait = exc.retry_after
                    if wait is None:
                        wait = next(delays, None)
                    if limited >= RATE_LIMIT_TRIES or wait is None or wait > LONGEST_WAIT:
                        raise self.refused(exc, where, limited, wait) from None
                    _log.info("Discord rate limited the request %s: waiting %.2f s", where, wait)
                else:
                    wait = next(delays, None)
                    if wait is None:
                        raise self.refused(exc, where, 0, None) from None
            except discord.HTTPException as exc:
                raise self.failure(exc, channel, where) from None
            except (requests.ConnectionError, requests.Timeout) as exc:
                if not repeatable and not _never_sent(exc):
                    kind = "timed out" if isinstance(exc, requests.Timeout) else "was cut"
                    raise Uncertain(
                        f"the connection {kind} {where} before Discord answered: Discord may "
                        "hold the message or not",
                        f"Look in {place}: if the message is there, run {self.again} with "
                        "--mark-sent LINK (the message's menu, Copy Message Link); if not, run "
                        "it with --resend",
                    ) from None
                wait = next(delays, None)
                if wait is None:
                    raise DiscordFailure(
                        f"could not reach Discord {where}, after several tries "
                        f"({type(exc).__name__}): check the internet connection, then "
                        f"{self.rerun} (what was posted is recorded and not sent again)"
                    ) from None
            self.retry.sleep(wait)

    def refused(self, exc: Refused, where: str, times: int, wait: float | None) -> DiscordFailure:
        """Discord kept refusing one request: it holds nothing of it, so it is left unsent
        (not unknown) and the next run sends it."""
        rerun = f"{self.rerun}: it sends what is not on Discord yet, and nothing twice"
        if exc.status != 429:
            return DiscordFailure(
                f"Discord kept answering {exc.status} (a Discord server error) {where}, after "
                f"several tries; Discord stored nothing of it, so it is left unsent: wait a "
                f"minute, then {rerun}"
            )
        if wait is not None and wait > LONGEST_WAIT:
            return DiscordFailure(
                f"Discord asks festival to wait {_duration(wait)} (429, too many requests) "
                f"{where}; Discord stored nothing of it, so it is left unsent: after that "
                f"time, {rerun}"
            )
        return DiscordFailure(
            f"Discord answered 429 (too many requests) {times} times in a row {where}; "
            f"Discord stored nothing of it, so it is left unsent: wait a few minutes, then "
            f"{rerun}"
        )

    def failure(self, exc: discord.HTTPException, channel: str, where: str) -> DiscordFailure:
        code, status = exc.code, exc.status
        rerun = f"{self.rerun} (what was posted is recorded and not sent again)"
        remake = (
            "make a new webhook in that channel (Edit Channel, Integrations, Webhooks), put its "
            f"URL in the webhooks file, run {self.setup} with it, then " + rerun
        )
        if (status == 404 and code == 10015) or status == 401:
            return DiscordFailure(
                f"Discord does not know the webhook of {channel} ({status} "
                f"{'Unknown Webhook' if status == 404 else 'Invalid Webhook Token'}: it was "
                f"deleted or its URL is wrong) {where}: {remake}"
            )
        if status == 404 and code == 10008:
            return MessageGone(
                f"a message festival posted was deleted on Discord {where} (404 Unknown "
                f"Message): {rerun} with --resend to post it anew"
            )
        if status == 403:
            return DiscordFailure(
                f"Discord refused {where} (403 Missing Permissions): give the webhook's channel "
                f"back its permissions, then {rerun}"
            )
        said = self.scrub(str(exc.text))[:200].rstrip(".")
        return DiscordFailure(
            f"Discord answered {status}{f' ({said})' if said else ''} {where}: {rerun}"
        )


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


def _files(files: Sequence[Attachment]) -> list[discord.File]:
    import discord

    if len(files) > MAX_FILES:
        raise ValueError(f"at most {MAX_FILES} attachments a message")
    return [discord.File(io.BytesIO(f.data), filename=f.filename) for f in files]
